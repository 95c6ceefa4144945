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
  it('claude-code: user-scope MCP in ~/.claude.json and five hooks in settings.json, next to what is there', () => {
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
    expect(Object.keys(s.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'SessionEnd']);
    for (const e of ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'SessionEnd']) {
      const hook = s.hooks[e].at(-1).hooks[0];
      expect(hook.command).toBe(`${nodeAndBin.join(' ')} hook claude-code ${e}`);
      expect(path.isAbsolute(hook.command.split(' ')[0]!)).toBe(true);
      // SessionEnd asks for more than Claude Code's 1.5 s default; every hook has a bound
      expect(hook.timeout).toBeGreaterThanOrEqual(10);
    }
    expect(cli(['install', 'claude-code', '--trust'], { env }).code).toBe(2);
    expect(fs.readdirSync(home).filter((f) => f.startsWith('.claude.json.optmem-backup-'))).toHaveLength(1);

    const afterInstall = snapshot(home);
    const again = cli(['install', 'claude-code'], { env });
    expect(again.stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(afterInstall);

    expect(cli(['uninstall', 'claude-code'], { env }).code).toBe(0);
    expect(withoutBackups(snapshot(home))).toEqual(before);
  });

  it('codex: a managed block, four hooks in hooks.json, untrusted until --trust; uninstall takes the trust entries too', () => {
    const { home, env } = sandbox();
    const codexHome = path.join(home, 'codex-home');
    fs.mkdirSync(codexHome);
    const toml0 = '# my settings\nmodel = "gpt-5"  # keep me\n\n[projects."/x"]\ntrust_level = "trusted"\n';
    fs.writeFileSync(path.join(codexHome, 'config.toml'), toml0);
    const before = snapshot(home);
    const e = { ...env, CODEX_HOME: codexHome };
    const r = cli(['install', 'codex'], { env: e });
    expect(r.code, r.stderr).toBe(0);
    // without --trust: nothing trusted, and the exact tables to approve them are printed
    const hooksFile = path.join(codexHome, 'hooks.json');
    for (const ev of ['session_start', 'user_prompt_submit', 'stop', 'pre_compact']) expect(r.stdout).toContain(`[hooks.state."${hooksFile}:${ev}:0:0"]\ntrusted_hash = "sha256:`);
    expect(r.stdout).toContain('optmem install codex --trust');
    let toml = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
    expect(toml.startsWith(toml0)).toBe(true);
    expect(toml).toContain(`[mcp_servers.optmem]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(BIN)}, "mcp"]`);
    expect(toml).not.toContain('hooks.state');
    const hooks = JSON.parse(fs.readFileSync(hooksFile, 'utf8'));
    expect(Object.keys(hooks.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact']);
    const snap = snapshot(home);
    expect(cli(['install', 'codex'], { env: e }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);

    // --trust: one line per hook, and the same tables in config.toml; the rest byte for byte
    const t = cli(['install', 'codex', '--trust'], { env: e });
    expect(t.code, t.stderr).toBe(0);
    const trusted = t.stdout.split('\n').filter((l) => l.startsWith('trusted: '));
    expect(trusted.map((l) => l.split(' ')[1])).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact']);
    toml = fs.readFileSync(path.join(codexHome, 'config.toml'), 'utf8');
    expect(toml.startsWith(toml0)).toBe(true);
    for (const l of trusted) {
      const [, , key, hash] = l.split(' ');
      expect(toml).toContain(`[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = ${JSON.stringify(hash)}\n`);
    }
    // a plain reinstall keeps trust that still matches
    expect(cli(['install', 'codex'], { env: e }).stdout).toContain('nothing to change');

    // Codex's own table for one of our hooks (written when the user trusted it in /hooks) goes too
    const stopKey = trusted[2]!.split(' ')[2]!;
    fs.writeFileSync(path.join(codexHome, 'config.toml'), toml + `\n[hooks.state.${JSON.stringify(stopKey)}]\nenabled = true\ntrusted_hash = "sha256:old"\n`);
    cli(['uninstall', 'codex'], { env: e });
    expect(withoutBackups(snapshot(home))).toEqual(before);
  });

  it('codex --trust replaces a table Codex wrote for the same hook (a key twice would break config.toml)', () => {
    const { home, env } = sandbox();
    const codexHome = path.join(home, 'codex-home');
    const e = { ...env, CODEX_HOME: codexHome };
    expect(cli(['install', 'codex'], { env: e }).code).toBe(0);
    const key = `${path.join(codexHome, 'hooks.json')}:stop:0:0`;
    const cfg = path.join(codexHome, 'config.toml');
    fs.writeFileSync(cfg, `model = "o3"\n\n[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = "sha256:stale"\n` + fs.readFileSync(cfg, 'utf8'));
    expect(cli(['install', 'codex', '--trust'], { env: e }).code).toBe(0);
    const toml = fs.readFileSync(cfg, 'utf8');
    expect(toml.split(`[hooks.state.${JSON.stringify(key)}]`)).toHaveLength(2);
    expect(toml).not.toContain('sha256:stale');
    expect(toml.startsWith('model = "o3"\n\n')).toBe(true);
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
