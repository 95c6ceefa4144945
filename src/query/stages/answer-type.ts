import type { Stage } from '../types.js';

/**
 * Answer type: what a question asks for says what its answer holds. "When did …", "什么时候 …" is
 * answered by a record that says when (yesterday, last week, in May, 2023, 周四, 3号); "how many",
 * "多少" by one holding a number. A candidate that holds what the question asks for gains
 * `answerTypeWeight` × its relevance (stages/answer-type.ts; 0 turns it off).
 */
export const answerTypeStage: Stage = {
  name: 'answer-type',
  run(ctx, candidates) {
    const w = ctx.options.answerTypeWeight;
    if (w <= 0 || !ctx.q.asks) return candidates;
    const want = answerTypeOf(ctx.q.text);
    if (want === null) return candidates;
    const holds = want === 'time' ? TIME_WORDS : NUMBER_WORDS;
    for (const c of candidates) {
      if (c.relevance <= 0 || !holds.test(c.rec.text)) continue;
      const add = w * c.relevance;
      c.relevance += add;
      c.score += add;
      c.trace.push({ stage: 'answer-type', wants: want, added: add });
    }
    return candidates;
  },
};

const ASKS_TIME = /^\s*when\b|\b(?:what|which) (?:time|date|day|year|month|week)\b|\bhow long ago\b|什么时候|啥时候|哪天|哪一天|几号|几点|哪年|几月|哪个月/i;
const ASKS_NUMBER = /\bhow (?:many|much|often|old)\b|多少|几个|几次|几岁|几天|多久|多长时间/i;

/** What a question asks for: a time, a number, or neither (null). */
export function answerTypeOf(text: string): 'time' | 'number' | null {
  if (ASKS_TIME.test(text)) return 'time';
  if (ASKS_NUMBER.test(text)) return 'number';
  return null;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|weekends';
const TIME_WORDS = new RegExp(
  `\\b(?:yesterday|today|tonight|tomorrow|ago|last|next|recently|earlier|later|since|(?:this|that) (?:morning|afternoon|evening|week|month|year)|${MONTHS}|${DAYS}|(?:19|20)\\d\\d|\\d{1,2}:\\d\\d|\\d{1,2}\\s?(?:am|pm))\\b` +
    '|[昨今明前后去]天|上周|下周|本周|这周|上个?月|下个?月|去年|今年|明年|周[一二三四五六日末]|星期[一二三四五六日天]|礼拜|\\d+\\s*[年月日号点]|[一二三四五六七八九十]+[月号点]',
  'iu',
);
const NUMBER_WORDS = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|once|twice|several|couple|dozen)\b|[一二两三四五六七八九十百千万]+\s*[个次岁天年月人件只条]/iu;
