/**
 * The TypeScript port of jieba's cut (src/index/tokenizer/jieba-port.ts) must give exactly the words
 * the native @node-rs/jieba gives over the same dictionaries: the index is built by one and a query
 * may be cut by the other. Compared on every Han run of the repository's labelled sets, docs and
 * fixtures, on seeded random runs (dictionary words glued to common, rare, extension-A and
 * compatibility characters, which exercise the HMM and its pass-through), and with a home dict.txt
 * that adds words, changes frequencies and adds a word of frequency 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createPortSegmenter, decodeBaseWords, decodeHmm, portDictionary } from '../src/index/tokenizer/jieba-port.js';
import { createJiebaSegmenter, readUserDict } from '../src/index/tokenizer/jieba.js';
import { CJK_RUN } from '../src/index/tokenizer/cjk.js';
import { ROOT, tempDir } from './helpers.js';

const require = createRequire(import.meta.url);
const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
const DICT = path.join(ROOT, 'dist', 'dict');
const baseText = fs.readFileSync(path.join(DICT, 'jieba-top.txt'));
const base = decodeBaseWords(fs.readFileSync(path.join(DICT, 'jieba-top.bin')), 'jieba-top.bin');
const hmm = decodeHmm(fs.readFileSync(path.join(DICT, 'jieba-hmm.bin')), 'jieba-hmm.bin');

function pair(user: string) {
  const native = Jieba.withDict(Buffer.concat([baseText, Buffer.from(user + '\n', 'utf8')]));
  const port = createPortSegmenter(portDictionary(base, user), () => hmm);
  return { native, port };
}

function hanRuns(): string[] {
  const runs = new Set<string>();
  const walk = (dir: string) => {
    for (const f of fs.readdirSync(dir)) {
      const p = path.join(dir, f);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (/\.(jsonl|json|md|txt)$/.test(f)) for (const m of fs.readFileSync(p, 'utf8').matchAll(CJK_RUN)) runs.add(m[0]);
    }
  };
  for (const d of ['eval', 'docs', path.join('test', 'fixtures'), 'dict']) walk(path.join(ROOT, d));
  return [...runs];
}

function randomRuns(n: number, seed: number): string[] {
  let x = seed;
  const rnd = (k: number) => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    return x % k;
  };
  const words = baseText.toString('utf8').split('\n').filter(Boolean).map((l) => l.split(' ')[0]!);
  const pools: Array<[number, number]> = [[0x4e00, 0x9fd5], [0x4e00, 0x4fff], [0x9fd6, 0x9fff], [0x3400, 0x4dbf], [0xf900, 0xfaff]];
  const out: string[] = [];
  while (out.length < n) {
    let s = '';
    for (let parts = 1 + rnd(8); parts > 0; parts--) {
      const k = rnd(10);
      if (k < 6) s += words[rnd(words.length)];
      else {
        const [a, b] = pools[k < 8 ? rnd(2) : rnd(pools.length)]!;
        s += String.fromCharCode(a + rnd(b - a + 1));
      }
    }
    out.push(s);
  }
  return out;
}

function mismatches(user: string, runs: string[]): string[] {
  const { native, port } = pair(user);
  const bad: string[] = [];
  for (const r of runs) {
    if (native.cut(r, true).join('|') !== port.cut(r).join('|')) bad.push(`cut ${r}`);
    if (native.cutForSearch(r, true).join('|') !== port.cutForSearch(r).join('|')) bad.push(`cutForSearch ${r}`);
  }
  return bad;
}

describe('the TypeScript port of jieba', () => {
  const shippedUser = readUserDict(null);

  it('cuts every Han run of the repository as the native segmenter does', () => {
    const runs = hanRuns();
    expect(runs.length).toBeGreaterThan(10_000);
    expect(mismatches(shippedUser, runs).slice(0, 5)).toEqual([]);
  });

  it('cuts random runs as the native segmenter does, the HMM and rare characters included', () => {
    const runs = randomRuns(20_000, 7);
    // the HMM runs on these: the native cut gives words that are in no dictionary
    const { native } = pair(shippedUser);
    const dict = portDictionary(base, shippedUser);
    expect(runs.filter((r) => native.cut(r, true).some((w) => w.length > 1 && dict.freq(w) === undefined)).length).toBeGreaterThan(100);
    expect(mismatches(shippedUser, runs).slice(0, 5)).toEqual([]);
  });

  it('follows a home dict.txt: new words, changed frequencies, a word of frequency 0', () => {
    const dir = tempDir();
    const file = path.join(dir, 'dict.txt');
    fs.writeFileSync(file, '后端端口\n灰度发布平台 90000\n的 1\n部署 5\n端口号 0\n小红书笔记 300 n\n');
    const user = readUserDict(file);
    const runs = [...hanRuns().slice(0, 4000), ...randomRuns(5000, 11), '后端端口是多少', '灰度发布平台的部署端口号', '小红书笔记标题'];
    expect(mismatches(user, runs).slice(0, 5)).toEqual([]);
    // and through the segmenter optmem uses, which answers short runs with the port
    const seg = createJiebaSegmenter(file);
    const native = pair(user).native;
    for (const r of ['后端端口是多少', '灰度发布平台的部署端口号']) expect(seg.cutForSearch(r)).toEqual(native.cutForSearch(r, true));
  });
});
