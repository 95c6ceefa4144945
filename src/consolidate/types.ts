import type { HomeConfig } from '../config.js';
import type { RecordIndex } from '../index/record-index.js';
import type { Layout } from '../store/layout.js';
import type { ForgetReport } from './forget.js';

/**
 * What every consolidation step is given. Steps read the index and write only derived files under
 * the home (or append event records through the library); none rewrites the log.
 */
export interface ConsolidateContext {
  layout: Layout;
  index: RecordIndex;
  config: HomeConfig;
  /** ids of archived records: left out of derived outputs (empty until archive events exist) */
  archivedIds: () => ReadonlySet<string>;
  /** how often each record was recalled (search, context packs): raises its salience; 0 when unknown */
  uses: () => ReadonlyMap<string, number>;
  /** the process environment, for an optional model's key (never read below the composition root) */
  env: Record<string, string | undefined>;
  /** archive candidates, and (apply) a gated archive run: consolidate/forget.ts bound to the open memory */
  forget: (opts: { apply: boolean; now?: string | number }) => ForgetReport;
}

export interface StepOptions {
  /** work out what would change and report it; write nothing */
  dryRun: boolean;
  /** archive this run's share of the candidates (after the gate); otherwise they are only listed */
  archive?: boolean;
  /** the clock for retention (ISO or epoch ms; default now) */
  now?: string | number;
}

/** One section of the report: a step's own figures, and one line per thing a person should know. */
export interface StepReport {
  name: string;
  ms: number;
  /** the step's figures (counts per level, candidates, …) */
  data: Record<string, unknown>;
  /** human lines for the text output */
  lines: string[];
  warnings: string[];
}

/** A consolidation step: summaries, duplicates, archive candidates, … */
export interface ConsolidateStep {
  readonly name: string;
  run(ctx: ConsolidateContext, opts: StepOptions): StepReport | Promise<StepReport>;
}

export interface ConsolidateReport {
  dryRun: boolean;
  ms: number;
  steps: StepReport[];
}
