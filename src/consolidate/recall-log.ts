import fs from 'node:fs';
import path from 'node:path';

/**
 * The recall log (`usage/recalls.jsonl` in the home): which records searches returned, one line per
 * search, `{"t": epoch ms, "ids": [the top ids]}`. It is not the truth of the memory (the log is):
 * it only strengthens a record's retention (consolidate/retention.ts), so a record people keep
 * finding is not archived. Appends are best effort and never fail a search; a line that does not
 * parse (a torn tail after a crash, a hand edit) is skipped and counted.
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
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, JSON.stringify({ t: nowMs, ids: ids.slice(0, RECALL_TOP) }) + '\n');
  } catch {
    // Best effort: a full disk or a read-only home loses a count, never a search.
  }
}

export function readRecalls(file: string): RecallStats {
  const out: RecallStats = { byId: new Map(), lines: 0, skipped: 0, skippedLines: [] };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return out;
  }
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
    const rec = v as { t?: unknown; ids?: unknown } | null;
    if (!rec || typeof rec.t !== 'number' || !Number.isFinite(rec.t) || !Array.isArray(rec.ids) || !rec.ids.every((x) => typeof x === 'string')) {
      out.skipped++;
      if (out.skippedLines.length < 20) out.skippedLines.push(i + 1);
      return;
    }
    for (const id of rec.ids as string[]) {
      const s = out.byId.get(id);
      if (s) {
        s.count++;
        if (rec.t > s.lastMs) s.lastMs = rec.t;
      } else out.byId.set(id, { count: 1, lastMs: rec.t });
    }
  });
  return out;
}
