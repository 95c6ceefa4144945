import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { change, jsonText, parseJsonFile, readOrNull, type FileChange } from './changes.js';
import { codexHookHash, codexHookKey, codexHookRefs, trustTable, withoutTrustTables } from './codex-trust.js';
import { isOurs, withHooks, withoutHooks } from './hook-entries.js';
import { openclawInstall, openclawUninstall } from './openclaw.js';
import { integrationDir, shellCommand, type SelfCommand } from './self.js';
import { withBlock, withoutBlock, yamlChildValue, yamlRemoveChild, yamlSetChild } from './text-blocks.js';

/**
 * What `optmem install HOST` writes, per host, as file changes (see docs/HOSTS.md). Every plan is
 * computed from the files as they are now, so running it twice changes nothing the second time,
 * and each uninstall plan removes what the install plan adds and nothing else.
 */
export interface InstallContext {
  env: Record<string, string | undefined>;
  self: SelfCommand;
  /** `--dir HOME` for the commands written, when the memory home was chosen explicitly */
  dirArgs: string[];
  /** Codex: write the trust entries of optmem's hooks into config.toml (`--trust`) */
  trust?: boolean;
}

export interface HostPlan {
  changes: FileChange[];
  /** what the user still has to do or can run to check */
  notes: string[];
}

export type HostName = 'claude-code' | 'codex' | 'openclaw' | 'hermes';
export const HOSTS: HostName[] = ['claude-code', 'codex', 'openclaw', 'hermes'];

const userHome = (env: InstallContext['env']) => env.HOME || os.homedir();
const compact = (xs: (FileChange | null)[]) => xs.filter((x): x is FileChange => x !== null);

function mcpArgs(c: InstallContext): string[] {
  return [c.self.bin, 'mcp', ...c.dirArgs];
}

function hookCommand(c: InstallContext, host: string, event: string): string {
  return shellCommand([c.self.node, c.self.bin, ...c.dirArgs, 'hook', host, event]);
}

// ── Claude Code: ~/.claude.json (user-scope MCP) and ~/.claude/settings.json (hooks) ──
function claudePaths(c: InstallContext) {
  const home = userHome(c.env);
  return { mcp: path.join(home, '.claude.json'), settings: path.join(home, '.claude', 'settings.json') };
}

const CLAUDE_EVENTS = ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'SessionEnd'];
/**
 * Seconds each hook may take, written into the host's config. Both hosts give a command hook 600 s
 * unless told; Claude Code gives SessionEnd hooks 1.5 s unless one of them asks for more (up to
 * 60 s), and 1.5 s is less than starting Node on a busy machine. Well above what the hooks take on
 * a home of 100k records (bench/hooks.js).
 */
const HOOK_TIMEOUTS: Record<string, number> = { SessionStart: 30, UserPromptSubmit: 15, Stop: 60, PreCompact: 120, SessionEnd: 10 };

function claudeInstall(c: InstallContext): HostPlan {
  const p = claudePaths(c);
  const mcp = parseJsonFile(p.mcp, readOrNull(p.mcp));
  const servers = { ...((mcp.mcpServers as object) ?? {}) } as Record<string, unknown>;
  servers.optmem = { type: 'stdio', command: c.self.node, args: mcpArgs(c), env: {} };
  const settings = parseJsonFile(p.settings, readOrNull(p.settings));
  const cmds = Object.fromEntries(CLAUDE_EVENTS.map((e) => [e, hookCommand(c, 'claude-code', e)]));
  return {
    changes: compact([change(p.mcp, jsonText({ ...mcp, mcpServers: servers })), change(p.settings, jsonText(withHooks(settings, 'claude-code', cmds, HOOK_TIMEOUTS)))]),
    notes: ['check: `claude mcp get optmem` (connects), `claude doctor` (no "Invalid settings")'],
  };
}

function claudeUninstall(c: InstallContext): HostPlan {
  const p = claudePaths(c);
  const changes: (FileChange | null)[] = [];
  const mcpText = readOrNull(p.mcp);
  if (mcpText !== null) {
    const mcp = parseJsonFile(p.mcp, mcpText);
    if (mcp.mcpServers && typeof mcp.mcpServers === 'object' && 'optmem' in mcp.mcpServers) {
      const servers = { ...(mcp.mcpServers as Record<string, unknown>) };
      delete servers.optmem;
      const next = { ...mcp, mcpServers: servers };
      if (Object.keys(servers).length === 0) delete (next as Record<string, unknown>).mcpServers;
      changes.push(change(p.mcp, Object.keys(next).length ? jsonText(next) : null));
    }
  }
  const sText = readOrNull(p.settings);
  if (sText !== null) {
    const next = withoutHooks(parseJsonFile(p.settings, sText), 'claude-code');
    changes.push(change(p.settings, Object.keys(next).length ? jsonText(next) : null));
  }
  return { changes: compact(changes), notes: [] };
}

// ── Codex CLI: $CODEX_HOME/config.toml (MCP) and $CODEX_HOME/hooks.json ──
function codexPaths(c: InstallContext) {
  const dir = c.env.CODEX_HOME || path.join(userHome(c.env), '.codex');
  return { config: path.join(dir, 'config.toml'), hooks: path.join(dir, 'hooks.json') };
}

const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact'];
const toml = (s: string) => JSON.stringify(s); // a TOML basic string is a JSON string for these paths

interface Trust {
  key: string;
  hash: string;
  event: string;
}

/** optmem's hooks in a hooks.json object, with the trust key and hash Codex gives each. */
function codexTrust(hooksPath: string, hooks: Record<string, unknown>): Trust[] {
  return codexHookRefs(hooks, (cmd) => isOurs(cmd, 'codex')).map((r) => ({ key: codexHookKey(hooksPath, r), hash: codexHookHash(r), event: r.event }));
}

/** The trust tables inside our block as they are now: key → hash. */
function blockTrust(config: string): Map<string, string> {
  const block = /^# >>> optmem.*$([\s\S]*?)^# <<< optmem$/m.exec(config)?.[1] ?? '';
  const out = new Map<string, string>();
  for (const m of block.matchAll(/^\[hooks\.state\.("(?:[^"\\]|\\.)*")\]\s*\ntrusted_hash\s*=\s*("(?:[^"\\]|\\.)*")/gm)) out.set(JSON.parse(m[1]!), JSON.parse(m[2]!));
  return out;
}

function codexInstall(c: InstallContext): HostPlan {
  const p = codexPaths(c);
  const config = readOrNull(p.config) ?? '';
  const outside = config.split(/^# >>> optmem.*$[\s\S]*?^# <<< optmem$/m).join('');
  if (/^\s*\[mcp_servers\.optmem\]/m.test(outside)) throw new Error(`${p.config} already has an [mcp_servers.optmem] table that optmem did not write; remove it first`);
  const hooks = parseJsonFile(p.hooks, readOrNull(p.hooks));
  const cmds = Object.fromEntries(CODEX_EVENTS.map((e) => [e, hookCommand(c, 'codex', e)]));
  const nextHooks = withHooks(hooks, 'codex', cmds, HOOK_TIMEOUTS);
  const trust = codexTrust(path.resolve(p.hooks), nextHooks);
  // Without --trust, trust written by an earlier `--trust` stays while it still matches the hook.
  const had = blockTrust(config);
  const kept = c.trust ? trust : trust.filter((t) => had.get(t.key) === t.hash);
  // Our tables replace any Codex wrote for the same keys (a key twice is a TOML error).
  const base = kept.length ? withoutTrustTables(withoutBlock(config), new Set(kept.map((t) => t.key))) : config;
  const block = [`[mcp_servers.optmem]\ncommand = ${toml(c.self.node)}\nargs = [${mcpArgs(c).map(toml).join(', ')}]\n`, ...kept.map((t) => trustTable(t.key, t.hash))].join('\n');
  const untrusted = trust.filter((t) => !kept.includes(t));
  const notes: string[] = [];
  for (const t of kept) notes.push(`trusted: ${t.event} ${t.key} ${t.hash}`);
  if (untrusted.length) {
    notes.push(
      `Codex runs a new hook only once it is trusted; ${untrusted.length === trust.length ? `optmem's ${trust.length} hooks are` : `${untrusted.length} of optmem's hooks are`} not. Either run \`optmem install codex --trust\`,`,
      'or trust them in Codex (start `codex`, open `/hooks`), or add these tables to ' + p.config + ':',
      ...untrusted.map((t) => trustTable(t.key, t.hash).trimEnd()),
    );
  }
  notes.push('check: `codex mcp get optmem`; `codex app-server` → `hooks/list` shows each optmem hook and its trust status');
  return {
    changes: compact([change(p.config, withBlock(base, block)), change(p.hooks, jsonText(nextHooks))]),
    notes,
  };
}

function codexUninstall(c: InstallContext): HostPlan {
  const p = codexPaths(c);
  const changes: (FileChange | null)[] = [];
  const hText = readOrNull(p.hooks);
  const hooks = hText === null ? {} : parseJsonFile(p.hooks, hText);
  // The trust entries of the hooks about to go, whoever wrote them (optmem --trust, or Codex's /hooks).
  const keys = new Set(codexTrust(path.resolve(p.hooks), hooks).map((t) => t.key));
  const config = readOrNull(p.config);
  if (config !== null) {
    const next = withoutTrustTables(withoutBlock(config), keys);
    changes.push(change(p.config, next === '' ? null : next));
  }
  if (hText !== null) {
    const next = withoutHooks(hooks, 'codex');
    changes.push(change(p.hooks, Object.keys(next).length ? jsonText(next) : null));
  }
  return { changes: compact(changes), notes: [] };
}

// ── OpenClaw: the memory slot, the plugin and mcp.servers in openclaw.json (src/install/openclaw.ts) ──
const openclawInstallPlan = (c: InstallContext) => openclawInstall(c, userHome(c.env), mcpArgs(c));
const openclawUninstallPlan = (c: InstallContext) => openclawUninstall(c, userHome(c.env));

// ── Hermes Agent: $HERMES_HOME/plugins/optmem/ and config.yaml (memory.provider) ──
// The provider brings its own tools (optmem_search, optmem_add): Hermes gates memory-provider tools
// with its memory toolset and memory modes, which an MCP server's tools would escape, so no MCP entry
// is written, and one left by an earlier install is removed.
function hermesPaths(c: InstallContext) {
  const home = c.env.HERMES_HOME || path.join(userHome(c.env), '.hermes');
  return { config: path.join(home, 'config.yaml'), plugin: path.join(home, 'plugins', 'optmem') };
}

const HERMES_FILES = ['plugin.yaml', '__init__.py'];

function hermesInstall(c: InstallContext): HostPlan {
  const p = hermesPaths(c);
  const src = integrationDir('hermes');
  const config = readOrNull(p.config) ?? '';
  const settingsPath = path.join(p.plugin, 'optmem.json');
  const old = readOrNull(settingsPath);
  // Settings saved by `hermes memory setup` (recall_limit, capture, …) survive a reinstall.
  const kept = old ? (parseJsonFile(settingsPath, old) as Record<string, unknown>) : {};
  const previous = old ? (kept.previousProvider ?? null) : yamlChildValue(config, 'memory', 'provider');
  const settings = { ...kept, command: [c.self.node, c.self.bin, ...c.dirArgs], previousProvider: previous === 'optmem' ? null : previous };
  let next = yamlSetChild(config, 'memory', 'provider', ['provider: optmem']);
  next = yamlRemoveChild(next, 'mcp_servers', 'optmem');
  return {
    changes: compact([...HERMES_FILES.map((f) => change(path.join(p.plugin, f), fs.readFileSync(path.join(src, f), 'utf8'))), change(settingsPath, jsonText(settings)), change(p.config, next)]),
    notes: ['check: `hermes memory status` shows provider optmem (tools optmem_search, optmem_add)'],
  };
}

function hermesUninstall(c: InstallContext): HostPlan {
  const p = hermesPaths(c);
  const settingsPath = path.join(p.plugin, 'optmem.json');
  const old = readOrNull(settingsPath);
  const previous = old ? (parseJsonFile(settingsPath, old).previousProvider as string | null | undefined) : null;
  const changes: (FileChange | null)[] = [...HERMES_FILES, 'optmem.json'].map((f) => (readOrNull(path.join(p.plugin, f)) === null ? null : change(path.join(p.plugin, f), null, true)));
  const config = readOrNull(p.config);
  if (config !== null) {
    let next = config;
    if (yamlChildValue(next, 'memory', 'provider') === 'optmem') {
      next = previous ? yamlSetChild(next, 'memory', 'provider', [`provider: ${previous}`]) : yamlRemoveChild(next, 'memory', 'provider');
    }
    next = yamlRemoveChild(next, 'mcp_servers', 'optmem');
    changes.push(change(p.config, next === '' ? null : next));
  }
  const turns = path.join(path.dirname(path.dirname(p.plugin)), 'optmem');
  return { changes: compact(changes), notes: fs.existsSync(turns) ? [`the turns the provider captured stay in ${turns} (delete the folder if you do not need them)`] : [] };
}

export const PLANS: Record<HostName, { install: (c: InstallContext) => HostPlan; uninstall: (c: InstallContext) => HostPlan }> = {
  'claude-code': { install: claudeInstall, uninstall: claudeUninstall },
  codex: { install: codexInstall, uninstall: codexUninstall },
  openclaw: { install: openclawInstallPlan, uninstall: openclawUninstallPlan },
  hermes: { install: hermesInstall, uninstall: hermesUninstall },
};
