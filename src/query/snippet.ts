import { simplified } from '../core/simplified.js';

/**
 * Snippets are cut from the raw text (the index holds segmented text, whose sub-words would
 * overlap), centred on the first place a query term occurs. Terms are looked for in the text with
 * its traditional characters simplified, as the index read it; the fold keeps offsets, so the cut
 * is of the text as written.
 */
export function makeSnippet(text: string, surfaces: string[], width = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= width) return flat;
  const lower = simplified(flat).toLowerCase();
  let pos = -1;
  for (const s of [...surfaces].sort((a, b) => b.length - a.length)) {
    const i = lower.indexOf(simplified(s).toLowerCase());
    if (i !== -1 && (pos === -1 || i < pos)) pos = i;
  }
  // Index in UTF-16 units to index in code points.
  const cpPos = pos === -1 ? 0 : Array.from(flat.slice(0, pos)).length;
  const start = Math.max(0, Math.min(cpPos - Math.floor(width / 3), chars.length - width));
  const end = Math.min(chars.length, start + width);
  return (start > 0 ? '…' : '') + chars.slice(start, end).join('').trim() + (end < chars.length ? '…' : '');
}
