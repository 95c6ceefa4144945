/**
 * Fact slots: the (subject, value) pairs a record states about a closed set of attributes whose
 * values change over time — ports, versions, paths, addresses, models, dates. Pure and cheap: it
 * runs on every record at index time. A newer record stating the same subject with another value
 * is an inferred correction of the older one (docs/RANKING.md); the same slots let a 〔更正〕 that
 * quotes an old value find the record that holds it.
 *
 * Kept deliberately narrow: a subject needs an attribute word from the lexicon below, and a value
 * of that attribute's shape, so free conversation ("I have 2 kids") never yields a fact.
 */
export interface Fact {
  /** canonical attribute: port, version, path, url, ip, model, date */
  attr: string;
  /** lower-cased qualifier before the attribute word (后端, backend, redis), '' when none */
  qualifier: string;
  /** qualifier|attr */
  key: string;
  /** the value stated now */
  value: string;
  /** a value the text says was replaced ("从8080改为9090" → 8080), when it says so */
  oldValue: string | null;
}

interface Attr {
  attr: string;
  words: string[];
  value: RegExp;
}

const VERSION = String.raw`v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]+)?`;
const PORT = String.raw`(?<![\d.])\d{2,5}(?![\d.])`;
const PATH = String.raw`(?:~|\.{1,2})?/[\w.@~+-]+(?:/[\w.@~+-]*)*|[\w.-]+(?:/[\w.@~+-]+)+`;
const URL = String.raw`https?://[^\s\uff0c\u3002\uff1b\u3001\uff09)"'>]+|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?`;
const IP = String.raw`\d{1,3}(?:\.\d{1,3}){3}(?::\d{2,5})?`;
const MODEL = String.raw`[A-Za-z][A-Za-z-]*[-\s]?[vV]?\d+(?:\.\d+)?[A-Za-z0-9.-]*`;
const DATE = String.raw`\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\u6708\d{1,2}[\u65e5\u53f7]|\d{4}\u5e74\d{1,2}\u6708(?:\d{1,2}[\u65e5\u53f7])?`;

const ATTRS: Attr[] = [
  { attr: 'port', words: ['端口号', '端口', 'port'], value: new RegExp(PORT) },
  { attr: 'version', words: ['版本号', '版本', 'version'], value: new RegExp(VERSION) },
  { attr: 'path', words: ['路径', '目录', '文件夹', 'path', 'directory', 'folder', 'dir'], value: new RegExp(PATH) },
  { attr: 'url', words: ['地址', '网址', '域名', '链接', 'url', 'endpoint', 'hostname', 'host'], value: new RegExp(URL, 'i') },
  { attr: 'ip', words: ['ip'], value: new RegExp(IP) },
  { attr: 'model', words: ['模型', 'model'], value: new RegExp(MODEL) },
  { attr: 'date', words: ['截止日期', '截止时间', '截止', '上线日期', '上线时间', '发布日期', 'deadline', 'due date', 'release date'], value: new RegExp(DATE) },
];

/** Words that mean "changed from … to …": the value after one is the new value. */
const CHANGE = /(改为|改成|换成|变成|变为|更新为|更新到|升级到|升级为|升到|降到|迁到|迁移到|切到|切换到|调整为|调成|设为|设置为|->|→|=>|\bto\b)/i;
const HAN = /[\u3400-\u9fff]/;
const WINDOW = 28;

const GENERIC = new Set(['服务', '服务器', '服务端', '接口', '的', 'server', 'service', 'api', 'app']);

export type WordSplitter = (hanRun: string) => string[];

function qualifierBefore(text: string, at: number, split: WordSplitter): string {
  let head = text.slice(Math.max(0, at - 24), at).replace(/(?:的|之|'s|\s)+$/u, '');
  // A "[code]" prefix or a 〔更正〕 marker is never the subject: only what follows the last bracket.
  head = head.slice(Math.max(head.lastIndexOf(']'), head.lastIndexOf('〕'), head.lastIndexOf('】')) + 1);
  if (!head) return '';
  const last = head[head.length - 1]!;
  if (HAN.test(last)) {
    const run = /[\u3400-\u9fff]+$/u.exec(head)![0];
    const words = split(run);
    let w = words[words.length - 1] ?? '';
    // "后端服务端口": the generic word names nothing alone; keep the word before it too.
    if (GENERIC.has(w) && words.length > 1) w = words[words.length - 2]! + w;
    return w.length >= 2 ? w : '';
  }
  // English names its subject a few words back: "grafana listens on port", "the backend port".
  const words = head.split(/[^A-Za-z0-9_.-]+/).filter(Boolean).slice(-5).reverse();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.toLowerCase();
    if (!/^[a-z]/.test(w)) return '';
    if (EN_SKIP.has(w)) continue;
    const prev = words[i + 1]?.toLowerCase();
    return GENERIC.has(w) && prev && !EN_SKIP.has(prev) ? `${prev} ${w}` : w;
  }
  return '';
}

/** Words between a subject and its attribute: articles, prepositions, common verbs. */
const EN_SKIP = new Set(
  ('the a an its our my your their this that these new old default current and or of to is are was be now ' +
    'on at in for by from with via as listens listen listening runs run running uses use using serves serve ' +
    'exposes expose binds bind moved move changed change set sets switched still also always main public internal').split(' '),
);

function wordAt(text: string, lower: string, word: string, from: number): number {
  const i = lower.indexOf(word, from);
  if (i === -1) return -1;
  if (/^[a-z]/.test(word)) {
    // English attribute words must stand alone (port, not "report" or "portal").
    const before = i > 0 ? lower[i - 1]! : ' ';
    const after = lower[i + word.length] ?? ' ';
    if (/[a-z0-9]/.test(before) || /[a-z]/.test(after)) return wordAt(text, lower, word, i + 1);
  }
  return i;
}

/** Extract fact slots from a record's text. */
export function extractFacts(text: string, split: WordSplitter): Fact[] {
  const lower = text.toLowerCase();
  const out: Fact[] = [];
  const seen = new Set<string>();
  for (const a of ATTRS) {
    const taken: number[] = [];
    for (const w of a.words) {
      for (let i = wordAt(text, lower, w, 0); i !== -1; i = wordAt(text, lower, w, i + w.length)) {
        // 端口号 already covers 端口 at the same place.
        if (taken.some((t) => i >= t && i < t + 3)) continue;
        taken.push(i);
        const after = text.slice(i + w.length, i + w.length + WINDOW);
        const first = a.value.exec(after);
        if (!first) continue;
        let value = first[0];
        let oldValue: string | null = null;
        const rest = after.slice(first.index + value.length);
        const change = CHANGE.exec(rest);
        if (change && change.index < 8) {
          const next = a.value.exec(rest.slice(change.index + change[0].length));
          if (next && next.index < 8) {
            oldValue = value;
            value = next[0];
          }
        }
        const qualifier = qualifierBefore(text, i, split);
        const key = `${qualifier}|${a.attr}`;
        const norm = value.replace(/[.,;:]+$/, '').toLowerCase();
        if (seen.has(`${key}=${norm}`)) continue;
        seen.add(`${key}=${norm}`);
        out.push({ attr: a.attr, qualifier, key, value: norm, oldValue: oldValue ? oldValue.toLowerCase() : null });
      }
    }
  }
  return out;
}

/** Every value-shaped token in a text (ports, versions, paths, addresses): what a correction may quote. */
export function valuesIn(text: string): string[] {
  const re = new RegExp(`${IP}|${URL}|${PATH}|${VERSION}|${PORT}`, 'gi');
  const out = new Set<string>();
  for (const m of text.matchAll(re)) out.add(m[0].replace(/[.,;:]+$/, '').toLowerCase());
  return [...out];
}
