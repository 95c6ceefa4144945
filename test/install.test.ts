import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, snapshot, tempDir } from './helpers.js';

/** `optmem install|uninstall HOST` against a temporary HOME: written, idempotent, dry-run, restored. */
function sandbox() {
  const home = tempDir('optmem-install-');
  const env = { HOME: home, CODEX_HOME: undefined, OPENCLAW_STATE_DIR: undefined, OPENCLAW_CONFIG_PATH: undefined, HERMES_HOME: undefined };
  return { home, env };
}
const withoutBackups = (m: Map<string, Buffer>) => new Map([...m].filter(([k]) => !k.includes('.optmem-backup-')));
const nodeAndBin = [process.execPath, BIN];

describe('optmem install / uninstall', () => {
  it('claude-code: user-scope MCP in ~/.claude.json and three hooks in settings.json, next to what is there', () => {
    const { home, env } = sandbox();
    fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ numStartups: 3, mcpServers: { other: { type: 'stdio', command: 'x' } } }, null, 2) + '\n');
    fs.mkdirSync(path.join(home, '.claude'));
    const settings0 = { model: 'sonnet', hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } };
    fs.writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify(settings0, null, 2) + '\n');
    const before = snapshot(home);

    const dry = cli(['install', 'claude-code', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('dry run: nothing written');
    expect(dry.stdout).toContain('+     "optmem": {');
    expect(snapshot(home)).toEqual(before);

    const r = cli(['install', 'claude-code'], { env });
    expect(r.code, r.stderr).toBe(0);
    const mcp = JSON.parse(fs.readFileSync(path.join(home, '.claude.json'), 'utf8'));
    expect(mcp.numStartups).toBe(3);
    expect(mcp.mcpServers.other).toEqual({ type: 'stdio', command: 'x' });
    expect(mcp.mcpServers.optmem).toEqual({ type: 'stdio', command: process.execPath, args: [BIN, 'mcp'], env: {} });
    const s = JSON.parse(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8'));
    expect(s.model).toBe('sonnet');
    expect(s.hooks.SessionStart).toHaveLength(2);
    expect(s.hooks.SessionStart[0].hooks[0].command).toBe('echo hi');
    for (const e of ['SessionStart', 'PreCompact', 'SessionEnd']) {
      const cmd: string = s.hooks[e].at(-1).hooks[0].command;
      expect(cmd).toBe(`${nodeAndBin.join(' ')} hook claude-code ${e}`);
      expect(path.isAbsolute(cmd.split(' ')[0]!)).toBe(true);
    }
    expect(fs.readdirSync(home).filter((f) => f.startsWith('.claude.json.optmem-backup-'))).toHaveLength(1);

    const afterInstall = snapshot(home);
    const again = cli(['install', 'claude-code'], { env });
    expect(again.stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(afterInstall);

    expect(cli(['uninstall', 'claude-code'], { env }).code).toBe(0);
    expect(withoutBackups(snapshot(home))).toEqual(before);
  });

  it('codex: a managed [mcp_servers.optmem] block, hooks.json, and how to trust the hooks', () => {
    const { home, env } = sandbox();
    const codexHome = path.join(home, 'codex-home');
    fs.mkdirSync(codexHome);
    fs.writeFileSync(path.join(codexHome, 'config.toml'), 'model = "gpt-5"\n\n[projects."/x"]\ntrust_level = "trusted"\n');
    const before = snapshot(home);
    const r = cli(['install', 'codex'], { env: { ...env, CODEX_HOME: codexHome } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('trusted_hash');
    const toml = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
    expect(toml.startsWith('model = "gpt-5"\n\n[projects."/x"]\ntrust_level = "trusted"\n')).toBe(true);
    expect(toml).toContain(`[mcp_servers.optmem]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(BIN)}, "mcp"]`);
    const hooks = JSON.parse(fs.readFileSync(path.join(codexHome, 'hooks.json'), 'utf8'));
    expect(Object.keys(hooks.hooks)).toEqual(['SessionStart', 'PreCompact', 'Stop']);
    const snap = snapshot(home);
    expect(cli(['install', 'codex'], { env: { ...env, CODEX_HOME: codexHome } }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);
    cli(['uninstall', 'codex'], { env: { ...env, CODEX_HOME: codexHome } });
    expect(withoutBackups(snapshot(home))).toEqual(before);
  });

  it('openclaw: the plugin files, plugins.entries.optmem with conversation access, and mcp.servers', () => {
    const { home, env } = sandbox();
    const state = path.join(home, 'oc');
    const r = cli(['install', 'openclaw', '--dir', path.join(home, 'mem')], { env: { ...env, OPENCLAW_STATE_DIR: state } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('--accept-capabilities');
    const cfg = JSON.parse(fs.readFileSync(path.join(state, 'openclaw.json'), 'utf8'));
    expect(cfg.mcp.servers.optmem).toEqual({ command: process.execPath, args: [BIN, 'mcp', '--dir', path.join(home, 'mem')] });
    expect(cfg.plugins.entries.optmem).toEqual({ enabled: true, hooks: { allowConversationAccess: true }, config: { command: [...nodeAndBin, '--dir', path.join(home, 'mem')] } });
    expect(cfg.plugins.load.paths).toEqual([path.join(state, 'extensions', 'optmem')]);
    expect(JSON.parse(fs.readFileSync(path.join(state, 'extensions', 'optmem', 'package.json'), 'utf8')).openclaw.extensions).toEqual(['./index.js']);
    const snap = snapshot(home);
    expect(cli(['install', 'openclaw', '--dir', path.join(home, 'mem')], { env: { ...env, OPENCLAW_STATE_DIR: state } }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);
    cli(['uninstall', 'openclaw'], { env: { ...env, OPENCLAW_STATE_DIR: state } });
    expect(fs.existsSync(path.join(state, 'openclaw.json'))).toBe(false);
    expect(fs.existsSync(path.join(state, 'extensions', 'optmem'))).toBe(false);
  });

  it('hermes: the provider plugin and memory.provider in config.yaml (no MCP entry); uninstall restores the old provider', () => {
    const { home, env } = sandbox();
    const hh = path.join(home, 'hermes');
    fs.mkdirSync(hh);
    const yaml0 = 'model:\n  default: gpt-5\nmemory:\n  provider: holographic\n  memory_enabled: true\nmcp_servers:\n  github:\n    command: npx\n    args: ["-y", "gh-mcp"]\n';
    fs.writeFileSync(path.join(hh, 'config.yaml'), yaml0);
    const e = { ...env, HERMES_HOME: hh };
    expect(cli(['install', 'hermes'], { env: e }).code).toBe(0);
    const y = fs.readFileSync(path.join(hh, 'config.yaml'), 'utf8');
    expect(y).toBe('model:\n  default: gpt-5\nmemory:\n  provider: optmem\n  memory_enabled: true\nmcp_servers:\n  github:\n    command: npx\n    args: ["-y", "gh-mcp"]\n');
    expect(fs.readdirSync(path.join(hh, 'plugins', 'optmem')).sort()).toEqual(['__init__.py', 'optmem.json', 'plugin.yaml']);
    const snap = snapshot(home);
    expect(cli(['install', 'hermes'], { env: e }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);
    cli(['uninstall', 'hermes'], { env: e });
    expect(fs.readFileSync(path.join(hh, 'config.yaml'), 'utf8')).toBe(yaml0);
    expect(fs.existsSync(path.join(hh, 'plugins', 'optmem'))).toBe(false);
    // The MCP entry an earlier install wrote goes: the provider's own tools replace it.
    fs.writeFileSync(path.join(hh, 'config.yaml'), 'mcp_servers:\n  optmem:\n    command: node\n    args: ["optmem.js", "mcp"]\n');
    expect(cli(['install', 'hermes'], { env: e }).code).toBe(0);
    expect(fs.readFileSync(path.join(hh, 'config.yaml'), 'utf8')).toBe('memory:\n  provider: optmem\n');
  });

  it('an unknown host is a usage error; uninstall with nothing installed changes nothing', () => {
    const { env } = sandbox();
    expect(cli(['install', 'cursor'], { env }).code).toBe(2);
    const r = cli(['uninstall', 'claude-code'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing to change');
  });
});
