import type { Optmem } from '../optmem.js';
import { duplicatesStep } from './duplicates.js';

/**
 * `optmem consolidate`: one command, one report with a section per step. The log stays the only
 * truth: a step either reports, writes derived files (rebuilt byte for byte from the log), or
 * appends event records. A dry run writes nothing at all.
 */

export interface ConsolidateContext {
  /** the open memory home */
  mem: Optmem;
  /** the clock, epoch ms */
  nowMs: number;
}

export interface StepReport {
  name: string;
  /** one line: what the step found or did */
  summary: string;
  /** the details, one line each, for people */
  lines: string[];
  /** the same for machines (--json) */
  data: unknown;
}

export interface ConsolidateStep {
  readonly name: string;
  run(ctx: ConsolidateContext, opts: { dryRun: boolean }): StepReport;
}

export interface ConsolidateReport {
  dryRun: boolean;
  sections: StepReport[];
}

/** The steps, in the order they run and report: one line each. */
export const CONSOLIDATE_STEPS: readonly ConsolidateStep[] = [
  duplicatesStep,
];

/** Run every step in order; each adds its section. */
export function runConsolidate(ctx: ConsolidateContext, opts: { dryRun: boolean }, steps: readonly ConsolidateStep[] = CONSOLIDATE_STEPS): ConsolidateReport {
  return { dryRun: opts.dryRun, sections: steps.map((s) => s.run(ctx, opts)) };
}
