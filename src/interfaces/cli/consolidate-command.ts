/** `optmem consolidate`: derive the summary tree (and the other consolidation outputs) from the log. */
import { OptmemError } from '../../core/errors.js';
import type { ConsolidateReport } from '../../consolidate/types.js';
import type { Command } from './types.js';

export function formatConsolidateReport(r: ConsolidateReport): string {
  const lines: string[] = [];
  if (r.dryRun) lines.push('dry run: nothing written');
  for (const s of r.steps) lines.push(...s.lines);
  lines.push(`done in ${(r.ms / 1000).toFixed(1)} s`);
  return lines.join('\n') + '\n';
}

export const consolidateCommand: Command = {
  summary: 'derive the summary tree (day, week, month and domain nodes under memory/summaries/) from the log',
  usage: 'optmem consolidate [--dry-run] [--json]',
  options: {
    'dry-run': { type: 'boolean', description: 'say what would be written or removed; write nothing' },
  },
  details:
    'Each node is rebuilt only when the records it is made of changed; a second run with nothing new writes nothing.\n' +
    'Summary nodes are derived files, not records: never exported, rebuilt byte for byte from the log.\n' +
    'exit: 0 done; 1 the home could not be read or written.',
  async run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'consolidate takes no arguments (usage: optmem consolidate [--dry-run] [--json])');
    const m = ctx.open();
    try {
      const r = await m.consolidate({ dryRun: ctx.args.values['dry-run'] === true });
      for (const s of r.steps) for (const w of s.warnings) ctx.io.stderr(`optmem: warning: ${s.name}: ${w}\n`);
      ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : formatConsolidateReport(r));
      return 0;
    } finally {
      m.close();
    }
  },
};
