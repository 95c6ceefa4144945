import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import { order } from '../pipeline.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup } from '../types.js';
import { redlineStage } from './redline.js';

const noLookup: QueryLookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] };
const q: ParsedQuery = { text: 'x', terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: true, recent: false, timePhrase: null, windowFromQuery: false };
const ctx: QueryContext = { q, options: RANKING_DEFAULTS, lookup: noLookup };

function cand(id: string, tier: Candidate['rec']['tier'], relevance: number, score = relevance): Candidate {
  return {
    rec: { id, rid: 1, time: '2026-01-01T00:00:00Z', timeMs: 0, domain: null, project: null, kind: 'note', tier, corrects: [], source: {}, tags: [], text: 'x', file: 'f', line: 1 },
    bm25: 1, mode: 'and', matchedTerms: [], relevance, score, superseded: null, conflicts: [], pinned: false, trace: [],
  };
}

describe('red line stage', () => {
  it('pins a relevant red line, and order() puts it first whatever its score', () => {
    const red = cand('red', 'redline', 0.5, 0.2);
    const strong = cand('strong', 'normal', 1, 1.1);
    const out = order(redlineStage.run(ctx, [strong, red]));
    expect(red.pinned).toBe(true);
    expect(out.map((c) => c.rec.id)).toEqual(['red', 'strong']);
    expect(red.trace[0]).toMatchObject({ stage: 'redline', pinned: true });
  });

  it('does not pin a red line below the relevance threshold', () => {
    const red = cand('red', 'redline', RANKING_DEFAULTS.redlineMinRelevance - 0.01);
    redlineStage.run(ctx, [red]);
    expect(red.pinned).toBe(false);
    const atMin = cand('red2', 'redline', RANKING_DEFAULTS.redlineMinRelevance);
    redlineStage.run(ctx, [atMin]);
    expect(atMin.pinned).toBe(true);
  });

  it('does not pin a red line a newer red line superseded', () => {
    const old = cand('old', 'redline', 1);
    old.superseded = { by: 'new', current: 'new', method: 'explicit', inferred: false, evidence: 'id' };
    redlineStage.run(ctx, [old]);
    expect(old.pinned).toBe(false);
    expect(old.trace[0]).toMatchObject({ stage: 'redline', pinned: false });
  });

  it('pins nothing but red lines', () => {
    const cs = [cand('e', 'evidence', 1), cand('n', 'normal', 1), cand('c', 'chatter', 1)];
    redlineStage.run(ctx, cs);
    expect(cs.every((c) => !c.pinned && c.trace.length === 0)).toBe(true);
  });

  it('among several pinned red lines, the better score comes first', () => {
    const a = cand('a', 'redline', 0.6);
    const b = cand('b', 'redline', 0.9);
    expect(order(redlineStage.run(ctx, [a, b])).map((c) => c.rec.id)).toEqual(['b', 'a']);
  });
});
