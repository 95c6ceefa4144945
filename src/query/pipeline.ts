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
 * Sort, then hold the one hard rule scores alone cannot promise: a superseded record never stands
 * above its current replacement.
 */
export function order(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(compareCandidates);
  const pos = new Map(sorted.map((c, i) => [c.rec.id, i]));
  const moved = sorted.filter((c) => c.superseded && (pos.get(c.superseded.current) ?? -1) > (pos.get(c.rec.id) ?? 0));
  if (moved.length === 0) return sorted;
  const movedIds = new Set(moved.map((c) => c.rec.id));
  const out: Candidate[] = [];
  const after = new Map<string, Candidate[]>();
  for (const c of moved) {
    const list = after.get(c.superseded!.current) ?? [];
    list.push(c);
    after.set(c.superseded!.current, list);
  }
  for (const c of sorted) {
    if (movedIds.has(c.rec.id)) continue;
    out.push(c);
    for (const m of after.get(c.rec.id) ?? []) out.push(m);
  }
  return out;
}
