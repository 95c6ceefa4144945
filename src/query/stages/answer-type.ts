import type { Stage } from '../types.js';

/**
 * Answer type: what a question asks for says what its answer holds. "When did …", "什么时候 …" is
 * answered by a record that says when (yesterday, last week, in May, 2023, 周四, 3号); "how many",
 * "多少" by one holding a number; "IP 是多少", "装在哪个路径", "what's the URL" by one holding an
 * address (an IP, a host:port, a URL, a domain, a file path). A candidate that holds what the question asks for gains
 * `answerTypeWeight` × its relevance (stages/answer-type.ts; 0 turns it off).
 */
export const answerTypeStage: Stage = {
  name: 'answer-type',
  run(ctx, candidates) {
    const w = ctx.options.answerTypeWeight;
    if (w <= 0 || !ctx.q.asks) return candidates;
    const want = answerTypeOf(ctx.q.text);
    if (want === null) return candidates;
    for (const c of candidates) {
      if (c.relevance <= 0 || !holdsAnswer(want, c.rec.text)) continue;
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

// An address the user's notes hold: an IP, a host, a URL, a domain, a path. Asked before a number
// ("IP 是多少" wants the address, not any number).
const ASKS_ADDRESS = /\b(?:ip|ip address|ipv4|ipv6|urls?|hostname|endpoint)\b|地址|网址|域名|路径|接口地址|链接|放在哪|存在哪|装在哪|在哪个(?:目录|路径|文件夹)/i;
export type AnswerType = 'time' | 'number' | 'address' | 'ip';
const ASKS_IP = /\b(?:ip|ip address|ipv4|ipv6)\b|ip地址|内网地址/i;

/** What a question asks for: a time, a number, an IP address, another address, or none of those (null). */
export function answerTypeOf(text: string): AnswerType | null {
  if (ASKS_IP.test(text)) return 'ip';
  if (ASKS_ADDRESS.test(text)) return 'address';
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
/** Does a text hold what a question of this type asks for (a time, a number, an address, an IP)? */
export function holdsAnswer(type: AnswerType, text: string): boolean {
  return (type === 'time' ? TIME_WORDS : type === 'ip' ? IP_SHAPE : type === 'address' ? ADDRESS_SHAPES : NUMBER_WORDS).test(text);
}

const NUMBER_WORDS = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|once|twice|several|couple|dozen)\b|[一二两三四五六七八九十百千万]+\s*[个次岁天年月人件只条]/iu;
// An IPv4 address, host:port, a URL, a domain name, or a path of two parts or more.
const ADDRESS_SHAPES = /\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[a-z][\w-]*:\d{2,5}\b|\bhttps?:\/\/|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|io|dev|app|cn|co|me|site|local|lan|internal)\b|(?:^|[\s(（:：=])(?:~|\.{1,2})?\/[\w.@-]+\/[\w./@-]*/iu;
const IP_SHAPE = /\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,7}\b/i;
