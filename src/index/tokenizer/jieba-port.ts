import fs from 'node:fs';
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

/**
 * The base dictionary file: the words (UTF-16) with their frequencies and the sum of them, in blocks by
 * the word's first code unit (modulo BUCKETS), each block sorted. A search reads the header and the
 * blocks of the characters its text holds (a few kilobytes), not the whole file (750 KB: 2-3 ms a
 * process, most of it page faults of the fresh buffer).
 *
 *   head   magic u32, count u32, maxLen u32, buckets u32, total f64            24 bytes
 *   table  buckets × (offset u32, length u32)                                   from byte 24
 *   block  n u32, offsets (n+1) u32, freqs n u32, units u16 × offsets[n]        each at a multiple of 4
 */
const DICT_MAGIC = 0x324a444f; // "ODJ2"
const BUCKETS = 4096;
const HEAD = 24;
const HMM_MAGIC = 0x314d484f; // "OHM1"
const MIN_FLOAT = -3.14e100;
const B = 0;
const E = 1;
const M = 2;
const S = 3;

/** The base words, looked up by frequency and by prefix. */
export interface BaseWords {
  readonly count: number;
  readonly maxLen: number;
  readonly total: number;
  /** the frequency of a base word (0 is a word too), or undefined */
  freq(word: string): number | undefined;
  /** whether some base word starts with this prefix */
  hasPrefix(prefix: string): boolean;
}

/** One block: its words back to back as code units, sorted, with their offsets and frequencies. */
interface Block {
  n: number;
  offsets: Uint32Array;
  freqs: Uint32Array;
  units: Uint16Array;
}

const bucketOf = (word: string): number => word.charCodeAt(0) % BUCKETS;

export function encodeBaseWords(entries: Array<[string, number]>): Buffer {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] === sorted[i - 1]![0]) throw new Error(`jieba-port: "${sorted[i]![0]}" twice in the base dictionary`);
  if (sorted.some((e) => !e[0])) throw new Error('jieba-port: an empty word in the base dictionary');
  const byBucket: Array<Array<[string, number]>> = Array.from({ length: BUCKETS }, () => []);
  for (const e of sorted) byBucket[bucketOf(e[0])]!.push(e);
  const head = Buffer.alloc(HEAD);
  head.writeUInt32LE(DICT_MAGIC, 0);
  head.writeUInt32LE(sorted.length, 4);
  head.writeUInt32LE(Math.max(...sorted.map((e) => e[0].length)), 8);
  head.writeUInt32LE(BUCKETS, 12);
  head.writeDoubleLE(sorted.reduce((n, e) => n + e[1], 0), 16);
  const table = new Uint32Array(2 * BUCKETS);
  const blocks: Buffer[] = [];
  let at = HEAD + table.byteLength;
  byBucket.forEach((words, b) => {
    if (!words.length) return;
    const n = words.length;
    const offsets = new Uint32Array(n + 1);
    let u = 0;
    words.forEach((e, i) => {
      offsets[i] = u;
      u += e[0].length;
    });
    offsets[n] = u;
    const text = Buffer.from(words.map((e) => e[0]).join(''), 'utf16le');
    const pad = Buffer.alloc((4 - (text.length % 4)) % 4);
    const block = Buffer.concat([Buffer.from(Uint32Array.of(n).buffer), Buffer.from(offsets.buffer), Buffer.from(Uint32Array.from(words.map((e) => e[1])).buffer), text, pad]);
    table[2 * b] = at;
    table[2 * b + 1] = block.length;
    blocks.push(block);
    at += block.length;
  });
  return Buffer.concat([head, Buffer.from(table.buffer), ...blocks]);
}

function decodeBlock(buf: Buffer, where: string): Block {
  const b = buf.byteOffset % 4 === 0 ? buf : Buffer.from(buf);
  const n = b.readUInt32LE(0);
  if (4 * (2 * n + 2) > b.length) throw new Error(`${where}: a damaged block (run \`npm run build\`)`);
  const offsets = new Uint32Array(b.buffer, b.byteOffset + 4, n + 1);
  const freqs = new Uint32Array(b.buffer, b.byteOffset + 4 * (n + 2), n);
  const units = new Uint16Array(b.buffer, b.byteOffset + 4 * (2 * n + 2), offsets[n]!);
  return { n, offsets, freqs, units };
}

/** Word i of a block against key in code-unit order (as blocks are sorted): <0, 0 or >0. */
function compareAt(w: Block, i: number, key: string): number {
  const a = w.offsets[i]!;
  const len = w.offsets[i + 1]! - a;
  const n = Math.min(len, key.length);
  for (let k = 0; k < n; k++) {
    const d = w.units[a + k]! - key.charCodeAt(k);
    if (d !== 0) return d;
  }
  return len - key.length;
}

/** The first index of a block whose word is >= key. */
function lowerBound(w: Block, key: string): number {
  let lo = 0;
  let hi = w.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(w, mid, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether word i of a block starts with prefix. */
function startsWithAt(w: Block, i: number, prefix: string): boolean {
  const a = w.offsets[i]!;
  if (w.offsets[i + 1]! - a < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (w.units[a + k] !== prefix.charCodeAt(k)) return false;
  return true;
}

const EMPTY_BLOCK: Block = { n: 0, offsets: new Uint32Array(1), freqs: new Uint32Array(0), units: new Uint16Array(0) };

/** Base words over a header and table, and a way to read a block's bytes; each block is read once. */
function blockedWords(head: Buffer, read: (offset: number, length: number) => Buffer, where: string): BaseWords {
  if (head.length < HEAD || head.readUInt32LE(0) !== DICT_MAGIC) throw new Error(`${where}: not a jieba-port dictionary (run \`npm run build\`)`);
  const buckets = head.readUInt32LE(12);
  if (buckets !== BUCKETS || head.length < HEAD + 8 * buckets) throw new Error(`${where}: a dictionary of another layout (run \`npm run build\`)`);
  const table = head.subarray(HEAD, HEAD + 8 * buckets);
  const blocks = new Map<number, Block>();
  const blockOf = (word: string): Block => {
    const b = bucketOf(word);
    let block = blocks.get(b);
    if (!block) {
      const length = table.readUInt32LE(8 * b + 4);
      block = length ? decodeBlock(read(table.readUInt32LE(8 * b), length), where) : EMPTY_BLOCK;
      blocks.set(b, block);
    }
    return block;
  };
  return {
    count: head.readUInt32LE(4),
    maxLen: head.readUInt32LE(8),
    total: head.readDoubleLE(16),
    freq(word) {
      if (!word) return undefined;
      const w = blockOf(word);
      const i = lowerBound(w, word);
      return i < w.n && compareAt(w, i, word) === 0 ? w.freqs[i]! : undefined;
    },
    hasPrefix(prefix) {
      if (!prefix) return true;
      const w = blockOf(prefix);
      const i = lowerBound(w, prefix);
      return i < w.n && startsWithAt(w, i, prefix);
    },
  };
}

/** The base words of a dictionary file's bytes, all in memory. */
export function decodeBaseWords(raw: Buffer, file: string): BaseWords {
  return blockedWords(raw, (offset, length) => raw.subarray(offset, offset + length), file);
}

/**
 * The base words of a dictionary file, read as they are needed: the header and table now, each block
 * on its first lookup (the file is opened for each read, so a rebuild never mixes two versions' bytes
 * in one read; a block read before a rebuild stays as it was).
 */
export function openBaseWords(file: string): BaseWords {
  const readAt = (offset: number, length: number): Buffer => {
    const buf = Buffer.allocUnsafeSlow(length);
    const fd = fs.openSync(file, 'r');
    try {
      let got = 0;
      while (got < length) {
        const n = fs.readSync(fd, buf, got, length - got, offset + got);
        if (n === 0) throw new Error(`${file}: cut short (run \`npm run build\`)`);
        got += n;
      }
    } finally {
      fs.closeSync(fd);
    }
    return buf;
  };
  return blockedWords(readAt(0, HEAD + 8 * BUCKETS), readAt, file);
}

/**
 * The base words plus user dictionary lines (`word [freq [tag]]`, later lines win), as jieba-rs's
 * load_dict takes them in one stream: a word's last frequency counts, and the total is the sum.
 * Applying lines the base already holds with the same frequencies changes nothing (the build merges
 * the shipped user dictionary into the base this way; a home's dict.txt is applied at run time).
 */
export function portDictionary(base: BaseWords, userLines: string): PortDictionary {
  const user = userWords(userLines);
  let total = base.total;
  let maxLen = base.maxLen;
  const userPrefixes = new Set<string>();
  for (const [word, f] of user) {
    total += f - (base.freq(word) ?? 0);
    maxLen = Math.max(maxLen, word.length);
    for (let n = 1; n <= word.length; n++) userPrefixes.add(word.slice(0, n));
  }
  return {
    freq: (word) => user.get(word) ?? base.freq(word),
    hasPrefix: (prefix) => userPrefixes.has(prefix) || base.hasPrefix(prefix),
    logTotal: Math.log(total),
    maxLen,
  };
}

/** The merged words of a base and user lines, as portDictionary reads them: what the build writes. */
export function mergedEntries(entries: Array<[string, number]>, userLines: string): Array<[string, number]> {
  return [...new Map([...entries, ...userWords(userLines)])];
}

/** User dictionary lines as words and frequencies, a later line winning (`word [freq [tag]]`). */
function userWords(userLines: string): Map<string, number> {
  const user = new Map<string, number>();
  for (const line of userLines.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (!parts[0]) continue;
    user.set(parts[0], parts[1] === undefined ? 0 : Number(parts[1]));
  }
  return user;
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

const aligned = (buf: Buffer): Buffer => (buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf));

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
