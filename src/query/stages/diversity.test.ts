import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { Candidate, ParsedQuery, QueryContext } from '../types.js';
import { diversityStage } from './diversity.js';

function cand(rid: number, session: string | null, score: number): Candidate {
  const rec: IndexedRecord = { id: `r${rid}`, rid, time: '', timeMs: rid, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], source: session ? { session } : {}, tags: [], text: 'x', file: 'f', line: rid };
  return { rec, bm25: score, mode: 'or', matchedTerms: ['x'], relevance: score, score, superseded: null, conflicts: [], pinned: false, trace: [] };
}
function ctx(sessionDiversity: number, asks = true): QueryContext {
  const q: ParsedQuery = { text: 'x?', terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: false, recent: false, timePhrase: null, windowFromQuery: false, asks };
  return { q, options: { ...RANKING_DEFAULTS, sessionDiversity }, lookup: { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] } };
}

describe('diversity stage', () => {
  it('the second record of a session gives way to the best record of another session', () => {
    const out = diversityStage.run(ctx(0.3), [cand(1, 's1', 1), cand(2, 's1', 0.9), cand(3, 's2', 0.8), cand(4, null, 0.85)]);
    const score = (id: string) => out.find((c) => c.rec.id === id)!.score;
    expect(score('r1')).toBe(1);
    expect(score('r2')).toBeCloseTo(0.9 * 0.7, 9);
    expect(score('r3')).toBe(0.8);
    expect(score('r4')).toBe(0.85); // no session: never weighed down
  });

  it('is off by default and for a lookup by words', () => {
    for (const c of [ctx(RANKING_DEFAULTS.sessionDiversity), ctx(0.3, false)]) {
      const out = diversityStage.run(c, [cand(1, 's1', 1), cand(2, 's1', 0.9)]);
      expect(out[1]!.score).toBe(0.9);
    }
  });
});
