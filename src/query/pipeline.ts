import type { Candidate, QueryContext, Stage } from './types.js';

/** Run the stages in order. Each stage refines `score` and appends its trace entry. */
export function runPipeline(ctx: QueryContext, stages: readonly Stage[], candidates: Candidate[]): Candidate[] {
  let list = candidates;
  for (const s of stages) list = s.run(ctx, list);
  return list;
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** Best first; ties by newer time, then by id, so the same files always give the same order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  const d = round(b.score) - round(a.score);
  if (d !== 0) return d;
  if (a.rec.timeMs !== b.rec.timeMs) return b.rec.timeMs - a.rec.timeMs;
  return a.rec.id < b.rec.id ? -1 : a.rec.id > b.rec.id ? 1 : 0;
}
