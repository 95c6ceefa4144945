import { joinedCandidate, passesFilters } from '../candidate.js';
import type { Candidate, Stage } from '../types.js';

/**
 * Context: a record is read with the records around it. Records that name the same session
 * (source.session, within one domain) make a session; a record next to a strongly matching one often holds the
 * answer to what the other raised (a question and its reply), and a session that matches well
 * lifts all its records a little.
 *   relevance += neighbourWeight × best relevance of the records just before and after it
 *              + sessionWeight × best relevance in its session
 * Neighbours of the best candidates join the pool even when they share no word with the query.
 * Measured on LoCoMo (bench/locomo.js); weights 0 turn it off.
 */
export const contextStage: Stage = {
  name: 'context',
  run(ctx, candidates) {
    const { neighbourWeight: nw, sessionWeight: sw, neighbourSeeds } = ctx.options.context;
    if ((nw === 0 && sw === 0) || candidates.length === 0) return candidates;
    // Only records that name their session have one: a day of unrelated notes is not a session.
    const key = (c: Candidate) => (c.rec.source.session ? `${c.rec.domain ?? ''}\u0000${c.rec.source.session}` : null);
    const byRid = new Map(candidates.map((c) => [c.rec.rid, c]));
    const out = [...candidates];
    if (nw > 0) {
      const seeds = [...candidates]
        .filter((c) => c.relevance > 0 && key(c) !== null)
        .sort((a, b) => b.relevance - a.relevance)
        .slice(0, neighbourSeeds);
      const want = new Set<number>();
      for (const s of seeds) for (const r of [s.rec.rid - 1, s.rec.rid + 1]) if (!byRid.has(r)) want.add(r);
      for (const rec of ctx.lookup.byRids([...want])) {
        if (!passesFilters(ctx.q, rec)) continue;
        const c = joinedCandidate(rec, 'context');
        byRid.set(rec.rid, c);
        out.push(c);
      }
    }
    const sessionBest = new Map<string, number>();
    for (const c of out) {
      const k = key(c);
      if (k !== null) sessionBest.set(k, Math.max(sessionBest.get(k) ?? 0, c.relevance));
    }
    const base = new Map(out.map((c) => [c.rec.rid, c.relevance]));
    for (const c of out) {
      const k = key(c);
      if (k === null) continue;
      let nb = 0;
      for (const r of [c.rec.rid - 1, c.rec.rid + 1]) {
        const n = byRid.get(r);
        if (n && key(n) === k) nb = Math.max(nb, base.get(r) ?? 0);
      }
      const sess = sessionBest.get(k) ?? 0;
      const add = nw * nb + sw * sess;
      if (add === 0) continue;
      c.relevance += add;
      c.score += add;
      c.trace.push({ stage: 'context', neighbour: nb, session: sess, added: add });
    }
    return out;
  },
};
