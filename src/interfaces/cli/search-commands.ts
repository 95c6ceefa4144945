/** `optmem search QUERY` and `optmem recent`: finding records, and browsing the newest ones. */
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import { recordToJson } from '../../io/jsonl.js';
import { intOption, str, strList, timeOption } from './args.js';
import type { MemoryRecord } from '../../core/record.js';
import type { SearchResult } from '../../query/types.js';
import { formatHits, formatSummaries, recordLine } from './format.js';
import type { Command, CommandContext, OptionSpec } from './types.js';
import { hasLetterOrDigit } from '../../core/letters.js';


function searchQuery(ctx: CommandContext): string {
  const query = ctx.args.positionals.join(' ');
  if (!query.trim()) {
    throw new OptmemError('USAGE', 'search: give a query, e.g. optmem search nginx port', { hint: 'to browse the newest records: optmem recent' });
  }
  if (!hasLetterOrDigit(query)) {
    throw new OptmemError('USAGE', `search: the query ${JSON.stringify(query)} has no letter, digit or CJK character to search for`, {
      hint: 'search for words, e.g. optmem search nginx port; to browse the newest records: optmem recent',
    });
  }
  return query;
}

/** The scope filters search and recent share. */
const SCOPE_OPTIONS: OptionSpec = {
  domain: { type: 'string', multiple: true, arg: 'D', description: 'only records of this domain (comma-separated or repeated)' },
  project: { type: 'string', multiple: true, arg: 'P', description: 'only records of this project, plus global ones (comma-separated or repeated)' },
};

export const searchCommand: Command = {
  summary: 'search the memory',
  usage: 'optmem search QUERY [--limit K] [--domain D]... [--project P]... [--kind K]... [--since ISO] [--until ISO] [--now ISO] [--archived] [--quarantined] [--explain] [--json]',
  options: {
    limit: { type: 'string', short: 'k', arg: 'K', description: 'return at most K results (1 to 1000, default 10)' },
    ...SCOPE_OPTIONS,
    kind: { type: 'string', multiple: true, arg: 'K', description: 'only records of this kind, e.g. note, correction, redline, handoff' },
    since: { type: 'string', arg: 'ISO', description: 'only records written at or after this time (ISO 8601, e.g. 2026-11-01)' },
    until: { type: 'string', arg: 'ISO', description: 'only records written at or before this time (ISO 8601)' },
    now: { type: 'string', arg: 'ISO', description: 'rank as if it were this time (decay, "last week"); default: now' },
    archived: { type: 'boolean', description: 'include archived records (flagged [archived]); default search leaves them out' },
    quarantined: { type: 'boolean', description: 'include quarantined and rejected records (flagged); default search leaves them out' },
    explain: { type: 'boolean', description: 'show how each result was scored, stage by stage' },
  },
  details:
    'QUERY is one or more words (a letter, digit or CJK character is needed). A query that starts with "-"\n' +
    'goes after --: optmem search -- -9090 (a negative number such as -9090 also works without it).\n' +
    'To browse the newest records without a query: optmem recent.\n' +
    'An overview query (上周做了什么, 这个月, what did we do last week) and --kind summary also list the\n' +
    'summary tree\'s nodes (built by optmem consolidate) above the records, each line with its record ids.',
  run(ctx) {
    const req = searchRequest(ctx);
    const m = ctx.open();
    try {
      printSearch(ctx, m.search(req), req.explain);
    } finally {
      m.close();
    }
    return 0;
  },
  async remote(ctx, client) {
    const req = searchRequest(ctx);
    const q = new URLSearchParams({ q: req.query, explain: String(req.explain), archived: String(req.archived), quarantined: String(req.quarantined) });
    for (const [k, v] of [['limit', req.limit], ['since', req.since], ['until', req.until], ['now', req.now]] as const) if (v !== undefined) q.set(k, String(v));
    for (const [k, list] of [['domain', req.domains], ['project', req.projects], ['kind', req.kinds]] as const) for (const x of list ?? []) q.append(k, x);
    const { data } = await client.json<SearchResult>('GET', `/api/search?${q}`);
    printSearch(ctx, data, req.explain);
    return 0;
  },
};

/** Everything about the request is checked before the home is opened: bad usage touches nothing. */
function searchRequest(ctx: CommandContext) {
    const v = ctx.args.values;
    const query = searchQuery(ctx);
    const req = {
      query,
      limit: intOption(v.limit, 'limit', 1, 1000),
      domains: strList(v.domain),
      projects: strList(v.project),
      kinds: strList(v.kind),
      since: timeOption(v.since, 'since'),
      until: timeOption(v.until, 'until'),
      now: timeOption(v.now, 'now'),
      explain: v.explain === true,
      archived: v.archived === true,
      quarantined: v.quarantined === true,
    };
    if (req.since && req.until && parseTime(req.since)!.ms > parseTime(req.until)!.ms) {
      throw new OptmemError('USAGE', `--since ${req.since} is after --until ${req.until}`, { field: 'since' });
    }
    return req;
}

function printSearch(ctx: CommandContext, res: SearchResult, explain: boolean): void {
  // The vector path's trouble (embeddings enabled, endpoint down): one line, lexical results.
  for (const w of res.warnings ?? []) ctx.io.stderr(`optmem: warning: ${w}\n`);
  ctx.io.stdout(ctx.json ? JSON.stringify(res) + '\n' : (res.summaries ? formatSummaries(res.summaries) : '') + formatHits(res.results, explain));
  const n = res.held?.count ?? 0;
  if (n && !ctx.json) ctx.io.stdout(`(${n} held record${n === 1 ? ' also matches' : 's also match'}, left out: optmem quarantine to review, --quarantined to include ${n === 1 ? 'it' : 'them'})\n`);
}

const listOf = (v: unknown): string[] | undefined => strList(v)?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);

/** The newest `limit` records matching the filters, newest first. Events are not records to browse. */
function firstLine(text: string, max = 160): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export const recentCommand: Command = {
  summary: 'list the newest records, newest first (no query needed)',
  usage: 'optmem recent [--limit N] [--domain D]... [--project P]... [--kind K]... [--archived] [--quarantined] [--json]',
  options: {
    limit: { type: 'string', short: 'k', arg: 'N', description: 'list at most N records (1 to 1000, default 10)' },
    ...SCOPE_OPTIONS,
    kind: { type: 'string', multiple: true, arg: 'K', description: 'only records of this kind, e.g. note, correction, handoff' },
    archived: { type: 'boolean', description: 'include archived records' },
    quarantined: { type: 'boolean', description: 'include quarantined and rejected records' },
  },
  details: 'Records are listed by their time, newest first; event records (links, acknowledgements) are not listed.',
  run(ctx) {
    const v = ctx.args.values;
    if (ctx.args.positionals.length) {
      throw new OptmemError('USAGE', `recent takes no query (to search for "${ctx.args.positionals.join(' ')}": optmem search ${ctx.args.positionals.join(' ')})`);
    }
    const filters = { limit: intOption(v.limit, 'limit', 1, 1000) ?? 10, domains: listOf(v.domain), projects: listOf(v.project), kinds: listOf(v.kind), archived: v.archived === true, quarantined: v.quarantined === true };
    const m = ctx.open();
    try {
      const records = m.recent(filters).map(recordToJson);
      if (ctx.json) ctx.io.stdout(JSON.stringify({ records }) + '\n');
      else if (!records.length) ctx.io.stdout('no records\n');
      else {
        ctx.io.stdout(
          records.map((r, i) => `${i + 1}. ${firstLine(r.text)}\n   ${recordLine({ ...r, tier: r.tier as MemoryRecord['tier'] })}`).join('\n') + '\n',
        );
      }
    } finally {
      m.close();
    }
    return 0;
  },
};
