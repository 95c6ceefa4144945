/**
 * The evaluation's metrics, as pure functions over what one query returned (docs/EVAL.md gives
 * the definitions). Records are named by their suite key (or id in a home suite); the runner
 * gathers the facts, this module only counts.
 */
import { checkName, type Check } from './suite.js';

/** What one query's metrics are computed from. */
export interface QueryFacts {
  /** the results, in rank order, by name */
  ranked: string[];
  /** names of the results flagged pinned (red lines held first) */
  pinned: string[];
  /** what a good answer returns */
  relevant: string[];
  /** `listed`: the query's own `relevant`; `checks`: derived from its checks (relevantFromChecks) */
  relevantSource: 'listed' | 'checks';
  /** [old, replacement] pairs known to the suite or the index, by name */
  pairs: [string, string][];
  /** red lines the query should bring: `mustPin` when a `pinned` check names it */
  redlines: { name: string; mustPin: boolean }[];
  /** each check's outcome */
  checks: boolean[];
}

export interface QueryMetrics {
  /** null when the relevant set is empty (the query is not graded) */
  hit1: number | null;
  recall5: number | null;
  recall10: number | null;
  mrr: number | null;
  ndcg10: number | null;
  /** 1: a superseded record ranked above its replacement; 0: none did; null: no pair had both present */
  staleOnTop: number | null;
  redlinesExpected: number;
  redlinesFound: number;
  checks: number;
  checksPassed: number;
}

/** A group's metrics: means over the queries each metric applies to (null when none does). */
export interface MetricSet {
  queries: number;
  /** queries with a non-empty relevant set */
  graded: number;
  hit1: number | null;
  recall5: number | null;
  recall10: number | null;
  mrr: number | null;
  ndcg10: number | null;
  staleOnTop: number | null;
  /** queries where a superseded record and its replacement were both returned */
  staleEligible: number;
  staleCount: number;
  redlineRecall: number | null;
  redlines: number;
  redlinesFound: number;
  checkPassRate: number | null;
  checks: number;
  checksPassed: number;
  /** share of queries with checks whose checks all pass */
  queryPassRate: number | null;
}

export type MetricKey = 'hit1' | 'recall5' | 'recall10' | 'mrr' | 'ndcg10' | 'staleOnTop' | 'redlineRecall' | 'checkPassRate' | 'queryPassRate';

export interface MetricDef {
  key: MetricKey;
  label: string;
  /** which way is better: the gate calls a move the other way a drop */
  better: 'higher' | 'lower';
}

/** The metrics the table prints and the gate compares, in order. */
export const METRICS: readonly MetricDef[] = [
  { key: 'hit1', label: 'hit@1', better: 'higher' },
  { key: 'recall5', label: 'recall@5', better: 'higher' },
  { key: 'recall10', label: 'recall@10', better: 'higher' },
  { key: 'mrr', label: 'MRR', better: 'higher' },
  { key: 'ndcg10', label: 'nDCG@10', better: 'higher' },
  { key: 'staleOnTop', label: 'stale-on-top', better: 'lower' },
  { key: 'redlineRecall', label: 'red-line recall', better: 'higher' },
  { key: 'checkPassRate', label: 'checks passed', better: 'higher' },
  { key: 'queryPassRate', label: 'queries passed', better: 'higher' },
];

/**
 * The relevant set of a query without `relevant`: the records its checks say a good answer
 * returns — rank1, top, the first of above, superseded's `by`, notSuperseded, pinned — less any
 * the checks call stale (superseded) or unwanted (absent).
 */
export function relevantFromChecks(checks: readonly Check[]): string[] {
  const want: string[] = [];
  const not = new Set<string>();
  for (const check of checks) {
    const c = check as unknown as Record<string, unknown>;
    switch (checkName(check)) {
      case 'rank1':
        want.push(c.rank1 as string);
        break;
      case 'top':
        want.push(c.top as string);
        break;
      case 'above':
        want.push((c.above as string[])[0]!);
        break;
      case 'superseded':
        if (c.by !== undefined) want.push(c.by as string);
        not.add(c.superseded as string);
        break;
      case 'notSuperseded':
        want.push(c.notSuperseded as string);
        break;
      case 'pinned':
        want.push(c.pinned as string);
        break;
      case 'absent':
        not.add(c.absent as string);
        break;
      default:
        break;
    }
  }
  return [...new Set(want)].filter((k) => !not.has(k));
}

const log2 = (x: number) => Math.log(x) / Math.LN2;

/** One query's metrics. */
export function queryMetrics(f: QueryFacts): QueryMetrics {
  const rel = new Set(f.relevant);
  const pos = new Map<string, number>();
  f.ranked.forEach((n, i) => {
    if (!pos.has(n)) pos.set(n, i);
  });
  const graded = rel.size > 0;
  const within = (k: number) => [...rel].filter((n) => (pos.get(n) ?? Infinity) < k).length / rel.size;
  const firstRel = f.ranked.findIndex((n) => rel.has(n));
  let dcg = 0;
  f.ranked.slice(0, 10).forEach((n, i) => {
    if (rel.has(n)) dcg += 1 / log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(rel.size, 10); i++) idcg += 1 / log2(i + 2);

  const present = f.pairs.filter(([o, n]) => pos.has(o) && pos.has(n));
  const stale = present.some(([o, n]) => pos.get(o)! < pos.get(n)!);
  const pinned = new Set(f.pinned);
  const found = f.redlines.filter((r) => pos.has(r.name) && (!r.mustPin || pinned.has(r.name))).length;
  return {
    hit1: graded ? (firstRel === 0 ? 1 : 0) : null,
    recall5: graded ? within(5) : null,
    recall10: graded ? within(10) : null,
    mrr: graded ? (firstRel < 0 ? 0 : 1 / (firstRel + 1)) : null,
    ndcg10: graded ? dcg / idcg : null,
    staleOnTop: present.length ? (stale ? 1 : 0) : null,
    redlinesExpected: f.redlines.length,
    redlinesFound: found,
    checks: f.checks.length,
    checksPassed: f.checks.filter(Boolean).length,
  };
}

const mean = (xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/** A group's metrics from its queries' metrics. */
export function aggregate(list: readonly QueryMetrics[]): MetricSet {
  const staleEligible = list.filter((q) => q.staleOnTop !== null).length;
  const staleCount = list.filter((q) => q.staleOnTop === 1).length;
  const redlines = list.reduce((s, q) => s + q.redlinesExpected, 0);
  const redlinesFound = list.reduce((s, q) => s + q.redlinesFound, 0);
  const checks = list.reduce((s, q) => s + q.checks, 0);
  const checksPassed = list.reduce((s, q) => s + q.checksPassed, 0);
  const withChecks = list.filter((q) => q.checks > 0);
  return {
    queries: list.length,
    graded: list.filter((q) => q.hit1 !== null).length,
    hit1: mean(list.map((q) => q.hit1)),
    recall5: mean(list.map((q) => q.recall5)),
    recall10: mean(list.map((q) => q.recall10)),
    mrr: mean(list.map((q) => q.mrr)),
    ndcg10: mean(list.map((q) => q.ndcg10)),
    staleOnTop: staleEligible ? staleCount / staleEligible : null,
    staleEligible,
    staleCount,
    redlineRecall: redlines ? redlinesFound / redlines : null,
    redlines,
    redlinesFound,
    checkPassRate: checks ? checksPassed / checks : null,
    checks,
    checksPassed,
    queryPassRate: withChecks.length ? withChecks.filter((q) => q.checksPassed === q.checks).length / withChecks.length : null,
  };
}
