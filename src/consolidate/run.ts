import type { ConsolidateContext, ConsolidateReport, ConsolidateStep, StepOptions } from './types.js';
import { archiveStep } from './archive-step.js';
import { summariesStep } from './summary-step.js';
import { duplicatesStep } from './duplicates.js';

/**
 * `optmem consolidate`: every step in order, each adding its section to one report. Steps only
 * derive files from the log (or append events); running it twice with nothing new changes nothing.
 */
// Archive first: what it archives leaves the summaries of this same run.
// Duplicates only read the index and derive its links: they change no other step's input.
export const CONSOLIDATE_STEPS: readonly ConsolidateStep[] = [archiveStep, duplicatesStep, summariesStep];

export async function runConsolidate(ctx: ConsolidateContext, opts: StepOptions, steps: readonly ConsolidateStep[] = CONSOLIDATE_STEPS): Promise<ConsolidateReport> {
  const t0 = performance.now();
  const out: ConsolidateReport = { dryRun: opts.dryRun, ms: 0, steps: [] };
  for (const s of steps) out.steps.push(await s.run(ctx, opts));
  out.ms = Math.round(performance.now() - t0);
  return out;
}
