import fs from 'node:fs';
import path from 'node:path';
import { OptmemError } from '../core/errors.js';
import { syncSummaryIndex } from '../index/summary-index.js';
import { createChatCompletion, type ChatCompletion } from '../ingest/summarizers/openai.js';
import { SummarizerError } from '../ingest/types.js';
import { refineNode } from './llm-builder.js';
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
/** The model of `consolidate.summarizer`, or null for the extractive builder. */
function modelOf(ctx: ConsolidateContext, warn: (m: string) => void): ChatCompletion | null {
  const sc = ctx.config.consolidate?.summarizer;
  if (!sc || sc.provider !== 'openai') return null;
  if (!sc.baseUrl || !sc.model) {
    throw new OptmemError('INVALID_INPUT', `consolidate.summarizer: the openai builder needs ${!sc.baseUrl ? 'a base URL' : 'a model'}`, {
      field: 'consolidate.summarizer',
      hint: 'set "baseUrl" and "model" under consolidate.summarizer in config.json (docs/CONFIG.md)',
    });
  }
  return createChatCompletion(
    { baseUrl: sc.baseUrl, model: sc.model, apiKey: ctx.env[sc.apiKeyEnv] || null, timeoutMs: sc.timeoutMs, maxAttempts: sc.maxAttempts, retryBaseMs: sc.retryBaseMs, jsonMode: sc.jsonMode, settings: 'consolidate.summarizer' },
    { warn },
  );
}

export const summariesStep: ConsolidateStep = {
  name: 'summaries',
  async run(ctx: ConsolidateContext, opts: StepOptions): Promise<StepReport> {
    const t0 = performance.now();
    const warnings: string[] = [];
    const chat = modelOf(ctx, (m) => warnings.push(m));
    const tree = treeOptions(ctx);
    const budgetOf: Record<Level, number> = { day: tree.dayChars, week: tree.weekChars, month: tree.monthChars, domain: tree.domainChars };
    const { records, superseded, archived } = treeRecords(ctx.index, ctx.archivedIds(), ctx.uses());
    const plans = planTree(records, tree, chat ? `openai:${chat.model}` : 'extractive');
    const byId = chat ? new Map(records.map((r) => [r.id, r])) : null;
    const model = { accepted: 0, rejected: 0, fallbacks: 0 };
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
      let node = p.build();
      if (chat && !opts.dryRun) {
        try {
          const r = await refineNode(node, chat, byId!, budgetOf[p.level]);
          node = { ...node, bullets: r.bullets };
          model.accepted += r.accepted;
          model.rejected += r.rejected.length;
          for (const x of r.rejected) warnings.push(`${rel}: a model bullet was refused (${x.reason}); its records' own words stand in: ${x.text.slice(0, 80)}`);
        } catch (e) {
          if (!(e instanceof SummarizerError)) throw e;
          // The extractive node stands in; its fingerprint never matches, so the next run asks again.
          node = { ...node, builder: 'extractive', fingerprint: `${node.fingerprint}-fallback` };
          model.fallbacks++;
          warnings.push(`${rel}: the model failed (${e.message}); written extractive, tried again next run`);
        }
      }
      const content = renderNode(node);
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
    const verb = opts.dryRun ? 'to write' : 'written';
    const lines = [
      `summaries: ${totals.written} node${totals.written === 1 ? '' : 's'} ${verb}, ${totals.unchanged} unchanged, ${totals.removed} ${opts.dryRun ? 'to remove' : 'removed'} (from ${records.length} records; ${superseded} superseded and ${archived} archived left out)`,
      ...LEVELS.map((l) => `  ${l.padEnd(7)} ${levels[l].written} ${verb}, ${levels[l].unchanged} unchanged, ${levels[l].removed} ${opts.dryRun ? 'to remove' : 'removed'}`),
    ];
    return {
      name: 'summaries',
      ms: Math.round(performance.now() - t0),
      data: { ...totals, levels, records: records.length, superseded, archived, builder: chat ? `openai:${chat.model}` : 'extractive', ...(chat ? { model } : {}) },
      lines: chat ? [...lines, `  model   ${model.accepted} bullets accepted, ${model.rejected} refused (their records' own words stand in), ${model.fallbacks} nodes fell back to extractive`] : lines,
      warnings,
    };
  },
};
