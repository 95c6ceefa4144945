/** `optmem install|uninstall HOST` and `optmem rules`: the CLI over src/install/. */
import { OptmemError } from '../../core/errors.js';
import { changeHost, describeHostChange, isHost, type HostVerb } from '../../install/command.js';
import { HOSTS, type HostName, type InstallContext } from '../../install/hosts.js';
import { RULES_MARKDOWN } from '../../install/rules.js';
import { selfCommand } from '../../install/self.js';
import { initHome } from '../../optmem.js';
import type { Command, CommandContext } from './types.js';

function hostArg(ctx: CommandContext, verb: string): HostName {
  const p = ctx.args.positionals;
  if (p.length !== 1 || !isHost(p[0]!)) {
    throw new OptmemError('USAGE', `${verb}: expected one host: ${HOSTS.join(', ')} (usage: optmem ${verb} HOST [--dry-run])`);
  }
  return p[0] as HostName;
}

function installContext(ctx: CommandContext): InstallContext {
  // The home goes into the configs only when it was chosen explicitly; otherwise each hook finds
  // ~/.optmem (or $OPTMEM_HOME) at run time like any other optmem command.
  return { env: ctx.io.env, self: selfCommand(), dirArgs: explicitHome(ctx) ? ['--dir', ctx.home] : [], trust: ctx.args.values.trust === true };
}

function explicitHome(ctx: CommandContext): boolean {
  return typeof ctx.args.values.dir === 'string' || !!ctx.io.env.OPTMEM_HOME;
}

function run(ctx: CommandContext, verb: HostVerb): number {
  const host = hostArg(ctx, verb);
  const dryRun = ctx.args.values['dry-run'] === true;
  if (ctx.args.values.trust === true && host !== 'codex') throw new OptmemError('USAGE', `--trust is for codex only (${host} runs its hooks without a trust step)`, { field: 'trust' });
  const r = changeHost(verb, host, installContext(ctx), { dryRun });
  // The configs name an explicit home with --dir, and an explicit home that does not exist is
  // refused: install creates it. The default home is created by the host's first hook or MCP call.
  if (verb === 'install' && !dryRun && explicitHome(ctx)) initHome(ctx.home);
  if (ctx.json) {
    ctx.io.stdout(JSON.stringify({ host, dryRun, changed: r.changes.map((c) => c.path), backups: r.backups, notes: r.notes }) + '\n');
    return 0;
  }
  ctx.io.stdout(describeHostChange(r));
  return 0;
}

const DRY_RUN = { type: 'boolean', description: 'show the changes as diffs and write nothing' } as const;
const HOSTS_DETAIL = `HOST is one of: ${HOSTS.join(', ')} (docs/HOSTS.md says what each gets).`;

export const installCommand: Command = {
  summary: 'add optmem (MCP server and hooks) to an agent host: claude-code, codex, openclaw, hermes',
  usage: 'optmem install claude-code|codex|openclaw|hermes [--dry-run] [--dir DIR] [--trust]',
  options: {
    'dry-run': DRY_RUN,
    trust: { type: 'boolean', description: "codex: also mark optmem's hooks as trusted in config.toml (else Codex skips them until you approve them in /hooks)" },
  },
  details: `${HOSTS_DETAIL}\nWith --dir (or $OPTMEM_HOME) the host's configs name that home, and install creates it.`,
  run: (ctx) => run(ctx, 'install'),
};

export const uninstallCommand: Command = {
  summary: 'remove what `optmem install HOST` added',
  usage: 'optmem uninstall claude-code|codex|openclaw|hermes [--dry-run]',
  options: { 'dry-run': DRY_RUN },
  details: `${HOSTS_DETAIL}\nThe memory home is left as it is.`,
  run: (ctx) => run(ctx, 'uninstall'),
};

export const rulesCommand: Command = {
  summary: 'print the six write triggers as Markdown for AGENTS.md / CLAUDE.md (English and Chinese)',
  usage: 'optmem rules',
  options: {},
  run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'rules takes no arguments');
    ctx.io.stdout(ctx.json ? JSON.stringify({ markdown: RULES_MARKDOWN }) + '\n' : RULES_MARKDOWN);
    return 0;
  },
};
