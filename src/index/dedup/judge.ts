import type { Tier } from '../../core/record.js';
import { cleanText, compactText, maskedText } from './normalize.js';
import { bandsOf, gramHashes, hash53, jaccard } from './shingles.js';
import { DUPLICATE_DEFAULTS, type DuplicateOptions } from './options.js';
import { missingFrom, valuesOf, type Clause, type TextValues } from './values.js';

/**
 * Is one record a duplicate of another? Precision first: a link hides a record behind another in
 * search, so two records link only when their words are near (n-gram similarity at or above the
 * threshold) and nothing they state differs: the same values, times, names, content characters
 * and negations, the same scope (domain and project) and the same tier. A pair near enough whose
 * values, names or negation differ is a *variant*: a candidate for a correction, never a link.
 */

/** Kinds never grouped: decisions about other records, and texts that are derived or carry a session's state. */
export const UNGROUPED_KINDS: ReadonlySet<string> = new Set(['event', 'handoff', 'summary']);

export { DUPLICATE_DEFAULTS, NEAR_DUPLICATE_THRESHOLD, type DuplicateOptions } from './options.js';

/** What a record is compared by. */
export interface DupSignature {
  /** domain and project: only records of one scope are ever compared */
  scope: string;
  tier: Tier;
  /** letters and digits, lower case */
  compact: string;
  /** exact-duplicate key: scope, tier, compact text, values, units and negations (53-bit) */
  key: number;
  /** scope, tier and the normalized form (TextValues.form): the same note in other punctuation, numerals, units or clause order (53-bit) */
  formKey: number;
  /** hashed grams (Han characters, character pairs) of the compact text with digits masked, sorted */
  grams: Uint32Array;
  facts: TextValues;
}

export interface DupInput {
  text: string;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: Tier;
}

/** The record's signature, or null when its kind is never grouped or it has no letters or digits. */
export function signatureOf(r: DupInput, knownDomains: readonly string[]): DupSignature | null {
  if (UNGROUPED_KINDS.has(r.kind)) return null;
  const clean = cleanText(r.text, knownDomains);
  const compact = compactText(clean);
  if (!compact) return null;
  const scope = `${r.domain ?? ''}\u0000${r.project ?? ''}`;
  const facts = valuesOf(clean);
  // Everything compared goes into the key: two records with one key are duplicates without a look.
  const key = hash53([scope, r.tier, compact, facts.sequence.join('\u0001'), facts.values.join('\u0001'), facts.units.join('\u0001'), facts.negations.join('\u0001'), facts.qualifiers.join('\u0001')].join('\u0000'));
  const formKey = hash53([scope, r.tier, facts.form].join('\u0000'), 0x2f6b1d3);
  return { scope, tier: r.tier, compact, key, formKey, grams: gramHashes(maskedText(compact)), facts };
}

/**
 * Where a signature is looked for: its MinHash bands among records of its scope and its values
 * (duplicates hold the same values, so records with other values are never candidates), plus its
 * frame, the text with its digits masked, which finds the same sentence with other numbers (a
 * correction candidate).
 */
export function bandsOfSignature(s: DupSignature): number[] {
  const bands = bandsOf(s.grams, `${s.scope}\u0000${s.facts.values.join('\u0001')}`);
  const frame = maskedText(s.compact).replace(/[零〇一二两三四五六七八九十百千万]+/g, '0');
  bands.push(hash53(`${s.scope}\u0000frame\u0000${frame}`, 0x51ed270b) % 2147483648);
  bands.push(s.formKey % 2147483648);
  return bands;
}

/**
 * duplicate: link them. variant: near, but what they state differs (a candidate for a correction).
 * redline: a red line and a record of another tier that say the same thing (reported, never linked).
 * none: neither.
 */
export type Verdict = 'duplicate' | 'variant' | 'redline' | 'none';

export interface Judgement {
  verdict: Verdict;
  /** n-gram similarity, 0..1 (1 for an exact duplicate) */
  similarity: number;
  /** what differs, in words: "values 8080 ≠ 9090", "negation", "names 小周 ≠ 小吴" … */
  differs: string[];
}

const NONE: Judgement = { verdict: 'none', similarity: 0, differs: [] };

/**
 * Two negation scopes say the same when the content of one holds all of the other's (a clause
 * cut shorter on one side): 不要放物业 / 别放物业 yes, 不要放物业 / 不要放门口的柜子里 no.
 */
function sameScope(a: string, b: string): boolean {
  if (a === b) return true;
  const ta = a ? a.split(' ') : [];
  const tb = b ? b.split(' ') : [];
  const [small, big] = ta.length <= tb.length ? [ta, new Set(tb)] : [tb, new Set(ta)];
  return small.every((t) => big.has(t));
}

function sameNegations(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...b];
  for (const s of a) {
    const i = left.findIndex((t) => sameScope(s, t));
    if (i === -1) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * Content words or characters one side may add as wording (记一下, 已经, "again"); more is more
 * information, not the same fact said again.
 */
const MAX_ADDED = 3;

const pair = (a: string[], b: string[]) => `${a.join(' ') || '∅'} ≠ ${b.join(' ') || '∅'}`;

/** What two records state differently (empty: nothing). Symmetric. */
export function differences(a: TextValues, b: TextValues): string[] {
  const out: string[] = [];
  const va = missingFrom(a.values, b.values);
  const vb = missingFrom(b.values, a.values);
  if (va.length || vb.length) out.push(`values ${pair(va, vb)}`);
  // A time of day or relative day one side adds is wording (早上 9 点 / 9 点); two different ones are not.
  const ta = missingFrom(a.units, b.units);
  const tb = missingFrom(b.units, a.units);
  if (ta.length && tb.length) out.push(`times or currencies ${pair(ta, tb)}`);
  // A little content one side adds is wording (记一下, 已经); content on both sides that the other
  // lacks is something else named: 小周 / 小吴, restic / borg, Telegram / 微信.
  const na = [...missingFrom(a.words, b.words), ...missingFrom(a.chars, b.chars)];
  const nb = [...missingFrom(b.words, a.words), ...missingFrom(b.chars, a.chars)];
  // A name one side adds (restic, Telegram, staging) says where or with what: another fact.
  const added = [...missingFrom(a.names, b.words), ...missingFrom(b.names, a.words)];
  if ((na.length && nb.length) || added.length) out.push(`names ${pair(na, nb)}`);
  else if (na.length + nb.length > MAX_ADDED) out.push(`names ${pair(na, nb)}`);
  // only / all, above / below, before / after, must / may: what the words say of the values or the act.
  const qa = missingFrom(a.qualifiers, b.qualifiers);
  const qb = missingFrom(b.qualifiers, a.qualifiers);
  if (qa.length || qb.length) out.push(`qualifiers ${pair(qa, qb)}`);
  if (!sameNegations(a.negations, b.negations)) out.push(`negation (${a.negations.length} / ${b.negations.length})`);
  return out;
}

/**
 * The same values beside the same words, paired otherwise: a swapped pair however the clauses are
 * ordered (JWT 15 分钟、refresh token 7 天 / refresh token 15 天、JWT 7 分钟). Only a true permutation
 * counts: the words the values sit beside are the same on both sides, so a rewording (15 分钟 /
 * 15 min) is not one.
 */
function swappedBindings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length < 2 || a.join('\n') === b.join('\n')) return false;
  const values = (l: readonly string[]) => l.map((x) => x.split(' ')[0]).sort().join('\n');
  const words = (l: readonly string[]) => l.map((x) => x.split(' ')[1] ?? '').sort().join('\n');
  return values(a) === values(b) && words(a) === words(b);
}

/**
 * Values given in another order, and one of them now beside another word on both sides (00700 成本
 * 价、320 港元 / 320 腾讯、00700 港元): the clauses were not only reordered.
 */
function reboundInOtherOrder(a: TextValues, b: TextValues): boolean {
  if (new Set(a.sequence).size < 2 || a.sequence.join(' ') === b.sequence.join(' ')) return false;
  const ba = missingFrom(a.bindings, b.bindings);
  const bb = missingFrom(b.bindings, a.bindings);
  return ba.some((x) => bb.some((y) => y.split(' ')[0] === x.split(' ')[0]));
}

/**
 * The same values and words, but two things named swapped between clauses: 张伟欠我两千，李强欠我三千 /
 * 李强欠我两千，张伟欠我三千, or what a negation applies to (只对 Docker 开，系统包不更新 / 只对系统包开，Docker
 * 不更新). For an anchor (a value or a negation held once on each side), a word only its clause held on
 * one side sits in another clause on the other, and the other way round. A word moved one way alone is
 * a rewording (two clauses said as one), not a swap.
 */
export function swappedAcrossClauses(a: readonly Clause[], b: readonly Clause[]): string | null {
  if (a.length < 2 || b.length < 2) return null;
  const once = (cs: readonly Clause[]) => {
    const n = new Map<string, number>();
    for (const c of cs) for (const k of c.anchors) n.set(k, (n.get(k) ?? 0) + 1);
    return n;
  };
  const where = (cs: readonly Clause[]) => {
    const m = new Map<string, Set<number>>();
    cs.forEach((c, i) => c.tokens.forEach((t) => (m.get(t) ?? m.set(t, new Set()).get(t)!).add(i)));
    return m;
  };
  const na = once(a);
  const nb = once(b);
  const wa = where(a);
  const wb = where(b);
  const movedOut = (from: Clause, fromAt: number, fromWhere: Map<string, Set<number>>, to: Clause, toWhere: Map<string, Set<number>>) =>
    from.tokens.find((t) => !to.tokens.includes(t) && toWhere.has(t) && fromWhere.get(t)!.size === 1 && fromWhere.get(t)!.has(fromAt));
  // Words alone are no anchor: a subject moves between clauses in ordinary rewording (王总是负责人，预算要他签字 /
  // 预算要王总签字，他是负责人). Two people swapped with no value or negation beside them are not caught.
  for (const [k, count] of na) {
    if (count !== 1 || nb.get(k) !== 1) continue;
    const ia = a.findIndex((c) => c.anchors.includes(k));
    const ib = b.findIndex((c) => c.anchors.includes(k));
    const ta = movedOut(a[ia]!, ia, wa, b[ib]!, wb);
    const tb = ta === undefined ? undefined : movedOut(b[ib]!, ib, wb, a[ia]!, wa);
    if (ta !== undefined && tb !== undefined) return `${k === 'not' ? 'negation' : k} beside ${ta} ≠ ${tb}`;
  }
  return null;
}

const IS_HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
// The last character of a place or building name: 路, 街, 号, 楼, 区, 店 …
const PLACE_SUFFIX = /[路街道巷弄号楼栋座层室区市省县镇乡村店院馆园站桥门厅场城湾岛山湖河江]/;

/**
 * Characters one side inserts inside a place name the other writes whole: 中山路 / 中山北路, 三楼 /
 * 三号楼 are two places. Elsewhere an inserted character is wording (升到 / 升级到, 先给 / 先发给) and is
 * left to the other checks.
 */
export function insertedInsideWord(a: string, b: string, added: ReadonlySet<string>): string | null {
  if (!added.size) return null;
  let i = 0;
  while (i < b.length) {
    if (!added.has(b[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < b.length && added.has(b[j + 1]!)) j++;
    const x = b[i - 1];
    const y = b[j + 1];
    if (x && y && IS_HAN.test(x) && PLACE_SUFFIX.test(y) && a.includes(x + y)) return `${x}${b.slice(i, j + 1)}${y} ≠ ${x}${y}`;
    i = j + 1;
  }
  return null;
}

/** Judge a pair of signatures. Symmetric and deterministic. */
export function judgePair(a: DupSignature, b: DupSignature, opts: DuplicateOptions = DUPLICATE_DEFAULTS): Judgement {
  if (a.scope !== b.scope) return NONE;
  // One normalized form: the same words, so as near as an exact copy (what they state is still compared).
  const similarity = a.key === b.key || a.formKey === b.formKey ? 1 : jaccard(a.grams, b.grams);
  if (similarity < opts.threshold) return { ...NONE, similarity };
  const differs = a.key === b.key ? [] : differences(a.facts, b.facts);
  // The same words around the same values in another order: a swapped pair (前端 3000，后端 8080).
  if (!differs.length && a.compact !== b.compact && a.facts.sequence.join(' ') !== b.facts.sequence.join(' ') && maskedText(a.compact) === maskedText(b.compact)) {
    differs.push(`values in another order ${a.facts.sequence.join(' ')} ≠ ${b.facts.sequence.join(' ')}`);
  } else if (!differs.length && (swappedBindings(a.facts.bindings, b.facts.bindings) || reboundInOtherOrder(a.facts, b.facts))) {
    differs.push(`values beside other words ${pair(missingFrom(a.facts.bindings, b.facts.bindings), missingFrom(b.facts.bindings, a.facts.bindings))}`);
  }
  if (!differs.length) {
    const swap = swappedAcrossClauses(a.facts.clauses, b.facts.clauses) ?? swappedAcrossClauses(b.facts.clauses, a.facts.clauses);
    if (swap) differs.push(`clauses swapped: ${swap}`);
  }
  if (!differs.some((d) => d.startsWith('names'))) {
    const inserted =
      insertedInsideWord(a.compact, b.compact, new Set(missingFrom(b.facts.chars, a.facts.chars))) ??
      insertedInsideWord(b.compact, a.compact, new Set(missingFrom(a.facts.chars, b.facts.chars)));
    if (inserted) differs.push(`names ${inserted}`);
  }
  // Something else named (小周 / 小吴, restic / borg) is another fact, not a correction of this one.
  if (differs.some((d) => d.startsWith('names'))) return { verdict: 'none', similarity, differs };
  if (differs.length) return { verdict: 'variant', similarity, differs };
  if (a.tier !== b.tier) return { verdict: a.tier === 'redline' || b.tier === 'redline' ? 'redline' : 'none', similarity, differs: [`tier ${a.tier} ≠ ${b.tier}`] };
  return { verdict: 'duplicate', similarity, differs };
}
