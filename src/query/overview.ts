/**
 * Overview queries: "上周做了什么", "这个月", "最近一周进展", "what did we do last week", "summary of
 * last month". They ask what happened over a stretch of time, which the summary tree answers; a
 * lookup by words ("上周的部署") does not. The words that say "overview" are taken out; what is left
 * (a time window, maybe a topic) picks the nodes.
 */
const OVERVIEW_EN = /\b(?:what\s+(?:did|have)\s+(?:we|i|you)\s+(?:do|done|work(?:ed)?\s+on|been\s+doing)|what\s+happened|overview(?:\s+of)?|summary(?:\s+of)?|summari[sz]e|recap(?:\s+of)?|progress(?:\s+of)?)\b/gi;

export interface OverviewIntent {
  /** an overview word was there */
  asked: boolean;
  /** the query without those words */
  rest: string;
}

/**
 * The overview words that are never a thing a note names (进展, 做了什么, progress, recap), for a query
 * that also names a time: those words say "list what happened", not "find this word". 周报, 月报 and
 * 汇总 are left out: a user's notes name them ("每周四跑周报汇总").
 */
const PROGRESS_WORDS = '(?:都|一共|主要)?(?:做|干|忙|搞)了?(?:些)?(?:什么|啥|哪些(?:事)?)|有(?:什么|哪些|啥)进展|进展(?:如何|怎么样|情况)?|进度|总结(?:一下)?|回顾(?:一下)?|概览|概况|小结|复盘一下|发生了什么';
const PROGRESS_ZH = new RegExp(PROGRESS_WORDS, 'gu');
/** The Chinese overview words: the progress words and the names of reports. */
const OVERVIEW_ZH = new RegExp(`${PROGRESS_WORDS}|汇总|周报|月报`, 'gu');

/** A query that names a time, without its progress words (see PROGRESS_ZH). */
export function withoutProgressWords(query: string): OverviewIntent {
  return without(query, [PROGRESS_ZH, OVERVIEW_EN]);
}

export function overviewIntent(query: string): OverviewIntent {
  return without(query, [OVERVIEW_ZH, OVERVIEW_EN]);
}

/** The query with every match of the patterns taken out, and whether there was one. */
function without(query: string, patterns: RegExp[]): OverviewIntent {
  let asked = false;
  let rest = query;
  for (const re of patterns) {
    rest = rest.replace(re, () => {
      asked = true;
      return ' ';
    });
  }
  return { asked, rest: rest.replace(/\s+/g, ' ').trim() };
}
