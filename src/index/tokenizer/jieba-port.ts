/**
 * jieba's `cut` and `cut_for_search` (with HMM) for runs of Han characters, in TypeScript: the same
 * algorithm as the native @node-rs/jieba (jieba-rs) that indexes the text, over the same dictionary,
 * giving the same words (test/jieba-port.test.ts compares the two on every Han run of the repository's
 * labelled sets and on random runs). Loading the native dictionary costs 20–45 ms per process; this
 * reads two prepared binary files without parsing them (dist/dict/jieba-top.bin, jieba-hmm.bin,
 * written by `npm run build`), so a search or an add on a small home starts without that cost. The
 * native segmenter stays the one for bulk work (src/index/tokenizer/jieba.ts chooses).
 *
 * The steps, as in jieba-rs: a DAG of the dictionary words starting at each character; the route of
 * highest log-probability from the right (ties to the longer word); runs of single characters that do
 * not form a dictionary word are cut again by the HMM (Viterbi over B/E/M/S); search mode adds each
 * dictionary 2-gram and 3-gram inside a longer word before it.
 */

export interface PortDictionary {
  /** the frequency of a dictionary word (0 is a word too), or undefined */
  freq(word: string): number | undefined;
  /** whether some dictionary word starts with this prefix */
  hasPrefix(prefix: string): boolean;
  /** ln of the sum of all frequencies */
  readonly logTotal: number;
  /** the longest word, in characters */
  readonly maxLen: number;
}

export interface HmmModel {
  init: Float64Array; // [4], by state B E M S
  trans: Float64Array; // [4 * 4], from * 4 + to
  emit(state: number, ch: number): number;
}

/** The base dictionary file: sorted words (UTF-16), their frequencies and the sum of them. */
const DICT_MAGIC = 0x314a444f; // "ODJ1"
const HMM_MAGIC = 0x314d484f; // "OHM1"
const MIN_FLOAT = -3.14e100;
const B = 0;
const E = 1;
const M = 2;
const S = 3;

/** The sorted base words in one string with offsets: binary search without building a Map. */
export interface BaseWords {
  count: number;
  maxLen: number;
  total: number;
  offsets: Uint32Array;
  freqs: Uint32Array;
  /** the words' UTF-16 code units, back to back (never decoded into one string) */
  units: Uint16Array;
}

const aligned = (buf: Buffer): Buffer => (buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf));

export function encodeBaseWords(entries: Array<[string, number]>): Buffer {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] === sorted[i - 1]![0]) throw new Error(`jieba-port: "${sorted[i]![0]}" twice in the base dictionary`);
  const count = sorted.length;
  const text = sorted.map((e) => e[0]).join('');
  const head = Buffer.alloc(24);
  head.writeUInt32LE(DICT_MAGIC, 0);
  head.writeUInt32LE(count, 4);
  head.writeUInt32LE(Math.max(...sorted.map((e) => e[0].length)), 8);
  head.writeDoubleLE(sorted.reduce((n, e) => n + e[1], 0), 16);
  const offsets = new Uint32Array(count + 1);
  let at = 0;
  sorted.forEach((e, i) => {
    offsets[i] = at;
    at += e[0].length;
  });
  offsets[count] = at;
  const freqs = Uint32Array.from(sorted.map((e) => e[1]));
  return Buffer.concat([head, Buffer.from(offsets.buffer), Buffer.from(freqs.buffer), Buffer.from(text, 'utf16le')]);
}

export function decodeBaseWords(raw: Buffer, file: string): BaseWords {
  const buf = aligned(raw);
  if (buf.length < 24 || buf.readUInt32LE(0) !== DICT_MAGIC) throw new Error(`${file}: not a jieba-port dictionary (run \`npm run build\`)`);
  const count = buf.readUInt32LE(4);
  const offsets = new Uint32Array(buf.buffer, buf.byteOffset + 24, count + 1);
  const freqs = new Uint32Array(buf.buffer, buf.byteOffset + 24 + 4 * (count + 1), count);
  const textStart = 24 + 4 * (count + 1) + 4 * count;
  const units = new Uint16Array(buf.buffer, buf.byteOffset + textStart, (buf.length - textStart) >>> 1);
  return { count, maxLen: buf.readUInt32LE(8), total: buf.readDoubleLE(16), offsets, freqs, units };
}

/** Word i against key in code-unit order (as the file is sorted): <0, 0 or >0. */
function compareAt(w: BaseWords, i: number, key: string): number {
  const a = w.offsets[i]!;
  const len = w.offsets[i + 1]! - a;
  const n = Math.min(len, key.length);
  for (let k = 0; k < n; k++) {
    const d = w.units[a + k]! - key.charCodeAt(k);
    if (d !== 0) return d;
  }
  return len - key.length;
}

/** The first index whose word is >= key. */
function lowerBound(w: BaseWords, key: string): number {
  let lo = 0;
  let hi = w.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(w, mid, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether word i starts with prefix. */
function startsWithAt(w: BaseWords, i: number, prefix: string): boolean {
  const a = w.offsets[i]!;
  if (w.offsets[i + 1]! - a < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (w.units[a + k] !== prefix.charCodeAt(k)) return false;
  return true;
}

/**
 * The base words plus user dictionary lines (`word [freq [tag]]`, later lines win), as jieba-rs's
 * load_dict takes them in one stream: a word's last frequency counts, and the total is the sum.
 */
export function portDictionary(base: BaseWords, userLines: string): PortDictionary {
  const user = new Map<string, number>();
  for (const line of userLines.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (!parts[0]) continue;
    user.set(parts[0], parts[1] === undefined ? 0 : Number(parts[1]));
  }
  const baseFreq = (word: string): number | undefined => {
    const i = lowerBound(base, word);
    return i < base.count && compareAt(base, i, word) === 0 ? base.freqs[i]! : undefined;
  };
  let total = base.total;
  let maxLen = base.maxLen;
  const userPrefixes = new Set<string>();
  for (const [word, f] of user) {
    total += f - (baseFreq(word) ?? 0);
    maxLen = Math.max(maxLen, word.length);
    for (let n = 1; n <= word.length; n++) userPrefixes.add(word.slice(0, n));
  }
  return {
    freq: (word) => user.get(word) ?? baseFreq(word),
    hasPrefix(prefix) {
      if (userPrefixes.has(prefix)) return true;
      const i = lowerBound(base, prefix);
      return i < base.count && startsWithAt(base, i, prefix);
    },
    logTotal: Math.log(total),
    maxLen,
  };
}

/** hmm.model (jieba's format: start, transitions, then B E M S emissions) as a binary file. */
export function encodeHmm(modelText: string): Buffer {
  const lines = modelText.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  if (lines.length !== 9) throw new Error(`hmm.model: ${lines.length} data lines, 9 expected`);
  const nums = (l: string) => l.trim().split(' ').map(Number);
  const init = Float64Array.from(nums(lines[0]!));
  const trans = Float64Array.from(lines.slice(1, 5).flatMap(nums));
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt32LE(HMM_MAGIC, 0);
  parts.push(head, Buffer.from(init.buffer), Buffer.from(trans.buffer));
  for (const l of lines.slice(5)) {
    const pairs = l.split(',').map((p) => {
      const at = p.lastIndexOf(':');
      const ch = p.slice(0, at);
      if (ch.length !== 1) throw new Error(`hmm.model: "${ch}" is not one character`);
      return [ch.charCodeAt(0), Number(p.slice(at + 1))] as const;
    });
    pairs.sort((a, b) => a[0] - b[0]);
    const n = Buffer.alloc(8);
    n.writeUInt32LE(pairs.length, 0);
    const codes = new Uint32Array(pairs.length);
    const probs = new Float64Array(pairs.length);
    pairs.forEach((p, i) => {
      codes[i] = p[0];
      probs[i] = p[1];
    });
    // probs first, so that they stay 8-byte aligned whatever the count
    parts.push(n, Buffer.from(probs.buffer), Buffer.from(codes.buffer), Buffer.alloc((pairs.length * 4) % 8));
  }
  return Buffer.concat(parts);
}

export function decodeHmm(raw: Buffer, file: string): HmmModel {
  const buf = aligned(raw);
  if (buf.length < 8 || buf.readUInt32LE(0) !== HMM_MAGIC) throw new Error(`${file}: not a jieba-port HMM model (run \`npm run build\`)`);
  let at = 8;
  const init = new Float64Array(buf.buffer, buf.byteOffset + at, 4);
  at += 32;
  const trans = new Float64Array(buf.buffer, buf.byteOffset + at, 16);
  at += 128;
  const tables: Array<{ codes: Uint32Array; probs: Float64Array }> = [];
  for (let s = 0; s < 4; s++) {
    const n = buf.readUInt32LE(at);
    at += 8;
    const probs = new Float64Array(buf.buffer, buf.byteOffset + at, n);
    at += n * 8;
    const codes = new Uint32Array(buf.buffer, buf.byteOffset + at, n);
    at += n * 4 + ((n * 4) % 8);
    tables.push({ codes, probs });
  }
  return {
    init,
    trans,
    emit(state, ch) {
      const t = tables[state]!;
      let lo = 0;
      let hi = t.codes.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const c = t.codes[mid]!;
        if (c === ch) return t.probs[mid]!;
        if (c < ch) lo = mid + 1;
        else hi = mid - 1;
      }
      return MIN_FLOAT;
    },
  };
}

/** The characters jieba's HMM cuts (`[\u4E00-\u9FD5]`); other Han characters pass through as a block. */
const isHmmHan = (c: number) => c >= 0x4e00 && c <= 0x9fd5;

// The states that may come before each state, in jieba-rs's order (it matters for ties).
const PREV: ReadonlyArray<readonly [number, number]> = [
  [E, S], // before B
  [B, M], // before E
  [M, B], // before M
  [S, E], // before S
];
const VITERBI_ORDER = [B, M, E, S];

function viterbi(s: string, hmm: HmmModel, out: string[]): void {
  const n = s.length;
  const v = new Float64Array(n * 4);
  const prev = new Int8Array(n * 4).fill(-1);
  const c0 = s.charCodeAt(0);
  for (const y of VITERBI_ORDER) v[y] = hmm.init[y]! + hmm.emit(y, c0);
  for (let t = 1; t < n; t++) {
    const ch = s.charCodeAt(t);
    for (const y of VITERBI_ORDER) {
      const em = hmm.emit(y, ch);
      let best = -Infinity;
      let bestState = -1;
      for (const y0 of PREV[y]!) {
        const p = v[(t - 1) * 4 + y0]! + hmm.trans[y0 * 4 + y]! + em;
        // (prob, state) tuples: the larger prob, on a tie the larger state
        if (bestState === -1 || p > best || (p === best && y0 > bestState)) {
          best = p;
          bestState = y0;
        }
      }
      v[t * 4 + y] = best;
      prev[t * 4 + y] = bestState;
    }
  }
  const pe = v[(n - 1) * 4 + E]!;
  const ps = v[(n - 1) * 4 + S]!;
  let state = ps >= pe ? S : E;
  const path = new Int8Array(n);
  path[n - 1] = state;
  for (let t = n - 1; t > 0; t--) {
    state = prev[t * 4 + state]!;
    path[t - 1] = state;
  }
  let begin = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    const st = path[i];
    if (st === B) begin = i;
    else if (st === E) {
      out.push(s.slice(begin, i + 1));
      next = i + 1;
    } else if (st === S) {
      out.push(s.slice(i, i + 1));
      next = i + 1;
    }
  }
  if (next < n) out.push(s.slice(next));
}

function hmmCut(s: string, hmm: HmmModel, out: string[]): void {
  let i = 0;
  while (i < s.length) {
    const han = isHmmHan(s.charCodeAt(i));
    let j = i + 1;
    while (j < s.length && isHmmHan(s.charCodeAt(j)) === han) j++;
    const block = s.slice(i, j);
    if (han && block.length > 1) viterbi(block, hmm, out);
    else out.push(block); // one character, or Han outside the HMM's range (no ASCII reaches here)
    i = j;
  }
}

export interface PortSegmenter {
  cut(hanRun: string): string[];
  cutForSearch(hanRun: string): string[];
}

/** A segmenter over a dictionary; the HMM model is read only when a run needs it. */
export function createPortSegmenter(dict: PortDictionary, loadHmm: () => HmmModel): PortSegmenter {
  let hmm: HmmModel | null = null;
  const inDict = (w: string) => dict.freq(w) !== undefined;

  const cut = (s: string): string[] => {
    const n = s.length;
    // route[i]: the best (score, end) from i; scored from the right
    const score = new Float64Array(n + 1);
    const end = new Int32Array(n + 1);
    for (let k = n - 1; k >= 0; k--) {
      let bestScore = 0;
      let bestEnd = -1;
      for (let len = 1; len <= dict.maxLen && k + len <= n; len++) {
        const w = s.slice(k, k + len);
        if (!dict.hasPrefix(w)) break;
        const f = dict.freq(w);
        if (f === undefined) continue;
        const sc = Math.log(f) - dict.logTotal + score[k + len]!;
        if (bestEnd === -1 || sc > bestScore || (sc === bestScore && k + len > bestEnd)) {
          bestScore = sc;
          bestEnd = k + len;
        }
      }
      if (bestEnd === -1) {
        bestScore = 0 - dict.logTotal + score[k + 1]!;
        bestEnd = k + 1;
      }
      score[k] = bestScore;
      end[k] = bestEnd;
    }
    const words: string[] = [];
    const flush = (buf: string) => {
      if (buf.length === 1) words.push(buf);
      else if (!inDict(buf)) hmmCut(buf, (hmm ??= loadHmm()), words);
      else for (const ch of buf) words.push(ch);
    };
    let left = -1;
    for (let x = 0; x < n; ) {
      const y = end[x]!;
      if (y - x === 1) {
        if (left === -1) left = x;
      } else {
        if (left !== -1) {
          flush(s.slice(left, x));
          left = -1;
        }
        words.push(s.slice(x, y));
      }
      x = y;
    }
    if (left !== -1) flush(s.slice(left));
    return words;
  };

  return {
    cut,
    cutForSearch(s) {
      const out: string[] = [];
      for (const w of cut(s)) {
        const n = w.length;
        if (n > 2) for (let i = 0; i < n - 1; i++) if (inDict(w.slice(i, i + 2))) out.push(w.slice(i, i + 2));
        if (n > 3) for (let i = 0; i < n - 2; i++) if (inDict(w.slice(i, i + 3))) out.push(w.slice(i, i + 3));
        out.push(w);
      }
      return out;
    },
  };
}
