/** `optmem consolidate`: one report, a section per step (src/consolidate/run.ts). */
import { OptmemError } from '../../core/errors.js';
import { runConsolidate } from '../../consolidate/run.js';
import type { Command } from './types.js';

export const consolidateCommand: Command = {
  summary: 'consolidate the memory: duplicates shown once, correction candidates; a report by section',
  usage: 'optmem consolidate [--dry-run] [--json]',
  options: {
    'dry-run': { type: 'boolean', description: 'report what each step would do and write nothing' },
  },
  details:
    'Each step reports a section. duplicates: the groups of records that say the same thing (shown once\n' +
    'in search, with their count and first and last time), and near duplicates whose numbers, dates or\n' +
    'negation differ (candidates for a correction: link one by hand with `optmem link NEW OLD`). The\n' +
    'duplicate links are derived from the files like the rest of the index: nothing is written for them.',
  run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', `consolidate takes no arguments (usage: ${consolidateCommand.usage})`);
    const dryRun = ctx.args.values['dry-run'] === true;
    const m = ctx.open();
    try {
      const report = runConsolidate({ mem: m, nowMs: Date.now() }, { dryRun });
      if (ctx.json) ctx.io.stdout(JSON.stringify(report) + '\n');
      else {
        const out: string[] = [];
        for (const s of report.sections) {
          out.push(`${s.name}: ${s.summary}`);
          for (const l of s.lines) out.push(`  ${l}`);
        }
        if (dryRun) out.push('(dry run: nothing written)');
        ctx.io.stdout(out.join('\n') + '\n');
      }
    } finally {
      m.close();
    }
    return 0;
  },
};
