import type { Stage } from '../types.js';

/**
 * Session diversity: the answer to a question may be spread over several conversations (what
 * activities has Melanie done with her family?), and the best few records of one session can fill
 * the whole list. For a query phrased as a question, each candidate is weighed down by how many
 * better-scored candidates of its own session rank above it:
 *   score × (1 − sessionDiversity)^(better candidates of the same session)
 * (default 0.1, 0..1; 0 turns it off). Records without a session are never weighed down, and a
 * lookup by words (not a question) keeps its order.
 */
export const diversityStage: Stage = {
  name: 'diversity',
  run(ctx, candidates) {
    const d = ctx.options.sessionDiversity;
    if (d <= 0 || !ctx.q.asks || candidates.length < 2) return candidates;
    const seen = new Map<string, number>();
    const ranked = [...candidates].sort((a, b) => b.score - a.score || b.rec.timeMs - a.rec.timeMs || (a.rec.id < b.rec.id ? -1 : 1));
    for (const c of ranked) {
      const s = c.rec.source.session;
      if (!s || c.pinned) continue;
      const key = `${c.rec.domain ?? ''}\u0000${s}`;
      const before = seen.get(key) ?? 0;
      seen.set(key, before + 1);
      if (before === 0) continue;
      const factor = Math.pow(1 - d, before);
      c.score *= factor;
      c.trace.push({ stage: 'diversity', sameSessionAbove: before, factor });
    }
    return candidates;
  },
};
