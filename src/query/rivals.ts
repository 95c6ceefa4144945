import type { RankingOptions } from './options.js';
import type { Candidate, QueryLookup } from './types.js';
import { foldText } from '../core/simplified.js';

/**
 * Rivals: the newer candidates that speak about the same subject as an older one. Decay uses them
 * (stages/decay.ts): age costs a record something only when something newer competes with it.
 *
 * "Same subject", cheap and concrete, within one scope (the same domain and the same project):
 *  - **fact**: the newer candidate states the same fact slot (core/facts.ts: 后端|port, node|version);
 *  - **terms**: the newer candidate holds every query word the older one holds (at least
 *    `rivals.termShare` of them), and of its own words beyond the query shares at least
 *    `rivals.textOverlap` with it.
 * A candidate that holds no query word (a context neighbour, a replacement joined without a match)
 * has no subject of its own here and meets no rival by terms.
 */
export interface Rival {
  id: string;
  by: 'fact' | 'terms';
  /** the fact key (by fact) or the query words both hold (by terms) */
  shared: string[];
  /** days between the record and its rival */
  gapDays: number;
  /** overlap of the two records' own words beyond the query (by terms) */
  overlap?: number;
}

const DAY = 86_400_000;
const STOP = new Set(
  'the a an and or but of to in on at for with is are was were be been it its this that i you he she we they my your his her our their me him us them so just do did does have has had not no yes what when where who how why which would could can will about from as by if then than there here too very really also like'.split(' '),
);

/** A text's words for overlap: latin words (loosely stemmed, stop words out) and CJK bigrams. */
export function subjectTokens(text: string): Set<string> {
  const out = new Set<string>();
  const t = foldText(text).toLowerCase();
  for (const m of t.matchAll(/[a-z0-9][a-z0-9_.-]*[a-z0-9]|[a-z0-9]/g)) {
    const w = m[0];
    if (w.length < 2 || STOP.has(w)) continue;
    out.add(w.length > 4 ? w.replace(/(?:ies|ied|ing|ed|es|s|ly)$/, '') : w);
  }
  for (const m of t.matchAll(/[\u3400-\u9fff]+/gu)) {
    const run = m[0];
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  return out;
}

/**
 * Σ weight(A ∩ B) / min(Σ weight(A), Σ weight(B)), a word weighing log(1 + n / df) where df counts
 * the candidates holding it: words most candidates share (names, "thanks", 今天) say little about
 * a subject; 1 when the shorter record's words all recur in the other.
 */
function overlapOf(a: Set<string>, b: Set<string>, weight: (w: string) => number): number {
  let wa = 0;
  let wb = 0;
  let shared = 0;
  for (const w of a) {
    const x = weight(w);
    wa += x;
    if (b.has(w)) shared += x;
  }
  for (const w of b) wb += weight(w);
  const m = Math.min(wa, wb);
  return m > 0 ? shared / m : 0;
}

/**
 * For each candidate, its newest rival among the candidates (none: absent from the map): the
 * newest record of its scope that states the same fact slot or holds the same query words.
 */
export function findRivals(candidates: Candidate[], opts: RankingOptions, lookup: QueryLookup, queryText: string, queryWords: number): Map<Candidate, Rival> {
  const out = new Map<Candidate, Rival>();
  const { termShare, textOverlap, queryShare } = opts.rivals;
  const scopes = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const k = `${c.rec.domain ?? ''}\u0000${c.rec.project ?? ''}`;
    const list = scopes.get(k) ?? [];
    list.push(c);
    scopes.set(k, list);
  }
  const facts = lookup.factKeys ? lookup.factKeys(candidates.map((c) => c.rec.rid)) : new Map<number, string[]>();
  const qTokens = subjectTokens(queryText);
  let df: Map<string, number> | null = null;
  const tokens = new Map<Candidate, Set<string>>();
  const own = (c: Candidate) => {
    let s = tokens.get(c);
    if (!s) {
      s = subjectTokens(c.rec.text);
      for (const w of qTokens) s.delete(w);
      tokens.set(c, s);
    }
    return s;
  };
  const weight = (w: string) => {
    if (!df) {
      df = new Map();
      for (const c of candidates) for (const t of own(c)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    return Math.log(1 + candidates.length / (df.get(w) ?? 1));
  };
  for (const list of scopes.values()) {
    if (list.length < 2) continue;
    // Newest first: the first rival found for a record is its newest.
    list.sort((a, b) => b.rec.timeMs - a.rec.timeMs || b.rec.rid - a.rec.rid);
    for (let i = 1; i < list.length; i++) {
      const c = list[i]!;
      const keys = facts.get(c.rec.rid) ?? [];
      const words = c.matchedTerms;
      for (let j = 0; j < i; j++) {
        const r = list[j]!;
        if (r.rec.timeMs <= c.rec.timeMs) continue;
        const gapDays = (r.rec.timeMs - c.rec.timeMs) / DAY;
        const key = keys.find((k) => (facts.get(r.rec.rid) ?? []).includes(k));
        if (key !== undefined) {
          out.set(c, { id: r.rec.id, by: 'fact', shared: [key], gapDays });
          break;
        }
        if (words.length === 0 || r.matchedTerms.length === 0) continue;
        const shared = words.filter((w) => r.matchedTerms.includes(w));
        if (shared.length < termShare * words.length) continue;
        // Both hold (nearly) every query word: about the query's subject, no doubt. Else the
        // words beyond the query must say it is the same subject.
        let overlap: number | undefined;
        if (shared.length < queryShare * queryWords) {
          overlap = overlapOf(own(c), own(r), weight);
          if (overlap < textOverlap) continue;
        }
        out.set(c, { id: r.rec.id, by: 'terms', shared, gapDays, ...(overlap !== undefined ? { overlap: Math.round(overlap * 1000) / 1000 } : {}) });
        break;
      }
    }
  }
  return out;
}
