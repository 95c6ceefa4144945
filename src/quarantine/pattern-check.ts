/**
 * The static check every scanner pattern passes before it is compiled, so that no rule (built-in or
 * from a home's config) can backtrack catastrophically.
 *
 * JavaScript's regular expressions backtrack. A pattern stays linear in the length of the text it
 * scans when the work tried at each start position is bounded by a constant, and that holds when:
 * - every quantifier is bounded: `?`, `{m}` or `{m,n}` with n ≤ MAX_REPEAT (no `*`, `+`, `{m,}`);
 * - no group repeated more than once holds a quantifier (no nested repetition; an optional
 *   group `(?:…)?` may hold one);
 * - there are no backreferences (they make matching NP-hard in general).
 * Then the work per start position is at most `paths × length`: `paths` counts the ways the
 * backtracker can choose (a product along a sequence, a sum over alternatives, Σ pᵏ for a bounded
 * repeat), `length` the longest text one attempt can read. The bound over-approximates (it does not
 * see that `[^?]{1,150}` followed by `\?` can split only one way), so the check uses it to refuse
 * the shapes that explode (alternatives repeated many times, long chains of wide gaps) rather than
 * as a timing promise: a pattern whose bound exceeds MAX_WORK is refused. What every accepted
 * pattern does get is a constant bound per start position, so a scan is linear in the text; the
 * adversarial inputs of test/quarantine-scan.test.ts and `npm run bench:quarantine` show the real
 * worst case.
 */

/** The largest upper bound of one quantifier. */
export const MAX_REPEAT = 200;
/** The largest work bound (backtracking paths × characters read) per start position. */
export const MAX_WORK = 100_000_000;

export interface PatternBound {
  /** distinct backtracking paths from one start position (upper bound) */
  paths: number;
  /** the most characters one path reads */
  length: number;
  /** paths × length: the work bound per start position */
  work: number;
}

/** Thrown by `checkPattern`: the message says what is wrong and where. */
export class PatternError extends Error {}

interface Node {
  paths: number;
  length: number;
  /** holds a quantifier somewhere inside */
  quantified: boolean;
  /**
   * The strings the node matches, when it is made of literal characters only (with `?`, small
   * repeats and alternatives) and there are at most MAX_LITS of them; else null. At one position
   * the strings that match form a chain of prefixes, so a literal alternative such as
   * `(?:ignore|disregard|forget)` offers the backtracker at most the longest such chain of ways on,
   * not one per alternative.
   */
  lits: string[] | null;
}

const MAX_LITS = 512;
const cap = (x: number) => (x > 1e15 ? 1e15 : x);

/** The longest chain of strings in `lits` each a prefix of the next (duplicates count: each is a way on). */
function prefixChain(lits: string[]): number {
  const sorted = [...lits].sort((a, b) => a.length - b.length);
  const best = new Array<number>(sorted.length).fill(1);
  let top = 0;
  for (let j = 0; j < sorted.length; j++) {
    for (let k = 0; k < j; k++) if (sorted[j]!.startsWith(sorted[k]!) && best[k]! + 1 > best[j]!) best[j] = best[k]! + 1;
    top = Math.max(top, best[j]!);
  }
  return top;
}

function withLits(n: Omit<Node, 'lits'>, lits: string[] | null): Node {
  if (lits && lits.length <= MAX_LITS) return { ...n, paths: Math.min(n.paths, prefixChain(lits)), lits };
  return { ...n, lits: null };
}

/**
 * Check a pattern's source against the rules above and return its work bound. `lowercase`: the
 * pattern reads case-folded text, so an upper-case letter outside an escape can never match.
 */
export function checkPattern(source: string, opts: { lowercase: boolean }): PatternBound {
  if (source.length === 0) throw new PatternError('is empty');
  if (source.length > 2000) throw new PatternError('is longer than 2000 characters');
  try {
    new RegExp(source, 'u');
  } catch (e) {
    throw new PatternError(`is not a valid regular expression (${(e as Error).message})`);
  }
  let i = 0;
  const at = () => `at character ${i + 1}`;

  function alternation(): Node {
    let paths = 0;
    let length = 0;
    let quantified = false;
    let lits: string[] | null = [];
    for (;;) {
      const s = sequence();
      paths = cap(paths + s.paths);
      length = Math.max(length, s.length);
      quantified ||= s.quantified;
      lits = lits && s.lits && lits.length + s.lits.length <= MAX_LITS ? [...lits, ...s.lits] : null;
      if (source[i] !== '|') break;
      i++;
    }
    return withLits({ paths, length, quantified }, lits);
  }

  function sequence(): Node {
    let paths = 1;
    let length = 0;
    let quantified = false;
    let lits: string[] | null = [''];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      let a = atom();
      a = quantifier(a);
      paths = cap(paths * a.paths);
      length += a.length;
      quantified ||= a.quantified;
      lits = lits && a.lits && lits.length * a.lits.length <= MAX_LITS ? lits.flatMap((x) => a.lits!.map((y) => x + y)) : null;
    }
    return withLits({ paths, length, quantified }, lits);
  }

  function quantifier(a: Node): Node {
    const c = source[i];
    if (c === '*' || c === '+') throw new PatternError(`has an unbounded quantifier "${c}" ${at()}: use {0,N} or {1,N} with N ≤ ${MAX_REPEAT}`);
    let min: number;
    let max: number;
    if (c === '?') {
      min = 0;
      max = 1;
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return a; // a literal "{" (compiled above, so the engine agrees)
      min = Number(m[1]);
      if (m[2] !== undefined && m[3] === '') throw new PatternError(`has an unbounded quantifier "${m[0]}" ${at()}: give an upper bound ≤ ${MAX_REPEAT}`);
      max = m[3] !== undefined ? Number(m[3]) : min;
      if (max > MAX_REPEAT) throw new PatternError(`has a quantifier "${m[0]}" ${at()} above the limit of ${MAX_REPEAT}`);
      i += m[0].length;
    } else return a;
    if (source[i] === '?') i++; // lazy: same paths, other order
    // An optional group (`?`, `{0,1}`) may hold quantifiers: it adds its paths once. A group
    // repeated more than once must not, or the ways to split the text multiply with each repeat.
    if (a.quantified && max > 1) throw new PatternError(`has a nested quantifier ${at()}: a group repeated more than once must not hold a quantifier`);
    let paths = 0;
    for (let k = min; k <= max; k++) paths = cap(paths + a.paths ** k);
    let lits: string[] | null = null;
    if (a.lits && max <= 8) {
      lits = [];
      let layer = [''];
      for (let k = 0; k <= max && lits; k++) {
        if (k >= min) lits.push(...layer);
        if (lits.length > MAX_LITS) lits = null;
        layer = layer.flatMap((x) => a.lits!.map((y) => x + y));
        if (layer.length > MAX_LITS) layer = layer.slice(0, MAX_LITS + 1);
      }
    }
    return withLits({ paths: Math.max(paths, 1), length: a.length * max, quantified: true }, lits);
  }

  function atom(): Node {
    const c = source[i];
    if (c === '(') {
      i++;
      let look = false;
      if (source[i] === '?') {
        const m = /^\?(:|=|!|<=|<!)/.exec(source.slice(i));
        if (!m) throw new PatternError(`has a named group ${at()}: use (?:…)`);
        look = m[1] !== ':';
        i += m[0].length;
      }
      const inner = alternation();
      if (source[i] !== ')') throw new PatternError(`has an unclosed group ${at()}`);
      i++;
      // A lookaround reads text but consumes none; its own backtracking is bounded by its paths.
      return look ? { paths: inner.paths, length: inner.length, quantified: inner.quantified, lits: [''] } : inner;
    }
    if (c === '[') {
      i++;
      if (source[i] === '^') i++;
      while (i < source.length && source[i] !== ']') {
        if (source[i] === '\\') escape(true);
        else {
          if (opts.lowercase && /[A-Z]/.test(source[i]!)) throw new PatternError(`has an upper-case letter "${source[i]}" ${at()}: the text is case-folded, write it in lower case`);
          i++;
        }
      }
      i++;
      return { paths: 1, length: 1, quantified: false, lits: null };
    }
    if (c === '\\') return escape(false);
    if (c === '^' || c === '$') {
      i++;
      return { paths: 1, length: 0, quantified: false, lits: [''] };
    }
    if (c === '.') {
      i++;
      return { paths: 1, length: 1, quantified: false, lits: null };
    }
    if (opts.lowercase && /[A-Z]/.test(c!)) throw new PatternError(`has an upper-case letter "${c}" ${at()}: the text is case-folded, write it in lower case`);
    // one code point
    const cp = source.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    return { paths: 1, length: 1, quantified: false, lits: [String.fromCodePoint(cp)] };
  }

  function escape(inClass: boolean): Node {
    i++; // the backslash
    const c = source[i];
    if (c === undefined) throw new PatternError('ends with a backslash');
    if (/[1-9]/.test(c) || (c === 'k' && source[i + 1] === '<')) throw new PatternError(`has a backreference ${at()}`);
    const width = c === 'b' || c === 'B' ? 0 : 1;
    // An escaped punctuation mark is that character; \b and \B match no text.
    const lit = /[\\^$.*+?()[\]{}|/\-'"<>!#&%=:,~`@ ]/.test(c) ? c : c === 'b' || c === 'B' ? '' : null;
    if (c === 'p' || c === 'P') {
      const end = source.indexOf('}', i);
      i = end + 1;
    } else if (c === 'u' && source[i + 1] === '{') {
      i = source.indexOf('}', i) + 1;
    } else if (c === 'u') i += 5;
    else if (c === 'x') i += 3;
    else if (c === 'c') i += 2;
    else i++;
    return { paths: 1, length: inClass ? 0 : width, quantified: false, lits: lit === null ? null : [lit] };
  }

  const root = alternation();
  if (i !== source.length) throw new PatternError(`has an unmatched ")" ${at()}`);
  const work = cap(root.paths * Math.max(root.length, 1));
  if (work > MAX_WORK) {
    throw new PatternError(`may try up to ${work.toExponential(1)} steps per position (limit ${MAX_WORK.toExponential(0)}): narrow its repeats or alternatives`);
  }
  return { paths: root.paths, length: root.length, work };
}
