/**
 * Hook entries in the Claude Code / Codex hooks.json shape:
 * `{"hooks": {"Event": [{"matcher"?, "hooks": [{"type": "command", "command": "…"}]}]}}`.
 * Ours are recognised by their command (`… optmem.js hook <host> <Event>`), so a reinstall from
 * another path replaces them and uninstall removes exactly them.
 */
type Obj = Record<string, unknown>;

export function isOurs(command: unknown, host: string): boolean {
  return typeof command === 'string' && /optmem/.test(command) && new RegExp(`\\bhook ${host} \\w+\\s*$`).test(command);
}

export function withHooks(settings: Obj, host: string, commands: Record<string, string>, timeouts: Record<string, number> = {}): Obj {
  const out = structuredClone(settings);
  const hooks = (typeof out.hooks === 'object' && out.hooks !== null ? out.hooks : (out.hooks = {})) as Obj;
  for (const [event, command] of Object.entries(commands)) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as Obj[]) : [];
    // Already there as it would be written (same command, same timeout): nothing to change.
    const present = groups.some((g) => Array.isArray(g?.hooks) && (g.hooks as Obj[]).some((h) => h?.command === command && h?.timeout === timeouts[event]));
    if (present) continue;
    const kept = removeFrom(groups, host);
    const entry: Obj = { type: 'command', command };
    if (timeouts[event]) entry.timeout = timeouts[event];
    kept.push({ hooks: [entry] });
    hooks[event] = kept;
  }
  return out;
}

export function withoutHooks(settings: Obj, host: string): Obj {
  const out = structuredClone(settings);
  if (typeof out.hooks !== 'object' || out.hooks === null) return out;
  const hooks = out.hooks as Obj;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const kept = removeFrom(groups as Obj[], host);
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length === 0) delete out.hooks;
  return out;
}

function removeFrom(groups: Obj[], host: string): Obj[] {
  const kept: Obj[] = [];
  for (const g of groups) {
    if (!Array.isArray(g?.hooks)) {
      kept.push(g);
      continue;
    }
    const hs = (g.hooks as Obj[]).filter((h) => !isOurs(h?.command, host));
    if (hs.length) kept.push({ ...g, hooks: hs });
  }
  return kept;
}
