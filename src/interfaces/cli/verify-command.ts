import { OptmemError } from '../../core/errors.js';
import type { Finding, VerifyReport } from '../../verify/types.js';
import { str } from './args.js';
import type { Command } from './types.js';

/** `optmem verify`: the log against its seal; exit 1 while anything is unacknowledged. */
export const verifyCommand: Command = {
  summary: 'check the log against its seal: records edited, removed, moved or added by hand',
  usage: 'optmem verify [--since ISO] [--seal-new] [--json]',
  options: {
    since: { type: 'string', arg: 'ISO', description: 'report only records whose time is at or after ISO (the seal chain is always checked whole)' },
    'seal-new': { type: 'boolean', description: 'seal the records never sealed (appended before a crash could seal them, or added by hand)' },
  },
  details:
    'Every append by optmem also appends a line to seal.jsonl in the home: the record id, its day file and position, a hash of ' +
    'its exact bytes, chained to the line before. verify reads the log and the seal and reports every record edited (with a line ' +
    'diff: old lines by number, since only their hashes are kept), removed, moved or reordered, or present but never sealed, ' +
    'and a broken chain. Records that point at a changed one (corrections, links, events) are listed as affected. ' +
    '`optmem ack ID` acknowledges a change as it stands now; a later change is reported again. A home without a seal is ' +
    'sealed as it is on the first verify (or first write). Exit 0 when clean or everything is acknowledged, 1 otherwise.',
  run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', `verify: unexpected argument "${ctx.args.positionals[0]}"`);
    const m = ctx.open();
    try {
      const r = m.verify({ since: str(ctx.args.values.since), sealNew: ctx.args.values['seal-new'] === true });
      if (ctx.json) ctx.io.stdout(JSON.stringify(r) + '\n');
      else ctx.io.stdout(formatVerify(r));
      return r.ok ? 0 : 1;
    } finally {
      m.close();
    }
  },
};

const LABEL: Record<Finding['kind'], string> = {
  edited: 'edited by hand',
  removed: 'removed',
  moved: 'moved',
  added: 'added by hand (never sealed)',
  'appended-not-sealed': 'appended, not sealed',
  duplicate: 'duplicate id',
};

export function formatVerify(r: VerifyReport): string {
  if (!r.sealed) return 'no seal yet, and the home is read-only: nothing to compare\n';
  if (r.sealedExisting !== null) return `sealed ${r.sealedExisting} existing records, nothing to compare yet\n`;
  const out: string[] = [];
  if (r.sealedNew) out.push(`sealed ${r.sealedNew} record(s) that were not sealed`);
  for (const p of r.seal) out.push(`seal.jsonl:${p.line}: ${p.message}`);
  for (const f of r.findings) {
    const where = f.line !== null ? `${f.file}:${f.line}` : f.file;
    out.push(`${where}: ${f.id}: ${LABEL[f.kind]}${f.acknowledged ? ' (acknowledged)' : ''}: ${f.detail}`);
    if (f.acknowledged) continue;
    if (f.diff) {
      for (const d of f.diff) {
        if (d.op === '-') out.push(`    - (line ${d.oldLine} as written; its text is not kept)`);
        else out.push(`    ${d.op} ${d.text}`);
      }
    } else if (f.text && f.kind !== 'duplicate') {
      for (const l of f.text.replace(/\n$/, '').split('\n')) out.push(`    | ${l}`);
    }
    if (f.affected.length) out.push(`    affects: ${f.affected.join(', ')} (they point at it: corrections, links or events)`);
    out.push(`    after a look: optmem ack ${f.id}` + (f.kind === 'added' || f.kind === 'appended-not-sealed' ? '  (or: optmem verify --seal-new)' : ''));
  }
  const acked = r.findings.length - r.unacknowledged;
  const since = r.since ? ` since ${r.since}` : '';
  if (r.ok) out.push(`clean${since}: ${r.records} records, ${r.sealLines} sealed` + (acked ? `, ${acked} change(s) acknowledged` : ''));
  else {
    const parts = [];
    if (r.unacknowledged) parts.push(`${r.unacknowledged} change(s) not acknowledged`);
    if (r.chainBroken) parts.push('the seal chain is broken (restore seal.jsonl, or move it aside and run `optmem verify` to seal the log as it is)');
    out.push(`${parts.join('; ')}${since}: ${r.records} records, ${r.sealLines} sealed`);
  }
  return out.join('\n') + '\n';
}
