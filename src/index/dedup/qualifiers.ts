/**
 * Qualifiers: the small words that change what a sentence states without being a value, a name or
 * a negation: how many (only, all, at least, 最多), which side of a limit (above, before, 以上,
 * 之后), whether it must or may happen (must, should, can, 必须, 可以), and a direction (up/down,
 * on/off). "Only admins can deploy" and "Admins can deploy", "超过 500 元要审核" and "500 元以上要审
 * 核" (the same) against "500 元以下要审核" (not): the words around them are alike, so similarity alone
 * cannot tell them apart. Two records whose qualifiers differ are not duplicates.
 *
 * Each word maps to a class, so that synonyms agree (之后 / 以后 / after, 至少 / at least / min).
 * Words that are wording in one language and a qualifier in another are left out (in, on, to, 都,
 * 每): they change nothing in a note about a port or a date and are added or dropped freely.
 */

/** English words and phrases → class. Matched on whole words, lower case. */
const EN: ReadonlyArray<[RegExp, string]> = [
  [/\bat least\b|\bminimum\b|\bmin\b|\bno fewer than\b/gi, 'min'],
  [/\bat most\b|\bmaximum\b|\bmax\b|\bup to\b|\bno more than\b/gi, 'max'],
  [/\bonly\b|\bsolely\b|\bexclusively\b/gi, 'only'],
  [/\ball\b|\bevery\b|\beach\b|\bany\b/gi, 'all'],
  [/\bsome\b|\bpartly\b|\bpartially\b/gi, 'some'],
  [/\bmore than\b|\bover\b|\babove\b|\bexceeds?\b|\bbeyond\b/gi, 'above'],
  [/\bless than\b|\bfewer than\b|\bunder\b|\bbelow\b/gi, 'below'],
  [/\bbefore\b|\bearlier\b|\bprior to\b/gi, 'before'],
  [/\bafter\b|\blater\b|\bafterwards\b/gi, 'after'],
  [/\bmust\b|\bhave to\b|\bhas to\b|\brequired\b|\bmandatory\b/gi, 'must'],
  [/\bshould\b|\bought to\b|\brecommended\b/gi, 'should'],
  [/\bmay\b|\bmight\b|\bcan\b|\bcould\b|\boptional\b|\ballowed\b/gi, 'may'],
  [/\balways\b/gi, 'always'],
  [/\bsometimes\b|\boccasionally\b|\busually\b|\boften\b|\brarely\b/gi, 'sometimes'],
  [/\bunless\b|\bexcept\b/gi, 'except'],
  [/\buntil\b|\btill\b/gi, 'until'],
  [/\bup\b/gi, 'up'],
  [/\bdown\b/gi, 'down'],
  [/\boff\b|\bdisabled?\b/gi, 'off'],
  [/\benabled?\b/gi, 'on'],
  [/\bor\b|\beither\b/gi, 'or'],
  [/\bfirst\b/gi, 'first'],
  [/\blast\b/gi, 'last'],
];

/** Chinese words → class, longest first (至少 before 少). Matched as substrings. */
const ZH: ReadonlyArray<[RegExp, string]> = [
  [/至少|最少|不少于|起码|最低/g, 'min'],
  [/至多|最多|不超过|不多于|最高|上限/g, 'max'],
  [/超过|多于|高于|大于|以上/g, 'above'],
  [/少于|低于|小于|不到|不足|以下/g, 'below'],
  [/以内|之内/g, 'within'],
  // 前 alone is before (升 v15 前), but not in 前端, 前台, 前面, 前天, 目前, 当前.
  [/之前|以前|提前|最晚|最迟|(?<![目当眼从])前(?![端台面天年往进置缀])/g, 'before'],
  // 后 alone is after (5.6 后, 定稿后), but not in 后端, 后台, 后面, 后续, 后来.
  [/之后|以后|过后|后(?![端台面续来缀门])/g, 'after'],
  [/必须|务必|一定要/g, 'must'],
  [/应该|应当|最好|建议/g, 'should'],
  [/可以|可能|也许|允许|能/g, 'may'],
  // 所有 before 有时: 所有时间 is all the times.
  [/所有|全部|全都|一律|统一|任何/g, 'all'],
  // Not 总是: 王总是负责人 is Mr Wang who is in charge.
  [/始终|一直/g, 'always'],
  [/有时|偶尔|通常|经常|一般/g, 'sometimes'],
  [/除了|除非|除/g, 'except'],
  [/直到|为止/g, 'until'],
  [/部分|有些|一些/g, 'some'],
  [/(?<![一二两三四五六七八九十几\d])只|仅|光/g, 'only'],
  [/或者|或是|或/g, 'or'],
  [/关闭|关掉|停用|禁用/g, 'off'],
  [/开启|打开|启用/g, 'on'],
];

/**
 * The qualifier classes of a cleaned text (values already taken out), sorted, unique, and the text
 * without them: they are compared here, not again as content words.
 */
export function qualifiersOf(text: string): { qualifiers: string[]; rest: string } {
  const out = new Set<string>();
  let rest = text;
  if (/[A-Za-z]/.test(rest)) {
    // A negation is compared on its own (values.ts): "can't" is not "can".
    const held: string[] = [];
    rest = rest.replace(/\b[a-z]+n't\b|\bcannot\b/gi, (w) => (held.push(w), '\u0002'));
    for (const [re, cls] of EN) rest = rest.replace(re, () => (out.add(cls), ' '));
    rest = rest.replace(/\u0002/g, () => held.shift()!);
  }
  if (/[\u3400-\u9fff]/.test(rest)) for (const [re, cls] of ZH) rest = rest.replace(re, () => (out.add(cls), ' '));
  return { qualifiers: [...out].sort(), rest };
}
