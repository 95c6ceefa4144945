import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS, type RankingOptions } from '../options.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { Candidate, ParsedQuery, QueryContext } from '../types.js';
import { contextStage } from './context.js';

const MIN = 60_000;
function rec(rid: number, text: string, minute: number, session?: string): IndexedRecord {
  return { id: `r${rid}`, rid, time: '', timeMs: minute * MIN, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], source: session ? { session } : {}, tags: [], text, file: 'log/2026-05-01.md', line: rid };
}
function cand(r: IndexedRecord, relevance: number): Candidate {
  return { rec: r, bm25: relevance, mode: 'or', matchedTerms: ['x'], relevance, score: relevance, superseded: null, conflicts: [], pinned: false, trace: [] };
}
function ctx(records: IndexedRecord[], context: Partial<RankingOptions['context']> = {}): QueryContext {
  const q: ParsedQuery = { text: 'x', terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: false, recent: false, timePhrase: null, windowFromQuery: false, question: true, asks: true };
  const byRid = new Map(records.map((r) => [r.rid, r]));
  const lookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: (rids: number[]) => rids.flatMap((r) => (byRid.has(r) ? [byRid.get(r)!] : [])) };
  return { q, options: { ...RANKING_DEFAULTS, context: { ...RANKING_DEFAULTS.context, ...context } }, lookup };
}
const rel = (out: Candidate[], id: string) => out.find((c) => c.rec.id === id)?.relevance ?? null;

describe('context stage', () => {
  it('the record after one that asks takes replyWeight of its relevance; the record before it only neighbourWeight', () => {
    const recs = [rec(1, 'before', 0, 's'), rec(2, 'How long have you been married?', 1, 's'), rec(3, '5 years already!', 2, 's')];
    const out = contextStage.run(ctx(recs, { sessionWeight: 0 }), [cand(recs[1]!, 1)]);
    expect(rel(out, 'r3')).toBeCloseTo(RANKING_DEFAULTS.context.replyWeight, 9);
    expect(rel(out, 'r1')).toBeCloseTo(RANKING_DEFAULTS.context.neighbourWeight, 9);
    expect(out.find((c) => c.rec.id === 'r3')!.trace.at(-1)).toMatchObject({ stage: 'context', reply: 1 });
  });

  it('for a question, records without a session are neighbours only when written within gapMinutes in the same file', () => {
    const recs = [rec(1, 'Where to?', 0), rec(2, 'Quanzhou', 3), rec(3, 'unrelated, an hour later', 63)];
    const out = contextStage.run(ctx(recs), [cand(recs[0]!, 1), cand(recs[2]!, 0.5)]);
    expect(rel(out, 'r2')).toBeCloseTo(RANKING_DEFAULTS.context.replyWeight, 9);
    expect(rel(out, 'r3')).toBe(0.5); // 60 minutes after r2: not its neighbour
    const off = contextStage.run(ctx(recs, { gapMinutes: 0 }), [cand(recs[0]!, 1)]);
    expect(rel(off, 'r2')).toBeNull(); // not joined at all
  });

  it('a note written next to a hit but in another scope or session never joins (it would be a result without evidence)', () => {
    const other = { ...rec(2, '公众号标题不超过20字', 1), domain: 'openclaw' };
    const recs = [rec(1, '删除前先备份', 0), other, rec(3, 'next session', 2, 's2'), rec(4, 'in s1', 3, 's1')];
    const out = contextStage.run(ctx(recs), [cand(recs[0]!, 1), cand(recs[3]!, 1)]);
    expect(rel(out, 'r2')).toBeNull(); // another domain, minutes later: not a neighbour
    expect(rel(out, 'r3')).toBeNull(); // the next line of the log, in another session than r4
    expect(out.every((c) => c.relevance > 0)).toBe(true);
  });

  it('a record two away in its session takes farWeight of its relevance (the same speaker going on); 0 turns it off', () => {
    const recs = [
      rec(1, 'Melanie: we saw the Perseid meteor shower', 0, 's'),
      rec(2, 'Caroline: that must have been breathtaking!', 1, 's'),
      rec(3, 'Melanie: I felt tiny and in awe of the universe', 2, 's'),
      rec(4, 'Caroline: wow', 3, 's'),
    ];
    const out = contextStage.run(ctx(recs, { sessionWeight: 0 }), [cand(recs[0]!, 1)]);
    expect(rel(out, 'r3')).toBeCloseTo(RANKING_DEFAULTS.context.farWeight, 9);
    expect(out.find((c) => c.rec.id === 'r3')!.trace.at(-1)).toMatchObject({ stage: 'context', far: 1 });
    expect(rel(out, 'r4')).toBeNull(); // three away: never joined
    const off = contextStage.run(ctx(recs, { sessionWeight: 0, farWeight: 0 }), [cand(recs[0]!, 1)]);
    expect(rel(off, 'r3')).toBeNull();
  });
});
