/**
 * Probes: a query about a record made from the record, without handing it its own text. A probe
 * is the record's subject (the qualifier of its first fact slot, when it states one) and its most
 * informative words — the rarest in the home — with three rules that keep it from pointing at the
 * record the way an id would: every word must be held by at least one other searchable record
 * (a word only this record holds is left out), values (anything with a digit) are left out, and
 * at most four words are taken. docs/EVAL.md ("Memory health") gives the definition.
 */
import { extractFacts } from '../core/facts.js';
import { CORRECTION_FILLER, stripMarkers } from '../core/markers.js';
import type { QueryTerm, Tokenizer } from '../index/tokenizer/tokenizer.js';

/** At most this many words in a probe. */
export const PROBE_WORDS = 4;
/** A probe needs at least this many words; a record with fewer usable words is not probed. */
export const PROBE_MIN_WORDS = 2;

export interface Probe {
  query: string;
  /** the words, in the record's order */
  words: string[];
  /** the subject's words among them (from a fact slot), if any */
  subject: string[];
}

export interface ProbeDeps {
  tokenizer: Pick<Tokenizer, 'queryTerms' | 'words'>;
  domains: readonly string[];
  /** searchable records holding each term */
  docFreq: (terms: Pick<QueryTerm, 'text' | 'cjk'>[]) => number[];
}

/** The words of a text a probe may use: content words of two characters or more, no values, no correction filler. */
export function probeTerms(text: string, deps: Pick<ProbeDeps, 'tokenizer' | 'domains'>): QueryTerm[] {
  return deps.tokenizer
    .queryTerms(stripMarkers(text, deps.domains))
    .filter((t) => !t.stop && !/\d/.test(t.text) && Array.from(t.text).length >= 2 && !CORRECTION_FILLER.has(t.text) && !t.text.startsWith('optmem'));
}

/**
 * The probe for a text. `within`: only words also in this set may be used (a chain's probe uses
 * the words its head shares with what it replaced: the subject they have in common). `minDocs`:
 * a word must be held by at least this many records (default 2: by another record too).
 * Null when fewer than PROBE_MIN_WORDS words qualify.
 */
export function makeProbe(text: string, deps: ProbeDeps, opts: { within?: ReadonlySet<string>; minDocs?: number } = {}): Probe | null {
  const minDocs = opts.minDocs ?? 2;
  let terms = probeTerms(text, deps);
  if (opts.within) terms = terms.filter((t) => opts.within!.has(t.text));
  if (terms.length === 0) return null;
  const df = deps.docFreq(terms);
  const ok = terms.map((t, i) => ({ t, df: df[i]!, pos: i })).filter((x) => x.df >= minDocs);
  const subjectText = subjectOf(text, deps);
  const subjectTerms = subjectText ? new Set(deps.tokenizer.queryTerms(subjectText).map((t) => t.text)) : new Set<string>();
  const chosen: typeof ok = [];
  const overlaps = (w: string) => chosen.some((c) => c.t.text.includes(w) || w.includes(c.t.text));
  // The subject first (at most two of its words), then the rarest words.
  for (const x of ok.filter((x) => subjectTerms.has(x.t.text)).sort((a, b) => a.df - b.df).slice(0, 2)) if (!overlaps(x.t.text)) chosen.push(x);
  const subject = chosen.map((c) => c.t.text);
  for (const x of [...ok].sort((a, b) => a.df - b.df || a.pos - b.pos)) {
    if (chosen.length >= PROBE_WORDS) break;
    if (!overlaps(x.t.text)) chosen.push(x);
  }
  if (chosen.length < PROBE_MIN_WORDS) return null;
  chosen.sort((a, b) => a.pos - b.pos);
  const words = chosen.map((c) => c.t.surface);
  // Words apart, so that the query splits into exactly these words.
  return { query: words.join(' '), words, subject };
}

/** The subject a record states a fact about (the qualifier of its first fact slot), if any. */
function subjectOf(text: string, deps: Pick<ProbeDeps, 'tokenizer'>): string | null {
  const f = extractFacts(text, (run) => deps.tokenizer.words(run)).find((x) => x.qualifier && !/\d/.test(x.qualifier));
  return f ? f.qualifier : null;
}
