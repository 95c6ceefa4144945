import { looseStem } from '../retrieve.js';
import type { Candidate, Stage } from '../types.js';
import { speakerOf } from '../../core/speaker.js';

/**
 * Speaker: a record written as a line of dialogue ("Caroline: …", "小王：…") is said by the person
 * before the colon. A question about a person (what did Caroline paint?) is most often answered by
 * what that person said, not by what others said to them (Melanie: "Thanks, Caroline!"), though both
 * hold the name. So a candidate whose speaker the query names gains `speakerWeight` × its relevance
 * (default 0.2, 0..1; 0 turns it off). A query naming every speaker among the candidates (a question
 * about two people talking) lifts them all alike and changes nothing.
 */
export const speakerStage: Stage = {
  name: 'speaker',
  run(ctx, candidates) {
    const w = ctx.options.speakerWeight;
    if (w <= 0 || candidates.length === 0) return candidates;
    const names = new Set(ctx.q.terms.filter((t) => !t.stop).map((t) => (t.cjk ? t.text : looseStem(t.text))));
    if (names.size === 0) return candidates;
    for (const c of candidates) {
      const who = speakerOf(c.rec.text);
      if (who === null || c.relevance <= 0) continue;
      const named = who.cjk ? [...names].some((n) => n === who.name) : who.parts.some((p) => names.has(looseStem(p)));
      if (!named) continue;
      const add = w * c.relevance;
      c.relevance += add;
      c.score += add;
      c.trace.push({ stage: 'speaker', speaker: who.name, added: add });
    }
    return candidates;
  },
};

export type { Candidate };
