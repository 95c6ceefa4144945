import { describe, expect, it } from 'vitest';
import { aggregate, queryMetrics, relevantFromChecks, type QueryFacts } from './metrics.js';
import { compareReports } from './gate.js';
import type { EvalReport } from './evaluate.js';

const facts = (over: Partial<QueryFacts>): QueryFacts => ({
  ranked: [],
  pinned: [],
  relevant: [],
  relevantSource: 'checks',
  pairs: [],
  redlines: [],
  checks: [],
  ...over,
});

describe('relevantFromChecks', () => {
  it('takes rank1, top, the first of above, superseded-by, notSuperseded and pinned; drops stale and absent ones', () => {
    expect(
      relevantFromChecks([
        { rank1: 'fix' },
        { superseded: 'old', by: 'fix' },
        { above: ['b', 'c'] },
        { top: 'd', k: 3 },
        { pinned: 'rl' },
        { notSuperseded: 'e' },
        { absent: 'x' },
        { onlyDomains: ['code'] },
        { top: 'old', k: 5 },
      ]),
    ).toEqual(['fix', 'b', 'd', 'rl', 'e']);
  });
});

describe('queryMetrics', () => {
  it('hit@1, recall@k, MRR and nDCG@10 over a binary relevant set', () => {
    const m = queryMetrics(facts({ ranked: ['n1', 'a', 'n2', 'n3', 'n4', 'n5', 'b'], relevant: ['a', 'b'] }));
    expect(m.hit1).toBe(0);
    expect(m.recall5).toBe(0.5);
    expect(m.recall10).toBe(1);
    expect(m.mrr).toBe(0.5);
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(8);
    const idcg = 1 + 1 / Math.log2(3);
    expect(m.ndcg10).toBeCloseTo(dcg / idcg, 10);
  });

  it('an empty relevant set is not graded', () => {
    const m = queryMetrics(facts({ ranked: ['a'] }));
    expect([m.hit1, m.recall5, m.mrr, m.ndcg10]).toEqual([null, null, null, null]);
  });

  it('stale-on-top counts only pairs with both records present', () => {
    expect(queryMetrics(facts({ ranked: ['old', 'fix'], pairs: [['old', 'fix']] })).staleOnTop).toBe(1);
    expect(queryMetrics(facts({ ranked: ['fix', 'old'], pairs: [['old', 'fix']] })).staleOnTop).toBe(0);
    expect(queryMetrics(facts({ ranked: ['old'], pairs: [['old', 'fix']] })).staleOnTop).toBeNull();
  });

  it('red lines count when returned, and pinned when a check asks', () => {
    const m = queryMetrics(facts({ ranked: ['r1', 'r2'], pinned: ['r2'], redlines: [{ name: 'r1', mustPin: true }, { name: 'r2', mustPin: true }, { name: 'r3', mustPin: false }] }));
    expect([m.redlinesExpected, m.redlinesFound]).toEqual([3, 1]);
  });

  it('aggregate averages where a metric applies', () => {
    const a = aggregate([
      queryMetrics(facts({ ranked: ['a'], relevant: ['a'], pairs: [['x', 'a']], checks: [true, true] })),
      queryMetrics(facts({ ranked: ['b', 'a'], relevant: ['a'], checks: [false, true] })),
      queryMetrics(facts({ ranked: ['z'], checks: [] })),
    ]);
    expect(a.queries).toBe(3);
    expect(a.graded).toBe(2);
    expect(a.hit1).toBe(0.5);
    expect(a.mrr).toBe(0.75);
    expect(a.staleOnTop).toBeNull();
    expect(a.checkPassRate).toBe(0.75);
    expect(a.queryPassRate).toBe(0.5);
  });
});

describe('compareReports', () => {
  const report = (hit1: number, stale: number | null): EvalReport =>
    ({
      format: 'optmem-eval-report',
      suite: { name: 's', sha256: 'x' },
      overall: { hit1, staleOnTop: stale },
      byCategory: { a: { hit1, staleOnTop: stale } },
    }) as unknown as EvalReport;

  it('a drop beyond the tolerance fails, a drop within it does not, and lower-is-better metrics drop by rising', () => {
    expect(compareReports(report(0.9, 0), report(0.89, 0)).dropped).toEqual([]);
    const c = compareReports(report(0.9, 0), report(0.8, 0.25));
    expect(c.dropped.map((d) => `${d.scope}:${d.metric}`)).toEqual(['overall:hit1', 'overall:staleOnTop', 'a:hit1', 'a:staleOnTop']);
    expect(compareReports(report(0.8, 0.25), report(0.9, 0)).dropped).toEqual([]);
  });

  it('a metric missing on one side is shown, never gated', () => {
    const c = compareReports(report(0.9, 0), report(0.9, null));
    expect(c.dropped).toEqual([]);
    expect(c.diffs.find((d) => d.metric === 'staleOnTop')!.delta).toBeNull();
  });
});
