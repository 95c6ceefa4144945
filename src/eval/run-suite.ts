/**
 * Run a ranking suite through the public API: for each scenario a fresh temporary memory home
 * holding the suite's noise (imported once, then copied with its index for each scenario) and the
 * scenario's records imported, every query searched, every check evaluated against the ranking.
 * Deterministic: ids are derived from the scenario and key, every clock is the suite's `now`,
 * nothing touches the network. The homes are deleted afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createOptmem, type Optmem } from '../optmem.js';
import { parseTime } from '../core/time.js';
import type { SearchHit } from '../query/types.js';
import { RULES, checkName, type Check, type LoadedSuite, type Rule, type Scenario, type SuiteQuery } from './suite.js';
import { layoutOf } from '../store/layout.js';
import { copyHome } from './home-copy.js';
import { scratchRoot } from './scratch.js';

export interface RankedItem {
  id: string;
  /** the scenario key, or null for a noise record */
  key: string | null;
  domain: string | null;
  superseded: boolean;
  supersededBy: string | null;
  pinned: boolean;
  /** redline, evidence, normal or chatter */
  tier: string;
}

export interface CheckResult {
  check: Check;
  pass: boolean;
  /** why it failed (or what it saw), with the ranking in keys */
  reason: string;
}

export interface QueryReport {
  query: string;
  /** the ranking as returned: every hit's id and, for scenario records, its key */
  ranking: RankedItem[];
  checks: CheckResult[];
  /** an error the search threw, if any (every check then fails) */
  error?: string;
}

export interface ScenarioReport {
  id: string;
  rule: Rule;
  note?: string;
  pass: boolean;
  /** key → id as imported */
  ids: Record<string, string>;
  queries: QueryReport[];
  error?: string;
}

export interface RateRow {
  scenarios: number;
  passed: number;
  checks: number;
  checksPassed: number;
  /** passed / scenarios (0 when there are none) */
  rate: number;
  checkRate: number;
}

export interface SuiteReport {
  name: string;
  scenarios: ScenarioReport[];
  byRule: Record<Rule, RateRow>;
  overall: RateRow;
  ms: number;
}

export interface RunOptions {
  /** where the temporary homes go (default: the system temp folder) */
  tmpRoot?: string;
  /** run only these scenario ids */
  only?: string[];
  /** keep the homes (for debugging); they are deleted by default */
  keepHomes?: boolean;
  /**
   * config.json for every scenario home (a whole home config, validated when the home opens):
   * how `optmem eval --config` tries changed settings. Default: a fresh home's config.
   */
  config?: Record<string, unknown>;
  /** called after each query while its home is still open: the metrics read the index here */
  onQuery?: (q: QueryVisit) => void;
  /** called once per scenario home after its records are in and before its queries (e.g. consolidation) */
  prepare?: (mem: Optmem, nowMs: number) => void;
}

/** What onQuery sees: the open home, the query, its report, and the key ↔ id maps. */
export interface QueryVisit {
  mem: Optmem;
  scenario: Scenario;
  query: SuiteQuery;
  report: QueryReport;
  idOf: (key: string) => string;
  keyOf: Map<string, string>;
}

/** The id a scenario record gets: stable, readable, unique across the suite. */
export function recordId(scenarioIndex: number, key: string): string {
  return `s${String(scenarioIndex + 1).padStart(3, '0')}-${key}`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
}

/**
 * A suite's records are the user's own memory: each line says so (`origin: owner`, unless it names
 * another), so an import keeps them as the owner's and the quarantine scan, which judges writes from
 * anyone else, leaves them alone. A suite measures ranking, not the scan.
 */
export function ownersLines(jsonl: string): string {
  return jsonl
    .split('\n')
    .map((line) => {
      let o: unknown;
      try {
        o = JSON.parse(line);
      } catch {
        return line; // the import names the file and line of a broken one
      }
      return typeof o === 'object' && o !== null && !Array.isArray(o) && (o as { origin?: unknown }).origin === undefined ? JSON.stringify({ ...o, origin: 'owner' }) : line;
    })
    .join('\n');
}

/** A scenario's records as import lines, under their suite ids. */
export function scenarioJsonl(s: Scenario, idOf: (key: string) => string): string {
  return s.records
    .map((r) => {
      const corrects = r.corrects === undefined ? undefined : (typeof r.corrects === 'string' ? [r.corrects] : r.corrects).map(idOf);
      return JSON.stringify({
        id: idOf(r.key),
        time: r.time,
        text: r.text,
        ...(r.domain !== undefined ? { domain: r.domain } : {}),
        ...(r.project !== undefined ? { project: r.project } : {}),
        ...(r.kind !== undefined ? { kind: r.kind } : {}),
        ...(r.tier !== undefined ? { tier: r.tier } : {}),
        ...(corrects ? { corrects } : {}),
        ...(r.tags ? { tags: r.tags } : {}),
        origin: 'owner',
      });
    })
    .join('\n');
}

function rankingLine(ranking: RankedItem[], n = 10): string {
  const items = ranking.slice(0, n).map((r, i) => `${i + 1}.${r.key ?? `~${r.id}`}${r.pinned ? '📌' : ''}${r.superseded ? '(sup)' : ''}`);
  return `[${items.join(' ')}${ranking.length > n ? ` …+${ranking.length - n}` : ''}]`;
}

/** Evaluate one check against a ranking. */
export function evaluateCheck(check: Check, ranking: RankedItem[], hits: SearchHit[], idOf: (key: string) => string): CheckResult {
  const pos = (key: string) => ranking.findIndex((r) => r.key === key);
  const seen = () => `ranking ${rankingLine(ranking)}`;
  const res = (pass: boolean, why: string): CheckResult => ({ check, pass, reason: pass ? why : `${why}; ${seen()}` });
  const c = check as Record<string, unknown>;
  switch (checkName(check)) {
    case 'rank1': {
      const k = c.rank1 as string;
      const p = pos(k);
      return res(p === 0, p === 0 ? `${k} first` : p < 0 ? `${k} absent` : `${k} at ${p + 1}, first is ${ranking[0]?.key ?? ranking[0]?.id ?? 'nothing'}`);
    }
    case 'top': {
      const k = c.top as string;
      const n = c.k as number;
      const p = pos(k);
      return res(p >= 0 && p < n, p < 0 ? `${k} absent (wanted in top ${n})` : `${k} at ${p + 1} (wanted in top ${n})`);
    }
    case 'above': {
      const [a, b] = c.above as [string, string];
      const pa = pos(a);
      const pb = pos(b);
      if (pa < 0 || pb < 0) return res(false, `${pa < 0 ? a : b} absent (both must be present)`);
      return res(pa < pb, `${a} at ${pa + 1}, ${b} at ${pb + 1}`);
    }
    case 'superseded': {
      const k = c.superseded as string;
      const p = pos(k);
      if (p < 0) return res(false, `${k} absent (cannot see its flag)`);
      const r = ranking[p]!;
      if (!r.superseded) return res(false, `${k} not flagged superseded`);
      if (c.by !== undefined && r.supersededBy !== idOf(c.by as string)) {
        return res(false, `${k} supersededBy ${r.supersededBy}, wanted ${idOf(c.by as string)}`);
      }
      if (c.inferred !== undefined) {
        const inferred = hits[p]?.supersession?.inferred ?? false;
        if (inferred !== c.inferred) return res(false, `${k} supersession inferred=${inferred}, wanted ${String(c.inferred)}`);
      }
      return res(true, `${k} superseded by ${r.supersededBy}`);
    }
    case 'notSuperseded': {
      const k = c.notSuperseded as string;
      const p = pos(k);
      if (p < 0) return res(false, `${k} absent`);
      return res(!ranking[p]!.superseded, ranking[p]!.superseded ? `${k} flagged superseded by ${ranking[p]!.supersededBy}` : `${k} not superseded`);
    }
    case 'absent': {
      const k = c.absent as string;
      const p = pos(k);
      return res(p < 0, p < 0 ? `${k} absent` : `${k} present at ${p + 1}`);
    }
    case 'onlyDomains': {
      const ds = c.onlyDomains as string[];
      if (ranking.length === 0) return res(false, 'no results');
      const bad = ranking.filter((r) => r.domain === null || !ds.includes(r.domain));
      return res(bad.length === 0, bad.length ? `results from other domains: ${bad.map((r) => `${r.key ?? r.id}(${r.domain ?? 'none'})`).join(', ')}` : `all from ${ds.join(', ')}`);
    }
    case 'pinned': {
      const k = c.pinned as string;
      const p = pos(k);
      if (p < 0) return res(false, `${k} absent`);
      return res(ranking[p]!.pinned, ranking[p]!.pinned ? `${k} pinned` : `${k} at ${p + 1}, not pinned`);
    }
    case 'conflicts': {
      const k = c.conflicts as string;
      const w = idOf(c.with as string);
      const p = pos(k);
      if (p < 0) return res(false, `${k} absent`);
      const got = hits[p]?.conflicts ?? [];
      return res(got.includes(w), `${k} conflicts [${got.join(', ')}], wanted ${w}`);
    }
  }
}

function rateRow(list: ScenarioReport[]): RateRow {
  const checks = list.flatMap((s) => s.queries.flatMap((q) => q.checks));
  const passed = list.filter((s) => s.pass).length;
  const checksPassed = checks.filter((c) => c.pass).length;
  return {
    scenarios: list.length,
    passed,
    checks: checks.length,
    checksPassed,
    rate: list.length ? passed / list.length : 0,
    checkRate: checks.length ? checksPassed / checks.length : 0,
  };
}

/** Search one query and evaluate its checks; `keyOf` maps ids to the names checks use. */
export function runQuery(mem: Optmem, q: SuiteQuery, suiteNow: string, keyOf: Pick<Map<string, string>, 'get'>, idOf: (k: string) => string): QueryReport {
  let hits: SearchHit[];
  try {
    hits = mem.search({
      query: q.query,
      now: q.now ?? suiteNow,
      ...(q.limit !== undefined ? { limit: q.limit } : {}),
      ...(q.domains ? { domains: q.domains } : {}),
      ...(q.projects ? { projects: q.projects } : {}),
      ...(q.since ? { since: q.since } : {}),
      ...(q.until ? { until: q.until } : {}),
    }).results;
  } catch (e) {
    const error = (e as Error).message;
    return { query: q.query, ranking: [], error, checks: (q.expect ?? []).map((check) => ({ check, pass: false, reason: `search failed: ${error}` })) };
  }
  const ranking: RankedItem[] = hits.map((h) => ({
    id: h.id,
    key: keyOf.get(h.id) ?? null,
    domain: h.domain,
    superseded: h.superseded,
    supersededBy: h.supersededBy,
    pinned: h.pinned,
    tier: h.tier,
  }));
  return { query: q.query, ranking, checks: (q.expect ?? []).map((c) => evaluateCheck(c, ranking, hits, idOf)) };
}

/** Run every scenario of a loaded suite; returns the typed report. */
export function runSuite(suite: LoadedSuite, opts: RunOptions = {}): SuiteReport {
  const t0 = Date.now();
  const nowParsed = parseTime(suite.now);
  if (!nowParsed) throw new Error(`now: "${suite.now}" is not an ISO 8601 time`);
  const nowMs = nowParsed.ms;
  const root = fs.mkdtempSync(path.join(opts.tmpRoot ?? scratchRoot(), 'optmem-eval-'));
  const reports: ScenarioReport[] = [];
  try {
    // The noise is the same for every scenario: imported once, then each scenario starts from a copy.
    const noise = suite.noiseText.trim() ? noiseHome(suite, root, nowMs, opts.config) : null;
    suite.scenarios.forEach((s, si) => {
      if (opts.only && !opts.only.includes(s.id)) return;
      const idOf = (key: string) => recordId(si, key);
      const ids = Object.fromEntries(s.records.map((r) => [r.key, idOf(r.key)]));
      const keyOf = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
      const report: ScenarioReport = { id: s.id, rule: s.rule, ...(s.note ? { note: s.note } : {}), pass: false, ids, queries: [] };
      // A copy of the noise home's truth, its index adopted so the copy opens without reading the log again.
      const dir = noise && 'home' in noise ? copyHome(noise.home, { tmpRoot: root, index: (f) => fs.copyFileSync(noise.index, f) }).dir : path.join(root, `home-${si + 1}`);
      if (!noise && opts.config) {
        fs.mkdirSync(layoutOf(dir).logDir, { recursive: true });
        fs.writeFileSync(layoutOf(dir).configFile, JSON.stringify(opts.config, null, 2) + '\n');
      }
      const mem = createOptmem({ dir, create: true, now: () => nowMs, durable: false });
      try {
        if (noise && 'error' in noise) throw noise.error;
        mem.import(scenarioJsonl(s, idOf), { source: `scenario ${s.id}` });
        opts.prepare?.(mem, nowMs);
        report.queries = s.queries.map((q) => {
          const qr = runQuery(mem, q, suite.now, keyOf, idOf);
          opts.onQuery?.({ mem, scenario: s, query: q, report: qr, idOf, keyOf });
          return qr;
        });
        report.pass = report.queries.every((q) => q.checks.every((c) => c.pass));
      } catch (e) {
        report.error = (e as Error).message;
        report.queries = s.queries.map((q) => ({ query: q.query, ranking: [], checks: (q.expect ?? []).map((check) => ({ check, pass: false, reason: `scenario failed to load: ${report.error}` })) }));
      } finally {
        mem.close();
        if (!opts.keepHomes) fs.rmSync(dir, { recursive: true, force: true });
      }
      reports.push(report);
    });
  } finally {
    if (!opts.keepHomes) fs.rmSync(root, { recursive: true, force: true });
  }
  const byRule = Object.fromEntries(RULES.map((r) => [r, rateRow(reports.filter((s) => s.rule === r))])) as Record<Rule, RateRow>;
  return { name: suite.name, scenarios: reports, byRule, overall: rateRow(reports), ms: Date.now() - t0 };
}

/**
 * The suite's noise imported into a home of its own (with the run's config), and its index written
 * beside it: the start of every scenario. A noise file that does not import is every scenario's error.
 */
function noiseHome(suite: LoadedSuite, root: string, nowMs: number, config: Record<string, unknown> | undefined): { home: string; index: string } | { error: Error } {
  const home = path.join(root, 'noise-home');
  const index = path.join(root, 'noise-index.sqlite');
  if (config) {
    fs.mkdirSync(layoutOf(home).logDir, { recursive: true });
    fs.writeFileSync(layoutOf(home).configFile, JSON.stringify(config, null, 2) + '\n');
  }
  const mem = createOptmem({ dir: home, create: true, now: () => nowMs, durable: false });
  try {
    mem.import(ownersLines(suite.noiseText), { source: suite.noise ?? 'noise' });
    mem.snapshotIndex(index);
    return { home, index };
  } catch (e) {
    return { error: e as Error };
  } finally {
    mem.close();
  }
}

/** The per-rule table, as text. */
export function formatReport(r: SuiteReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
  const lines = [`${r.name}: ${r.overall.passed}/${r.overall.scenarios} scenarios, ${r.overall.checksPassed}/${r.overall.checks} checks (${r.ms} ms)`];
  lines.push('rule           scenarios  pass-rate   checks    check-rate');
  const row = (name: string, x: RateRow) =>
    `${name.padEnd(14)} ${`${x.passed}/${x.scenarios}`.padStart(9)}  ${pct(x.rate)}   ${`${x.checksPassed}/${x.checks}`.padStart(7)}   ${pct(x.checkRate)}`;
  for (const rule of RULES) lines.push(row(rule, r.byRule[rule]));
  lines.push(row('overall', r.overall));
  const failed = r.scenarios.filter((s) => !s.pass);
  if (failed.length) {
    lines.push('', 'failing scenarios:');
    for (const s of failed) {
      lines.push(`- ${s.id} (${s.rule})${s.note ? `: ${s.note}` : ''}`);
      if (s.error) lines.push(`    error: ${s.error}`);
      for (const q of s.queries) for (const c of q.checks) if (!c.pass) lines.push(`    "${q.query}" ${JSON.stringify(c.check)}: ${c.reason}`);
    }
  }
  return lines.join('\n');
}
