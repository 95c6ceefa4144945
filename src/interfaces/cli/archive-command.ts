import { OptmemError } from '../../core/errors.js';
import { recordToJson } from '../../io/jsonl.js';
import type { ArchiveChange } from '../../optmem.js';
import { str } from './args.js';
import type { Command, CommandContext } from './types.js';

/** The ids on the command line, or one per line on stdin when the only argument is `-`. */
export function idsOf(ctx: CommandContext, verb: string): string[] {
  const p = ctx.args.positionals;
  const ids = p.length === 1 && p[0] === '-' ? ctx.io.readStdin().split(/\s+/).filter(Boolean) : p;
  if (ids.length === 0) throw new OptmemError('USAGE', `${verb}: give at least one record id (or - to read ids from stdin)`);
  return ids;
}

/** What an event-appending command did: `archived 3 (event …)`, then each id left as it was and why. */
export function reportChange(ctx: CommandContext, done: string, r: Pick<ArchiveChange, 'events' | 'changed' | 'skipped' | 'warnings'>): void {
  for (const w of r.warnings) ctx.io.stderr(`optmem: ${w}\n`);
  if (ctx.json) {
    ctx.io.stdout(JSON.stringify({ events: r.events.map(recordToJson), changed: r.changed, skipped: r.skipped, warnings: r.warnings }) + '\n');
    return;
  }
  const lines = [`${done} ${r.changed.length}${r.events.length ? ` (event ${r.events.map((e) => e.id).join(', ')})` : ''}`];
  for (const s of r.skipped) lines.push(`  ${s.id}: ${s.why}`);
  ctx.io.stdout(lines.join('\n') + '\n');
}

function archiveCommand(verb: 'archive' | 'unarchive'): Command {
  return {
    summary:
      verb === 'archive'
        ? 'archive records: they leave default search and stay in the log (an event appended)'
        : 'bring archived records back into default search (an event appended)',
    usage: `optmem ${verb} ID... [--why TEXT] [--json]\n       optmem ${verb} - < ids.txt`,
    options: {
      why: { type: 'string', arg: 'TEXT', description: 'why, kept in the event' },
      agent: { type: 'string', arg: 'A', description: 'who decides (default: the owner)' },
    },
    details:
      verb === 'archive'
        ? 'Archiving forgets without deleting: the records stay in their day files and in `optmem get`, ' +
          '`optmem search --archived` finds them (flagged), and `optmem unarchive` undoes it. Red lines are never archived. ' +
          'An unknown id is an error and nothing is appended. `optmem consolidate` lists archive candidates.'
        : 'Undoes `optmem archive`: the newest archive or unarchive event about a record decides its state.',
    run(ctx) {
      const ids = idsOf(ctx, verb);
      const m = ctx.open();
      try {
        const opts = { why: str(ctx.args.values.why), agent: str(ctx.args.values.agent) };
        reportChange(ctx, verb === 'archive' ? 'archived' : 'unarchived', verb === 'archive' ? m.archive(ids, opts) : m.unarchive(ids, opts));
      } finally {
        m.close();
      }
      return 0;
    },
  };
}

export const archiveCmd = archiveCommand('archive');
export const unarchiveCmd = archiveCommand('unarchive');
