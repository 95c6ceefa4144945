import { halfLifeFor } from '../options.js';
import { findRivals } from '../rivals.js';
import { coverageWords } from './relevance.js';
import type { Candidate, Stage, TraceEntry } from '../types.js';

const DAY = 86_400_000;
const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Relative decay (docs/RANKING.md, decay): factor = floor + (1 − floor) · 2^(−age / halfLife), where
 * age is
 *  - the record's own age before --now when the query asks for recent things (最近, latest), with the
 *    recent half-life and floor;
 *  - else the time between the record and its newest rival (query/rivals.ts: a newer candidate on
 *    the same subject); a record no newer candidate competes with keeps its score (×1), however
 *    old: age alone says nothing against a fact nobody has restated since.
 * Red lines never decay. decayMode 'absolute' restores the old rule (own age, always).
 */
export const decayStage: Stage = {
  name: 'decay',
  run(ctx, candidates) {
    const o = ctx.options;
    const recent = ctx.q.recent;
    const relative = o.decayMode === 'relative' && !recent;
    const rivals = relative ? findRivals(candidates, o, ctx.lookup, ctx.q.text, coverageWords(ctx.q.terms).length) : null;
    const recentFrom = recent && o.recentRelevanceShare > 0 ? newestAsRelevant(candidates, o.recentRelevanceShare) : null;
    for (const c of candidates) {
      const ownAge = (ctx.q.nowMs - c.rec.timeMs) / DAY;
      if (c.rec.tier === 'redline') {
        c.trace.push({ stage: 'decay', ageDays: Math.round(ownAge), halfLifeDays: null, floor: 1, factor: 1, recentQuery: recent, applied: 'redline' });
        continue;
      }
      const h = halfLifeFor(o, c.rec.domain) * (recent ? o.recentHalfLifeFactor : 1);
      const floor = recent ? o.recentDecayFloor : o.decayFloor;
      let age = Math.max(0, ownAge);
      // Age up to the newest candidate about as relevant as this one (recentRelevanceShare): weak
      // recent noise does not sink a strong older answer; the newest strong answer keeps its score.
      if (recentFrom) age = Math.max(0, ((recentFrom.get(c) ?? c.rec.timeMs) - c.rec.timeMs) / DAY);
      const entry: Extract<TraceEntry, { stage: 'decay' }> = { stage: 'decay', ageDays: r1(age), halfLifeDays: h, floor, factor: 1, recentQuery: recent, applied: recent ? 'recent' : 'absolute' };
      if (recentFrom) entry.recentAgeFrom = recentFrom.has(c) ? 'newer' : 'none-newer';
      if (rivals) {
        const rival = rivals.get(c) ?? null;
        age = rival ? rival.gapDays : 0;
        entry.applied = rival ? 'rival' : 'no-rival';
        entry.rival = rival ? { ...rival, gapDays: r1(rival.gapDays) } : null;
      }
      const factor = floor + (1 - floor) * Math.pow(2, -age / h);
      c.score *= factor;
      entry.factor = factor;
      c.trace.push(entry);
    }
    return candidates;
  },
};

/**
 * For a recent-intent query: each candidate's newest rival in time, the newest candidate at least
 * `share` × as relevant as it is (absent when none is newer).
 */
function newestAsRelevant(candidates: Candidate[], share: number): Map<Candidate, number> {
  const out = new Map<Candidate, number>();
  const byTime = [...candidates].sort((a, b) => b.rec.timeMs - a.rec.timeMs);
  for (const c of candidates) {
    const n = byTime.find((o) => o.rec.timeMs > c.rec.timeMs && o.relevance >= share * c.relevance);
    if (n) out.set(c, n.rec.timeMs);
  }
  return out;
}
