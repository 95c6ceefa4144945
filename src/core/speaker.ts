import { foldText } from './simplified.js';
/** The speaker of a line of dialogue: a short name before a colon at the start (null when none). */
export function speakerOf(text: string): { name: string; parts: string[]; cjk: boolean } | null {
  // NFKC makes a full-width colon ASCII. An English name needs a space after its colon (not 10:30);
  // a Chinese one is written without (小王：周四上线).
  // Only the head of the text can hold it: a name of up to 31 characters, its colon and a space (this runs for every candidate).
  const m = /^\s*([\p{L}][\p{L}\p{N} .'’-]{0,30}?)\s*:(\s?)/u.exec(foldText(text.slice(0, 64)).toLowerCase() + ' ');
  if (!m) return null;
  const name = m[1]!.trim();
  const cjk = /\p{Script=Han}/u.test(name);
  if (!cjk && m[2] === '') return null;
  return { name, parts: cjk ? [name] : name.split(/[^\p{L}\p{N}]+/u).filter(Boolean), cjk };
}
