import { looseStem } from '../retrieve.js';
import type { Candidate, Stage } from '../types.js';

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

/** The speaker of a line of dialogue: a short name before a colon at the start (null when none). */
export function speakerOf(text: string): { name: string; parts: string[]; cjk: boolean } | null {
  // NFKC makes a full-width colon ASCII. An English name needs a space after its colon (not 10:30);
  // a Chinese one is written without (小王：周四上线).
  // Only the head of the text can hold it: a name of up to 31 characters, its colon and a space (this runs for every candidate).
  const m = /^\s*([\p{L}][\p{L}\p{N} .'’-]{0,30}?)\s*:(\s?)/u.exec(text.slice(0, 64).normalize('NFKC').toLowerCase() + ' ');
  if (!m) return null;
  const name = m[1]!.trim();
  const cjk = /\p{Script=Han}/u.test(name);
  if (!cjk && m[2] === '') return null;
  return { name, parts: cjk ? [name] : name.split(/[^\p{L}\p{N}]+/u).filter(Boolean), cjk };
}

export type { Candidate };
