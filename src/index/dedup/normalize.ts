import { stripMarkers } from '../../core/markers.js';
import { foldText } from '../../core/simplified.js';

/**
 * The text two records are compared on, and the key of exact duplicates. Differences a reader
 * does not count as a difference go: width (NFKC folds full-width letters, digits and
 * punctuation), case, white space, punctuation, Markdown bullets and emphasis, emoji, the
 * `[domain]` prefix and the 〔更正〕/〔红线〕 markers (the tier, compared separately, carries those).
 */

// Emoji and what dresses them: pictographs, variation selectors, zero-width joiners, skin tones,
// keycap marks and regional indicators (flags).
const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}\uFE0E\uFE0F\u200D\u20E3]/gu;
// A Markdown list bullet, heading or quote mark at the start of a line. Numbered items keep
// their number: "1. git pull" may follow a colon on the same line.
const LINE_MARK = /^[ \t]*(?:[-*+•·]|#{1,6}|>)[ \t]+/gm;
// Emphasis and code marks: **bold**, __bold__, ~~struck~~, `code`. A single _ inside a name
// (backup_daily) stays.
const EMPHASIS = /\*{1,3}|(?<![\p{L}\p{N}])_{1,3}|_{1,3}(?![\p{L}\p{N}])|~~|`+/gu;
// A Markdown link [text](url) keeps its text and its address.
const LINK = /\[([^\]\n]*)\]\(([^)\s]*)\)/g;

/**
 * The record's text as compared: NFKC, without prefix, markers, Markdown marks or emoji;
 * punctuation, spaces and case are still there (values such as 1.2.3 or 09:00 need them, and an
 * all-capital word is a name).
 */
export function cleanText(text: string, knownDomains: readonly string[]): string {
  return stripMarkers(foldText(text), knownDomains)
    .replace(EMOJI, ' ')
    .replace(LINK, '$1 $2')
    .replace(LINE_MARK, '')
    .replace(EMPHASIS, ' ');
}

const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Letters and digits only, any script, lower case: what exact duplicates share. */
export function compactText(clean: string): string {
  return clean.replace(NOT_WORD, '').toLowerCase();
}

/**
 * The compact text with every run of digits as one "0": what n-grams are taken from. The words
 * decide whether two texts are near each other; their values are compared apart (values.ts), so
 * "端口8080" and "端口9090" are near (and then told apart by their values).
 */
export function maskedText(compact: string): string {
  return compact.replace(/\p{N}+/gu, '0');
}
