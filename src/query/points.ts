import { CORRECTION_MARK, REDLINE_MARK } from '../core/markers.js';
import { subjectTokens } from './rivals.js';
import { foldText } from '../core/simplified.js';

/**
 * The points of a record a replacement speaks to. A record often says several things ("shop 后端用
 * FastAPI，端口 8080，配置在 backend/.env"); a correction replaces one of them ("〔更正〕后端端口改成 9090").
 * The old record is cut into clauses (，；。 and the like); the first names the subject ("shop 后端用
 * FastAPI": the words it shares with the replacement say what both are about); the replacement speaks
 * to each later clause that shares a word with it beyond those. Null when this cannot be told: a
 * one-clause record, or a replacement that shares nothing with any later clause ("〔更正〕改成 6380").
 * Pure; used by search (stages/supersede.ts) and by the topic files (consolidate/topics.ts).
 */
export interface Points {
  /** the old record's clauses, as written (markers out, trimmed) */
  clauses: string[];
  /** for each clause, the words the replacement speaks to it with (none for the first) */
  spoken: string[][];
}

const CLAUSE = /[,;!?\n，；。！？]|\.(?=\s|$)/u;
const strip = (s: string) => s.replace(CORRECTION_MARK, ' ').replace(REDLINE_MARK, ' ');
/** A domain prefix ([code]) is no word of what a record says. */
const unprefixed = (s: string) => s.replace(/^\s*\[[^\]\s]{1,32}\]\s*/u, '');

export function pointsSpoken(oldText: string, replacementText: string): Points | null {
  const clauses = strip(oldText)
    .split(CLAUSE)
    .map((x) => x.trim())
    .filter(Boolean);
  if (clauses.length < 2) return null;
  const repWords = subjectTokens(foldText(unprefixed(strip(replacementText).trim())).toLowerCase());
  const words = (cl: string) => [...subjectTokens(foldText(unprefixed(cl)).toLowerCase())];
  const first = words(clauses[0]!).filter((w) => repWords.has(w));
  const subject = new Set(first);
  // The first clause is spoken to when the replacement shares more with it than one word, the
  // subject ("crawler 的并发数 8，超时 15s" corrected by "crawler 并发降到 4": crawler and 并发), or when
  // both state a number ("dag_orders 调度 0 2 * * *，每天 02:00 跑" corrected to "每小时 (0 * * * *)"): the
  // changed value may be there.
  // Not when every number of the replacement has the shape of a number of a later clause it speaks
  // to and none of the first clause's: "备份保留期改为 60 天" of "每天凌晨 02:00 备份 NAS 到 B2，保留 30
  // 天" changes the retention (天), not the time (02:00).
  const digits = /\d/u;
  const later = clauses.map((cl, i) => (i === 0 ? [] : words(cl).filter((w) => repWords.has(w) && !subject.has(w))));
  const repShapes = numberShapes(strip(replacementText));
  const firstShapes = numberShapes(unprefixed(clauses[0]!));
  const laterShapes = new Set(later.flatMap((w, i) => (w.length > 0 ? [...numberShapes(clauses[i]!)] : [])));
  const elsewhere = repShapes.size > 0 && [...repShapes].every((x) => laterShapes.has(x) && !firstShapes.has(x));
  const firstSpoken = first.length >= 2 || (first.length === 1 && !elsewhere && digits.test(unprefixed(clauses[0]!)) && digits.test(replacementText));
  const spoken = clauses.map((cl, i) => (i === 0 ? (firstSpoken ? first : []) : later[i]!));
  return spoken.some((w) => w.length > 0) ? { clauses, spoken } : null;
}

/**
 * The shapes of a text's numbers: a clock time, an address (1.2.3.4), or the unit written after it
 * (天, s, %, 元; '' for a bare number). Digits inside a word (pi3, v2) are no number.
 */
function numberShapes(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of foldText(text).toLowerCase().matchAll(/(?<![\p{L}\d.])(\d+(?:[.:]\d+)*)\s*(\p{Script=Han}|[a-z%]+)?/gu)) {
    const n = m[1]!;
    out.add(n.includes(':') ? 'time' : (n.match(/\./g)?.length ?? 0) >= 2 ? 'address' : (m[2] ?? ''));
  }
  return out;
}

/**
 * What the old record still says that its replacement does not speak to: its first clause and every
 * later clause the replacement leaves alone ("shop 后端用 FastAPI，配置在 backend/.env"); null when that is
 * nothing beyond the first clause, or cannot be told.
 */
export function pointsLeft(oldText: string, replacementText: string): string | null {
  const p = pointsSpoken(oldText, replacementText);
  // When the first clause is spoken to, what is left has lost its subject: cannot be told.
  if (!p || p.spoken[0]!.length > 0) return null;
  const left = p.clauses.filter((_, i) => i === 0 || p.spoken[i]!.length === 0);
  if (left.length > 1) return left.join('，');
  // The first clause alone is left: still worth saying when it states a value of its own ("每天凌晨
  // 02:00 备份 NAS 到 B2" of a record corrected on its retention), not when it only names the subject.
  const own = numberShapes(unprefixed(p.clauses[0]!));
  const rep = numberShapes(strip(replacementText));
  return [...own].some((x) => !rep.has(x)) ? p.clauses[0]! : null;
}
