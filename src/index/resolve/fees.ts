/**
 * Fee words: the kind of charge a Chinese text names by a word ending in 费 (学费, 报名费, 挂号费, 网费), or a sum or pay
 * ending in 金 or 薪 (押金, 违约金, 月薪).
 * Two texts that each name a fee, and no fee in common, are about two charges: a correction raising
 * 钢琴课学费 says nothing of the 考级报名费. Verbs and generic words built on 费 (免费, 收费, 费用,
 * 缴费) name no charge. A fee is keyed by the character before 费, shown with up to two more.
 */
const NOT_A_FEE = new Set([...'免收花消付缴交浪破耗白经']);
/** The same for sums ending in 金 (押金, 违约金, 租金) and pay ending in 薪 (月薪, 底薪): not 现金, 美金, 基金, 五金, 加薪, 发薪. */
const NOT_A_SUM: Record<string, Set<string>> = { 金: new Set([...'现美资基黄白合五千重奖']), 薪: new Set([...'加降涨发调欠']) };

export interface Fee {
  /** the character before 费: the key two fees are compared by */
  key: string;
  /** the word as written, up to three characters before 费 (报名费) */
  word: string;
  /** where the word ends in the text */
  end: number;
}

export function feesOf(text: string): Fee[] {
  const out: Fee[] = [];
  for (const m of text.matchAll(/(\p{Script=Han}{0,2})(\p{Script=Han})([费金薪])(?!用|额|融|属)/gu)) {
    const key = m[2]!;
    const kind = m[3]!;
    if (kind === '费' ? NOT_A_FEE.has(key) : NOT_A_SUM[kind]!.has(key)) continue;
    // (Pay by the hour, day or month is one pay: 日薪 300 改成时薪 40.)
    out.push({ key: kind === '费' ? key : kind === '薪' ? kind : key + kind, word: `${m[1]}${key}${kind}`, end: m.index! + m[0].length });
  }
  return out;
}

/** Each text names a fee and none of one's is the other's: two charges. */
export function otherFees(a: string, b: string): { mine: string[]; theirs: string[] } | null {
  const mine = feesOf(a);
  const theirs = feesOf(b);
  if (mine.length === 0 || theirs.length === 0) return null;
  if (mine.some((f) => theirs.some((g) => g.key === f.key))) return null;
  return { mine: mine.map((f) => f.word), theirs: theirs.map((f) => f.word) };
}

/** What follows a charge's word when it is changed to an amount (改成 350, 涨到 ¥80; not 25 号, a day). */
const FEE_AMOUNT = /^\s?(?:改成|改为|改到|涨到|降到|减到|调到|调成|调整为|变成|变为|提到|提高到)\s?[¥$￥+]?\d+(?:\.\d+)?(?![\d.:：/-]|\s?[号日月点时])/;

/** Whether a text names a charge by its word right before the amount it is changed to (报名费改成 350, 押金涨到 2500). */
export function pricedFee(text: string): boolean {
  return feesOf(text).some((f) => FEE_AMOUNT.test(text.slice(f.end)));
}
