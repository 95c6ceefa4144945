import type { Tier } from './record.js';

/** Domains recognized from a leading `[name]` prefix unless the memory home configures others. */
export const DEFAULT_DOMAINS = ['hermes', 'code', 'openclaw'] as const;

export interface Markers {
  /** domain from a leading [name] prefix, when name is a known domain */
  domain: string | null;
  kind: string;
  tier: Tier;
  correction: boolean;
  redline: boolean;
}

/**
 * The markers, as users write them: the user's own 〔更正〕 / 〔红线〕, the same word in other brackets
 * (【更正】, [更正]), the English [correction] / [redline] / [red line], and a label that opens the text,
 * after the domain prefix and other markers ("更正：…", "更正一下：…", "订正：…", "Correction: …", "Correction — …", "Erratum: …",
 * "oops — correction: …", "红线：…", "Red line: …"), and the ways a Chinese-first user takes back what they said, opening
 * the text: "改：…", "不对，…", "说错了，…", "搞错了，…", "记错了，…", "上条有误：…". Each also in traditional characters
 * (〔紅線〕, 訂正, 說錯了), as a Taipei or Hong Kong writer has them.
 */
const CORRECTION_BRACKETED = '〔更正〕|【更正】|\\[更正\\]|〔correction〕|\\[correction\\]';
const REDLINE_BRACKETED = '〔[红紅][线線]〕|【[红紅][线線]】|\\[[红紅][线線]\\]|〔redline〕|\\[red ?line\\]';
/** What may stand before a label: the domain prefix and bracketed markers. */
const LEAD = '^\\s*(?:(?:\\[[A-Za-z][\\w -]{0,31}\\]|〔[^〕\\n]{1,12}〕|【[^】\\n]{1,6}】)\\s*)*';
const CORRECTION_LABEL =
  `${LEAD}(?:(?:oops|哦|噢)[\\s,，—–-]*)?` +
  `(?:(?:(?:更正|[订訂]正|[纠糾]正|勘[误誤])(?:一下)?|correction|erratum)\\s?[:：—–]|改\\s?[:：]|(?:不[对對]不[对對]|不[对對]|[说說][错錯]了|搞[错錯]了|[记記][错錯]了|[写寫][错錯]了|上[条條]有[误誤]|前面[说說]的不[对對])\\s?[，,：:！!])`;
const REDLINE_LABEL = `${LEAD}(?:[红紅][线線]|red ?line)\\s?[:：]`;
/** A correction marker anywhere, or a correction label opening the text. */
export const CORRECTION_MARK = new RegExp(`${CORRECTION_BRACKETED}|${CORRECTION_LABEL}`, 'i');
/** A red-line marker anywhere, or a red-line label opening the text. */
export const REDLINE_MARK = new RegExp(`${REDLINE_BRACKETED}|${REDLINE_LABEL}`, 'i');
/** The bracketed markers, anywhere (stripMarkers takes them out). */
const ANY_BRACKETED = new RegExp(`${CORRECTION_BRACKETED}|${REDLINE_BRACKETED}`, 'gi');
// The prefix may follow the markers: "〔更正〕[code] …" as well as "[code] 〔更正〕…".
const PREFIX = /^\s*(?:(?:〔[^〕\n]{1,12}〕|【[^】\n]{1,6}】|\[(?:correction|redline|red line|更正|[红紅][线線])\])\s*)*\[([A-Za-z][\w-]{0,31})\]/i;

/** The domain a leading prefix names, or null. Any other bracketed word is just text. */
export function prefixDomain(text: string, knownDomains: readonly string[]): string | null {
  const m = PREFIX.exec(text);
  if (!m) return null;
  const d = m[1]!.toLowerCase();
  return knownDomains.includes(d) ? d : null;
}

/**
 * What the user's own conventions say about a text: the domain prefix, and the 〔更正〕/〔红线〕
 * markers (or [correction]/[redline] for English writers), which set kind and tier.
 */
export function detectMarkers(text: string, knownDomains: readonly string[]): Markers {
  const domain = prefixDomain(text, knownDomains);
  const redline = REDLINE_MARK.test(text);
  const correction = CORRECTION_MARK.test(text);
  if (redline) return { domain, kind: 'redline', tier: 'redline', correction, redline };
  if (correction) return { domain, kind: 'correction', tier: 'evidence', correction, redline };
  return { domain, kind: 'note', tier: 'normal', correction, redline };
}

/** The text without a label opening it ("改：", "不对，", "Correction —"): what the correction says, for reading it. */
export function stripLabel(text: string): string {
  return text.replace(LABEL_AT_START, ' ');
}
const LABEL_AT_START = new RegExp(`${CORRECTION_LABEL}|${REDLINE_LABEL}`, 'i');

/** The text without its leading domain prefix and markers: what the index should match on. */
export function stripMarkers(text: string, knownDomains: readonly string[]): string {
  let t = text;
  const m = PREFIX.exec(t);
  if (m && knownDomains.includes(m[1]!.toLowerCase())) t = t.slice(0, m.index) + t.slice(m.index + m[0].length);
  return t.replace(ANY_BRACKETED, ' ');
}

/** Words a correction uses about itself, not about its subject: left out when resolving its target. */
export const CORRECTION_FILLER = new Set(
  (
    '更正 纠正 订正 作废 废弃 之前 以前 此前 原来 原先 先前 记 记的 记录 写 写的 错 错了 不对 不是 应该 应为 实际 实际上 其实 已 已经 ' +
    '改为 改成 换成 变成 变为 更新 修改 改 调整 现在 目前 新 旧 从 到 为 ' +
    '最后 笔误 搞错 搞错了 口误 说错 说错了 写错 写错了 记错 记错了 以这个为准 为准 勘误 有误 上条 ' +
    'correction correct corrected wrong actually previously earlier noted note now instead no longer changed change update updated new old typo scratch back again erratum oops'
  ).split(/\s+/),
);

/**
 * Words the index adds to a red line's and a correction's body in place of the markers it strips:
 * what a query for 红线/redline or 更正/correction reaches them by, through the alias file's
 * `〔红线〕` and `〔更正〕` items (query/aliases.ts). Made-up words, so that no text the user types
 * ("is the port correct?") matches every correction.
 */
export const MARKER_WORDS = { redline: 'optmemredline', correction: 'optmemcorrection' } as const;
export type MarkerName = keyof typeof MARKER_WORDS;

/** The marker words a record's body carries: by its kind and tier, or the markers in its text. */
export function markerWords(r: { kind: string; tier: string; text: string }): string[] {
  const out: string[] = [];
  if (r.kind === 'redline' || r.tier === 'redline' || REDLINE_MARK.test(r.text)) out.push(MARKER_WORDS.redline);
  if (r.kind === 'correction' || CORRECTION_MARK.test(r.text)) out.push(MARKER_WORDS.correction);
  return out;
}
