/**
 * Character n-grams and the MinHash bands that find similar texts without comparing every pair.
 * Han and Latin alike: the n-grams are taken over letters and digits of any script, so Chinese
 * needs no segmenter. All hashes are fixed functions of the text: the same files give the same
 * bands and the same similarities on every machine.
 */

/** Murmur3's 32-bit finalizer: spreads the bits of x. */
function fmix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

import { hash53 } from '../../core/hash53.js';

export { hash53 };

/**
 * The grams of a compact text (letters and digits only), hashed, sorted, unique: every Han
 * character on its own (a character is most often a word or part of one, so a reordered Chinese
 * sentence keeps them) and every pair of neighbouring characters, Han and Latin alike. A text of
 * one character is its own gram.
 */
export function gramHashes(compact: string): Uint32Array {
  const cps = Array.from(compact, (ch) => ch.codePointAt(0)!);
  const n = cps.length;
  if (n === 0) return new Uint32Array(0);
  if (n === 1) return Uint32Array.of(fmix32(cps[0]! ^ 0x1234567));
  const out = new Uint32Array(2 * n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const c = cps[i]!;
    if (c >= 0x3400 && c <= 0x9fff) out[k++] = fmix32(c ^ 0x1234567);
    if (i + 1 < n) out[k++] = fmix32(Math.imul(c, 0x9e3779b1) ^ cps[i + 1]!);
  }
  const arr = out.subarray(0, k).sort();
  let u = 0;
  for (let i = 0; i < arr.length; i++) if (i === 0 || arr[i] !== arr[i - 1]) arr[u++] = arr[i]!;
  return arr.slice(0, u);
}

/** Shared grams of two sorted, unique gram lists. */
export function intersectionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      n++;
      i++;
      j++;
    }
  }
  return n;
}

/** Jaccard similarity of two gram lists: shared over all. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  const inter = intersectionSize(a, b);
  return inter / (a.length + b.length - inter);
}

/** How MinHash bands are cut: `bands` bands of `rows` hashes each. */
export interface BandShape {
  bands: number;
  rows: number;
}

/**
 * 12 bands of 3 rows: a pair shares a band with probability 1 − (1 − s³)¹² at Jaccard s: 0.998 at
 * 0.8, 0.99 at 0.7, 0.95 at 0.6 (the default threshold), 0.29 at 0.3, 0.01 at 0.1. Every pair
 * that shares a band is then measured exactly: a band only decides which pairs are looked at.
 */
export const BAND_SHAPE: BandShape = { bands: 12, rows: 3 };

/**
 * The record's MinHash bands within a scope: two sets of grams of one scope that are similar share
 * a band with high probability; different scopes never do (but by a 31-bit collision, which only adds a candidate). Each band is a 31-bit number.
 * One-permutation MinHash: each gram is hashed once into one of k bins and every bin keeps its
 * smallest value; an empty bin takes the next filled bin's value, shifted by the distance
 * (densification), so short texts get k values too.
 */
export function bandsOf(grams: Uint32Array, scope: string, shape: BandShape = BAND_SHAPE): number[] {
  const k = shape.bands * shape.rows;
  const mins = new Uint32Array(k).fill(0xffffffff);
  const filled = new Uint8Array(k);
  for (let g = 0; g < grams.length; g++) {
    const h = fmix32(grams[g]! ^ 0x3c6ef372);
    const bin = h % k;
    const v = fmix32(h ^ 0x7f4a7c15);
    if (!filled[bin] || v < mins[bin]!) {
      mins[bin] = v;
      filled[bin] = 1;
    }
  }
  if (grams.length) {
    for (let i = 0; i < k; i++) {
      if (filled[i]) continue;
      let j = (i + 1) % k;
      let d = 1;
      while (!filled[j]) {
        j = (j + 1) % k;
        d++;
      }
      mins[i] = fmix32(mins[j]! + Math.imul(d, 0x9e3779b1));
    }
  }
  const seed = hash53(scope);
  const lo = seed % 4294967296;
  const hi = Math.floor(seed / 4294967296);
  const out: number[] = [];
  for (let b = 0; b < shape.bands; b++) {
    let h1 = fmix32(lo ^ Math.imul(b + 1, 0x9e3779b1));
    let h2 = fmix32(hi + Math.imul(b + 1, 0x85ebca6b));
    for (let r = 0; r < shape.rows; r++) {
      const m = mins[b * shape.rows + r]!;
      h1 = fmix32(Math.imul(h1, 0x01000193) ^ m);
      h2 = fmix32(h2 + Math.imul(m, 0xc2b2ae35));
    }
    // 31 bits: stored in 4 bytes; a collision of two bands only adds a candidate, judged exactly.
    out.push((h1 ^ fmix32(h2)) >>> 1);
  }
  return out;
}
