import { OptmemError } from '../../core/errors.js';
import type { ContextPack, CoreChange, CoreMemory, SessionEndInput, SessionEndResult } from '../../sessions/types.js';
import { projectForDir } from '../../sessions/project.js';
import { intOption, str, strList } from './args.js';
import type { Command, CommandContext } from './types.js';

/** `optmem core …` and `optmem session …`: the pipes that carry memory across sessions. */

/** The sub-verb and its arguments; `dflt` stands in when none is given (`optmem core` shows core memory). */
function sub(ctx: CommandContext, allowed: string[], usage: string, dflt?: string): [string, string[]] {
  const [given, ...rest] = ctx.args.positionals;
  const verb = given ?? dflt;
  if (!verb || !allowed.includes(verb)) {
    throw new OptmemError('USAGE', `${ctx.args.verb}: expected one of ${allowed.join(', ')} (usage: ${usage})`);
  }
  return [verb, rest];
}

function coreText(c: CoreMemory): string {
  const tag = { redline: 'red line', correction: 'correction', pinned: 'pinned', recent: 'recent' } as const;
  let out = `core memory: ${c.used}/${c.budget} characters, ${c.entries.length} entries${c.overflow.length ? `, ${c.overflow.length} more waiting in the log` : ''}\n`;
  for (const e of c.entries) out += `  [${tag[e.reason]}] ${e.id}  ${e.text}\n`;
  return out;
}

function changeText(ch: CoreChange): string {
  return coreText(ch.core) + ch.evicted.map((e) => `moved out (still in the log, searchable): ${e.id}  ${e.text}\n`).join('');
}

const CORE_USAGE = 'optmem core [show|add|pin|unpin|remove] [TEXT|ID] [--project P] [--budget N] [--domain D] [--no-pin]';
const SESSION_USAGE =
  'optmem session start [--project P] [--agent A] [--budget N] [--now ISO] [--cwd DIR] | optmem session end [--project P] [--agent A] [--session S] [--done T]... [--stuck T]... [--next T]... [--decision T]... [--file F]... [--transcript PATH] [--input -]';

export const SESSION_COMMANDS: Record<string, Command> = {
  core: {
    summary: 'the core memory block: show, add, pin, unpin, remove',
    usage: CORE_USAGE,
    options: {
      project: { type: 'string', arg: 'P', description: 'the project whose core block to show, or the project of the record added' },
      budget: { type: 'string', arg: 'N', description: 'core show: the block\'s size in characters (200 to 100000; default from the config)' },
      domain: { type: 'string', arg: 'D', description: 'core add: the domain of the record added' },
      'no-pin': { type: 'boolean', description: 'core add: write the record without pinning it to the core block' },
    },
    details:
      'core show                  print the core block (red lines, corrections, pins, recent records)\n' +
      'core add TEXT|-            write a record and pin it (- reads standard input)\n' +
      'core pin|unpin|remove ID   pin a record, unpin it, or take it out of the block (it stays in the log)',
    run(ctx) {
      const [verb, rest] = sub(ctx, ['show', 'add', 'pin', 'unpin', 'remove'], CORE_USAGE, 'show');
      const v = ctx.args.values;
      // Bad usage is found before the home is opened: it writes nothing.
      if (verb === 'show') {
        if (rest.length) throw new OptmemError('USAGE', 'core show takes no arguments');
        const budget = intOption(v.budget, 'budget', 200, 100_000);
        const m = ctx.open();
        try {
          const c = m.core.show({ project: str(v.project) ?? null, budget });
          ctx.io.stdout(ctx.json ? JSON.stringify(c) + '\n' : coreText(c));
          return 0;
        } finally {
          m.close();
        }
      }
      if (verb === 'add') {
        if (rest.length === 0) throw new OptmemError('USAGE', `core add: the text is missing (usage: ${CORE_USAGE})`);
        const text = rest.length === 1 && rest[0] === '-' ? ctx.io.readStdin() : rest.join(' ');
        if (!text.trim()) throw new OptmemError('USAGE', `core add: the text is missing (usage: ${CORE_USAGE})`);
        const m = ctx.open();
        try {
          const r = m.core.add(text, { pin: v['no-pin'] !== true, domain: str(v.domain), project: str(v.project) });
          ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.id}\n`);
          if (!ctx.json) ctx.io.stderr(changeText(r));
          return 0;
        } finally {
          m.close();
        }
      }
      if (rest.length !== 1) throw new OptmemError('USAGE', `core ${verb}: expected one record id`);
      const m = ctx.open();
      try {
        const ch = verb === 'pin' ? m.core.pin(rest[0]!) : verb === 'unpin' ? m.core.unpin(rest[0]!) : m.core.remove(rest[0]!);
        ctx.io.stdout(ctx.json ? JSON.stringify(ch) + '\n' : changeText(ch));
        return 0;
      } finally {
        m.close();
      }
    },
    async remote(ctx, client) {
      const [verb, rest] = sub(ctx, ['show', 'add', 'pin', 'unpin', 'remove'], CORE_USAGE, 'show');
      const v = ctx.args.values;
      if (verb === 'show') {
        if (rest.length) throw new OptmemError('USAGE', 'core show takes no arguments');
        const q = new URLSearchParams();
        const budget = intOption(v.budget, 'budget', 200, 100_000);
        if (str(v.project)) q.set('project', str(v.project)!);
        if (budget !== undefined) q.set('budget', String(budget));
        const { data } = await client.json<CoreMemory>('GET', `/api/core${q.size ? `?${q}` : ''}`);
        ctx.io.stdout(ctx.json ? JSON.stringify(data) + '\n' : coreText(data));
        return 0;
      }
      if (verb === 'add') {
        if (rest.length === 0) throw new OptmemError('USAGE', `core add: the text is missing (usage: ${CORE_USAGE})`);
        const text = rest.length === 1 && rest[0] === '-' ? ctx.io.readStdin() : rest.join(' ');
        if (!text.trim()) throw new OptmemError('USAGE', `core add: the text is missing (usage: ${CORE_USAGE})`);
        const { data: r } = await client.json<CoreChange & { id: string }>('POST', '/api/core', { text, pin: v['no-pin'] !== true, domain: str(v.domain), project: str(v.project) });
        ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.id}\n`);
        if (!ctx.json) ctx.io.stderr(changeText(r));
        return 0;
      }
      if (rest.length !== 1) throw new OptmemError('USAGE', `core ${verb}: expected one record id`);
      const { data: ch } = await client.json<CoreChange>('POST', `/api/core/${verb}`, { id: rest[0] });
      ctx.io.stdout(ctx.json ? JSON.stringify(ch) + '\n' : changeText(ch));
      return 0;
    },
  },
  session: {
    summary: 'start a session (print the context pack) or end one (write a handoff)',
    usage: SESSION_USAGE,
    options: {
      project: { type: 'string', arg: 'P', description: 'the project (default: from the config\'s projects map, else the git repository of --cwd)' },
      agent: { type: 'string', arg: 'A', description: 'the agent starting or ending the session, e.g. claude-code' },
      session: { type: 'string', arg: 'S', description: 'session end: the agent\'s session id, kept in the handoff' },
      budget: { type: 'string', arg: 'N', description: 'session start: the pack\'s size in characters (500 to 200000; default from the config)' },
      now: { type: 'string', arg: 'ISO', description: 'session start: build the pack as if it were this time (ISO 8601)' },
      cwd: { type: 'string', arg: 'DIR', description: 'the working directory that names the project (default: the current one)' },
      done: { type: 'string', multiple: true, arg: 'T', description: 'session end: something finished (repeat for each)' },
      stuck: { type: 'string', multiple: true, arg: 'T', description: 'session end: something stuck or failing (repeat for each)' },
      next: { type: 'string', multiple: true, arg: 'T', description: 'session end: a next step (repeat for each)' },
      decision: { type: 'string', multiple: true, arg: 'T', description: 'session end: a decision made (repeat for each)' },
      file: { type: 'string', multiple: true, arg: 'F', description: 'session end: a file worked on (repeat for each)' },
      transcript: { type: 'string', arg: 'PATH', description: 'session end: read the handoff\'s items from this transcript (JSONL of any host)' },
      input: { type: 'string', arg: '-', description: 'session end: read the items as a JSON object on standard input ({"done": [...], "next": [...], ...})' },
      time: { type: 'string', arg: 'ISO', description: 'session end: the handoff\'s time (ISO 8601; default: now)' },
    },
    details: 'session end needs something to hand off: --done, --stuck, --next, --decision, --file, --transcript or --input -.',
    run(ctx) {
      const [verb, rest] = sub(ctx, ['start', 'end'], SESSION_USAGE);
      if (rest.length) throw new OptmemError('USAGE', `session ${verb}: unexpected argument "${rest[0]}"`);
      otherVerbFlags(ctx, verb);
      const v = ctx.args.values;
      // Bad usage is found before the home is opened: it writes nothing.
      const budget = verb === 'start' ? intOption(v.budget, 'budget', 500, 200_000) : undefined;
      const end = verb === 'end' ? endInput(ctx) : null;
      const m = ctx.open();
      try {
        const project = str(v.project) ?? m.projectFor(str(v.cwd) ?? ctx.io.cwd);
        if (!end) {
          const pack = m.sessionStart({ project, agent: str(v.agent), budget, now: str(v.now) });
          ctx.io.stdout(ctx.json ? JSON.stringify(pack) + '\n' : pack.markdown);
          return 0;
        }
        if (!project) {
          throw new OptmemError('USAGE', 'session end: no project (pass --project P, or run it inside the project\'s git repository)', { field: 'project' });
        }
        const r = m.sessionEnd({ ...end, project });
        ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.handoff.id}\n`);
        if (!ctx.json) ctx.io.stderr(`handoff for ${project} written (${r.file})${r.supersedes ? `, superseding ${r.supersedes}` : ''}\n`);
        return 0;
      } finally {
        m.close();
      }
    },
    async remote(ctx, client) {
      const [verb, rest] = sub(ctx, ['start', 'end'], SESSION_USAGE);
      if (rest.length) throw new OptmemError('USAGE', `session ${verb}: unexpected argument "${rest[0]}"`);
      otherVerbFlags(ctx, verb);
      const v = ctx.args.values;
      const budget = verb === 'start' ? intOption(v.budget, 'budget', 500, 200_000) : undefined;
      const end = verb === 'end' ? endInput(ctx) : null;
      // The project of this machine's working directory: its git repository's name.
      const project = str(v.project) ?? projectForDir(str(v.cwd) ?? ctx.io.cwd, {});
      if (!end) {
        const { data: pack } = await client.json<ContextPack>('POST', '/api/sessions/start', { project, agent: str(v.agent), budget, now: str(v.now) });
        ctx.io.stdout(ctx.json ? JSON.stringify(pack) + '\n' : pack.markdown);
        return 0;
      }
      if (!project) throw new OptmemError('USAGE', 'session end: no project (pass --project P, or run it inside the project\'s git repository)', { field: 'project' });
      if (end.transcriptPath) throw new OptmemError('USAGE', 'session end --server: --transcript names a file here, which the server cannot read; pass the items (--done, --next, …) or --input -', { field: 'transcript' });
      const { transcriptPath: _t, ...items } = end;
      const { data: r } = await client.json<SessionEndResult>('POST', '/api/sessions/end', { ...items, project });
      ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.handoff.id}\n`);
      if (!ctx.json) ctx.io.stderr(`handoff for ${project} written (${r.file})${r.supersedes ? `, superseding ${r.supersedes}` : ''}\n`);
      return 0;
    },
  },
};

/** The flags only one of the two verbs reads. */
const START_ONLY = ['budget', 'now'] as const;
const END_ONLY = ['session', 'done', 'stuck', 'next', 'decision', 'file', 'transcript', 'input', 'time'] as const;

/**
 * A flag of the other verb is refused, not ignored: `session end --now …` would otherwise write the
 * handoff at the real time while the user believed it was dated.
 */
function otherVerbFlags(ctx: CommandContext, verb: string): void {
  const v = ctx.args.values as Record<string, unknown>;
  const wrong = (verb === 'start' ? END_ONLY : START_ONLY).find((k) => v[k] !== undefined);
  if (!wrong) return;
  const hint =
    wrong === 'now' ? 'session end takes --time ISO for the handoff\'s time' : wrong === 'time' ? 'session start takes --now ISO to build the pack as of a time' : `--${wrong} belongs to session ${verb === 'start' ? 'end' : 'start'}`;
  throw new OptmemError('USAGE', `session ${verb}: --${wrong} is not an option of session ${verb}`, { field: wrong, hint });
}

/** What `session end` hands off, from its flags and `--input -`; refused when it is nothing at all. */
function endInput(ctx: CommandContext): Omit<SessionEndInput, 'project'> {
  const v = ctx.args.values;
  let fromJson: Record<string, unknown> = {};
  if (v.input !== undefined) {
    if (v.input !== '-') throw new OptmemError('USAGE', 'session end: --input takes "-" (JSON on standard input)');
    try {
      fromJson = JSON.parse(ctx.io.readStdin()) as Record<string, unknown>;
    } catch (e) {
      throw new OptmemError('USAGE', `session end: standard input is not valid JSON (${(e as Error).message})`);
    }
    if (typeof fromJson !== 'object' || fromJson === null || Array.isArray(fromJson)) throw new OptmemError('USAGE', 'session end: the JSON on standard input must be an object');
    const allowed = ['done', 'stuck', 'next', 'decisions', 'files', 'agent', 'session', 'transcript'];
    for (const k of Object.keys(fromJson)) if (!allowed.includes(k)) throw new OptmemError('USAGE', `session end: unknown JSON field "${k}" (known: ${allowed.join(', ')})`, { field: k });
  }
  const listOf = (flag: unknown, key: string): string[] | undefined => {
    const j = fromJson[key];
    if (j !== undefined && !(Array.isArray(j) && j.every((x) => typeof x === 'string'))) {
      throw new OptmemError('USAGE', `session end: JSON field "${key}" must be a list of strings`, { field: key });
    }
    return strList(flag) ?? (j as string[] | undefined);
  };
  const input = {
    agent: str(v.agent) ?? (typeof fromJson.agent === 'string' ? fromJson.agent : undefined),
    session: str(v.session) ?? (typeof fromJson.session === 'string' ? fromJson.session : undefined),
    done: listOf(v.done, 'done'),
    stuck: listOf(v.stuck, 'stuck'),
    next: listOf(v.next, 'next'),
    decisions: listOf(v.decision, 'decisions'),
    files: listOf(v.file, 'files'),
    transcriptPath: str(v.transcript) ?? (typeof fromJson.transcript === 'string' ? fromJson.transcript : undefined),
    time: str(v.time),
  };
  const items = [input.done, input.stuck, input.next, input.decisions, input.files].flat().filter((x) => typeof x === 'string' && x.trim());
  if (items.length === 0 && !input.transcriptPath?.trim()) {
    // An empty handoff would supersede the real one.
    throw new OptmemError('USAGE', 'session end: nothing to hand off; the previous handoff stays', {
      hint: 'pass --done, --stuck, --next, --decision or --file (each may be repeated), --transcript PATH, or --input - with JSON',
    });
  }
  return input;
}
