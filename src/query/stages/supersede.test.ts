import { describe, expect, it } from 'vitest';
import type { Edge } from '../../index/supersession.js';
import type { IndexedRecord } from '../../index/record-index.js';
import { RANKING_DEFAULTS } from '../options.js';
import { order } from '../pipeline.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup } from '../types.js';
import { supersedeStage } from './supersede.js';

function rec(id: string, day: number, extra: Partial<IndexedRecord> = {}): IndexedRecord {
  const timeMs = Date.UTC(2026, 0, day);
  return { id, rid: day, time: new Date(timeMs).toISOString(), timeMs, domain: 'code', project: null, kind: 'note', tier: 'normal', corrects: [], source: {}, tags: [], text: id, file: 'f', line: day, ...extra };
}

function edge(oldId: string, newId: string, extra: Partial<Edge> = {}): Edge {
  return { oldId, newId, method: 'explicit', inferred: false, blocked: false, score: 1, detail: {}, ...extra };
}

/** A fake index: records and edges in memory; current() walks live edges to the newest sink. */
function fakeLookup(records: IndexedRecord[], edges: Edge[]): QueryLookup {
  const byId = new Map(records.map((r) => [r.id, r]));
  return {
    get: (id) => byId.get(id) ?? null,
    byRids: (rids) => records.filter((r) => rids.includes(r.rid)),
    edgesTouching: (ids) => edges.filter((e) => ids.includes(e.oldId) || ids.includes(e.newId)),
    current(id) {
      let best: IndexedRecord | null = null;
      const seen = new Set([id]);
      let frontier = [id];
      while (frontier.length) {
        const next: string[] = [];
        for (const f of frontier) {
          const succ = edges.filter((e) => e.oldId === f && !e.blocked).map((e) => e.newId);
          if (succ.length === 0 && f !== id) {
            const r = byId.get(f)!;
            if (!best || r.timeMs > best.timeMs) best = r;
          }
          for (const s of succ) if (!seen.has(s)) { seen.add(s); next.push(s); }
        }
        frontier = next;
      }
      return best;
    },
  };
}

function ctx(lookup: QueryLookup, domains: string[] | null = null): QueryContext {
  const q: ParsedQuery = { text: 'x', terms: [], limit: 10, domains, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: true, recent: false, timePhrase: null, windowFromQuery: false };
  return { q, options: RANKING_DEFAULTS, lookup };
}

function cand(r: IndexedRecord, relevance: number): Candidate {
  return { rec: r, bm25: relevance, mode: 'and', matchedTerms: [], relevance, score: relevance, superseded: null, conflicts: [], pinned: false, trace: [] };
}

describe('supersede stage', () => {
  const w = RANKING_DEFAULTS.supersededWeight;

  it('flags and demotes a corrected record, naming its replacement', () => {
    const a = rec('a', 1);
    const b = rec('b', 5, { kind: 'correction', tier: 'evidence' });
    const out = supersedeStage.run(ctx(fakeLookup([a, b], [edge('a', 'b')])), [cand(a, 1), cand(b, 0.4)]);
    const ca = out.find((c) => c.rec.id === 'a')!;
    expect(ca.superseded).toEqual({ by: 'b', current: 'b', method: 'explicit', inferred: false, evidence: 'id' });
    expect(ca.score).toBeCloseTo(w, 9);
    // The replacement stands in with the relevance of what it replaced.
    const cb = out.find((c) => c.rec.id === 'b')!;
    expect(cb.relevance).toBe(1);
    expect(cb.score).toBe(1);
    expect(cb.superseded).toBeNull();
  });

  it('says what a link rests on: an id, a quoted old value, or words alone', () => {
    const a = rec('a', 1);
    const b = rec('b', 5, { kind: 'correction' });
    const run = (e: Edge) => supersedeStage.run(ctx(fakeLookup([a, b], [e])), [cand(a, 1), cand(b, 0.4)]).find((c) => c.rec.id === 'a')!;
    expect(run(edge('a', 'b', { method: 'linked' })).superseded!.evidence).toBe('id');
    expect(run(edge('a', 'b', { method: 'resolved', detail: { shared: ['后端'], quoted: ['8080'] } })).superseded!.evidence).toBe('quoted');
    const words = run(edge('a', 'b', { method: 'resolved', detail: { shared: ['后端'] } }));
    expect(words.superseded!.evidence).toBe('words');
    expect(JSON.stringify(words.trace.at(-1))).toContain('words alone');
    expect(run(edge('a', 'b', { method: 'inferred', inferred: true, detail: { slot: 'port' } })).superseded!.evidence).toBe('words');
  });

  it('follows a chain A→B→C to the newest: supersededBy is the current version, by the direct successor', () => {
    const [a, b, c] = [rec('a', 1), rec('b', 3), rec('c', 9)];
    const lookup = fakeLookup([a, b, c], [edge('a', 'b'), edge('b', 'c', { method: 'resolved' })]);
    const out = supersedeStage.run(ctx(lookup), [cand(a, 1), cand(b, 0.8), cand(c, 0.3)]);
    const byId = new Map(out.map((x) => [x.rec.id, x]));
    expect(byId.get('a')!.superseded).toMatchObject({ by: 'b', current: 'c' });
    expect(byId.get('b')!.superseded).toMatchObject({ by: 'c', current: 'c', method: 'resolved' });
    expect(byId.get('c')!.superseded).toBeNull();
    expect(order(out).map((x) => x.rec.id)[0]).toBe('c');
  });

  it('brings in a replacement the query did not find, unless the filters exclude it', () => {
    const a = rec('a', 1);
    const b = rec('b', 5);
    const lookup = fakeLookup([a, b], [edge('a', 'b')]);
    const out = supersedeStage.run(ctx(lookup), [cand(a, 0.9)]);
    const joined = out.find((c) => c.rec.id === 'b')!;
    expect(joined.mode).toBe('replacement');
    expect(joined.relevance).toBe(0.9);

    const other = rec('o', 5, { domain: 'hermes' });
    const out2 = supersedeStage.run(ctx(fakeLookup([a, other], [edge('a', 'o')]), ['code']), [cand(a, 0.9)]);
    expect(out2.map((c) => c.rec.id)).toEqual(['a']);
    expect(out2[0]!.superseded).toMatchObject({ current: 'o' });
  });

  it('carries the inferred flag', () => {
    const a = rec('a', 1);
    const b = rec('b', 5);
    const out = supersedeStage.run(ctx(fakeLookup([a, b], [edge('a', 'b', { method: 'inferred', inferred: true })])), [cand(a, 1), cand(b, 1)]);
    expect(out.find((c) => c.rec.id === 'a')!.superseded).toMatchObject({ inferred: true, method: 'inferred' });
  });

  it('a blocked edge (an ordinary correction aimed at a red line) supersedes nothing and flags both', () => {
    const red = rec('red', 1, { tier: 'redline', kind: 'redline' });
    const fix = rec('fix', 5, { tier: 'evidence', kind: 'correction' });
    const out = supersedeStage.run(ctx(fakeLookup([red, fix], [edge('red', 'fix', { blocked: true })])), [cand(red, 1), cand(fix, 1)]);
    const cr = out.find((c) => c.rec.id === 'red')!;
    const cf = out.find((c) => c.rec.id === 'fix')!;
    expect(cr.superseded).toBeNull();
    expect(cr.score).toBe(1);
    expect(cr.conflicts).toEqual(['fix']);
    expect(cf.conflicts).toEqual(['red']);
    expect(cr.trace[0]).toMatchObject({ stage: 'supersede', effect: 'conflict' });
  });

  it('leaves unrelated candidates alone', () => {
    const a = rec('a', 1);
    const out = supersedeStage.run(ctx(fakeLookup([a], [])), [cand(a, 0.7)]);
    expect(out[0]!.score).toBe(0.7);
    expect(out[0]!.trace).toEqual([]);
  });
});

describe('order: a superseded record never stands above its replacement', () => {
  it('moves a superseded record that still outscores its replacement to just below it', () => {
    const old = cand(rec('old', 1), 0.9);
    old.superseded = { by: 'new', current: 'new', method: 'explicit', inferred: false, evidence: 'id' };
    const mid = cand(rec('mid', 2), 0.5);
    const repl = cand(rec('new', 3), 0.2);
    expect(order([old, mid, repl]).map((c) => c.rec.id)).toEqual(['mid', 'new', 'old']);
  });

  it('places a superseded record directly below its replacement, as history of that answer', () => {
    const old = cand(rec('old', 1), 0.1);
    old.superseded = { by: 'new', current: 'new', method: 'explicit', inferred: false, evidence: 'id' };
    const repl = cand(rec('new', 3), 0.8);
    const other = cand(rec('x', 2), 0.5);
    expect(order([old, other, repl]).map((c) => c.rec.id)).toEqual(['new', 'old', 'x']);
  });

  it('keeps a superseded record whose replacement is not among the candidates at its demoted place', () => {
    const old = cand(rec('old', 1), 0.1);
    old.superseded = { by: 'gone', current: 'gone', method: 'explicit', inferred: false, evidence: 'id' };
    const other = cand(rec('x', 2), 0.5);
    expect(order([old, other]).map((c) => c.rec.id)).toEqual(['x', 'old']);
  });

  it('ties break by newer time, then id: the same input gives the same order', () => {
    const a = cand(rec('a', 1), 0.5);
    const b = cand(rec('b', 2), 0.5);
    const c = cand(rec('c', 2), 0.5);
    expect(order([a, c, b]).map((x) => x.rec.id)).toEqual(['b', 'c', 'a']);
  });
});
