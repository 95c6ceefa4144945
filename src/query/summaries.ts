import type { Level } from '../core/summary-format.js';
import { localOffsetMinutes, parseTime } from '../core/time.js';
import type { RecordIndex } from '../index/record-index.js';
import { overviewIntent } from './overview.js';
import { RANKING_DEFAULTS, type RankingOptions } from './options.js';
import { ftsString } from './retrieve.js';
import { parseRequest } from './search.js';
import type { SearchRequest, SummaryHit, SummaryResult } from './types.js';

/**
 * Searching the summary tree. Never part of the default search: only an overview query (see
 * overview.ts; a time window and nothing else counts too) or an explicit `kinds: ["summary"]`
 * reaches it, and its nodes come back beside the record results, which stay exactly what the
 * same query gives without a tree.
 *
 * - A window picks the level: a month word (这个月, last month) → month nodes, a week word (上周,
 *   最近一周) → week nodes, else by its length: up to 2 days → day nodes, up to 16 → week nodes,
 *   longer → month nodes; the nodes overlapping the window, newest first.
 * - No window: the domain nodes (the latest of each domain; `domains` narrows them).
 * - Words left besides the window (a topic) keep the nodes with a bullet holding one, and only
 *   those bullets; without words, every bullet of the nodes.
 * - `domains` keeps the bullets whose records are in those domains.
 */
const DAY = 86_400_000;

/** Why the request may reach the summary tree (kind: it names kind summary), and the query without overview words. */
export function summaryScope(req: SearchRequest): { reason: 'overview' | 'kind'; rest: string } | null {
  const ov = overviewIntent(req.query);
  if (req.kinds?.some((k) => k.split(',').some((x) => x.trim().toLowerCase() === 'summary'))) return { reason: 'kind', rest: ov.rest };
  return { reason: 'overview', rest: ov.asked ? ov.rest : req.query };
}

function localDate(ms: number, offsetMin: number): string {
  return new Date(ms + offsetMin * 60_000).toISOString().slice(0, 10);
}

/**
 * The summary nodes a request reaches, or null when it is not an overview (nor asks for kind
 * summary). `sync` brings the index's summary tables in step with the files; it runs only then.
 */
export function searchSummaries(index: RecordIndex, req: SearchRequest, options: RankingOptions = RANKING_DEFAULTS, sync: () => void = () => {}): SummaryResult | null {
  const scope = summaryScope(req);
  if (!scope) return null;
  const ov = overviewIntent(req.query);
  const q = parseRequest({ ...req, query: scope.rest, kinds: undefined }, index, options);
  const content = q.terms.filter((t) => !t.stop);
  // An overview: a window from the query's words, or nothing but overview words, and beside them
  // at most a topic when both are there ("上周部署做了什么"); "周报生成 改到几点" is a lookup.
  const window = q.windowFromQuery;
  const overview = ov.asked ? window || content.length === 0 : window && content.length === 0;
  if (scope.reason === 'overview' && !overview) return null;

  sync();
  const offset = typeof req.now === 'string' ? (parseTime(req.now)?.iso.match(/([+-])(\d{2}):(\d{2})$/) ?? null) : null;
  const offsetMin = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : localOffsetMinutes(q.nowMs);
  let level: Level = 'domain';
  let files: FileRow[];
  const db = index.db;
  if (q.sinceMs !== null || q.untilMs !== null) {
    const since = q.sinceMs ?? 0;
    const until = q.untilMs ?? q.nowMs;
    const days = (until - since + 1) / DAY;
    // The time word names the level (这个月 on the 1st is still a month); else the window's length.
    const phrase = q.timePhrase ?? '';
    level = /月|month/i.test(phrase) ? 'month' : /周|星期|礼拜|week/i.test(phrase) ? 'week' : days <= 2 ? 'day' : days <= 16 ? 'week' : 'month';
    files = db
      .prepare('SELECT path, level, key, from_date, to_date, domain FROM summary_files WHERE level = ? AND to_date >= ? AND from_date <= ? ORDER BY from_date DESC, path')
      .all(level, localDate(since, offsetMin), localDate(until, offsetMin)) as FileRow[];
  } else {
    files = db.prepare("SELECT path, level, key, from_date, to_date, domain FROM summary_files WHERE level = 'domain' ORDER BY key").all() as FileRow[];
    if (q.domains) files = files.filter((f) => q.domains!.includes((f.domain ?? '').toLowerCase()));
  }
  if (files.length === 0) return { reason: scope.reason, level, nodes: [] };

  const bulletsOf = db.prepare('SELECT sid, text, ids, redline FROM summary_bullets WHERE path = ? ORDER BY ord');
  const matched = content.length
    ? new Set(db.prepare('SELECT rowid FROM summary_fts WHERE summary_fts MATCH ?').pluck().all(content.map((t) => ftsString(t.text)).join(' OR ')) as number[])
    : null;
  let nodes: (SummaryHit & { hits: number })[] = files.map((f) => {
    const all = bulletsOf.all(f.path) as { sid: number; text: string; ids: string; redline: number }[];
    const kept = matched ? all.filter((b) => matched.has(b.sid)) : all;
    return {
      node: `${f.level}/${f.key}`,
      level: f.level as Level,
      key: f.key,
      from: f.from_date,
      to: f.to_date,
      domain: f.domain,
      file: f.path,
      bullets: kept.map((b) => ({ text: b.text, ids: b.ids.split(' '), redline: b.redline === 1 })),
      bulletsInNode: all.length,
      cites: [],
      hits: kept.length,
    };
  });
  if (q.domains && level !== 'domain') {
    const ids = [...new Set(nodes.flatMap((n) => n.bullets.flatMap((b) => b.ids)))];
    const domainOf = new Map<string, string | null>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      for (const r of db.prepare(`SELECT id, domain FROM records WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as { id: string; domain: string | null }[]) domainOf.set(r.id, r.domain);
    }
    const want = new Set(q.domains);
    nodes = nodes.map((n) => {
      const bullets = n.bullets.filter((b) => b.ids.some((id) => want.has((domainOf.get(id) ?? '').toLowerCase())));
      return { ...n, bullets, hits: bullets.length };
    });
  }
  nodes = nodes.filter((n) => n.bullets.length > 0);
  if (matched) nodes.sort((a, b) => b.hits - a.hits || (a.from < b.from ? 1 : a.from > b.from ? -1 : 0));
  const out = nodes.slice(0, q.limit).map(({ hits: _hits, ...n }) => ({ ...n, cites: [...new Set(n.bullets.flatMap((b) => b.ids))] }));
  return { reason: scope.reason, level, nodes: out };
}

interface FileRow {
  path: string;
  level: string;
  key: string;
  from_date: string;
  to_date: string;
  domain: string | null;
}

