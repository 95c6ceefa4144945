import fs from 'node:fs';
import { packageFile } from '../../package-root.js';
import { nodeCrypto } from '../../core/lazy-crypto.js';
import { hash53 } from '../../core/hash53.js';
import { createRequire } from 'node:module';
import { OptmemError } from '../../core/errors.js';
import { HAN_ONLY, HAS_CJK } from './cjk.js';
import { CHINESE_STOPWORDS } from './stopwords.js';
import { createPortSegmenter, decodeHmm, openBaseWords, portDictionary, type BaseWords, type HmmModel, type PortSegmenter } from './jieba-port.js';

/**
 * Chinese word segmentation with @node-rs/jieba, loaded on first use only (English-only work never
 * pays for it), and not at all for a few short runs of Han: those go through the TypeScript port of
 * the same algorithm (jieba-port.ts), which gives the same words without loading the dictionary. The dictionary is jieba's top 60k words (built into dist/dict by `npm run build`)
 * plus optmem's user dictionary plus the memory home's own dict.txt.
 */
export interface Segmenter {
  /** identity of the dictionaries: stored in the index so a change triggers a rebuild */
  readonly id: string;
  cutForSearch(text: string): string[];
  /** plain segmentation (no sub-words): for finding the word before another */
  cut(text: string): string[];
  /** the topK keywords of a text by TF-IDF over jieba's bundled IDF (key expansion only) */
  keywords?(text: string, topK: number): string[];
}

const require = createRequire(import.meta.url);

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

const BASE_DICT = packageFile('dist', 'dict', 'jieba-top.txt');

function readBaseDict(): Buffer {
  try {
    return fs.readFileSync(BASE_DICT);
  } catch (e) {
    throw new OptmemError('IO', `the segmentation dictionary ${BASE_DICT} is missing`, {
      cause: e,
      hint: 'run `npm run build` (it generates dist/dict/jieba-top.txt)',
    });
  }
}

/**
 * The base dictionary's SHA-256, as `npm run build` wrote it beside the dictionary (reading and
 * hashing 800 KB on every open would cost more than the rest of a small search), else computed.
 */
function baseDictDigest(): string {
  try {
    const d = fs.readFileSync(`${BASE_DICT}.sha256`, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(d)) return d;
  } catch {
    // not built with the digest: compute it
  }
  return nodeCrypto().createHash('sha256').update(readBaseDict()).digest('hex');
}

/** optmem's user dictionary plus the home's dict.txt, as jieba dictionary lines. */
export function readUserDict(homeDictFile: string | null): string {
  const home = readHomeDict(homeDictFile);
  return readShippedUserDict() + (home === null ? '' : '\n' + home);
}

/** optmem's user dictionary (dict/optmem-user.txt) as jieba dictionary lines. */
export function readShippedUserDict(): string {
  return userDictLines(fs.readFileSync(packageFile('dict', 'optmem-user.txt'), 'utf8'), 'dict/optmem-user.txt');
}

/** The home's dict.txt as jieba dictionary lines; null when the home has none. */
function readHomeDict(homeDictFile: string | null): string | null {
  return homeDictFile && fs.existsSync(homeDictFile) ? userDictLines(fs.readFileSync(homeDictFile, 'utf8'), homeDictFile) : null;
}

/**
 * Plain cuts of the shipped alias words' Han runs, made by `npm run build` with the shipped
 * dictionaries (dist/dict/known-cuts.json): a query in English whose aliases are Chinese (deploy →
 * 部署, 上线) then need not load jieba. They are used only by a segmenter of the same identity
 * (a home with its own dict.txt has another one), so they are what jieba would answer.
 */
interface KnownCuts {
  id: string;
  cut: Record<string, string[]>;
}

const KNOWN_CUTS = packageFile('dist', 'dict', 'known-cuts.json');
let knownCuts: KnownCuts | null | undefined;

function readKnownCuts(): KnownCuts | null {
  if (knownCuts === undefined) {
    try {
      const v = JSON.parse(fs.readFileSync(KNOWN_CUTS, 'utf8')) as Partial<KnownCuts>;
      knownCuts = typeof v.id === 'string' && typeof v.cut === 'object' && v.cut !== null ? (v as KnownCuts) : null;
    } catch {
      knownCuts = null; // not built: jieba answers every cut
    }
  }
  return knownCuts;
}

/** A 53-bit hash of the user dictionaries: enough to tell one version from another, without node:crypto. */
const textHash = (s: string): string => hash53(s).toString(16).padStart(14, '0');

/**
 * Loaded segmenters by their user dictionary, shared by every home of this process that has the
 * same one: loading the dictionary costs about 45 ms, and a process that opens many homes (the
 * evaluation gate opens one per scenario) would pay it each time. A segmenter is never changed once
 * loaded. Two are kept: the shipped dictionary alone and the last home's own.
 */
const loadedSegmenters = new Map<string, import('@node-rs/jieba').Jieba>();

function loadShared(user: string): import('@node-rs/jieba').Jieba {
  let j = loadedSegmenters.get(user);
  if (!j) {
    const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    j = Jieba.withDict(Buffer.concat([readBaseDict(), Buffer.from(user + '\n', 'utf8')]));
    if (loadedSegmenters.size >= 2) loadedSegmenters.delete(loadedSegmenters.keys().next().value!);
    loadedSegmenters.set(user, j);
  }
  return j;
}

/**
 * The TypeScript port of jieba's cut (jieba-port.ts) answers small cuts until this many characters
 * have gone through it in one process; then the native segmenter is loaded for the rest (a rebuild or
 * an import of thousands of records is faster natively). Both give the same words.
 */
const PORT_BUDGET_CHARS = 20_000;
let portBase: BaseWords | null | undefined;

function readPortBase(): BaseWords | null {
  if (portBase === undefined) {
    try {
      portBase = openBaseWords(packageFile('dist', 'dict', 'jieba-top.bin'));
    } catch {
      portBase = null; // not built: the native segmenter answers every cut
    }
  }
  return portBase;
}

let hmm: HmmModel | undefined;

/** The HMM for words no dictionary holds, read once per process (a package file: 420 KB, the same for every home). */
function readHmm(): HmmModel {
  hmm ??= decodeHmm(fs.readFileSync(packageFile('dist', 'dict', 'jieba-hmm.bin')), 'dist/dict/jieba-hmm.bin');
  return hmm;
}

export function createJiebaSegmenter(homeDictFile: string | null): Segmenter {
  let user: string | null = null;
  let id: string | null = null;
  let jieba: import('@node-rs/jieba').Jieba | null = null;
  let tfidf: import('@node-rs/jieba').TfIdf | null = null;
  let port: PortSegmenter | null | undefined;
  let portChars = 0;
  const getUser = () => (user ??= readUserDict(homeDictFile));
  const load = () => {
    jieba ??= loadShared(getUser());
    return jieba;
  };
  /** The port, while the native segmenter is not loaded and the text is a short run of Han. */
  const portFor = (text: string): PortSegmenter | null => {
    if (jieba || portChars + text.length > PORT_BUDGET_CHARS || !HAN_ONLY.test(text)) return null;
    if (port === undefined) {
      const base = readPortBase();
      // The build merged optmem's user dictionary into the base (scripts/build-dict.js): only the home's is applied here.
      port = base ? createPortSegmenter(portDictionary(base, readHomeDict(homeDictFile) ?? ''), readHmm) : null;
    }
    if (port) portChars += text.length;
    return port;
  };
  const getId = () => (id ??= `jieba3-${baseDictDigest().slice(0, 12)}-${textHash(getUser())}`);
  return {
    get id() {
      return getId();
    },
    cutForSearch(text: string): string[] {
      return portFor(text)?.cutForSearch(text) ?? load().cutForSearch(text, true);
    },
    cut(text: string): string[] {
      if (!jieba) {
        const known = readKnownCuts();
        const words = known && known.id === getId() && Object.hasOwn(known.cut, text) ? known.cut[text] : undefined;
        if (Array.isArray(words)) return [...words];
      }
      return portFor(text)?.cut(text) ?? load().cut(text, true);
    },
    keywords(text: string, topK: number): string[] {
      if (!tfidf) {
        const { TfIdf } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
        const { idf } = require('@node-rs/jieba/dict') as { idf: Buffer };
        tfidf = TfIdf.withDict(idf);
      }
      // Han words only (the rest is the identifiers' and RAKE's part), no stop words.
      return tfidf
        .extractKeywords(load(), text, topK * 3)
        .map((k) => k.keyword)
        .filter((w) => HAS_CJK.test(w) && w.length >= 2 && !CHINESE_STOPWORDS.has(w))
        .slice(0, topK);
    },
  };
}
