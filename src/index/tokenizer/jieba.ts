import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { OptmemError } from '../../core/errors.js';

/**
 * Chinese word segmentation with @node-rs/jieba, loaded on first use only (English-only work never
 * pays for it). The dictionary is jieba's top 60k words (built into dist/dict by `npm run build`)
 * plus optmem's user dictionary plus the memory home's own dict.txt.
 */
export interface Segmenter {
  /** identity of the dictionaries: stored in the index so a change triggers a rebuild */
  readonly id: string;
  cutForSearch(text: string): string[];
  /** plain segmentation (no sub-words): for finding the word before another */
  cut(text: string): string[];
}

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '..', '..', '..');

function userDictLines(text: string, file: string): string {
  const out: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (!l || l.startsWith('#')) return;
    const parts = l.split(/\s+/);
    const word = parts[0]!;
    const freq = parts[1] ?? '60000';
    if (!/^\d+$/.test(freq)) {
      throw new OptmemError('INVALID_INPUT', `${file}:${i + 1}: frequency "${freq}" must be a whole number`, { file, line: i + 1 });
    }
    out.push(`${word} ${freq}${parts[2] ? ' ' + parts[2] : ''}`);
  });
  return out.join('\n');
}

interface DictSources {
  base: string;
  user: string;
}

function readDictSources(homeDictFile: string | null): DictSources {
  const basePath = path.join(packageRoot, 'dist', 'dict', 'jieba-top.txt');
  let base: string;
  try {
    base = fs.readFileSync(basePath, 'utf8');
  } catch (e) {
    throw new OptmemError('IO', `the segmentation dictionary ${basePath} is missing`, {
      cause: e,
      hint: 'run `npm run build` (it generates dist/dict/jieba-top.txt)',
    });
  }
  let user = userDictLines(fs.readFileSync(path.join(packageRoot, 'dict', 'optmem-user.txt'), 'utf8'), 'dict/optmem-user.txt');
  if (homeDictFile && fs.existsSync(homeDictFile)) {
    user += '\n' + userDictLines(fs.readFileSync(homeDictFile, 'utf8'), homeDictFile);
  }
  return { base, user };
}

export function createJiebaSegmenter(homeDictFile: string | null): Segmenter {
  let sources: DictSources | null = null;
  let id: string | null = null;
  let jieba: { cutForSearch(s: string, hmm?: boolean): string[]; cut(s: string, hmm?: boolean): string[] } | null = null;
  const load = () => {
    if (!jieba) {
      const s = getSources();
      const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
      jieba = Jieba.withDict(Buffer.from(s.base + s.user + '\n', 'utf8'));
    }
    return jieba;
  };
  const getSources = () => (sources ??= readDictSources(homeDictFile));
  return {
    get id() {
      if (id === null) {
        const s = getSources();
        id = 'jieba2-' + createHash('sha256').update(s.base).update('\0').update(s.user).digest('hex').slice(0, 12);
      }
      return id;
    },
    cutForSearch(text: string): string[] {
      return load().cutForSearch(text, true);
    },
    cut(text: string): string[] {
      return load().cut(text, true);
    },
  };
}
