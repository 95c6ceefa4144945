import { OptmemError } from '../core/errors.js';
import { applyChanges, diff, type FileChange } from './changes.js';
import { HOSTS, PLANS, type HostName, type InstallContext } from './hosts.js';

/**
 * Adding optmem to an agent host and taking it out again, as plain functions: the CLI's
 * `optmem install|uninstall HOST` (src/interfaces/cli/install-commands.ts) is one caller.
 */
export type HostVerb = 'install' | 'uninstall';

export interface HostChangeResult {
  host: HostName;
  verb: HostVerb;
  dryRun: boolean;
  /** the files changed (or, in a dry run, that would change) */
  changes: FileChange[];
  /** backups of the files as they were, one per changed file that existed */
  backups: string[];
  /** what the user still has to do or can run to check */
  notes: string[];
}

export function isHost(name: string): name is HostName {
  return (HOSTS as string[]).includes(name);
}

/** Plan the host's changes from its files as they are now, and apply them unless `dryRun`. */
export function changeHost(verb: HostVerb, host: HostName, ctx: InstallContext, opts: { dryRun?: boolean } = {}): HostChangeResult {
  const dryRun = opts.dryRun === true;
  let plan;
  try {
    plan = PLANS[host][verb](ctx);
  } catch (e) {
    throw new OptmemError('IO', `${verb} ${host}: ${(e as Error).message}`, { cause: e });
  }
  const backups = dryRun || plan.changes.length === 0 ? [] : applyChanges(plan.changes);
  return { host, verb, dryRun, changes: plan.changes, backups, notes: plan.notes };
}

/** The human report of a change: what changed (as diffs), the backups, and the notes. */
export function describeHostChange(r: HostChangeResult): string {
  let out = '';
  if (r.changes.length === 0) out += `${r.host}: nothing to change (${r.verb === 'install' ? 'already installed' : 'nothing of optmem\'s found'})\n`;
  else {
    out += `${r.host}: ${r.dryRun ? 'would change' : r.verb === 'install' ? 'installed into' : 'removed from'} ${r.changes.length} file${r.changes.length === 1 ? '' : 's'}${r.dryRun ? ' (dry run: nothing written)' : ''}\n`;
    for (const c of r.changes) out += diff(c);
    for (const b of r.backups) out += `backup: ${b}\n`;
  }
  if (r.verb === 'install' || r.changes.length) for (const n of r.notes) out += `${r.dryRun ? n.replace(/^trusted: /, 'would trust: ') : n}\n`;
  return out;
}
