import { halfLifeFor } from '../options.js';
import type { Stage } from '../types.js';

const DAY = 86_400_000;

/**
 * Time decay relative to the query's clock (--now): factor = floor + (1 - floor) * 2^(-age / halfLife).
 * Red lines never decay. A query asking for recent things shortens the half-life and lowers the floor.
 */
export const decayStage: Stage = {
  name: 'decay',
  run(ctx, candidates) {
    const o = ctx.options;
    const recent = ctx.q.recent;
    for (const c of candidates) {
      if (c.rec.tier === 'redline') {
        c.trace.push({ stage: 'decay', ageDays: Math.round((ctx.q.nowMs - c.rec.timeMs) / DAY), halfLifeDays: null, floor: 1, factor: 1, recentQuery: recent });
        continue;
      }
      const h = halfLifeFor(o, c.rec.domain) * (recent ? o.recentHalfLifeFactor : 1);
      const floor = recent ? o.recentDecayFloor : o.decayFloor;
      const ageDays = Math.max(0, (ctx.q.nowMs - c.rec.timeMs) / DAY);
      const factor = floor + (1 - floor) * Math.pow(2, -ageDays / h);
      c.score *= factor;
      c.trace.push({ stage: 'decay', ageDays: Math.round(ageDays * 10) / 10, halfLifeDays: h, floor, factor, recentQuery: recent });
    }
    return candidates;
  },
};
