import type { Stage } from '../types.js';

/**
 * Trust tiers as bounded multipliers: evidence (and corrections) over normal over chatter at
 * similar relevance, never enough to lift a weak match over a strong one (see options.tierWeights).
 */
export const tierStage: Stage = {
  name: 'tier',
  run(ctx, candidates) {
    const w = ctx.options.tierWeights;
    for (const c of candidates) {
      const t = c.rec.tier;
      const factor = t === 'redline' ? 1 : t === 'evidence' ? w.evidence : t === 'chatter' ? w.chatter : w.normal;
      c.score *= factor;
      c.trace.push({ stage: 'tier', tier: t, factor });
    }
    return candidates;
  },
};
