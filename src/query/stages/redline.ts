import type { Stage } from '../types.js';

/**
 * Red lines are locked: a red line that is relevant to the query (relative relevance at least
 * `redlineMinRelevance`) and not superseded by a newer red line is pinned above every other result.
 * A query of nothing but a time is a listing, newest first (search.ts): no pinning there.
 */
export const redlineStage: Stage = {
  name: 'redline',
  run(ctx, candidates) {
    const min = ctx.options.redlineMinRelevance;
    for (const c of candidates) {
      if (c.rec.tier !== 'redline') continue;
      if (c.superseded) {
        c.trace.push({ stage: 'redline', pinned: false, note: `replaced by the newer red line ${c.superseded.current}` });
        continue;
      }
      // A query of nothing but a time ("最近", "上周做了什么") lists that time, newest first: a red line
      // is listed at its time there, not pinned above what happened.
      const listing = c.mode === 'recent';
      const relevant = !listing && c.relevance >= min;
      c.pinned = relevant;
      c.trace.push({
        stage: 'redline',
        pinned: relevant,
        note: listing
          ? 'a listing of a time: listed at its time, not pinned'
          : relevant
            ? 'red line: pinned first among relevant results'
            : `red line below the pinning threshold (relevance ${c.relevance.toFixed(3)} < ${min})`,
      });
    }
    return candidates;
  },
};
