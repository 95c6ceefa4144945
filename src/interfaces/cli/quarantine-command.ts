import { OptmemError } from '../../core/errors.js';
import { recordToJson } from '../../io/jsonl.js';
import { intOption, str } from './args.js';
import { idsOf, reportChange } from './archive-command.js';
import type { Command } from './types.js';

function holdCommand(verb: 'approve' | 'reject'): Command {
  return {
    summary:
      verb === 'approve'
        ? 'let quarantined records into search and packs (an event appended; the owner only)'
        : 'keep quarantined records out for good (an event appended; they stay in the log)',
    usage: `optmem ${verb} ID... [--why TEXT] [--json]\n       optmem ${verb} - < ids.txt`,
    options: { why: { type: 'string', arg: 'TEXT', description: 'why, kept in the event' } },
    details:
      'A write by an agent, ingest or an import that reads like an instruction to the model is stored quarantined: ' +
      'kept in the log, out of default search and every pack. `optmem quarantine` lists them; the newest approve or ' +
      'reject event of the owner decides. An unknown id is an error and nothing is appended.',
    run(ctx) {
      const ids = idsOf(ctx, verb);
      const m = ctx.open();
      try {
        const opts = { why: str(ctx.args.values.why) };
        reportChange(ctx, verb === 'approve' ? 'approved' : 'rejected', verb === 'approve' ? m.approve(ids, opts) : m.reject(ids, opts));
      } finally {
        m.close();
      }
      return 0;
    },
  };
}

export const approveCmd = holdCommand('approve');
export const rejectCmd = holdCommand('reject');

export const quarantineCmd: Command = {
  summary: 'list quarantined records: writes that read like instructions to the model, waiting for the owner',
  usage: 'optmem quarantine [--rejected | --all] [--limit N] [--json]',
  options: {
    rejected: { type: 'boolean', description: 'list rejected records instead' },
    all: { type: 'boolean', description: 'list waiting and rejected records' },
    limit: { type: 'string', arg: 'N', description: 'at most N records (default 50)' },
  },
  details: 'Each line: id, time, origin and writer, the rules that flagged it, and the text. `optmem approve ID` or `optmem reject ID` decides.',
  run(ctx) {
    const v = ctx.args.values;
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', `quarantine: takes no arguments, got "${ctx.args.positionals[0]}"`);
    const status = v.all === true ? 'all' : v.rejected === true ? 'rejected' : 'quarantined';
    const m = ctx.open();
    try {
      const rows = m.quarantined({ status, limit: intOption(v.limit, 'limit', 1, 10_000) ?? 50 });
      if (ctx.json) {
        ctx.io.stdout(JSON.stringify({ records: rows.map((r) => ({ ...recordToJson(r), status: r.status, file: r.file, line: r.line })) }) + '\n');
        return 0;
      }
      if (rows.length === 0) {
        ctx.io.stdout(status === 'rejected' ? 'no rejected records\n' : 'nothing waiting in quarantine\n');
        return 0;
      }
      for (const r of rows) {
        const who = [r.origin ?? 'owner', r.writer, r.source.agent].filter(Boolean).join(' · ');
        const text = r.text.replace(/\s+/g, ' ').slice(0, 160);
        // The text is shown as data: control characters were refused at the door.
        ctx.io.stdout(`${r.id}  ${r.time}  ${who}  [${r.status}: ${(r.quarantine ?? []).join(', ')}]\n    ${text}\n`);
      }
    } finally {
      m.close();
    }
    return 0;
  },
};
