import path from 'node:path';
import { change, jsonText, parseJsonFile, readOrNull, type FileChange } from './changes.js';
import type { HostPlan, InstallContext } from './hosts.js';
import { integrationDir } from './self.js';

/**
 * OpenClaw: optmem fills the exclusive memory slot. `openclaw.json` gets
 * - `plugins.slots.memory: "optmem"`, the value it replaced kept in
 *   `plugins.entries.optmem.config.previousMemorySlot` so that uninstall puts it back;
 * - `plugins.entries.optmem` (enabled, conversation hooks allowed, how to run optmem);
 * - `plugins.entries.memory-core.enabled: false`: OpenClaw's built-in memory plugin keeps loading
 *   for its consolidation lifecycle when another plugin holds the slot, claims the `memory`
 *   command, and `openclaw plugins doctor` reports it; what it was is kept in
 *   `plugins.entries.optmem.config.restoreMemoryCore` ("enabled" or "unset") for uninstall;
 * - `plugins.load.paths` += the plugin folder shipped with optmem (`integrations/openclaw`);
 * - `plugins.allow` += "optmem", only when the user keeps an allowlist (an empty one lets every
 *   plugin load, and adding to it would shut the others out);
 * - `mcp.servers.optmem`.
 * Everything else in the file is left as it is.
 */
const ID = 'optmem';
const CORE = 'memory-core';
/** Where optmem up to 0.1 copied the plugin; install and uninstall clean it up. */
const LEGACY_FILES = ['package.json', 'openclaw.plugin.json', 'index.js'];

type Obj = Record<string, any>;

function openclawPaths(c: InstallContext, home: string) {
  const state = c.env.OPENCLAW_STATE_DIR || path.join(home, '.openclaw');
  return { config: c.env.OPENCLAW_CONFIG_PATH || path.join(state, 'openclaw.json'), legacyPlugin: path.join(state, 'extensions', ID) };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function legacyRemovals(dir: string): (FileChange | null)[] {
  const ours = readOrNull(path.join(dir, 'openclaw.plugin.json'));
  if (ours === null || !/"id"\s*:\s*"optmem"/.test(ours)) return [];
  return LEGACY_FILES.map((f) => (readOrNull(path.join(dir, f)) === null ? null : change(path.join(dir, f), null, true)));
}

/** The memory slot before optmem: kept from an earlier install, else what the file holds now. */
function previousSlot(plugins: Obj): string | undefined {
  const kept = plugins.entries?.[ID]?.config?.previousMemorySlot;
  if (typeof kept === 'string') return kept;
  const now = plugins.slots?.memory;
  return typeof now === 'string' && now !== ID ? now : undefined;
}

export function openclawInstall(c: InstallContext, home: string, mcpArgs: string[]): HostPlan {
  const p = openclawPaths(c, home);
  const pluginDir = integrationDir('openclaw');
  const next = structuredClone(parseJsonFile(p.config, readOrNull(p.config))) as Obj;
  next.mcp = { ...(next.mcp ?? {}), servers: { ...(next.mcp?.servers ?? {}), [ID]: { command: c.self.node, args: mcpArgs } } };
  const plugins: Obj = (next.plugins = isObj(next.plugins) ? { ...next.plugins } : {});
  const previous = previousSlot(plugins);

  const paths: string[] = (Array.isArray(plugins.load?.paths) ? plugins.load.paths : []).filter((x: unknown) => x !== p.legacyPlugin);
  if (!paths.includes(pluginDir)) paths.push(pluginDir);
  plugins.load = { ...(plugins.load ?? {}), paths };
  if (Array.isArray(plugins.allow) && plugins.allow.length > 0 && !plugins.allow.includes(ID)) plugins.allow = [...plugins.allow, ID];
  plugins.slots = { ...(isObj(plugins.slots) ? plugins.slots : {}), memory: ID };
  const config: Obj = { command: [c.self.node, c.self.bin, ...c.dirArgs] };
  const kept = plugins.entries?.[ID]?.config;
  for (const k of ['domain', 'maxResults', 'project', 'minNewMessages', 'timeoutMs']) if (isObj(kept) && kept[k] !== undefined) config[k] = kept[k];
  if (previous !== undefined) config.previousMemorySlot = previous;
  const entries: Obj = { ...(plugins.entries ?? {}) };
  const keptCore = kept?.restoreMemoryCore;
  const core = entries[CORE];
  if (typeof keptCore === 'string') config.restoreMemoryCore = keptCore;
  else if (!isObj(core) || core.enabled !== false) config.restoreMemoryCore = isObj(core) && core.enabled === true ? 'enabled' : 'unset';
  entries[CORE] = { ...(isObj(core) ? core : {}), enabled: false };
  entries[ID] = { ...(entries[ID] ?? {}), enabled: true, hooks: { allowConversationAccess: true }, config };
  plugins.entries = entries;

  const slotNote =
    previous === undefined
      ? 'memory slot: plugins.slots.memory was unset (OpenClaw\'s built-in memory-core); now "optmem". `optmem uninstall openclaw` unsets it again.'
      : previous === ID
        ? 'memory slot: plugins.slots.memory is "optmem".'
        : `memory slot: plugins.slots.memory was "${previous}"; now "optmem". \`optmem uninstall openclaw\` puts "${previous}" back.`;
  const coreNote = config.restoreMemoryCore ? ' OpenClaw\'s built-in memory plugin (memory-core: its dreaming, the intent tool, its `openclaw memory` command) is off while optmem holds the slot; uninstall turns it back on.' : '';
  return {
    changes: [...legacyRemovals(p.legacyPlugin), change(p.config, jsonText(next))].filter((x): x is FileChange => x !== null),
    notes: [
      slotNote + coreNote,
      `OpenClaw trusts a plugin it installed itself: run \`openclaw plugins install --link ${pluginDir} --force --accept-capabilities\` once (without --accept-capabilities it installs nothing and still exits 0)`,
      'check: `openclaw plugins doctor`; `openclaw plugins inspect optmem --runtime --json` (tools memory_search, memory_get, memory_add); `openclaw memory search WORDS`',
    ],
  };
}

export function openclawUninstall(c: InstallContext, home: string): HostPlan {
  const p = openclawPaths(c, home);
  const changes: (FileChange | null)[] = [...legacyRemovals(p.legacyPlugin)];
  const notes: string[] = [];
  const text = readOrNull(p.config);
  if (text !== null) {
    const next = structuredClone(parseJsonFile(p.config, text)) as Obj;
    if (next.mcp?.servers?.[ID]) {
      delete next.mcp.servers[ID];
      if (!Object.keys(next.mcp.servers).length) delete next.mcp.servers;
      if (!Object.keys(next.mcp).length) delete next.mcp;
    }
    const plugins = next.plugins;
    if (isObj(plugins)) {
      const previous = plugins.entries?.[ID]?.config?.previousMemorySlot;
      const restoreCore = plugins.entries?.[ID]?.config?.restoreMemoryCore;
      const core = plugins.entries?.[CORE];
      if ((restoreCore === 'enabled' || restoreCore === 'unset') && isObj(core) && core.enabled === false) {
        const { enabled: _off, ...rest } = core;
        if (restoreCore === 'enabled') plugins.entries[CORE] = { ...rest, enabled: true };
        else if (Object.keys(rest).length) plugins.entries[CORE] = rest;
        else delete plugins.entries[CORE];
        notes.push('memory-core (OpenClaw\'s built-in memory plugin) is on again');
      }
      if (plugins.slots?.memory === ID) {
        if (typeof previous === 'string') plugins.slots.memory = previous;
        else delete plugins.slots.memory;
        if (!Object.keys(plugins.slots).length) delete plugins.slots;
        notes.push(typeof previous === 'string' ? `memory slot: plugins.slots.memory is "${previous}" again` : 'memory slot: plugins.slots.memory unset (OpenClaw\'s built-in memory-core)');
      }
      if (plugins.entries?.[ID]) delete plugins.entries[ID];
      if (isObj(plugins.entries) && !Object.keys(plugins.entries).length) delete plugins.entries;
      if (Array.isArray(plugins.allow) && plugins.allow.includes(ID) && plugins.allow.length > 1) plugins.allow = plugins.allow.filter((x: unknown) => x !== ID);
      if (Array.isArray(plugins.load?.paths)) {
        const ours = (x: unknown) => x === p.legacyPlugin || (typeof x === 'string' && isOurPluginDir(x));
        plugins.load.paths = plugins.load.paths.filter((x: unknown) => !ours(x));
        if (!plugins.load.paths.length) delete plugins.load.paths;
        if (!Object.keys(plugins.load).length) delete plugins.load;
      }
      if (!Object.keys(plugins).length) delete next.plugins;
    }
    changes.push(change(p.config, Object.keys(next).length ? jsonText(next) : null));
  }
  notes.push('then `openclaw plugins uninstall optmem` if you ran `openclaw plugins install --link` (it drops OpenClaw\'s own install record)');
  return { changes: changes.filter((x): x is FileChange => x !== null), notes };
}

/** A plugin folder of some optmem (this one, or another copy of it): `…/integrations/openclaw`. */
function isOurPluginDir(dir: string): boolean {
  if (dir === integrationDir('openclaw')) return true;
  const manifest = readOrNull(path.join(dir, 'openclaw.plugin.json'));
  return dir.endsWith(path.join('integrations', 'openclaw')) && manifest !== null && /"id"\s*:\s*"optmem"/.test(manifest);
}
