import { OptmemError } from '../core/errors.js';
import type { Command, CommandContext } from '../interfaces/cli/commands.js';
import { applyChanges, diff } from './changes.js';
import { HOSTS, PLANS, type HostName, type InstallContext } from './hosts.js';
import { selfCommand } from './self.js';

/** `optmem install HOST [--dry-run]` and `optmem uninstall HOST [--dry-run]`. */
function hostArg(ctx: CommandContext, verb: string): HostName {
  const p = ctx.args.positionals;
  if (p.length !== 1 || !HOSTS.includes(p[0] as HostName)) {
    throw new OptmemError('USAGE', `${verb}: expected one host: ${HOSTS.join(', ')} (usage: optmem ${verb} HOST [--dry-run])`);
  }
  return p[0] as HostName;
}

function installContext(ctx: CommandContext): InstallContext {
  // The home goes into the configs only when it was chosen explicitly; otherwise each hook finds
  // ~/.optmem (or $OPTMEM_HOME) at run time like any other optmem command.
  const explicit = typeof ctx.args.values.dir === 'string' || !!ctx.io.env.OPTMEM_HOME;
  return { env: ctx.io.env, self: selfCommand(), dirArgs: explicit ? ['--dir', ctx.home] : [] };
}

function run(ctx: CommandContext, verb: 'install' | 'uninstall'): number {
  const host = hostArg(ctx, verb);
  const dry = ctx.args.values['dry-run'] === true;
  let plan;
  try {
    plan = PLANS[host][verb](installContext(ctx));
  } catch (e) {
    throw new OptmemError('IO', `${verb} ${host}: ${(e as Error).message}`, { cause: e });
  }
  const backups = dry || plan.changes.length === 0 ? [] : applyChanges(plan.changes);
  if (ctx.json) {
    ctx.io.stdout(JSON.stringify({ host, dryRun: dry, changed: plan.changes.map((c) => c.path), backups, notes: plan.notes }) + '\n');
    return 0;
  }
  let out = '';
  if (plan.changes.length === 0) out += `${host}: nothing to change (${verb === 'install' ? 'already installed' : 'nothing of optmem\'s found'})\n`;
  else {
    out += `${host}: ${dry ? 'would change' : verb === 'install' ? 'installed into' : 'removed from'} ${plan.changes.length} file${plan.changes.length === 1 ? '' : 's'}${dry ? ' (dry run: nothing written)' : ''}\n`;
    for (const c of plan.changes) out += diff(c);
    for (const b of backups) out += `backup: ${b}\n`;
  }
  if (verb === 'install' || plan.changes.length) for (const n of plan.notes) out += `${n}\n`;
  ctx.io.stdout(out);
  return 0;
}

export const installCommand: Command = {
  summary: 'add optmem (MCP server and hooks) to an agent host: claude-code, codex, openclaw, hermes',
  usage: 'optmem install claude-code|codex|openclaw|hermes [--dry-run]',
  options: { 'dry-run': { type: 'boolean' } },
  run: (ctx) => run(ctx, 'install'),
};

export const uninstallCommand: Command = {
  summary: 'remove what `optmem install HOST` added',
  usage: 'optmem uninstall claude-code|codex|openclaw|hermes [--dry-run]',
  options: { 'dry-run': { type: 'boolean' } },
  run: (ctx) => run(ctx, 'uninstall'),
};
