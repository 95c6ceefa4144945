import { TRADITIONAL_PAIRS } from './traditional-chars.js';

/**
 * Traditional characters read as simplified ones (週 → 周, 時間 → 时间, 設定 → 设定), so a note
 * written in Taipei and a question asked in Shanghai meet on the same words. Character for
 * character and length-preserving: an offset into the folded text is an offset into the text as
 * written, so snippets and highlights still point at the right place. Regional vocabulary (軟體 /
 * 软件) is the alias file's job, not this one.
 */
const MAP = new Map<string, string>();
const points = [...TRADITIONAL_PAIRS];
for (let i = 0; i + 1 < points.length; i += 2) MAP.set(points[i]!, points[i + 1]!);
const ALL = new RegExp(`[${[...MAP.keys()].join('')}]`, 'gu');
/** The UTF-16 units a traditional character starts with (the high surrogate, outside the BMP): a scan without a regex. */
const STARTS = new Uint8Array(0x10000);
for (const k of MAP.keys()) STARTS[k.charCodeAt(0)] = 1;

/** The text with its traditional characters in their simplified forms; the same string when it has none. */
export function simplified(text: string): string {
  // Most text holds none: one pass over its code units (this runs for every record the resolver reads).
  for (let i = 0; i < text.length; i++) {
    if (STARTS[text.charCodeAt(i)] === 1) return text.replace(ALL, (c) => MAP.get(c) ?? c);
  }
  return text;
}

/** NFKC (full-width forms, compatibility characters), then traditional → simplified: how text is compared. */
export function foldText(text: string): string {
  return simplified(text.normalize('NFKC'));
}
