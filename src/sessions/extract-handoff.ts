import type { HandoffFields } from './types.js';
import type { Turn } from './transcript.js';

/**
 * A handoff from a transcript, by extraction only: no model, the same turns give the same fields.
 * Each user/assistant sentence is sorted by the cue words it carries (Chinese and English):
 *
 * | field     | cues |
 * |-----------|------|
 * | done      | 完成 搞定 已修复 修好 解决了 上线 / done fixed shipped completed resolved merged deployed |
 * | stuck     | 卡住 报错 失败 阻塞 出错 超时 / blocked stuck error failing broken can't timeout |
 * | next      | 下一步 接下来 待办 TODO 还需要 / next step, todo, still need to, follow-up |
 * | decisions | 决定 定了 选用 采用 改用 就用 / we'll go with, decided, settled on, chose |
 *
 * A sentence goes to one field. A labelled sentence ("下一步：…", "Decision: …") goes where its label
 * says; otherwise decisions win, then a resolution beats the problem it resolves ("已修复登录报错" is
 * done), then next, then stuck. Items are cut to `ITEM_CHARS`, de-duplicated, newest first and capped
 * at `LIMITS`. Files come from tool inputs first (the files the session worked on), then from
 * path-looking words in the text.
 */
export const LIMITS = { done: 6, stuck: 6, next: 6, decisions: 6, files: 10 } as const;
/** Longest item kept, in characters (longer ones are cut with an ellipsis). */
export const ITEM_CHARS = 160;

type Field = Exclude<keyof HandoffFields, 'files'>;

// Labels at the start of a sentence: they decide the field and are dropped from the item.
const LABELS: [Field, RegExp][] = [
  ['next', /^(?:next(?:\s+steps?)?|todo|to-?do|下一步|接下来|后续|待办)\s*[:：]\s*/i],
  ['decisions', /^(?:decisions?|decided|决定|决策|结论|定了)\s*[:：]\s*/i],
  ['stuck', /^(?:blocked|blocker|stuck|problem|issue|卡住|卡点|问题|阻塞)\s*[:：]\s*/i],
  ['done', /^(?:done|fixed|shipped|completed?|已完成|已修复|完成|搞定)\s*[:：]\s*/i],
];

const CUES: Record<Field, RegExp> = {
  decisions:
    /(决定|定了|选用|采用|改用|就用|确定用|拍板|敲定)|\b(we'll go with|we will go with|let's go with|going with|decided|we chose|chose to|settled on|opted (?:for|to)|we'll use|we will use|switch(?:ed)? to)\b/i,
  done:
    /(已完成|完成了|做完了|搞定|已修复|修复了|修好了?|已解决|解决了|已上线|上线了|已部署|部署好|跑通了?|通过了|改好了|已合并|写好了)|\b(done|fixed|shipped|completed|finished|resolved|merged|deployed|implemented|works now|now works|now passes|all tests pass(?:ing)?)\b/i,
  next:
    /(下一步|接下来|待办|还需要|还要|之后再|回头再|明天再|下次)|\b(next step|next,? (?:i|we)(?:'ll| will| need| should)|todo|still need to|need to (?:add|fix|check|write|update|look)|follow[- ]up|remaining work|left to do)\b/i,
  stuck:
    /(卡住|卡在|报错|失败|阻塞|出错|错误|异常|跑不通|超时|崩溃|不生效|没反应|搞不定)|\b(blocked|stuck|errors?|failing|fails|failed|failure|broken|crash(?:es|ed)?|can't|cannot|unable to|doesn't work|not working|timed? ?out|exception)\b/i,
};

/** Words just before a cue that turn it around: "not done", "还没完成", "to be fixed". */
const NEGATED = /(\bnot|n't|\bnever|\bto be|\byet to|\bno|未|没|没有|还没|尚未|无法|不能|不会|别)\s*$/i;

export function extractHandoff(turns: Turn[]): HandoffFields {
  const fields: HandoffFields = { done: [], stuck: [], next: [], decisions: [], files: [] };
  const seen = new Set<string>();
  const add = (f: keyof HandoffFields, item: string) => {
    const key = `${f}|${normKey(item)}`;
    if (!normKey(item) || seen.has(key) || fields[f].length >= LIMITS[f]) return;
    seen.add(key);
    fields[f].push(item);
  };
  // Newest first: the end of a session says where it stands.
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    for (const f of t.files ?? []) add('files', f);
    if (t.role !== 'user' && t.role !== 'assistant') continue;
    const sentences = splitSentences(t.text);
    // Within a turn keep reading order, but the turn as a whole ranks by recency.
    for (const s of sentences) {
      const got = classify(s);
      if (got) add(got.field, clip(got.item));
    }
  }
  for (let i = turns.length - 1; i >= 0 && fields.files.length < LIMITS.files; i--) {
    const t = turns[i]!;
    if (t.role === 'user' || t.role === 'assistant') for (const p of pathsIn(t.text)) add('files', p);
  }
  return fields;
}

function classify(sentence: string): { field: Field; item: string } | null {
  let s = sentence.replace(/^\s*(?:[-*+•]|\d+[.)、]|#{1,6})\s*/, '').replace(/^\[[ xX]\]\s*/, '').trim();
  s = s.replace(/^(\*\*|__)(.+?)\1/, '$2').trim();
  for (const [field, re] of LABELS) {
    const m = re.exec(s);
    if (m) {
      const rest = s.slice(m[0].length).trim();
      return informative(rest) ? { field, item: rest } : null;
    }
  }
  if (/[?？]\s*$/.test(s)) return null; // a question reports nothing
  const hit = (f: Field) => {
    const re = new RegExp(CUES[f].source, 'gi');
    for (const m of s.matchAll(re)) if (!NEGATED.test(s.slice(Math.max(0, m.index - 8), m.index))) return true;
    return false;
  };
  const field: Field | null = hit('decisions') ? 'decisions' : hit('done') ? 'done' : hit('next') ? 'next' : hit('stuck') ? 'stuck' : null;
  if (!field || !informative(s)) return null;
  return { field, item: s };
}

/** Enough words to say something: "Done." or "搞定！" alone are not an item. */
function informative(s: string): boolean {
  const stripped = s.replace(new RegExp(Object.values(CUES).map((r) => r.source).join('|'), 'gi'), '');
  const cjk = (stripped.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = (stripped.match(/[A-Za-z0-9_./-]{2,}/g) ?? []).length;
  return cjk >= 3 || words >= 2 || cjk + words >= 3;
}

function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    if (/^\s*\|/.test(line)) continue; // table rows
    // Split after Chinese stops anywhere, and after English stops followed by a space.
    for (const part of line.split(/(?<=[。！？；!?;])|(?<=\.)\s+(?=[A-Z\u3400-\u9fff])/)) {
      const s = part.trim();
      if (s.length >= 4) out.push(s);
    }
  }
  return out;
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').replace(/[。.；;，,、\s]+$/, '').trim();
  return one.length <= ITEM_CHARS ? one : one.slice(0, ITEM_CHARS - 1).trimEnd() + '…';
}

function normKey(s: string): string {
  return s.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

const EXT = 'ts|tsx|js|jsx|mjs|cjs|json|jsonl|md|py|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|sql|sh|bash|zsh|toml|ya?ml|ini|env|css|scss|html|vue|svelte|txt|csv|lock|conf|xml|proto|gradle';
const PATH_RE = new RegExp(`(?<![\\w/@:.-])((?:\\.{0,2}/)?(?:[\\w.@-]+/)*[\\w@-][\\w.@-]*\\.(?:${EXT}))(?![\\w/-])`, 'gi');

/** Path-looking words: `src/app.ts`, `./config.yaml`, `README.md` — not URLs, not versions like 1.2.3. */
function pathsIn(text: string): string[] {
  const noUrls = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  const out: string[] = [];
  for (const m of noUrls.matchAll(PATH_RE)) {
    const p = m[1]!.replace(/[.,;:]+$/, '');
    if (/^\d+(\.\d+)+$/.test(p)) continue;
    out.push(p);
  }
  return out;
}
