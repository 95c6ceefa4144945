import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup } from '../types.js';
import { tierStage } from './tiers.js';

const noLookup: QueryLookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] };
const q: ParsedQuery = { text: 'x', terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: true, recent: false, timePhrase: null, windowFromQuery: false };
const ctx = (options = RANKING_DEFAULTS): QueryContext => ({ q, options, lookup: noLookup });

function cand(tier: Candidate['rec']['tier'], score = 1): Candidate {
  return {
    rec: { id: tier, rid: 1, time: '2026-01-01T00:00:00Z', timeMs: 0, domain: null, project: null, kind: 'note', tier, corrects: [], source: {}, tags: [], text: 'x', file: 'f', line: 1 },
    bm25: 1, mode: 'and', matchedTerms: [], relevance: score, score, superseded: null, conflicts: [], pinned: false, trace: [],
  };
}

describe('tier stage', () => {
  it('orders evidence > normal > chatter at equal relevance, red lines untouched (they are pinned instead)', () => {
    const [e, n, c, r] = tierStage.run(ctx(), [cand('evidence'), cand('normal'), cand('chatter'), cand('redline')]);
    expect(e!.score).toBe(RANKING_DEFAULTS.tierWeights.evidence);
    expect(n!.score).toBe(1);
    expect(c!.score).toBe(RANKING_DEFAULTS.tierWeights.chatter);
    expect(r!.score).toBe(1);
    expect(e!.score).toBeGreaterThan(n!.score);
    expect(n!.score).toBeGreaterThan(c!.score);
    expect(e!.trace).toEqual([{ stage: 'tier', tier: 'evidence', factor: RANKING_DEFAULTS.tierWeights.evidence }]);
  });

  it('is bounded: tier can overturn at most a 44% relevance gap (evidence over chatter)', () => {
    const w = RANKING_DEFAULTS.tierWeights;
    expect(w.evidence / w.chatter).toBeLessThanOrEqual(1.44);
    // A strong chatter match stays above a weak evidence match.
    const [strongChatter, weakEvidence] = tierStage.run(ctx(), [cand('chatter', 1), cand('evidence', 0.6)]);
    expect(strongChatter!.score).toBeGreaterThan(weakEvidence!.score);
    // And a strong normal match above a weak evidence match.
    const [strongNormal, weakEv] = tierStage.run(ctx(), [cand('normal', 1), cand('evidence', 0.8)]);
    expect(strongNormal!.score).toBeGreaterThan(weakEv!.score);
  });

  it('reads its weights from the options', () => {
    const options = { ...RANKING_DEFAULTS, tierWeights: { evidence: 2, normal: 1, chatter: 0.5 } };
    const [e, c] = tierStage.run(ctx(options), [cand('evidence'), cand('chatter')]);
    expect(e!.score).toBe(2);
    expect(c!.score).toBe(0.5);
  });
});
