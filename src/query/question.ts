import type { QueryTerm } from '../index/tokenizer/tokenizer.js';

/**
 * Query analysis (docs/RANKING.md, "query analysis"): which of a query's words say what it is
 * about, and how much each one tells. A conversational question ("我上次跟你说过的那个部署问题后来
 * 怎么解决的？") is mostly frame: who asked whom, when, and the question word. Those words are
 * marked stop (they never decide a match while a content word remains); the content words are
 * weighted by how rare they are in this memory home (IDF), so 部署 counts for more than 问题.
 */

/** Question frames and conversational filler, Chinese: how the user asks, not what about. */
export const CHINESE_FRAME_WORDS = new Set(
  (
    '上次 上回 那次 这次 当时 曾经 之前 以前 记得 还记得 说过 说 讲过 提过 提到 跟 和你 后来 最后 来着 一下 ' +
    '啥 干什么 干嘛 为什么 为啥 多久 多大 多长 多少 怎么 怎样 怎么样 如何 什么 哪 哪个 哪些 哪里 哪儿 几 ' +
    '是否 能不能 可不可以 有没有 是不是 会不会 一般 应该 大概 具体 那个 这个 一个 我们 你们 咱们 是 的 了 吗 呢 吧 ' +
    '聊 聊了 聊过 聊天 聊聊 谈 谈过 谈谈 话题 分享 分享过 告诉 告诉过 这天 那天 当天 哪天 很多 许多 一些 有 有过 都 要 过 没有'
  ).split(/\s+/),
);

/** English question frames beyond the ordinary stop words. */
export const ENGLISH_FRAME_WORDS = new Set(['remember', 'recall', 'mentioned']);

/** Light verbs that frame a question when a question word follows (CI 用什么系统, 用的是哪个端口). */
const LIGHT_VERBS = new Set(['用', '用的', '使用', '采用']);
const ASKS_WHICH = new Set(['什么', '啥', '哪', '哪个', '哪些', '哪种', '哪家', '哪款']);

/** Mark question frames as stop words (a copy; the tokenizer's own stop marks are kept). */
export function markFrames(terms: QueryTerm[]): QueryTerm[] {
  // 用 before 什么 asks which thing is used; 不能用 or 用 Docker 部署 says something.
  const framesVerb = (i: number) => LIGHT_VERBS.has(terms[i]!.text) && terms.slice(i + 1, i + 4).some((t) => ASKS_WHICH.has(t.text));
  return terms.map((t, i) => (t.stop || !((t.cjk ? CHINESE_FRAME_WORDS : ENGLISH_FRAME_WORDS).has(t.text) || (t.cjk && framesVerb(i))) ? t : { ...t, stop: true }));
}

/** How rare a word is in the home: BM25's IDF, ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function idf(docs: number, df: number): number {
  return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
}

/**
 * The words a question is read by: content terms without the sub-words jieba's search mode adds
 * (公众号 also yields 公众: one word, not two).
 */
export function coverageWords(terms: QueryTerm[]): QueryTerm[] {
  const content = terms.filter((t) => !t.stop);
  const base = content.length ? content : terms;
  return base.filter((t) => !(t.cjk && base.some((o) => o !== t && o.cjk && o.text.length > t.text.length && o.text.includes(t.text))));
}

/**
 * A query of at least `questionTerms` content words is read as a question (weighted OR, never AND)
 * when it asks something or is written as one run of words: a sentence ("上次那个部署问题后来解决").
 * Words typed apart that ask nothing ("端口 nginx 配置", "deploy key rotates") are a lookup: the
 * records holding them all first, and OR only when those are too few.
 */
export function isQuestion(terms: QueryTerm[], questionTerms: number, text: string): boolean {
  if (coverageWords(terms).filter((t) => !t.stop).length < questionTerms) return false;
  return asksSomething(text) || !/\s/.test(text.trim());
}

/** Words that make a query a question when it has no question mark. */
const ASKING_ZH = /(什么|怎么|怎样|如何|为什么|为啥|哪|多少|多久|几[个点天次号月年]|是否|有没有|是不是|会不会|能不能|[吗呢]\s*$)/u;
const ASKING_EN = /^\s*(what|when|where|who|whom|whose|why|how|which|did|does|do|is|are|was|were|has|have|had|can|could|would|should|will)\b/i;

/**
 * Is the query phrased as a question (a question mark, a question word)? Only then may records
 * that share none of its words join as context (the reply after a question); a lookup by words
 * ("deploy key rotates", "日报 飞书") returns records holding them.
 */
export function asksSomething(text: string): boolean {
  return /[?？]/.test(text) || ASKING_ZH.test(text) || ASKING_EN.test(text);
}

/**
 * A question about what changed ("最近改了什么", "有哪些变动", "what changed last week") asks for the
 * corrections: the phrase is read as 更正 (which reaches every correction through its alias group).
 */
const CHANGE_QUESTION =
  /(?:改|变|调整|修改|更改)了(?:些)?(?:什么|哪些|啥)|(?:有|做了|做过)(?:什么|哪些|啥)(?:变化|变动|改动|调整|修改|更改|变更)|(?:哪些|什么)(?:变化|变动|改动|更改|变更)|\bwhat(?:'s| has)? changed\b|\bany changes\b|\bwhich changes\b/giu;

export function readChangeQuestion(text: string): string {
  return text.replace(CHANGE_QUESTION, ' 更正 ');
}
