/**
 * What makes a span worth a summary line, without a model: deterministic features of the record
 * (tier, kind, numbers, paths, identifiers, length) and how often it was recalled, then a greedy,
 * MMR-like choice within a character budget that passes over spans too close to one already taken
 * (character-bigram overlap). Same inputs, same choice, on every machine.
 */

export interface SpanSource {
  id: string;
  kind: string;
  tier: string;
  text: string;
  /** times the record was recalled; 0 when unknown */
  uses: number;
}

/** A verbatim piece of a record, as a summary bullet would show it. */
export interface Span {
  /** the text: a substring of the record's text (a trailing "…" marks a cut) */
  text: string;
  ids: string[];
  salience: number;
  /** always included whatever the budget (red lines; the day's corrections at day level) */
  forced: boolean;
  /** for ordering: the record's time, then id */
  timeMs: number;
  date: string;
  redline: boolean;
}

export const SPAN_MAX_CHARS = 160;
const TIER_WEIGHT: Record<string, number> = { redline: 3, evidence: 2, normal: 1, chatter: 0.3 };
const KIND_WEIGHT: Record<string, number> = { decision: 1.3, lesson: 1.3, correction: 1.2, handoff: 1.1, note: 1, diary: 0.6 };
const HAS_NUMBER = /\d/;
const HAS_PATH = /[\w.~-]+\/[\w.-]+|\b[\w-]+\.(?:ts|js|py|rs|go|md|json|ya?ml|toml|conf|ini|sh|sql|env|log)\b/i;
const HAS_IDENT = /\b[A-Za-z]+[_-][A-Za-z0-9]+\b|\b[a-z]+[A-Z]\w*\b|`[^`]+`|\bv\d+\.\d+/;

/** Salience of one span of a record: higher is more worth keeping. */
export function salience(src: SpanSource, span: string): number {
  let s = (TIER_WEIGHT[src.tier] ?? 1) * (KIND_WEIGHT[src.kind] ?? 1);
  let f = 1;
  if (HAS_NUMBER.test(span)) f += 0.15;
  if (HAS_PATH.test(span)) f += 0.15;
  if (HAS_IDENT.test(span)) f += 0.15;
  s *= f;
  const n = span.length;
  if (n < 10) s *= 0.3;
  else if (n < 20) s *= 0.7;
  if (src.uses > 0) s *= 1 + 0.5 * Math.log1p(src.uses);
  return s;
}

const SENTENCE_END = /[。！？；!?;]|\.(?=\s|$)/g;

/** The first line of a text, cut at a sentence end within `max` characters, else at `max` with "…". */
export function leadSpan(text: string, max: number = SPAN_MAX_CHARS): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const t = line.trim();
  if (t.length <= max) return t;
  let cut = -1;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(t); m && m.index < max; m = SENTENCE_END.exec(t)) cut = m.index + 1;
  if (cut >= max / 3) return t.slice(0, cut).trim();
  // never split a surrogate pair
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(t[end - 1]!)) end--;
  return t.slice(0, end).trimEnd() + '…';
}

/** A handoff's done items and decisions, each a span of its own (its stuck and next items are not what happened). */
export function handoffSpans(text: string, max: number = SPAN_MAX_CHARS): string[] {
  const out: string[] = [];
  let keep = false;
  for (const l of text.split('\n')) {
    const h = /^###\s*(\S+)/.exec(l.trim());
    if (h) keep = /^(done|完成|decisions?|决定)$/i.test(h[1]!);
    else if (keep && l.startsWith('- ')) {
      const item = l.slice(2).trim();
      if (item) out.push(leadSpan(item, max));
    }
  }
  return out;
}

/** Does a span (without its "…") occur in the text? What every extractive bullet must satisfy. */
export function isVerbatim(span: string, text: string): boolean {
  const s = span.endsWith('…') ? span.slice(0, -1) : span;
  return s.length > 0 && text.includes(s);
}

/** Character bigrams of a span, lower-cased, white space dropped: distinct, as sorted numbers. */
export function bigrams(s: string): Uint32Array {
  const t = s.toLowerCase();
  const all = new Uint32Array(Math.max(0, t.length - 1));
  let n = 0;
  let prev = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 0x3000) continue;
    if (prev >= 0) all[n++] = prev * 65536 + c;
    prev = c;
  }
  const sorted = all.subarray(0, n).sort();
  let m = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[m++] = sorted[i]!;
  return sorted.subarray(0, m);
}

/** Overlap of two bigram sets: |A∩B| / √(|A|·|B|), 0..1 (a merge of the two sorted lists). */
export function overlap(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      n++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n / Math.sqrt(a.length * b.length);
}

/** How much a span close to one already chosen loses (MMR's λ). */
export const DIVERSITY = 0.7;
/** A span this close to a chosen one is a repeat, never taken. */
export const REPEAT = 0.9;

/**
 * Choose spans within `budget` characters: forced spans first (all of them, even past the
 * budget), then greedily the span with the best salience × (1 − DIVERSITY × its overlap with the
 * closest chosen span); one that no longer fits is passed over for shorter ones. Ties go to the
 * earlier span, then the smaller id: the choice is deterministic.
 */
export function choose(spans: readonly Span[], budget: number): Span[] {
  const order = [...spans].sort(bySalience);
  const grams = new Map<Span, Uint32Array>();
  const gramsOf = (s: Span) => {
    let g = grams.get(s);
    if (!g) grams.set(s, (g = bigrams(s.text)));
    return g;
  };
  const chosen: Span[] = [];
  let used = 0;
  const seen = new Set<string>();
  const rest: Span[] = [];
  // A forced span (a red line) worded like one already chosen adds its ids to that bullet: two red
  // lines of one text are one bullet, and neither id is lost.
  const forcedByText = new Map<string, number>();
  for (const s of order) {
    if (s.forced && forcedByText.has(s.text)) {
      const i = forcedByText.get(s.text)!;
      const first = chosen[i]!;
      chosen[i] = { ...first, ids: [...new Set([...first.ids, ...s.ids])] };
      continue;
    }
    if (seen.has(s.text)) continue;
    if (s.forced) {
      forcedByText.set(s.text, chosen.length);
      chosen.push(s);
      seen.add(s.text);
      used += s.text.length;
    } else rest.push(s);
  }
  // Lazy greedy: `rest` is in salience order and a span's score never exceeds its salience, so a
  // pick scans only until the salience left cannot beat the best score found; a span's overlap
  // with the chosen ones is brought up to date only when it is looked at.
  const closest = new Float64Array(rest.length);
  const checked = new Uint32Array(rest.length);
  const alive = new Uint8Array(rest.length).fill(1);
  for (;;) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < rest.length; i++) {
      if (!alive[i]) continue;
      const s = rest[i]!;
      if (s.salience <= bestScore) break;
      if (used + s.text.length > budget || seen.has(s.text)) {
        alive[i] = 0;
        continue;
      }
      if (checked[i]! < chosen.length) {
        const g = gramsOf(s);
        let c = closest[i]!;
        for (let k = checked[i]!; k < chosen.length; k++) c = Math.max(c, overlap(g, gramsOf(chosen[k]!)));
        closest[i] = c;
        checked[i] = chosen.length;
      }
      if (closest[i]! >= REPEAT) {
        alive[i] = 0;
        continue;
      }
      const score = s.salience * (1 - DIVERSITY * closest[i]!);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break;
    const c = rest[best]!;
    alive[best] = 0;
    chosen.push(c);
    seen.add(c.text);
    used += c.text.length;
  }
  return chosen;
}

function bySalience(a: Span, b: Span): number {
  return b.salience - a.salience || a.timeMs - b.timeMs || (a.ids[0]! < b.ids[0]! ? -1 : a.ids[0]! > b.ids[0]! ? 1 : 0) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

/** Red lines first, then by time, then id: the order bullets are written in. */
export function inTimeOrder(a: Span, b: Span): number {
  return Number(b.redline) - Number(a.redline) || a.timeMs - b.timeMs || (a.ids[0]! < b.ids[0]! ? -1 : a.ids[0]! > b.ids[0]! ? 1 : 0) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}
