import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS, type RankingOptions } from '../options.js';
import type { Candidate, ParsedQuery, QueryContext, QueryLookup, TraceEntry } from '../types.js';
import { decayStage } from './decay.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const noLookup: QueryLookup = { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] };
const ABSOLUTE: RankingOptions = { ...RANKING_DEFAULTS, decayMode: 'absolute' };
const OWN_AGE_RECENT: RankingOptions = { ...RANKING_DEFAULTS, recentRelevanceShare: 0 };

function ctx(recent = false, options: RankingOptions = RANKING_DEFAULTS, text = 'x', lookup: QueryLookup = noLookup): QueryContext {
  const terms = text.split(' ').map((t) => ({ text: t, surface: t, cjk: false, stop: false }));
  const q: ParsedQuery = { text, terms, limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: NOW, explain: true, recent, timePhrase: null, windowFromQuery: false };
  return { q, options, lookup };
}

let rid = 0;
function cand(
  ageDays: number,
  opts: { domain?: string | null; project?: string | null; tier?: Candidate['rec']['tier']; score?: number; text?: string; terms?: string[] } = {},
): Candidate {
  const timeMs = NOW - ageDays * DAY;
  rid++;
  return {
    rec: { id: `r${ageDays}-${rid}`, rid, time: new Date(timeMs).toISOString(), timeMs, domain: opts.domain ?? null, project: opts.project ?? null, kind: 'note', tier: opts.tier ?? 'normal', corrects: [], source: {}, tags: [], text: opts.text ?? 'x', file: 'f', line: 1 },
    bm25: 1, mode: 'and', matchedTerms: opts.terms ?? ['x'], relevance: opts.score ?? 1, score: opts.score ?? 1, superseded: null, conflicts: [], pinned: false, trace: [],
  };
}

type DecayEntry = Extract<TraceEntry, { stage: 'decay' }>;
const entry = (c: Candidate) => c.trace.find((t) => t.stage === 'decay') as DecayEntry;
const factor = (c: Candidate) => entry(c).factor;

describe('decay stage: the factor (absolute mode and recent queries)', () => {
  const floor = RANKING_DEFAULTS.decayFloor;

  it('at an age of one half-life the factor is floor + (1 - floor) / 2', () => {
    const [a, b] = decayStage.run(ctx(false, ABSOLUTE), [cand(90), cand(180, { domain: 'code' })]);
    expect(factor(a!)).toBeCloseTo(floor + (1 - floor) / 2, 9);
    expect(factor(b!)).toBeCloseTo(floor + (1 - floor) / 2, 9); // code's half-life is 180 days
    expect(a!.score).toBeCloseTo(floor + (1 - floor) / 2, 9);
  });

  it('is 1 at age 0 (and for future records) and never goes below the floor', () => {
    const [now, future, ancient] = decayStage.run(ctx(false, ABSOLUTE), [cand(0), cand(-3), cand(5000)]);
    expect(factor(now!)).toBe(1);
    expect(factor(future!)).toBe(1);
    expect(factor(ancient!)).toBeGreaterThanOrEqual(floor);
    expect(factor(ancient!)).toBeCloseTo(floor, 6);
  });

  it('falls monotonically with age: newer outranks older at equal relevance', () => {
    const out = decayStage.run(ctx(false, ABSOLUTE), [cand(200), cand(30), cand(1)]);
    expect(out[2]!.score).toBeGreaterThan(out[1]!.score);
    expect(out[1]!.score).toBeGreaterThan(out[0]!.score);
  });

  it('never decays a red line, however old', () => {
    for (const c of [ctx(false), ctx(true), ctx(false, ABSOLUTE)]) {
      const [red] = decayStage.run(c, [cand(400, { tier: 'redline', score: 0.7 }), cand(1, { score: 0.7 })]);
      expect(factor(red!)).toBe(1);
      expect(red!.score).toBe(0.7);
      expect(entry(red!).applied).toBe('redline');
    }
  });

  it('a recent-intent query shortens the half-life and lowers the floor, by own age, rival or not (recentRelevanceShare 0)', () => {
    const h = 90 * RANKING_DEFAULTS.recentHalfLifeFactor;
    const f = RANKING_DEFAULTS.recentDecayFloor;
    const [c] = decayStage.run(ctx(true, OWN_AGE_RECENT), [cand(h)]);
    expect(factor(c!)).toBeCloseTo(f + (1 - f) / 2, 9);
    expect(entry(c!)).toMatchObject({ halfLifeDays: h, floor: f, recentQuery: true, applied: 'recent' });
    const [plain] = decayStage.run(ctx(false, ABSOLUTE), [cand(h)]);
    expect(factor(plain!)).toBeGreaterThan(factor(c!));
  });
});

describe('decay stage: a recent-intent query, age up to the newest record about as relevant', () => {
  const h = 90 * RANKING_DEFAULTS.recentHalfLifeFactor;

  it('weak recent noise does not sink a strong older answer; a newer, about as relevant record does', () => {
    const weak = 0.8 * RANKING_DEFAULTS.recentRelevanceShare;
    const [strongOld, weakNew] = decayStage.run(ctx(true), [cand(4 * h, { score: 1 }), cand(0, { score: weak })]);
    expect(factor(strongOld!)).toBe(1); // below recentRelevanceShare × 1: nothing newer as relevant
    expect(strongOld!.score).toBeGreaterThan(weakNew!.score);
    const [older, newer] = decayStage.run(ctx(true), [cand(4 * h, { score: 1 }), cand(3 * h, { score: 0.6 })]);
    expect(factor(newer!)).toBe(1); // the newest as relevant keeps its score, however old
    expect(factor(older!)).toBeCloseTo(RANKING_DEFAULTS.recentDecayFloor + (1 - RANKING_DEFAULTS.recentDecayFloor) / 2, 9); // one half-life behind it
    expect(newer!.score).toBeGreaterThan(older!.score);
    // The explanation says which age counted: the gap to the newer record, or none.
    expect(entry(older!)).toMatchObject({ recentAgeFrom: 'newer', ageDays: h });
    expect(entry(newer!)).toMatchObject({ recentAgeFrom: 'none-newer', ageDays: 0 });
  });

  it('at recentRelevanceShare 0 the same strong older answer decays by its own age below the noise', () => {
    const weak = 0.8 * RANKING_DEFAULTS.recentRelevanceShare;
    const [strongOld, weakNew] = decayStage.run(ctx(true, OWN_AGE_RECENT), [cand(4 * h, { score: 1 }), cand(0, { score: weak })]);
    expect(weakNew!.score).toBeGreaterThan(strongOld!.score);
  });
});

describe('decay stage: relative (the default)', () => {
  it('an old record with no newer rival keeps its score, however old', () => {
    const [old] = decayStage.run(ctx(false, RANKING_DEFAULTS, 'certbot cron'), [cand(1000, { terms: ['certbot', 'cron'] })]);
    expect(factor(old!)).toBe(1);
    expect(entry(old!)).toMatchObject({ applied: 'no-rival', rival: null });
  });

  it('a weak newer record holding fewer query words is no rival: the strong old one keeps rank 1', () => {
    const old = cand(150, { score: 1, terms: ['certbot', 'cron'], text: 'certbot renews the certificate from cron' });
    const fresh = cand(1, { score: 0.4, terms: ['cron'], text: 'cron stuff later' });
    decayStage.run(ctx(false, RANKING_DEFAULTS, 'certbot cron'), [old, fresh]);
    expect(entry(old).rival).toBeNull();
    expect(old.score).toBeGreaterThan(fresh.score);
  });

  it('a newer record holding every query word is a rival: the old one decays by the gap between them', () => {
    const old = cand(200, { terms: ['稿子', '风格'], text: '稿子风格：偏口语，段落短' });
    const fresh = cand(20, { terms: ['稿子', '风格'], text: '稿子风格再调一下：少用感叹号' });
    decayStage.run(ctx(false, RANKING_DEFAULTS, '稿子 风格'), [old, fresh]);
    const e = entry(old);
    expect(e.applied).toBe('rival');
    expect(e.rival).toMatchObject({ id: fresh.rec.id, by: 'terms', shared: ['稿子', '风格'], gapDays: 180 });
    const f = RANKING_DEFAULTS.decayFloor;
    expect(e.factor).toBeCloseTo(f + (1 - f) * Math.pow(2, -180 / 90), 9);
    expect(entry(fresh)).toMatchObject({ applied: 'no-rival', factor: 1 });
    expect(fresh.score).toBeGreaterThan(old.score);
  });

  it('the rival must be in the same domain and project', () => {
    const old = cand(200, { project: 'a', terms: ['x'] });
    const other = cand(1, { project: 'b', terms: ['x'] });
    const otherDomain = cand(1, { project: 'a', domain: 'code', terms: ['x'] });
    decayStage.run(ctx(), [old, other, otherDomain]);
    expect(entry(old).rival).toBeNull();
  });

  it('on a partial match, the words beyond the query must overlap (textOverlap) for a rival', () => {
    const q = 'jon favorite dance style';
    const old = cand(200, { terms: ['jon', 'dance'], text: 'Jon: contemporary dance is my top pick, so expressive' });
    const chat = cand(10, { terms: ['jon', 'dance'], text: 'Jon: thanks Gina, my dance studio opens soon' });
    const filler = [cand(5, { terms: ['jon'], text: 'Jon: thanks Gina' }), cand(6, { terms: ['jon'], text: 'Jon: thanks, see you soon Gina' })];
    decayStage.run(ctx(false, RANKING_DEFAULTS, q), [old, chat, ...filler]);
    expect(entry(old).rival).toBeNull();
    const restated = cand(10, { terms: ['jon', 'dance'], text: 'Jon: contemporary dance is still my top pick, expressive as ever' });
    const old2 = cand(200, { terms: ['jon', 'dance'], text: 'Jon: contemporary dance is my top pick, so expressive' });
    decayStage.run(ctx(false, RANKING_DEFAULTS, q), [old2, restated, ...filler.map((f) => ({ ...f, trace: [] }))]);
    expect(entry(old2)).toMatchObject({ applied: 'rival', rival: { id: restated.rec.id, by: 'terms' } });
    expect(entry(old2).rival!.overlap).toBeGreaterThanOrEqual(RANKING_DEFAULTS.rivals.textOverlap);
  });

  it('a newer record stating the same fact slot is a rival, whatever words it holds', () => {
    const old = cand(100, { terms: ['端口'], text: '后端端口 8080' });
    const fresh = cand(3, { terms: [], text: 'api 改到 9090' });
    const lookup: QueryLookup = { ...noLookup, factKeys: () => new Map([[old.rec.rid, ['后端|port']], [fresh.rec.rid, ['后端|port']]]) };
    decayStage.run(ctx(false, RANKING_DEFAULTS, '端口', lookup), [old, fresh]);
    expect(entry(old).rival).toMatchObject({ id: fresh.rec.id, by: 'fact', shared: ['后端|port'] });
  });

  it('the newest rival is the one named, and the one whose gap counts', () => {
    const old = cand(300, { terms: ['x'] });
    const mid = cand(100, { terms: ['x'] });
    const newest = cand(10, { terms: ['x'] });
    decayStage.run(ctx(), [mid, old, newest]);
    expect(entry(old).rival).toMatchObject({ id: newest.rec.id, gapDays: 290 });
    expect(entry(mid).rival).toMatchObject({ id: newest.rec.id, gapDays: 90 });
  });
});
