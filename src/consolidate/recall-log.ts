import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../store/durable-file.js';

/**
 * The recall log (`usage/recalls.jsonl` in the home): which records searches returned, one line per
 * search, `{"t": epoch ms, "ids": [the top ids]}`. It is not the truth of the memory (the log is):
 * it only strengthens a record's retention (consolidate/retention.ts), so a record people keep
 * finding is not archived. Appends are best effort and never fail a search; a line that does not
 * parse (a torn tail after a crash, a hand edit) is skipped and counted. `consolidate` compacts a
 * log past 1 MiB into one line per record, `{"t": last ms, "ids": [id], "n": count}`: the same
 * counts and last times, so retention does not change.
 */
export interface RecallStats {
  /** id → how often a search returned it, and when last */
  byId: Map<string, { count: number; lastMs: number }>;
  lines: number;
  /** lines that did not parse */
  skipped: number;
  /** the first of them, 1-based line numbers (at most 20) */
  skippedLines: number[];
}

/** How many of a search's results count as recalled. */
export const RECALL_TOP = 5;

export function appendRecalls(file: string, ids: string[], nowMs: number): void {
  if (ids.length === 0) return;
  const line = JSON.stringify({ t: nowMs, ids: ids.slice(0, RECALL_TOP) }) + '\n';
  try {
    try {
      fs.appendFileSync(file, line);
    } catch (e) {
      // the first recall of a home makes the folder; every other search is one append
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.appendFileSync(file, line);
    }
  } catch {
    // Best effort: a full disk or a read-only home loses a count, never a search.
  }
}

export function readRecalls(file: string): RecallStats {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { byId: new Map(), lines: 0, skipped: 0, skippedLines: [] };
  }
  return readRecallsText(text);
}

function readRecallsText(text: string): RecallStats {
  const out: RecallStats = { byId: new Map(), lines: 0, skipped: 0, skippedLines: [] };
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    out.lines++;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      v = null;
    }
    const rec = v as { t?: unknown; ids?: unknown; n?: unknown } | null;
    const n = rec?.n === undefined ? 1 : rec.n;
    if (
      !rec ||
      typeof rec.t !== 'number' ||
      !Number.isFinite(rec.t) ||
      !Array.isArray(rec.ids) ||
      !rec.ids.every((x) => typeof x === 'string') ||
      typeof n !== 'number' ||
      !Number.isInteger(n) ||
      n < 1
    ) {
      out.skipped++;
      if (out.skippedLines.length < 20) out.skippedLines.push(i + 1);
      return;
    }
    for (const id of rec.ids as string[]) {
      const s = out.byId.get(id);
      if (s) {
        s.count += n;
        if (rec.t > s.lastMs) s.lastMs = rec.t;
      } else out.byId.set(id, { count: n, lastMs: rec.t });
    }
  });
  return out;
}

/** Compact the log past `maxBytes`; null when it is smaller (or missing). */
export const RECALL_LOG_MAX_BYTES = 1 << 20;

export function compactRecalls(file: string, maxBytes = RECALL_LOG_MAX_BYTES): { linesBefore: number; linesAfter: number } | null {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return null;
  }
  if (size <= maxBytes) return null;
  const text = fs.readFileSync(file);
  const whole = text.subarray(0, text.lastIndexOf(0x0a) + 1);
  const stats = readRecallsText(whole.toString('utf8'));
  const lines = [...stats.byId.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, s]) => JSON.stringify({ t: s.lastMs, ids: [id], n: s.count }) + '\n');
  // Searches may append meanwhile: what came after the part read is kept as it is.
  let tail = Buffer.alloc(0);
  try {
    const now = fs.readFileSync(file);
    if (now.length > whole.length && now.subarray(0, whole.length).equals(whole)) tail = now.subarray(whole.length);
  } catch {
    // the file went away: the compacted counts stand
  }
  writeFileAtomic(file, Buffer.concat([Buffer.from(lines.join(''), 'utf8'), tail]));
  return { linesBefore: stats.lines, linesAfter: lines.length };
}
