import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { change, jsonText, parseJsonFile, readOrNull, type FileChange } from './changes.js';
import { withHooks, withoutHooks } from './hook-entries.js';
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

const CLAUDE_EVENTS = ['SessionStart', 'PreCompact', 'SessionEnd'];

function claudeInstall(c: InstallContext): HostPlan {
  const p = claudePaths(c);
  const mcp = parseJsonFile(p.mcp, readOrNull(p.mcp));
  const servers = { ...((mcp.mcpServers as object) ?? {}) } as Record<string, unknown>;
  servers.optmem = { type: 'stdio', command: c.self.node, args: mcpArgs(c), env: {} };
  const settings = parseJsonFile(p.settings, readOrNull(p.settings));
  const cmds = Object.fromEntries(CLAUDE_EVENTS.map((e) => [e, hookCommand(c, 'claude-code', e)]));
  return {
    changes: compact([change(p.mcp, jsonText({ ...mcp, mcpServers: servers })), change(p.settings, jsonText(withHooks(settings, 'claude-code', cmds)))]),
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

const CODEX_EVENTS = ['SessionStart', 'PreCompact', 'Stop'];
const toml = (s: string) => JSON.stringify(s); // a TOML basic string is a JSON string for these paths

function codexInstall(c: InstallContext): HostPlan {
  const p = codexPaths(c);
  const config = readOrNull(p.config) ?? '';
  const outside = config.split(/^# >>> optmem.*$[\s\S]*?^# <<< optmem$/m).join('');
  if (/^\s*\[mcp_servers\.optmem\]/m.test(outside)) throw new Error(`${p.config} already has an [mcp_servers.optmem] table that optmem did not write; remove it first`);
  const block = `[mcp_servers.optmem]\ncommand = ${toml(c.self.node)}\nargs = [${mcpArgs(c).map(toml).join(', ')}]\n`;
  const hooks = parseJsonFile(p.hooks, readOrNull(p.hooks));
  const cmds = Object.fromEntries(CODEX_EVENTS.map((e) => [e, hookCommand(c, 'codex', e)]));
  return {
    changes: compact([change(p.config, withBlock(config, block)), change(p.hooks, jsonText(withHooks(hooks, 'codex', cmds)))]),
    notes: [
      'Codex runs a new hook only once it is trusted. Approve the three optmem hooks: start `codex`, open `/hooks` and trust them;',
      `or read each hook's key and current hash with \`codex app-server\` → \`hooks/list\` and add to ${p.config}:`,
      '  [hooks.state."<key>"]\n  trusted_hash = "<hash>"',
      'check: `codex mcp get optmem`; `codex app-server` → `mcpServerStatus/list` connects it',
    ],
  };
}

function codexUninstall(c: InstallContext): HostPlan {
  const p = codexPaths(c);
  const changes: (FileChange | null)[] = [];
  const config = readOrNull(p.config);
  if (config !== null) {
    const next = withoutBlock(config);
    changes.push(change(p.config, next === '' ? null : next));
  }
  const hText = readOrNull(p.hooks);
  if (hText !== null) {
    const next = withoutHooks(parseJsonFile(p.hooks, hText), 'codex');
    changes.push(change(p.hooks, Object.keys(next).length ? jsonText(next) : null));
  }
  return { changes: compact(changes), notes: ['trust entries under [hooks.state] that Codex wrote for the removed hooks are inert; delete them if you like'] };
}

// ── OpenClaw: the memory slot, the plugin and mcp.servers in openclaw.json (src/install/openclaw.ts) ──
const openclawInstallPlan = (c: InstallContext) => openclawInstall(c, userHome(c.env), mcpArgs(c));
const openclawUninstallPlan = (c: InstallContext) => openclawUninstall(c, userHome(c.env));

// ── Hermes Agent: $HERMES_HOME/plugins/optmem/ and config.yaml (memory.provider, mcp_servers) ──
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
  const previous = old ? (parseJsonFile(settingsPath, old).previousProvider ?? null) : yamlChildValue(config, 'memory', 'provider');
  const settings = { command: [c.self.node, c.self.bin, ...c.dirArgs], previousProvider: previous === 'optmem' ? null : previous };
  let next = yamlSetChild(config, 'memory', 'provider', ['provider: optmem']);
  next = yamlSetChild(next, 'mcp_servers', 'optmem', ['optmem:', `  command: ${JSON.stringify(c.self.node)}`, `  args: [${mcpArgs(c).map((a) => JSON.stringify(a)).join(', ')}]`]);
  return {
    changes: compact([...HERMES_FILES.map((f) => change(path.join(p.plugin, f), fs.readFileSync(path.join(src, f), 'utf8'))), change(settingsPath, jsonText(settings)), change(p.config, next)]),
    notes: ['check: `hermes memory status` shows provider optmem; `hermes mcp list` lists optmem'],
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
  return { changes: compact(changes), notes: [] };
}

export const PLANS: Record<HostName, { install: (c: InstallContext) => HostPlan; uninstall: (c: InstallContext) => HostPlan }> = {
  'claude-code': { install: claudeInstall, uninstall: claudeUninstall },
  codex: { install: codexInstall, uninstall: codexUninstall },
  openclaw: { install: openclawInstallPlan, uninstall: openclawUninstallPlan },
  hermes: { install: hermesInstall, uninstall: hermesUninstall },
};
