/**
 * A correction that grants a permission (可以直接发, 不用等我确认, can go out before class, no need
 * to …) changes a rule: what may or must be done. The record it corrects states that rule (不准,
 * 只能, 必须, never, only, must). A record stating a plain fact of the same thing (where the answer
 * key is kept, how often notes go out, when the firmware is checked) is not what the permission
 * changes, even when it shares every subject word: taking it hides a true fact.
 *
 * Pure text tests on the analysis's `plain` text (lower case, markers removed).
 */

const PERMITS =
  /可以|不用(?![了的啦])|不必|无需|无须|用不着|允许|(?<!\S)(?:can|may)\b|\ballowed\b|\bno need\b|\bno longer (?:need|has to|have to|must)\b|\bdoes(?:n't| not) (?:need|have) to\b|\bdon't (?:need|have) to\b/;

const STATES_RULE =
  /不准|不许|不能|不得|不要|不可|别|禁止|必须|务必|只能|只许|只准|只在|只有|绝不|绝对|一律|一定要|须|要等|要先|先.{0,8}再|需要|得先|\bnever\b|\bmust\b|\bonly\b|\bnot allowed\b|\bdon't\b|\bdo not\b|\bno\b.{0,20}\bwithout\b|\bneeds?\b|\brequire[sd]?\b|\bwait\b|\bbefore\b|\bafter\b|\bunless\b|\buntil\b|\bcan't\b|\bcannot\b|\bforbidden\b|\bbanned\b|\bmay not\b|\bhas to\b|\bhave to\b/;

/** Whether the text grants a permission. */
export function grantsPermission(plain: string): boolean {
  return PERMITS.test(plain);
}

/** Whether the text states a rule: what may, may not, or must be done. */
export function statesRule(plain: string): boolean {
  return STATES_RULE.test(plain);
}

/**
 * Whether the permission is granted in a clause of its own, with no value in it: 采收期间可以排会了，下午 4 点以后就行
 * grants the meetings; the time after it is a condition, not a new value of a fact.
 */
export function permitsInBareClause(plain: string, values: readonly string[]): boolean {
  // (Spaces out on both sides: 下午4点 stands as 下午 4 点.)
  const text = plain.replace(/\s+/g, '');
  const m = PERMITS.exec(text);
  if (!m) return false;
  const start = Math.max(...[...text.slice(0, m.index).matchAll(/[，,；;。！？!?\n]/g)].map((x) => x.index! + 1), 0);
  const endRel = text.slice(m.index).search(/[，,；;。！？!?\n]/);
  const clause = text.slice(start, endRel === -1 ? text.length : m.index + endRel);
  // (Every value after it: 放宽到三千字，编辑讲可以多放照片 changes the length, the permission is a reason.)
  const at = (v: string) => text.indexOf(v.replace(/\s+/g, ''));
  return !/\d/.test(clause) && values.every((v) => at(v) > m.index && !clause.includes(v.replace(/\s+/g, '')));
}
