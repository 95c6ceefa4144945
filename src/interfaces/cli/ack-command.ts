import { OptmemError } from '../../core/errors.js';
import { recordToJson } from '../../io/jsonl.js';
import { str } from './args.js';
import type { Command } from './types.js';

/**
 * `optmem ack recovered/NAME`: the owner has looked at what a crash set aside; doctor stops failing
 * on it. `optmem ack ID`: the owner has looked at a change `verify` reports about a record.
 */
export const ackCommand: Command = {
  summary: 'acknowledge a file set aside in recovered/ (or a record): an event appended to the log',
  usage: 'optmem ack recovered/NAME|ID [--why TEXT]',
  options: {
    why: { type: 'string', arg: 'TEXT', description: 'what you did about it, kept in the event' },
    agent: { type: 'string', arg: 'A', description: 'who acknowledges (default: the owner)' },
  },
  details:
    '`optmem doctor` lists the files in recovered/: each holds the exact bytes of an append cut short by a crash, ' +
    'never acknowledged to its writer. Look at it, re-add what is worth keeping, then acknowledge it. ' +
    'The file stays where it is; only `doctor` stops failing on it. ' +
    'For a record id: acknowledges a change `optmem verify` reports (a hand edit, a removal, a move, a record added by hand) ' +
    'as the record stands now; the event names its hash, so a later change is reported again.',
  run(ctx) {
    const p = ctx.args.positionals;
    if (p.length !== 1) throw new OptmemError('USAGE', `ack: expected one target (recovered/NAME or a record id), got ${p.length}`);
    const m = ctx.open();
    try {
      const r = m.acknowledge(p[0]!, { why: str(ctx.args.values.why), agent: str(ctx.args.values.agent) });
      for (const w of r.warnings) ctx.io.stderr(`optmem: ${w}\n`);
      ctx.io.stdout(ctx.json ? JSON.stringify({ event: r.event ? recordToJson(r.event) : null, warnings: r.warnings }) + '\n' : r.event ? `${r.event.id}\n` : '');
    } finally {
      m.close();
    }
    return 0;
  },
};
