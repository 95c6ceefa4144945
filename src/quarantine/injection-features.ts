import { normalizeForScan } from './normalize.js';

/**
 * What the learned injection scorer reads (injection-model.ts): hashed character n-grams of the
 * scanner's normalized text (normalize.ts: folded, lower case, no zero-width characters, one space
 * for any whitespace run) — 1 to 3 characters inside runs of Chinese characters, 3 to 5 inside runs
 * of anything else, padded with a space so word starts and ends count — scaled to unit length so a
 * long text weighs no more than a short one; plus a few structural signs (below) that n-grams see
 * poorly. A sparse vector: bucket indexes and values.
 */
export interface InjectionFeatures {
  index: number[];
  value: number[];
}

/** The structural signs, each 0 or 1, after the n-gram buckets in the weight vector. */
export const STRUCTURAL = [
  'second-person',
  'addresses-model',
  'imperative-to-model',
  'url',
  'url-data-placeholder',
  'role-marker',
  'encoded-blob',
  'hidden-characters',
] as const;

const SECOND_PERSON = /\b(?:you|your|yours|yourself|u)\b|你|您/;
const MODEL = /\b(?:ai|assistant|model|llm|gpt|chatgpt|agent|bot|claude|copilot|system)\b|助手|模型|智能体|机器人|大模型|系统|ai/;
const IMPERATIVE = /\b(?:must|always|never|from now on|shall|do not|don't|you will|you are to|you should|henceforth)\b|必须|务必|一律|从现在起|从现在开始|今后|以后|永远|不得|不要|不准|一定要|请/;
const URL = /\bhttps?:\/\//;
const URL_PLACEHOLDER = /\bhttps?:\/\/[^\s]{0,200}?[?&#][\w.-]{1,40}=(?:[{[<$%]|\s|$)/;
const ROLE_MARKER = /(?:^|[\s>#*[(【])(?:system|assistant|developer|admin|administrator|root)\s?(?:message|prompt|note|notice|update|override)?\s?[:\]】]|<\|?im_start\|?>|\[inst\]|<<sys>>|【系统|系统提示|系统消息|系统通知|\bsystem prompt\b/;
const BLOB = /[A-Za-z0-9+/]{48,}={0,2}/;
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|[\u{e0000}-\u{e007f}]/u;

/** The number of n-gram buckets for `bits`; the structural signs and the bias follow them. */
export const bucketCount = (bits: number): number => 1 << bits;

const isHan = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);

/** FNV-1a over `n` code units of `s` from `at`, seeded by the n-gram's length and kind. */
function hash(s: string, at: number, n: number, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let k = 0; k < n; k++) {
    h ^= s.charCodeAt(at + k);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The features of one text for a model with `2^bits` n-gram buckets. Pure and deterministic: the
 * same text gives the same vector on every machine (integer hashing, no locale).
 */
export function injectionFeatures(text: string, bits: number): InjectionFeatures {
  const norm = normalizeForScan(text).text;
  const mask = bucketCount(bits) - 1;
  const counts = new Map<number, number>();
  const add = (h: number) => {
    const b = h & mask;
    counts.set(b, (counts.get(b) ?? 0) + 1);
  };
  // Runs of Chinese characters and runs of everything else, each padded with one space.
  let i = 0;
  const n = norm.length;
  while (i < n) {
    const han = isHan(norm.charCodeAt(i));
    let j = i + 1;
    while (j < n && isHan(norm.charCodeAt(j)) === han) j++;
    if (han) {
      const run = norm.slice(i, j);
      for (let g = 1; g <= 3; g++) for (let k = 0; k + g <= run.length; k++) add(hash(run, k, g, 0x100 + g));
    } else {
      const run = ` ${norm.slice(i, j)} `;
      if (run.trim()) for (let g = 3; g <= 5; g++) for (let k = 0; k + g <= run.length; k++) add(hash(run, k, g, 0x200 + g));
    }
    i = j;
  }
  const index: number[] = [];
  const value: number[] = [];
  let sum = 0;
  // Sorted buckets: the same sum in the same order everywhere. A count weighs its logarithm.
  for (const b of [...counts.keys()].sort((x, y) => x - y)) {
    const v = 1 + Math.log(counts.get(b)!);
    index.push(b);
    value.push(v);
    sum += v * v;
  }
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let k = 0; k < value.length; k++) value[k]! *= scale;
  const base = bucketCount(bits);
  const signs = structuralSigns(text, norm);
  signs.forEach((on, k) => {
    if (on) {
      index.push(base + k);
      value.push(1);
    }
  });
  return { index, value };
}

/** The structural signs of a text (raw and normalized), in the order of `STRUCTURAL`. */
export function structuralSigns(raw: string, norm: string): boolean[] {
  const second = SECOND_PERSON.test(norm);
  const model = MODEL.test(norm);
  return [
    second,
    model,
    (second || model) && IMPERATIVE.test(norm),
    URL.test(norm),
    URL_PLACEHOLDER.test(norm),
    ROLE_MARKER.test(norm),
    BLOB.test(raw),
    HIDDEN.test(raw),
  ];
}
