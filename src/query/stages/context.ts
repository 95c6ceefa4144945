import { joinedCandidate, passesFilters } from '../candidate.js';
import type { Candidate, Stage } from '../types.js';

const MINUTE = 60_000;

/**
 * Context: a record is read with the records around it. Records that name the same session
 * (source.session, within one domain) make a session; a record next to a strongly matching one often holds the
 * answer to what the other raised (a question and its reply), and a session that matches well
 * lifts all its records a little.
 *   relevance += max(neighbourWeight × best relevance of the records just before and after it,
 *                    replyWeight × relevance of the record just before it, when that one asks,
 *                    farWeight × best relevance of the records two before and two after it)
 *              + sessionWeight × best relevance in its session
 * (Two turns away in a dialogue is the same speaker going on: "we saw the meteor shower" … "I felt
 * tiny and in awe".)
 * For a question, neighbours of the best candidates join the pool even when they share no word with
 * the query; for a lookup by words, only records holding those words are results.
 * Measured on LoCoMo (bench/locomo.js); weights 0 turn it off.
 */
export const contextStage: Stage = {
  name: 'context',
  run(ctx, candidates) {
    const { neighbourWeight: nw, sessionWeight: sw, neighbourSeeds, replyWeight: rw, farWeight: fw } = ctx.options.context;
    // Sessionless neighbours only for a question (query/question.ts): a lookup by a word or two
    // wants the records holding them, not the notes written next to those.
    const gapMinutes = ctx.q.question && ctx.q.asks ? ctx.options.context.gapMinutes : 0;
    if ((nw === 0 && sw === 0 && rw === 0 && fw === 0) || candidates.length === 0) return candidates;
    // Only records that name their session have one: a day of unrelated notes is not a session.
    const key = (c: Candidate) => (c.rec.source.session ? `${c.rec.domain ?? ''}\u0000${c.rec.source.session}` : null);
    // Records without a session are still read with the next one written minutes after them, in
    // the same file and scope (a conversation kept one turn per record): neighbours, not a session,
    // and only when the query is a question.
    const near = (a: Candidate, b: Candidate) =>
      gapMinutes > 0 &&
      !a.rec.source.session &&
      !b.rec.source.session &&
      a.rec.file === b.rec.file &&
      a.rec.domain === b.rec.domain &&
      a.rec.project === b.rec.project &&
      Math.abs(a.rec.timeMs - b.rec.timeMs) <= gapMinutes * MINUTE;
    const together = (a: Candidate, b: Candidate) => {
      const k = key(a);
      return k !== null ? k === key(b) : near(a, b);
    };
    const byRid = new Map(candidates.map((c) => [c.rec.rid, c]));
    const out = [...candidates];
    // Records that share no word with the query join the pool only for a query phrased as a
    // question: a lookup by words returns records holding them, never a note written next to one.
    if ((nw > 0 || rw > 0 || fw > 0) && ctx.q.asks) {
      const seeds = [...candidates]
        .filter((c) => c.relevance > 0 && (key(c) !== null || gapMinutes > 0))
        .sort((a, b) => b.relevance - a.relevance)
        .slice(0, neighbourSeeds);
      // rid → the seeds it stands next to
      const want = new Map<number, Candidate[]>();
      const steps = fw > 0 ? [-2, -1, 1, 2] : [-1, 1];
      for (const s of seeds) for (const d of steps) if (!byRid.has(s.rec.rid + d)) want.set(s.rec.rid + d, [...(want.get(s.rec.rid + d) ?? []), s]);
      for (const rec of ctx.lookup.byRids([...want.keys()])) {
        if (!passesFilters(ctx.q, rec)) continue;
        const c = joinedCandidate(rec, 'context');
        // Only a record read together with its seed (the same session, or written minutes after it
        // in the same file and scope) joins: the next line of the log may be another agent's note.
        if (!(want.get(rec.rid) ?? []).some((s) => together(s, c))) continue;
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
      let nb = 0;
      let reply = 0;
      for (const r of [c.rec.rid - 1, c.rec.rid + 1]) {
        const n = byRid.get(r);
        if (!n || !together(c, n)) continue;
        const rel = base.get(r) ?? 0;
        nb = Math.max(nb, rel);
        if (r < c.rec.rid && asks(n.rec.text)) reply = rel;
      }
      let far = 0;
      for (const r of fw > 0 ? [c.rec.rid - 2, c.rec.rid + 2] : []) {
        const n = byRid.get(r);
        if (n && together(c, n)) far = Math.max(far, base.get(r) ?? 0);
      }
      const sess = k === null ? 0 : (sessionBest.get(k) ?? 0);
      const add = Math.max(nw * nb, rw * reply, fw * far) + sw * sess;
      if (add === 0) continue;
      c.relevance += add;
      c.score += add;
      c.trace.push({ stage: 'context', neighbour: nb, ...(reply > 0 ? { reply } : {}), ...(far > 0 ? { far } : {}), session: sess, added: add });
    }
    // A record joined as a neighbour that gained nothing from it has no evidence at all.
    return out.filter((c) => c.mode !== 'context' || c.relevance > 0);
  },
};

/** A record that asks something: its next record is likely the answer. */
function asks(text: string): boolean {
  return /[?？]/.test(text);
}
