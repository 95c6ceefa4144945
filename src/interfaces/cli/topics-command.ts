/** `optmem topics`: the topic files and MEMORY.md under <home>/memory/ (docs/CONSOLIDATION.md, "Topic files"). */
import { OptmemError } from '../../core/errors.js';
import type { TopicsReport } from '../../consolidate/topics.js';
import type { Command } from './types.js';

export function formatTopicsReport(r: TopicsReport): string {
  const lines: string[] = [];
  for (const c of r.corrections) lines.push(`${r.dryRun ? 'would correct' : 'corrected'} ${c.corrects} from the hand edit at ${c.file}:${c.line}${c.id ? ` → ${c.id}` : ''}`);
  for (const a of r.added) lines.push(`${r.dryRun ? 'would add' : 'added'} a ${a.kind} from the line written at ${a.file}:${a.line}${a.id ? ` → ${a.id}` : ''}`);
  for (const x of r.restored) lines.push(`${x.file}: entry ${x.id} was not in the edited block (deleted by hand, or new since the last run): it is listed again; the record stays in the log`);
  for (const f of r.files) lines.push(`${f.status.padEnd(11)} ${f.path}`);
  const t = r.topics.map((x) => `${x.name} ${x.entries}${x.archived ? ` (+${x.archived} archived)` : ''}`).join(', ');
  lines.push(`entries: ${t}; ${r.unfiled} current fact${r.unfiled === 1 ? '' : 's'} in no topic`);
  return lines.join('\n') + '\n';
}

export const topicsCommand: Command = {
  summary: 'write the topic files and MEMORY.md under <home>/memory/ from the current facts',
  usage: 'optmem topics [--dry-run] [--json]',
  options: {
    'dry-run': { type: 'boolean', description: 'say which files would change and which corrections hand edits would make; write nothing' },
  },
  details:
    'Files current facts (not superseded; no diary, handoff, summary or event records) under the topics of config.json "topics"\n' +
    '(infra, portfolio, people, services, rules by default) and writes memory/<topic>.md and memory/MEMORY.md, only where the\n' +
    'bytes change. Text outside the optmem markers is kept; an entry edited inside them becomes a correction record first.\n' +
    'exit: 0 done; 1 a file\'s markers are malformed (FILE:LINE named; nothing written).',
  run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'topics takes no arguments (usage: optmem topics [--dry-run] [--json])');
    const m = ctx.open();
    try {
      const r = m.topics({ dryRun: ctx.args.values['dry-run'] === true });
      ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : formatTopicsReport(r));
      return 0;
    } finally {
      m.close();
    }
  },
};
