import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { QueryTerm } from '../../index/tokenizer/tokenizer.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup } from '../types.js';
import { relevanceStage } from './relevance.js';

const noLookup: QueryLookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] };
const term = (text: string, stop = false): QueryTerm => ({ text, surface: text, cjk: false, stop });

function ctx(terms: QueryTerm[]): QueryContext {
  const q: ParsedQuery = { text: terms.map((t) => t.text).join(' '), terms, limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: true, recent: false, timePhrase: null, windowFromQuery: false };
  return { q, options: RANKING_DEFAULTS, lookup: noLookup };
}

function cand(id: string, bm25: number, mode: Candidate['mode'], matched: string[]): Candidate {
  return {
    rec: { id, rid: 1, time: '2026-01-01T00:00:00Z', timeMs: 0, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], source: {}, tags: [], text: 'x', file: 'f', line: 1 },
    bm25, mode, matchedTerms: matched, relevance: 0, score: 0, superseded: null, conflicts: [], pinned: false, trace: [],
  };
}

describe('relevance stage', () => {
  const terms = [term('backend'), term('port'), term('the', true)];

  it('scales BM25 to the best candidate, compressed by termWeight: the best is 1.0, a full match at half its BM25 0.75', () => {
    const [a, b] = relevanceStage.run(ctx(terms), [cand('a', 8, 'and', ['backend', 'port']), cand('b', 4, 'and', ['backend', 'port'])]);
    expect(a!.relevance).toBe(1);
    expect(a!.score).toBe(1);
    expect(b!.relevance).toBeCloseTo(0.75, 9);
    expect(a!.trace[0]).toMatchObject({ stage: 'relevance', value: 1 });
  });

  it('multiplies a relaxed (OR) match by the share of non-stop terms it contains', () => {
    const [a, b] = relevanceStage.run(ctx(terms), [cand('a', 8, 'and', ['backend', 'port']), cand('b', 8, 'or', ['port'])]);
    expect(a!.relevance).toBe(1);
    expect(b!.relevance).toBeCloseTo(0.5, 9); // 1 of the 2 content terms; "the" is a stop word
  });

  it('counts a CJK word and its sub-words once for coverage', () => {
    const cjk = (t: string): QueryTerm => ({ text: t, surface: t, cjk: true, stop: false });
    const [, b] = relevanceStage.run(ctx([cjk('公众'), cjk('公众号'), cjk('改版')]), [cand('a', 8, 'and', []), cand('b', 8, 'or', ['改版'])]);
    expect(b!.relevance).toBeCloseTo(0.5, 9); // 1 of 2 words (公众号, 改版), full BM25
  });

  it('gives every record relevance 1 when the query has no terms (recent mode)', () => {
    const [a] = relevanceStage.run(ctx([]), [cand('a', 0, 'recent', [])]);
    expect(a!.relevance).toBe(1);
    expect(a!.score).toBe(1);
  });

  it('stays within 0..1', () => {
    const out = relevanceStage.run(ctx(terms), [cand('a', 3, 'or', ['backend', 'port', 'extra']), cand('b', 1, 'or', [])]);
    for (const c of out) {
      expect(c.relevance).toBeGreaterThanOrEqual(0);
      expect(c.relevance).toBeLessThanOrEqual(1);
    }
  });
});
