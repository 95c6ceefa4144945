/**
 * What a number identifies: a card, a file or an account (医保卡, 病历号, 身份证, 工号, 车牌, passport). Two texts that each
 * name such a kind, and none in common, give numbers of two things: a correction of the 医保卡 尾号 says nothing of the
 * 病历号, even when the old number it quotes is that one (the user mixed the two up).
 */
const ID_KINDS: [string, RegExp][] = [
  ['医保卡', /医保卡|社保卡|医保号|社保号|medical insurance card|insurance card/i],
  ['病历号', /病历号|病案号|住院号|门诊号|就诊卡|\bmrn\b|medical record (?:no|number)/i],
  ['身份证', /身份证|\bid card\b|\bid number\b/i],
  ['护照', /护照|passport/i],
  ['驾照', /驾照|驾驶证|driv(?:er'?s|ing) licen[cs]e/i],
  ['银行卡', /银行卡|信用卡|储蓄卡|bank card|credit card/i],
  // (Not 打电话: a call, no number.)
  ['手机', /手机|(?<!打)电话|phone|mobile/i],
  ['工号', /工号|员工号|employee (?:id|number)/i],
  ['学号', /学号|student (?:id|number)/i],
  ['车牌', /车牌|plate number|licen[cs]e plate/i],
  ['快递单', /快递单|运单|tracking (?:no|number)/i],
];

export function idKindsOf(text: string): string[] {
  return ID_KINDS.filter(([, re]) => re.test(text)).map(([k]) => k);
}

/** Each text names what its number identifies, and none of one's is the other's: numbers of two things. */
export function otherIdKinds(a: string, b: string): { mine: string[]; theirs: string[] } | null {
  const mine = idKindsOf(a);
  const theirs = idKindsOf(b);
  if (mine.length === 0 || theirs.length === 0 || mine.some((k) => theirs.includes(k))) return null;
  return { mine, theirs };
}
