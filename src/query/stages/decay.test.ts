import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup } from '../types.js';
import { decayStage } from './decay.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const noLookup: QueryLookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] };

function ctx(recent = false): QueryContext {
  const q: ParsedQuery = { text: 'x', terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: NOW, explain: true, recent, timePhrase: null, windowFromQuery: false };
  return { q, options: RANKING_DEFAULTS, lookup: noLookup };
}

function cand(ageDays: number, opts: { domain?: string | null; tier?: Candidate['rec']['tier']; score?: number } = {}): Candidate {
  const timeMs = NOW - ageDays * DAY;
  return {
    rec: { id: `r${ageDays}`, rid: 1, time: new Date(timeMs).toISOString(), timeMs, domain: opts.domain ?? null, project: null, kind: 'note', tier: opts.tier ?? 'normal', corrects: [], source: {}, tags: [], text: 'x', file: 'f', line: 1 },
    bm25: 1, mode: 'and', matchedTerms: [], relevance: opts.score ?? 1, score: opts.score ?? 1, superseded: null, conflicts: [], pinned: false, trace: [],
  };
}

const factor = (c: Candidate) => (c.trace.find((t) => t.stage === 'decay') as { factor: number }).factor;

describe('decay stage', () => {
  const floor = RANKING_DEFAULTS.decayFloor;

  it('at an age of one half-life the factor is floor + (1 - floor) / 2', () => {
    const [a, b] = decayStage.run(ctx(), [cand(90), cand(180, { domain: 'code' })]);
    expect(factor(a!)).toBeCloseTo(floor + (1 - floor) / 2, 9);
    expect(factor(b!)).toBeCloseTo(floor + (1 - floor) / 2, 9); // code's half-life is 180 days
    expect(a!.score).toBeCloseTo(floor + (1 - floor) / 2, 9);
  });

  it('is 1 at age 0 (and for future records) and never goes below the floor', () => {
    const [now, future, ancient] = decayStage.run(ctx(), [cand(0), cand(-3), cand(5000)]);
    expect(factor(now!)).toBe(1);
    expect(factor(future!)).toBe(1);
    expect(factor(ancient!)).toBeGreaterThanOrEqual(floor);
    expect(factor(ancient!)).toBeCloseTo(floor, 6);
  });

  it('falls monotonically with age: newer outranks older at equal relevance', () => {
    const out = decayStage.run(ctx(), [cand(200), cand(30), cand(1)]);
    expect(out[2]!.score).toBeGreaterThan(out[1]!.score);
    expect(out[1]!.score).toBeGreaterThan(out[0]!.score);
  });

  it('never decays a red line, however old', () => {
    const [red] = decayStage.run(ctx(), [cand(400, { tier: 'redline', score: 0.7 })]);
    expect(factor(red!)).toBe(1);
    expect(red!.score).toBe(0.7);
    const [redRecent] = decayStage.run(ctx(true), [cand(400, { tier: 'redline', score: 0.7 })]);
    expect(redRecent!.score).toBe(0.7);
  });

  it('a recent-intent query shortens the half-life and lowers the floor', () => {
    const h = 90 * RANKING_DEFAULTS.recentHalfLifeFactor;
    const f = RANKING_DEFAULTS.recentDecayFloor;
    const [c] = decayStage.run(ctx(true), [cand(h)]);
    expect(factor(c!)).toBeCloseTo(f + (1 - f) / 2, 9);
    const t = c!.trace[0] as { halfLifeDays: number; floor: number; recentQuery: boolean };
    expect(t).toMatchObject({ halfLifeDays: h, floor: f, recentQuery: true });
    const [plain] = decayStage.run(ctx(false), [cand(h)]);
    expect(factor(plain!)).toBeGreaterThan(factor(c!));
  });

  it('keeps a strongly relevant old record above a weak fresh one (the floor guards it)', () => {
    const [old, fresh] = decayStage.run(ctx(), [cand(1000, { score: 1 }), cand(0, { score: 0.3 })]);
    expect(old!.score).toBeGreaterThan(fresh!.score);
  });
});
