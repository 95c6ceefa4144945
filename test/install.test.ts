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

  it('hermes: the provider plugin, memory.provider and mcp_servers in config.yaml; uninstall restores the old provider', () => {
    const { home, env } = sandbox();
    const hh = path.join(home, 'hermes');
    fs.mkdirSync(hh);
    const yaml0 = 'model:\n  default: gpt-5\nmemory:\n  provider: holographic\n  memory_enabled: true\nmcp_servers:\n  github:\n    command: npx\n    args: ["-y", "gh-mcp"]\n';
    fs.writeFileSync(path.join(hh, 'config.yaml'), yaml0);
    const e = { ...env, HERMES_HOME: hh };
    expect(cli(['install', 'hermes'], { env: e }).code).toBe(0);
    const y = fs.readFileSync(path.join(hh, 'config.yaml'), 'utf8');
    expect(y).toBe(
      'model:\n  default: gpt-5\nmemory:\n  provider: optmem\n  memory_enabled: true\nmcp_servers:\n  github:\n    command: npx\n    args: ["-y", "gh-mcp"]\n' +
        `  optmem:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(BIN)}, "mcp"]\n`,
    );
    expect(fs.readdirSync(path.join(hh, 'plugins', 'optmem')).sort()).toEqual(['__init__.py', 'optmem.json', 'plugin.yaml']);
    const snap = snapshot(home);
    expect(cli(['install', 'hermes'], { env: e }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);
    cli(['uninstall', 'hermes'], { env: e });
    expect(fs.readFileSync(path.join(hh, 'config.yaml'), 'utf8')).toBe(yaml0);
    expect(fs.existsSync(path.join(hh, 'plugins', 'optmem'))).toBe(false);
  });

  it('an unknown host is a usage error; uninstall with nothing installed changes nothing', () => {
    const { env } = sandbox();
    expect(cli(['install', 'cursor'], { env }).code).toBe(2);
    const r = cli(['uninstall', 'claude-code'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing to change');
  });
});
