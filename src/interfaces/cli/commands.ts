import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { serializeRecord } from '../../core/record-format.js';
import type { MemoryRecord, RecordInput } from '../../core/record.js';
import { homeExists, initHome, type HistoryResult, type ImportResult } from '../../optmem.js';
import { parseJsonlRecords, recordToJson, type RecordJson } from '../../io/jsonl.js';
import { DEFAULT_CONFIG } from '../../config.js';
import { str, strList } from './args.js';
import { recordLine } from './format.js';
import { checkNotFile } from './home.js';
import { resolutionNote, type Edge, type Resolution } from '../../index/supersession.js';
import { evidenceOf } from '../../index/edges.js';
import type { DuplicateInfo } from '../../query/types.js';
import type { Command, CommandContext } from './types.js';

// The command types live in types.ts; hooks and MCP still import them from here.
export type { CliIO, Command, CommandContext, OptionDef, OptionSpec } from './types.js';

const out = (ctx: CommandContext, data: unknown, human: string) =>
  ctx.io.stdout(ctx.json ? JSON.stringify(data) + '\n' : human);

function onePositional(ctx: CommandContext, name: string): string {
  const p = ctx.args.positionals;
  if (p.length !== 1) throw new OptmemError('USAGE', `expected one ${name}, got ${p.length} (usage: ${COMMANDS[ctx.args.verb!]!.usage})`);
  return p[0]!;
}

function readInput(ctx: CommandContext, path: string): string {
  if (path === '-') return ctx.io.readStdin();
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (e) {
    throw new OptmemError('IO', `cannot read ${path}: ${(e as Error).message}`, { file: path, cause: e });
  }
}

/**
 * The commands on records and the home itself (init, add, get, …), by verb. The CLI's table of
 * every command, loaded on demand, is registry.ts.
 */
export const COMMANDS: Record<string, Command> = {
  init: {
    summary: 'create a memory home (log/, config.json): the only command that does',
    usage: 'optmem init [--dir DIR]',
    options: {},
    details: 'Creates DIR (else $OPTMEM_HOME, else ~/.optmem) with its log/ folder and a config.json; an existing home is left as it is.',
    run(ctx) {
      if (ctx.args.positionals.length) throw new OptmemError('USAGE', `init takes no arguments (the home is given with --dir DIR)`);
      checkNotFile(ctx.home);
      const layout = initHome(ctx.home);
      ctx.open().close();
      out(ctx, { home: layout.home }, `memory home ready at ${layout.home}\n`);
      return 0;
    },
  },
  add: {
    summary: 'append a record; prints its id',
    usage: 'optmem add TEXT|- [--domain D] [--project P] [--kind K] [--tier T] [--corrects ID]... [--time ISO] [--tag T]... [--agent A] [--session S]',
    options: {
      domain: { type: 'string', arg: 'D', description: 'the domain the record belongs to (one of the configured domains; a [domain] tag in the text works too)' },
      project: { type: 'string', arg: 'P', description: 'the project the record belongs to (none: the record is global)' },
      kind: { type: 'string', arg: 'K', description: 'the kind of record: note (default), correction, redline, decision, lesson, …' },
      tier: { type: 'string', arg: 'T', description: 'how much the record counts: redline, fact, evidence, … (default from the kind and markers)' },
      corrects: { type: 'string', multiple: true, arg: 'ID', description: 'the id of a record this one corrects (comma-separated or repeated)' },
      time: { type: 'string', arg: 'ISO', description: 'when it happened, ISO 8601 with an offset (default: now)' },
      tag: { type: 'string', multiple: true, arg: 'T', description: 'a free tag (comma-separated or repeated)' },
      agent: { type: 'string', arg: 'A', description: 'the agent that wrote it, kept in the record\'s source; without --domain or a [domain] prefix the record takes the agent\'s domain (config agents)' },
      session: { type: 'string', arg: 'S', description: 'the agent session it came from, kept in the record\'s source' },
      ref: { type: 'string', arg: 'REF', description: 'where it came from (a file, URL or message id), kept in the record\'s source' },
      id: { type: 'string', arg: 'ID', description: 'the record\'s id (default: a new one); an import of your own ids keeps them' },
    },
    details: 'TEXT is the record (several words are joined with spaces); - reads it from standard input.',
    run(ctx) {
      const input = addInput(ctx);
      // The fields are checked against the home's config by add(), before anything is written.
      const m = ctx.open();
      try {
        printAdd(ctx, m.add(input));
      } finally {
        m.close();
      }
      return 0;
    },
    async remote(ctx, client) {
      const { data } = await client.json<AddOutput>('POST', '/api/records', addInput(ctx));
      printAdd(ctx, data);
      return 0;
    },
  },
  import: {
    summary: 'import records from JSONL (all or nothing)',
    usage: 'optmem import FILE.jsonl|- [--skip-existing]',
    options: { 'skip-existing': { type: 'boolean', description: 'skip records whose id is already in the memory (else such an import is refused whole)' } },
    details: 'FILE.jsonl holds one record per line, as `optmem export` prints them; - reads standard input.',
    run(ctx) {
      const file = onePositional(ctx, 'JSONL file');
      const text = readInput(ctx, file);
      const source = file === '-' ? 'stdin' : file;
      // A bad file is named line by line before a missing home is: the input is the first thing to fix.
      if (!homeExists(ctx.home)) parseJsonlRecords(text, source, { nowMs: Date.now(), knownDomains: DEFAULT_CONFIG.domains });
      const m = ctx.open();
      try {
        const r = m.import(text, { skipExisting: ctx.args.values['skip-existing'] === true, source });
        printImport(ctx, r);
      } finally {
        m.close();
      }
      return 0;
    },
    async remote(ctx, client) {
      const file = onePositional(ctx, 'JSONL file');
      const text = readInput(ctx, file);
      const q = ctx.args.values['skip-existing'] === true ? '?skipExisting=true' : '';
      printImport(ctx, JSON.parse(await client.text('POST', `/api/import${q}`, text)) as ImportResult);
      return 0;
    },
  },
  export: {
    summary: 'print every record as JSONL, in the order written',
    usage: 'optmem export',
    options: {},
    details: 'The output is data (JSONL, the input of `optmem import`): printed byte for byte, with or without --json.',
    machineOutput: true,
    run(ctx) {
      if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'export takes no arguments');
      const m = ctx.open();
      try {
        let buf = '';
        for (const r of m.export()) {
          buf += JSON.stringify(r) + '\n';
          if (buf.length > 1 << 16) {
            ctx.io.stdout(buf);
            buf = '';
          }
        }
        ctx.io.stdout(buf);
      } finally {
        m.close();
      }
      return 0;
    },
    async remote(ctx, client) {
      if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'export takes no arguments');
      ctx.io.stdout(await client.text('GET', '/api/export'));
      return 0;
    },
  },
  get: {
    summary: 'show one record',
    usage: 'optmem get ID',
    options: {},
    details: 'Prints where the record is (file:line), its duplicates if it has any (count, first and last time, ids), and the record as it is written in its day file.',
    run(ctx) {
      const id = onePositional(ctx, 'record id');
      const m = ctx.open();
      try {
        const r = m.get(id);
        if (!r) {
          ctx.io.stderr(`optmem: no record ${id}\n`);
          if (ctx.json) ctx.io.stdout(JSON.stringify({ record: null }) + '\n');
          return 1;
        }
        const archived = r.tier !== 'redline' && m.archivedIds().has(r.id);
        const held = m.heldIds().get(r.id);
        const dup = m.duplicatesOf(id);
        const seal = m.sealState(r.id);
        const changed = seal && (seal.state === 'edited' || seal.state === 'moved' || seal.state === 'unsealed') ? seal : null;
        printGet(ctx, { ...recordToJson(r), file: r.file, line: r.line, ...(archived ? { archived: true } : {}), ...(held ? { held } : {}), ...(changed ? { seal: changed } : {}) }, serializeRecord(r, m.config.domains), dup);
      } finally {
        m.close();
      }
      return 0;
    },
    async remote(ctx, client) {
      const id = onePositional(ctx, 'record id');
      const { status, data } = await client.json<{ record: GotRecord; markdown: string }>('GET', `/api/records/${encodeURIComponent(id)}`, undefined, { accept: [404] });
      if (status === 404) {
        ctx.io.stderr(`optmem: no record ${id}\n`);
        if (ctx.json) ctx.io.stdout(JSON.stringify({ record: null }) + '\n');
        return 1;
      }
      printGet(ctx, data.record, data.markdown);
      return 0;
    },
  },
  history: {
    summary: 'the supersession chain through a record, and the events about it',
    usage: 'optmem history ID',
    options: {},
    details: 'Shows what the record replaced and what replaced it, how each link was made, and the events about it.',
    run(ctx) {
      const id = onePositional(ctx, 'record id');
      const m = ctx.open();
      try {
        const h = m.history(id);
        if (!h) {
          ctx.io.stderr(`optmem: no record ${id}\n`);
          if (ctx.json) ctx.io.stdout(JSON.stringify({ history: null }) + '\n');
          return 1;
        }
        printHistory(ctx, { ...h, chain: h.chain.map((c) => ({ ...recordToJson(c.record), superseded: c.superseded })) }, id);
      } finally {
        m.close();
      }
      return 0;
    },
    async remote(ctx, client) {
      const id = onePositional(ctx, 'record id');
      const { status, data } = await client.json<{ history: HistoryJson }>('GET', `/api/records/${encodeURIComponent(id)}/history`, undefined, { accept: [404] });
      if (status === 404) {
        ctx.io.stderr(`optmem: no record ${id}\n`);
        if (ctx.json) ctx.io.stdout(JSON.stringify({ history: null }) + '\n');
        return 1;
      }
      printHistory(ctx, data.history, id);
      return 0;
    },
  },
  link: linkCommand('link'),
  unlink: linkCommand('unlink'),
  stats: {
    summary: 'counts by domain, kind and tier; sizes',
    usage: 'optmem stats',
    options: {},
    run(ctx) {
      const m = ctx.open();
      try {
        const s = m.stats();
        const kv = (o: Record<string, number>) => Object.entries(o).map(([k, n]) => `${k} ${n}`).join(', ') || '-';
        out(
          ctx,
          s,
          `home     ${s.home}\nrecords  ${s.records} in ${s.files} day files (${s.first ?? '-'} … ${s.last ?? '-'})\n` +
            `domains  ${kv(s.byDomain)}\nkinds    ${kv(s.byKind)}\ntiers    ${kv(s.byTier)}\n` +
            `corrections ${s.corrections.linked} resolved from their words, ${s.corrections.none} correct nothing known, ${s.corrections.ambiguous} ambiguous; ${s.corrections.wordsAlone} live link(s) on words alone\n` +
            (s.vectors
              ? `vectors  ${s.vectors.current} current (model ${s.vectors.model}), ${s.vectors.pending} waiting${s.vectors.pending ? ' (run `optmem embed`)' : ''}, ${(s.vectors.bytes / 1024).toFixed(0)} KiB\n`
              : '') +
            `problems ${s.problems}\nsize     log ${(s.logBytes / 1024).toFixed(0)} KiB, index ${(s.indexBytes / 1024).toFixed(0)} KiB\n`,
        );
      } finally {
        m.close();
      }
      return 0;
    },
  },
  reindex: {
    summary: 'rebuild the index from the files',
    usage: 'optmem reindex',
    options: {},
    run(ctx) {
      const m = ctx.open();
      try {
        const r = m.reindex();
        out(ctx, { records: r.recordsIndexed, files: r.filesRead, problems: r.problems }, `reindexed ${r.recordsIndexed} records from ${r.filesRead} day files\n`);
        for (const p of r.problems) ctx.io.stderr(`optmem: warning: ${p.file}:${p.line}: ${p.message}\n`);
      } finally {
        m.close();
      }
      return 0;
    },
  },
  doctor: {
    summary: 'check the files and the index',
    usage: 'optmem doctor',
    options: {},
    run(ctx) {
      const m = ctx.open();
      try {
        const r = m.doctor();
        out(ctx, r, r.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`).join('\n') + '\n');
        return r.ok ? 0 : 1;
      } finally {
        m.close();
      }
    },
  },
};

function linkCommand(verb: 'link' | 'unlink'): Command {
  return {
    summary: verb === 'link' ? 'record that NEW supersedes OLD (an event appended to the log)' : 'record that NEW does not supersede OLD, however it was linked (an event appended to the log)',
    usage: `optmem ${verb} NEW OLD [--why TEXT] [--agent A]`,
    options: {
      why: { type: 'string', arg: 'TEXT', description: 'the reason, kept in the event' },
      agent: { type: 'string', arg: 'A', description: 'who decided, kept in the event' },
    },
    run(ctx) {
      const p = ctx.args.positionals;
      if (p.length !== 2) throw new OptmemError('USAGE', `${verb}: expected two record ids, NEW then OLD, got ${p.length} (usage: optmem ${verb} NEW OLD [--why TEXT])`);
      const m = ctx.open();
      try {
        const r = (verb === 'link' ? m.link : m.unlink)({ newId: p[0]!, oldId: p[1]!, why: str(ctx.args.values.why), agent: str(ctx.args.values.agent) });
        for (const w of r.warnings) ctx.io.stderr(`optmem: ${r.event ? 'warning: ' : ''}${w}\n`);
        const human = r.event
          ? `${r.event.id}\n`
          : '';
        out(ctx, { event: r.event ? recordToJson(r.event) : null, edge: r.edge, warnings: r.warnings }, human);
      } finally {
        m.close();
      }
      return 0;
    },
  };
}

export function describeEdge(e: Edge): string {
  if (e.method === 'explicit') return 'named by id';
  if (e.method === 'linked') return `linked by hand (event ${e.detail.event}${e.detail.why ? `: ${e.detail.why}` : ''})`;
  if (e.method === 'inferred') {
    return e.detail.slot
      ? `inferred: same ${e.detail.slot.replace(/^\|/, '').replace('|', ' ')} with another value`
      : `inferred: restates ${e.detail.shared?.join(' ') ?? 'the subject'}${e.detail.attribute ? ` ${e.detail.attribute}` : ''} with another value`;
  }
  const parts: string[] = [];
  if (e.detail.quoted?.length) parts.push(`quotes ${e.detail.quoted.join(', ')}`);
  if (e.detail.slot) parts.push(`same ${e.detail.slot.replace(/^\|/, '').replace('|', ' ')}`);
  if (e.detail.attribute) parts.push(`same ${e.detail.attribute}`);
  if (e.detail.shared?.length) parts.push(`shares ${e.detail.shared.join(' ')}`);
  return `resolved from the text: ${parts.join('; ')}; score ${e.score.toFixed(2)}`;
}


function addInput(ctx: CommandContext): RecordInput {
  const v = ctx.args.values;
  const p = ctx.args.positionals;
  if (p.length === 0) throw new OptmemError('USAGE', `add: the record's text is missing (usage: ${COMMANDS.add!.usage})`);
  const text = p.length === 1 && p[0] === '-' ? ctx.io.readStdin() : p.join(' ');
  if (!text.trim()) throw new OptmemError('USAGE', 'add: the record\'s text is empty', { field: 'text' });
  return {
    text,
    id: str(v.id),
    domain: str(v.domain),
    project: str(v.project),
    kind: str(v.kind),
    tier: str(v.tier),
    corrects: strList(v.corrects)?.flatMap((s) => s.split(',')),
    time: str(v.time),
    tags: strList(v.tag)?.flatMap((s) => s.split(',')),
    source: { agent: str(v.agent), session: str(v.session), ref: str(v.ref) },
  };
}

interface AddOutput {
  record: MemoryRecord | RecordJson;
  supersedes: Edge[];
  resolution: Resolution | null;
  warnings: string[];
  quarantined?: boolean;
}

/** What add prints, for a local add and for one on a server alike. */
function printAdd(ctx: CommandContext, r: AddOutput): void {
  const { warnings, supersedes, resolution } = r;
  const record = recordToJson(r.record as MemoryRecord);
  for (const w of warnings) ctx.io.stderr(`optmem: warning: ${w}\n`);
  if (!ctx.json) {
    for (const e of supersedes.filter((x) => !x.blocked)) {
      const check = evidenceOf(e) === 'words' ? `; found on words alone: if ${e.oldId} is about something else, \`optmem unlink ${e.newId} ${e.oldId}\`` : '';
      ctx.io.stderr(`optmem: supersedes ${e.oldId} (${describeEdge(e)}${check})\n`);
    }
    const note = resolutionNote(resolution);
    if (note && !supersedes.length) ctx.io.stderr(`optmem: ${note}\n`);
    if (r.quarantined) ctx.io.stderr(`optmem: ${record.id} reads like an instruction to the model: kept in the log, quarantined until the owner approves it\n`);
  }
  out(ctx, { id: record.id, record, supersedes, resolution, warnings, ...(r.quarantined !== undefined ? { quarantined: r.quarantined } : {}) }, `${record.id}\n`);
}

type GotRecord = RecordJson & { file: string; line: number; archived?: boolean; held?: string; seal?: { state: string; acknowledged: boolean } };

function printGet(ctx: CommandContext, r: GotRecord, markdown: string, dup?: DuplicateInfo | null): void {
  const dupLine = dup ? `duplicates: ×${dup.count}, ${dup.first} … ${dup.last}: ${dup.ids.join(' ')}\n` : '';
  const notes = [
    r.archived ? `archived: left out of default search; optmem unarchive ${r.id} brings it back` : '',
    r.held === 'quarantined' ? `quarantined (${(r.quarantine ?? []).join(', ')}): out of default search and packs until the owner runs optmem approve ${r.id}` : '',
    r.held === 'rejected' ? 'rejected by the owner: out of default search and packs' : '',
    r.seal
      ? `${r.seal.state === 'unsealed' ? 'added by hand, never sealed' : r.seal.state === 'moved' ? 'moved by hand since written' : 'edited by hand since written'} (${r.seal.acknowledged ? 'acknowledged' : 'unacknowledged'}); see optmem verify`
      : '',
  ].filter(Boolean);
  out(ctx, { record: r, ...(dup !== undefined ? { duplicates: dup } : {}) }, `${r.file}:${r.line}${notes.map((n) => `  (${n})`).join('')}\n${dupLine}${markdown}`);
}

function printImport(ctx: CommandContext, r: ImportResult): void {
  for (const w of r.warnings) ctx.io.stderr(`optmem: warning: ${w}\n`);
  out(ctx, r, `imported ${r.imported} record${r.imported === 1 ? '' : 's'}${r.skipped ? `, skipped ${r.skipped} already present` : ''}\n`);
}

type HistoryJson = Omit<HistoryResult, 'chain'> & { chain: (RecordJson & { superseded: boolean })[] };

function printHistory(ctx: CommandContext, h: HistoryJson, id: string): void {
  const lines = h.chain.map((record) => {
    const mark = record.id === h.current ? 'current   ' : record.superseded ? 'superseded' : 'standing  ';
    const into = h.edges.filter((e) => e.newId === record.id);
    const words = (e: (typeof into)[number]) => (!e.blocked && evidenceOf(e) === 'words' ? `; on words alone: check it (\`optmem unlink ${e.newId} ${e.oldId}\` undoes it)` : '');
    const how = into.map((e) => `${e.blocked ? 'tried to supersede (blocked: red line) ' : 'supersedes '}${e.oldId} (${describeEdge(e)}${words(e)})`).join('; ');
    return `${mark} ${recordLine(record as MemoryRecord)}${record.id === id ? '  ← asked' : ''}\n           ${record.text.replace(/\s+/g, ' ').slice(0, 100)}${how ? `\n           ${how}` : ''}`;
  });
  for (const e of h.events) {
    lines.push(`event      ${e.verb} ${e.newId} ${e.oldId} · ${e.time}${e.agent ? ` · by ${e.agent}` : ''}${e.why ? ` · why: ${e.why}` : ''} (${e.eventId})`);
  }
  for (const e of h.archiveEvents) {
    lines.push(`event      ${e.verb} ${e.id} · ${e.time}${e.agent ? ` · by ${e.agent}` : ''}${e.why ? ` · why: ${e.why}` : ''} (${e.eventId})`);
  }
  const linked = h.chain.length > 1 || h.events.length > 0 || h.archiveEvents.length > 0;
  out(ctx, { history: h }, (linked ? lines.join('\n') : `${lines[0]}\n           (no supersession links)`) + '\n');
}
