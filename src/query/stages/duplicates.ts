import { compareCandidates } from '../pipeline.js';
import type { Candidate, Stage } from '../types.js';

/**
 * Duplicates are shown once (index/duplicates.ts): of the records of one duplicate group among the
 * candidates, only the best-ranked stays, carrying the group's count, first and last time and ids.
 * Supersession is left as it was: records of a group are collapsed only with records in the same
 * state (all current, or all superseded by the same record), so a superseded copy still shows under
 * its replacement. Red lines are grouped only with red lines (the tier is part of what is compared).
 */
export const duplicatesStage: Stage = {
  name: 'duplicates',
  run(ctx, candidates) {
    const groups = ctx.lookup.duplicates?.(candidates.map((c) => c.rec.id));
    if (!groups || groups.size === 0) return candidates;
    const byId = new Map(candidates.map((c) => [c.rec.id, c]));
    const states = new Map<string, string>();
    // A record default search leaves out (archived, quarantined) never stands for a visible copy:
    // it is its own state, so the copy that search shows is never collapsed away under it.
    const hidden = ctx.lookup.hidden?.(ctx.q) ?? (() => false);
    /** '' for a current record, else the record at the end of its supersession chain; hidden ones apart */
    const stateOf = (id: string): string => {
      let s = states.get(id);
      if (s === undefined) {
        const c = byId.get(id);
        s = c ? (c.superseded?.current ?? '') : (ctx.lookup.current(id)?.id ?? '');
        if (hidden(id)) s += '\u0001hidden';
        states.set(id, s);
      }
      return s;
    };
    const groupOf = (c: Candidate): string | null => {
      const members = groups.get(c.rec.id);
      return members ? `${members[0]!.id}\u0000${stateOf(c.rec.id)}` : null;
    };
    const best = new Map<string, Candidate>();
    for (const c of [...candidates].sort(compareCandidates)) {
      const g = groupOf(c);
      if (g !== null && !best.has(g)) best.set(g, c);
    }
    const out: Candidate[] = [];
    for (const c of candidates) {
      const g = groupOf(c);
      if (g === null) {
        out.push(c);
        continue;
      }
      if (best.get(g) !== c) continue;
      const state = stateOf(c.rec.id);
      const same = groups.get(c.rec.id)!.filter((m) => stateOf(m.id) === state);
      if (same.length > 1) {
        const ids = same.map((m) => m.id);
        const info = { count: same.length, first: same[0]!.time, last: same[same.length - 1]!.time, ids };
        c.duplicates = info;
        const collapsed = candidates.filter((o) => o !== c && groupOf(o) === g).map((o) => o.rec.id);
        c.trace.push({ stage: 'duplicates', ...info, collapsed });
      }
      out.push(c);
    }
    return out;
  },
};
