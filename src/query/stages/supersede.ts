import { joinedCandidate, passesFilters } from '../candidate.js';
import { evidenceOf, type SupersessionEvidence } from '../../index/edges.js';
import type { Stage } from '../types.js';

/**
 * Supersession at query time. A candidate that a newer record supersedes is multiplied by
 * `supersededWeight` and flagged; its current replacement (the newest record at the end of the
 * chain) joins the candidates if the query did not find it, and stands in with the relevance of
 * what it replaced. A correction aimed at a red line changes nothing but a flag on both.
 */
const EVIDENCE_NOTE: Record<SupersessionEvidence, string> = {
  id: 'by id',
  quoted: 'quotes an old value it holds',
  words: 'on subject and attribute words alone',
};

export const supersedeStage: Stage = {
  name: 'supersede',
  run(ctx, candidates) {
    const byId = new Map(candidates.map((c) => [c.rec.id, c]));
    const edges = ctx.lookup.edgesTouching([...byId.keys()]);
    const out = [...candidates];
    const w = ctx.options.supersededWeight;
    const q = ctx.q;
    for (const e of edges) {
      if (!e.blocked) continue;
      byId.get(e.oldId)?.conflicts.push(e.newId);
      byId.get(e.newId)?.conflicts.push(e.oldId);
    }
    for (const c of candidates) {
      if (c.conflicts.length) {
        const redline = c.rec.tier === 'redline';
        c.trace.push({
          stage: 'supersede',
          effect: 'conflict',
          factor: 1,
          note: redline
            ? `ordinary correction(s) ${c.conflicts.join(', ')} aimed at this red line are ignored: only a newer red line overrides it`
            : `aims at red line ${c.conflicts.join(', ')}, which it cannot override`,
        });
      }
      const direct = edges.filter((e) => e.oldId === c.rec.id && !e.blocked);
      if (direct.length === 0) continue;
      const current = ctx.lookup.current(c.rec.id);
      if (!current || current.id === c.rec.id) continue;
      const first = direct.map((e) => ({ e, r: byId.get(e.newId)?.rec ?? ctx.lookup.get(e.newId) })).sort((a, b) => (b.r?.timeMs ?? 0) - (a.r?.timeMs ?? 0))[0]!;
      c.superseded = { by: first.e.newId, current: current.id, method: first.e.method, inferred: first.e.inferred, evidence: evidenceOf(first.e) };
      c.score *= w;
      c.trace.push({
        stage: 'supersede',
        effect: 'superseded',
        by: first.e.newId,
        current: current.id,
        method: first.e.method,
        inferred: first.e.inferred,
        factor: w,
        note: `superseded by ${first.e.newId} (${first.e.inferred ? 'inferred: same fact, another value' : first.e.method}; ${EVIDENCE_NOTE[evidenceOf(first.e)]})${current.id !== first.e.newId ? `, current version ${current.id}` : ''}`,
      });
      let rep = byId.get(current.id);
      if (!rep) {
        rep = joinedCandidate(current, 'replacement');
        if (!passesFilters(q, current)) continue;
        byId.set(current.id, rep);
        out.push(rep);
      }
      // The replacement answers what the old record answered.
      if (c.relevance > rep.relevance) {
        rep.relevance = c.relevance;
        rep.score = Math.max(rep.score, c.relevance);
        rep.trace.push({ stage: 'supersede', effect: 'replacement', replaces: [c.rec.id], factor: 1, note: `current version of ${c.rec.id}: takes its relevance ${c.relevance.toFixed(3)}` });
      }
    }
    return out;
  },
};
