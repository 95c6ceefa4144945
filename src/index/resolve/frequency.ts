/**
 * How often a text says something happens: hourly, daily (nightly), weekly, monthly, yearly, read
 * from explicit words only (每天 每晚 每日 每周 每周日 每月 每季度 每年 每小时, daily nightly weekly monthly quarterly …,
 * every day / night / week / month). A weekday alone is no frequency (周日 may be one Sunday). Pure.
 */
export type Frequency = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const WORDS: [RegExp, Frequency][] = [
  [/每(?:个)?小时|每时|\bhourly\b|\bevery hour\b/g, 'hour'],
  [/每(?:一)?[天日晚夜]|天天|日更|\bdaily\b|\bnightly\b|\bevery (?:day|night|evening|morning)\b|\beach (?:day|night)\b/g, 'day'],
  [/每(?:个)?(?:周|星期|礼拜)|\bweekly\b|\bevery week\b|\beach week\b/g, 'week'],
  [/每(?:个)?月|\bmonthly\b|\bevery month\b|\beach month\b/g, 'month'],
  [/每(?:个)?季度|每(?:隔)?\s?(?:3|三)\s?个月|\bquarterly\b|\bevery (?:quarter|(?:3|three) months)\b/g, 'quarter'],
  [/每年|\byearly\b|\bannual(?:ly)?\b|\bevery year\b/g, 'year'],
];

/** The frequencies a (lower-case) text names, with where each mention starts. */
export function frequencyMentions(text: string): { freq: Frequency; at: number }[] {
  const out: { freq: Frequency; at: number }[] = [];
  for (const [re, freq] of WORDS) for (const m of text.matchAll(re)) out.push({ freq, at: m.index! });
  return out;
}

/** The frequencies a (lower-case) text names. */
export function frequenciesIn(text: string): Set<Frequency> {
  return new Set(frequencyMentions(text).map((m) => m.freq));
}
