import fs from 'node:fs';
import path from 'node:path';
import { syncSummaryIndex } from '../index/summary-index.js';
import { nodePath, readHeader, readNodeFiles, renderNode, writeDerived } from './summary-files.js';
import { treeRecords } from './summary-inputs.js';
import { LEVELS, TREE_DEFAULTS, planTree, type Level, type TreeOptions } from './summary-tree.js';
import type { ConsolidateContext, ConsolidateStep, StepOptions, StepReport } from './types.js';

export interface LevelCounts {
  written: number;
  unchanged: number;
  removed: number;
}

/** Options of the tree from the home's config (`consolidate.summaries`), over the defaults. */
export function treeOptions(ctx: ConsolidateContext): TreeOptions {
  return { ...TREE_DEFAULTS, ...(ctx.config.consolidate?.summaries ?? {}) };
}

/**
 * The `summaries` step: plan every node, rebuild those whose file was built from other inputs (or
 * is missing, or was edited), remove node files no record backs any more, then bring the index's
 * summary tables in step with the files.
 */
export const summariesStep: ConsolidateStep = {
  name: 'summaries',
  run(ctx: ConsolidateContext, opts: StepOptions): StepReport {
    const t0 = performance.now();
    const { records, superseded, archived } = treeRecords(ctx.index, ctx.archivedIds(), ctx.uses());
    const plans = planTree(records, treeOptions(ctx));
    const existing = readNodeFiles(ctx.layout.summariesDir);
    const levels = Object.fromEntries(LEVELS.map((l) => [l, { written: 0, unchanged: 0, removed: 0 }])) as Record<Level, LevelCounts>;
    const planned = new Set<string>();
    for (const p of plans) {
      const rel = nodePath(p.level, p.key);
      planned.add(rel);
      const old = existing.get(rel);
      const header = old === undefined ? null : readHeader(old);
      if (header && header.inputs === p.fingerprint) {
        levels[p.level].unchanged++;
        continue;
      }
      const content = renderNode(p.build());
      if (!opts.dryRun) writeDerived(path.join(ctx.layout.home, rel), content);
      levels[p.level].written++;
    }
    for (const rel of existing.keys()) {
      if (planned.has(rel)) continue;
      if (!opts.dryRun) fs.rmSync(path.join(ctx.layout.home, rel), { force: true });
      levels[rel.split('/')[2] as Level].removed++;
    }
    if (!opts.dryRun) syncSummaryIndex(ctx.index, ctx.layout);
    const sum = (k: keyof LevelCounts) => LEVELS.reduce((s, l) => s + levels[l][k], 0);
    const totals = { written: sum('written'), unchanged: sum('unchanged'), removed: sum('removed') };
    const verb = opts.dryRun ? 'would write' : 'written';
    const lines = [
      `summaries: ${totals.written} node${totals.written === 1 ? '' : 's'} ${verb}, ${totals.unchanged} unchanged, ${totals.removed} ${opts.dryRun ? 'to remove' : 'removed'} (from ${records.length} records; ${superseded} superseded and ${archived} archived left out)`,
      ...LEVELS.map((l) => `  ${l.padEnd(7)} ${levels[l].written} ${verb}, ${levels[l].unchanged} unchanged, ${levels[l].removed} ${opts.dryRun ? 'to remove' : 'removed'}`),
    ];
    return {
      name: 'summaries',
      ms: Math.round(performance.now() - t0),
      data: { ...totals, levels, records: records.length, superseded, archived, builder: 'extractive' },
      lines,
      warnings: [],
    };
  },
};
