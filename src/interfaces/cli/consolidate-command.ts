/** `optmem consolidate`: derive the summary tree (and the other consolidation outputs) from the log. */
import { OptmemError } from '../../core/errors.js';
import type { ConsolidateReport } from '../../consolidate/types.js';
import type { Command } from './types.js';
import { timeOption } from './args.js';

export function formatConsolidateReport(r: ConsolidateReport): string {
  const lines: string[] = [];
  if (r.dryRun) lines.push('dry run: nothing written');
  for (const s of r.steps) lines.push(...s.lines);
  lines.push(`done in ${(r.ms / 1000).toFixed(1)} s`);
  return lines.join('\n') + '\n';
}

export const consolidateCommand: Command = {
  summary: 'derive the summary tree from the log and list archive candidates (--archive archives a bounded share)',
  usage: 'optmem consolidate [--dry-run] [--archive] [--now ISO] [--json]',
  options: {
    'dry-run': { type: 'boolean', description: 'say what would be written, removed or archived; write nothing' },
    archive: { type: 'boolean', description: "archive this run's share of the candidates (forgetting.maxShare), after the gate passed on a copy of the home" },
    now: { type: 'string', arg: 'ISO', description: 'the clock for retention (default: now)' },
  },
  details:
    'Each node is rebuilt only when the records it is made of changed; a second run with nothing new writes nothing.\n' +
    'Summary nodes are derived files, not records: never exported, rebuilt byte for byte from the log.\n' +
    'Archive candidates (docs/CONSOLIDATION.md, Forgetting) are only listed unless --archive is given; archiving is an event, undone by `optmem unarchive`.\n' +
    'exit: 0 done; 1 the home could not be read or written.',
  async run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'consolidate takes no arguments (usage: optmem consolidate [--dry-run] [--json])');
    const m = ctx.open();
    try {
      const now = timeOption(ctx.args.values.now, 'now');
      const r = await m.consolidate({ dryRun: ctx.args.values['dry-run'] === true, archive: ctx.args.values.archive === true, ...(now ? { now } : {}) });
      for (const s of r.steps) for (const w of s.warnings) ctx.io.stderr(`optmem: warning: ${s.name}: ${w}\n`);
      ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : formatConsolidateReport(r));
      return 0;
    } finally {
      m.close();
    }
  },
};
