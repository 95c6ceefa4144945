/**
 * `optmem eval`'s engine: run a suite (records on fresh homes, or queries over a copy of a real
 * home), optionally under changed settings, and turn every query's ranking into the metrics of
 * metrics.ts, overall and per category. Never writes to a home it evaluates: a home suite runs on
 * copyHome()'s copy, which is deleted afterwards.
 */
import { parseTime } from '../core/time.js';
import { createOptmem, type Optmem } from '../optmem.js';
import { copyHome } from './home-copy.js';
import { FRESH_CONFIG, deepMerge, readRawConfig, validateConfig, type JsonObject } from './config-override.js';
import { aggregate, queryMetrics, relevantFromChecks, type MetricSet, type QueryFacts, type QueryMetrics } from './metrics.js';
import { runQuery, runSuite, type CheckResult, type QueryReport } from './run-suite.js';
import { SuiteError, checkKeys, checkName, suiteMode, type Check, type LoadedSuite, type SuiteQuery } from './suite.js';

export const REPORT_FORMAT = 'optmem-eval-report';
export const REPORT_VERSION = 1;

export interface EvalQueryEntry {
  category: string;
  /** the scenario id (records suites) */
  scenario: string | null;
  query: string;
  relevant: string[];
  relevantSource: 'listed' | 'checks';
  /** the first 10 results by name (`~id` for a noise record), `*` marking superseded, `!` pinned */
  ranking: string[];
  metrics: QueryMetrics;
  checks: CheckResult[];
  error?: string;
}

export interface EvalReport {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  suite: { name: string; file: string | null; sha256: string | null; mode: 'records' | 'home' };
  /** the home evaluated (a copy of it), home suites only */
  home: string | null;
  /** the changed settings (--config/--set), merged; null when none */
  config: JsonObject | null;
  /** the queries' clock */
  now: string;
  createdAt: string;
  ms: number;
  overall: MetricSet;
  byCategory: Record<string, MetricSet>;
  /** records suites: scenarios whose checks all pass */
  scenarios: { total: number; passed: number } | null;
  queries: EvalQueryEntry[];
}

export interface EvaluateOptions {
  /** the memory home a home suite runs over (resolved); required for a home suite */
  home?: string;
  /** changed settings, merged over the home's (or a fresh home's) config.json */
  override?: JsonObject | null;
  tmpRoot?: string;
  /** the clock of a home suite without `now` (default: the real clock) */
  nowMs?: number;
  /** records suites: run on each scenario home before its queries (bench/consolidation.js archives there) */
  prepare?: (mem: Optmem, nowMs: number) => void;
}

interface Gathered {
  pairs: [string, string][];
  redlines: { name: string; mustPin: boolean }[];
}

/** Run a suite and compute its report. */
export function evaluate(suite: LoadedSuite, opts: EvaluateOptions = {}): EvalReport {
  const t0 = Date.now();
  return suiteMode(suite) === 'home' ? evaluateHome(suite, opts, t0) : evaluateRecords(suite, opts, t0);
}

function evaluateRecords(suite: LoadedSuite, opts: EvaluateOptions, t0: number): EvalReport {
  let config: JsonObject | undefined;
  if (opts.override) {
    config = deepMerge(FRESH_CONFIG, opts.override);
    validateConfig(config, 'the changed settings (--config/--set)');
  }
  const gathered = new Map<QueryReport, Gathered>();
  const report = runSuite(suite, {
    ...(opts.tmpRoot ? { tmpRoot: opts.tmpRoot } : {}),
    ...(config ? { config } : {}),
    ...(opts.prepare ? { prepare: opts.prepare } : {}),
    onQuery: ({ mem, query, report: qr, idOf, keyOf }) => {
      const name = (id: string) => keyOf.get(id) ?? `~${id}`;
      gathered.set(qr, gather(mem, query, qr, name, (n) => (n.startsWith('~') ? n.slice(1) : idOf(n))));
    },
  });
  const queries: EvalQueryEntry[] = [];
  suite.scenarios.forEach((s) => {
    const sr = report.scenarios.find((x) => x.id === s.id);
    if (!sr) return;
    s.queries.forEach((q, qi) => {
      const qr = sr.queries[qi]!;
      queries.push(entry(q, qr, q.category ?? s.category ?? s.rule, s.id, gathered.get(qr) ?? { pairs: [], redlines: [] }));
    });
  });
  return finish(suite, opts, t0, queries, suite.now, null, { total: report.overall.scenarios, passed: report.overall.passed });
}

function evaluateHome(suite: LoadedSuite, opts: EvaluateOptions, t0: number): EvalReport {
  if (!opts.home) throw new SuiteError(suite.file ?? 'suite', ['home: this suite has queries over a memory home; name it with "home" in the suite or with --home DIR']);
  const now = suite.now || new Date(opts.nowMs ?? Date.now()).toISOString();
  const nowMs = parseTime(now)!.ms;
  let config: JsonObject | undefined;
  if (opts.override) {
    config = deepMerge(readRawConfig(opts.home), opts.override);
    validateConfig(config, 'the changed settings (--config/--set)');
  }
  const copy = copyHome(opts.home, { ...(opts.tmpRoot ? { tmpRoot: opts.tmpRoot } : {}), ...(config ? { config } : {}) });
  try {
    const mem = createOptmem({ dir: copy.dir, now: () => nowMs, durable: false });
    try {
      const qs = suite.queries ?? [];
      checkIdsExist(mem, qs, suite.file ?? 'suite');
      const same = { get: (id: string) => id };
      const ident = (id: string) => id;
      const queries = qs.map((q) => {
        const qr = runQuery(mem, q, now, same, ident);
        return entry(q, qr, q.category ?? 'home', null, gather(mem, q, qr, ident, ident));
      });
      return finish(suite, opts, t0, queries, now, copy.source, null);
    } finally {
      mem.close();
    }
  } finally {
    copy.remove();
  }
}

/** In a home suite, every id a query names must be a record of the home. */
function checkIdsExist(mem: Optmem, qs: SuiteQuery[], source: string): void {
  const problems: string[] = [];
  qs.forEach((q, qi) => {
    (q.expect ?? []).forEach((c, ci) => {
      const keys = new Set(checkKeys(c));
      for (const [f, v] of Object.entries(c as unknown as Record<string, unknown>)) {
        const list = Array.isArray(v) ? v : [v];
        list.forEach((id, i) => {
          if (typeof id === 'string' && keys.has(id) && !mem.get(id)) {
            problems.push(`queries[${qi}].expect[${ci}].${f}${Array.isArray(v) ? `[${i}]` : ''}: no record "${id}" in the memory home`);
          }
        });
      }
    });
    (q.relevant ?? []).forEach((id, i) => {
      if (!mem.get(id)) problems.push(`queries[${qi}].relevant[${i}]: no record "${id}" in the memory home`);
    });
  });
  if (problems.length) throw new SuiteError(source, problems);
}

/** Supersession pairs among the results (from the index's edges, whatever the ranking did) and the red lines expected. */
function gather(mem: Optmem, q: SuiteQuery, qr: QueryReport, name: (id: string) => string, idOfName: (n: string) => string): Gathered {
  const pairs: [string, string][] = [];
  for (const r of qr.ranking) {
    const h = mem.history(r.id);
    if (!h) continue;
    const out = h.edges.filter((e) => e.oldId === r.id && !e.blocked);
    for (const e of out) pairs.push([name(r.id), name(e.newId)]);
    if (out.length && h.current && h.current !== r.id) pairs.push([name(r.id), name(h.current)]);
  }
  for (const c of q.expect ?? []) {
    const x = c as unknown as Record<string, unknown>;
    if (checkName(c) === 'superseded' && typeof x.by === 'string') pairs.push([x.superseded as string, x.by]);
  }
  const relevant = q.relevant ?? relevantFromChecks(q.expect ?? []);
  const mustPin = new Set((q.expect ?? []).filter((c) => checkName(c) === 'pinned').map((c) => (c as { pinned: string }).pinned));
  const redlines = [...mustPin].map((n) => ({ name: n, mustPin: true }));
  for (const n of relevant) {
    if (mustPin.has(n)) continue;
    if (mem.get(idOfName(n))?.tier === 'redline') redlines.push({ name: n, mustPin: false });
  }
  const seen = new Set<string>();
  return { pairs: pairs.filter((p) => (seen.has(p.join('>')) ? false : (seen.add(p.join('>')), true))), redlines };
}

function entry(q: SuiteQuery, qr: QueryReport, category: string, scenario: string | null, g: Gathered): EvalQueryEntry {
  const names = qr.ranking.map((r) => r.key ?? `~${r.id}`);
  const relevant = q.relevant ?? relevantFromChecks(q.expect ?? ([] as Check[]));
  const facts: QueryFacts = {
    ranked: names,
    pinned: qr.ranking.filter((r) => r.pinned).map((r) => r.key ?? `~${r.id}`),
    relevant,
    relevantSource: q.relevant ? 'listed' : 'checks',
    pairs: g.pairs,
    redlines: g.redlines,
    checks: qr.checks.map((c) => c.pass),
  };
  return {
    category,
    scenario,
    query: q.query,
    relevant,
    relevantSource: facts.relevantSource,
    ranking: qr.ranking.slice(0, 10).map((r, i) => `${names[i]}${r.superseded ? '*' : ''}${r.pinned ? '!' : ''}`),
    metrics: queryMetrics(facts),
    checks: qr.checks,
    ...(qr.error ? { error: qr.error } : {}),
  };
}

function finish(suite: LoadedSuite, opts: EvaluateOptions, t0: number, queries: EvalQueryEntry[], now: string, home: string | null, scenarios: EvalReport['scenarios']): EvalReport {
  const cats = [...new Set(queries.map((q) => q.category))];
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    suite: { name: suite.name, file: suite.file, sha256: suite.sha256 ?? null, mode: suiteMode(suite) },
    home,
    config: opts.override ?? null,
    now,
    createdAt: new Date().toISOString(),
    ms: Date.now() - t0,
    overall: aggregate(queries.map((q) => q.metrics)),
    byCategory: Object.fromEntries(cats.map((c) => [c, aggregate(queries.filter((q) => q.category === c).map((q) => q.metrics))])),
    scenarios,
    queries,
  };
}
