import type { Candidate, QueryContext, Stage } from './types.js';

/** Run the stages in order. Each stage refines `score` and appends its trace entry. */
export function runPipeline(ctx: QueryContext, stages: readonly Stage[], candidates: Candidate[]): Candidate[] {
  let list = candidates;
  for (const s of stages) list = s.run(ctx, list);
  return list;
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** Pinned red lines first; then best score; ties by newer time, then id: the same files give the same order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const d = round(b.score) - round(a.score);
  if (d !== 0) return d;
  if (a.rec.timeMs !== b.rec.timeMs) return b.rec.timeMs - a.rec.timeMs;
  return a.rec.id < b.rec.id ? -1 : a.rec.id > b.rec.id ? 1 : 0;
}

/**
 * Sort, then place every superseded record directly below its current replacement: never above
 * it, and still in sight as history of the answer it used to give (the user's rule: the old record
 * stays as history, demoted and flagged). A superseded record whose replacement is not among the
 * candidates (filtered out) keeps its demoted score's place.
 */
export function order(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(compareCandidates);
  const present = new Set(sorted.map((c) => c.rec.id));
  const after = new Map<string, Candidate[]>();
  for (const c of sorted) {
    if (c.superseded && !c.superseded.otherPoint && present.has(c.superseded.current) && c.superseded.current !== c.rec.id) {
      const list = after.get(c.superseded.current) ?? [];
      list.push(c);
      after.set(c.superseded.current, list);
    }
  }
  if (after.size === 0) return sorted;
  const out: Candidate[] = [];
  for (const c of sorted) {
    if (c.superseded && after.get(c.superseded.current)?.includes(c)) continue;
    out.push(c);
    for (const m of after.get(c.rec.id) ?? []) out.push(m);
  }
  return out;
}
