/** `optmem embed`: give records their vectors (the optional vector path, docs/CONFIG.md "Embeddings"). */
import { OptmemError } from '../../core/errors.js';
import type { EmbedReport } from '../../embeddings/backfill.js';
import type { Command } from './types.js';

export function formatEmbedReport(r: EmbedReport): string {
  const s = (n: number) => (n === 1 ? '' : 's');
  const lines = [`embedded ${r.embedded} record${s(r.embedded)} with ${r.model} in ${r.batches} request${s(r.batches)} (${(r.ms / 1000).toFixed(1)} s)`];
  lines.push(`${r.records - r.pending} of ${r.records} records have a current vector${r.pending ? `; ${r.pending} still to do` : ''}${r.pruned ? `; dropped ${r.pruned} vector${s(r.pruned)} of records that are gone` : ''}`);
  return lines.join('\n') + '\n';
}

export const embedCommand: Command = {
  summary: 'embed records that have no current vector (embeddings must be enabled in config.json)',
  usage: 'optmem embed [--all] [--json]',
  options: {
    all: { type: 'boolean', description: 'embed every record again, not only those without a current vector' },
  },
  details:
    'Sends the records without a vector of the configured model (new, or edited since) to the embeddings endpoint,\n' +
    'embeddings.batchSize at a time, and keeps each batch as it comes back: an interrupted run goes on where it stopped.\n' +
    'exit: 0 done; 1 the endpoint failed (what was embedded before is kept; run it again).',
  run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'embed takes no arguments (usage: optmem embed [--all] [--json])');
    const m = ctx.open();
    try {
      const tty = !ctx.json && process.stderr.isTTY === true;
      const r = m.embed({
        all: ctx.args.values.all === true,
        ...(tty ? { onProgress: (done: number, of: number) => ctx.io.stderr(`\r\x1b[Kembed: ${done}/${of} …`) } : {}),
      });
      if (tty) ctx.io.stderr('\r\x1b[K');
      if (ctx.json) ctx.io.stdout(JSON.stringify(r) + '\n');
      else ctx.io.stdout(formatEmbedReport(r));
      if (r.error) {
        ctx.io.stderr(`optmem: embeddings: ${r.error}\nhint: the vectors made so far are kept; run \`optmem embed\` again when the endpoint answers\n`);
        return 1;
      }
      return 0;
    } finally {
      m.close();
    }
  },
};
