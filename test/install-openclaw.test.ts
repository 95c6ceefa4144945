import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, ROOT, snapshot, tempDir } from './helpers.js';

/** `optmem install|uninstall openclaw` against a temporary OpenClaw state folder. */
function sandbox() {
  const home = tempDir('optmem-install-oc-');
  const state = path.join(home, 'oc');
  fs.mkdirSync(state);
  const env = { HOME: home, OPENCLAW_STATE_DIR: state, OPENCLAW_CONFIG_PATH: undefined };
  return { home, state, env, config: path.join(state, 'openclaw.json') };
}
const read = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8'));
const withoutBackups = (m: Map<string, Buffer>) => new Map([...m].filter(([k]) => !k.includes('.optmem-backup-')));
const PLUGIN_DIR = path.join(ROOT, 'integrations', 'openclaw');

describe('optmem install / uninstall openclaw', () => {
  it('fills the memory slot, keeps the value it replaced, leaves every other key, and uninstall puts it all back', () => {
    const { home, env, config } = sandbox();
    const mem = path.join(tempDir(), 'mem'); // outside HOME: install creates it
    const before0 = {
      agents: { defaults: { workspace: '/w', model: 'stub/m' } },
      models: { providers: { stub: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', api: 'openai-completions', models: [{ id: 'm' }] } } },
      plugins: { slots: { memory: 'memory-lancedb', contextEngine: 'legacy' }, entries: { 'memory-lancedb': { enabled: true, config: { autoRecall: true } } }, load: { paths: ['/x/other'] } },
      mcp: { servers: { github: { command: 'gh-mcp' } } },
    };
    fs.writeFileSync(config, JSON.stringify(before0, null, 2) + '\n');
    const before = snapshot(home);

    const r = cli(['install', 'openclaw', '--dir', mem], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('memory slot: plugins.slots.memory was "memory-lancedb"; now "optmem"');
    expect(r.stdout).toContain('-       "memory": "memory-lancedb"');
    expect(r.stdout).toContain('+       "memory": "optmem"');
    expect(r.stdout).toContain(`openclaw plugins install --link ${PLUGIN_DIR} --force --accept-capabilities`);
    const cfg = read(config);
    expect(cfg.plugins.slots).toEqual({ memory: 'optmem', contextEngine: 'legacy' });
    expect(cfg.plugins.entries.optmem).toEqual({
      enabled: true,
      hooks: { allowConversationAccess: true },
      config: { command: [process.execPath, BIN, '--dir', mem], previousMemorySlot: 'memory-lancedb', restoreMemoryCore: 'unset' },
    });
    expect(cfg.plugins.entries['memory-core']).toEqual({ enabled: false });
    expect(r.stdout).toContain('memory-core');
    expect(cfg.plugins.load.paths).toEqual(['/x/other', PLUGIN_DIR]);
    expect(cfg.plugins.allow).toBeUndefined(); // no allowlist before: none made
    expect(cfg.mcp.servers).toEqual({ github: { command: 'gh-mcp' }, optmem: { command: process.execPath, args: [BIN, 'mcp', '--dir', mem] } });
    expect({ ...cfg, plugins: undefined, mcp: undefined }).toEqual({ ...before0, plugins: undefined, mcp: undefined });
    expect(cfg.plugins.entries['memory-lancedb']).toEqual(before0.plugins.entries['memory-lancedb']);

    // a second install changes nothing and keeps the first previous value
    const snap = snapshot(home);
    expect(cli(['install', 'openclaw', '--dir', mem], { env }).stdout).toContain('nothing to change');
    expect(snapshot(home)).toEqual(snap);

    const u = cli(['uninstall', 'openclaw'], { env });
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain('plugins.slots.memory is "memory-lancedb" again');
    expect(read(config)).toEqual(before0);
    expect(withoutBackups(snapshot(home)).get('oc/openclaw.json')?.toString()).toBe(JSON.stringify(before0, null, 2) + '\n');
    expect([...withoutBackups(snapshot(home)).keys()]).toEqual([...before.keys()]);
  });

  it('an unset slot (the built-in memory-core) is unset again; an existing allowlist gets optmem, and loses it again', () => {
    const { env, config } = sandbox();
    const before0 = { plugins: { allow: ['telegram'], entries: { 'memory-core': { enabled: true, config: { dreaming: { enabled: true } } } } }, gateway: { port: 18789 } };
    fs.writeFileSync(config, JSON.stringify(before0, null, 2) + '\n');
    const r = cli(['install', 'openclaw'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('plugins.slots.memory was unset');
    const cfg = read(config);
    expect(cfg.plugins.slots).toEqual({ memory: 'optmem' });
    expect(cfg.plugins.allow).toEqual(['telegram', 'optmem']);
    expect(cfg.plugins.entries.optmem.config).toEqual({ command: [process.execPath, BIN], restoreMemoryCore: 'enabled' });
    expect(cfg.plugins.entries['memory-core']).toEqual({ enabled: false, config: { dreaming: { enabled: true } } });
    expect(cfg.gateway).toEqual({ port: 18789 });
    expect(cli(['uninstall', 'openclaw'], { env }).stdout).toContain('plugins.slots.memory unset');
    expect(read(config)).toEqual(before0);
  });

  it('the user\'s plugin settings survive a reinstall; a slot changed by hand after install is left alone by uninstall', () => {
    const { env, config } = sandbox();
    expect(cli(['install', 'openclaw'], { env }).code).toBe(0);
    const cfg = read(config);
    cfg.plugins.entries.optmem.config.domain = 'code';
    cfg.plugins.entries.optmem.config.minNewMessages = 2;
    fs.writeFileSync(config, JSON.stringify(cfg, null, 2) + '\n');
    expect(cli(['install', 'openclaw', '--dir', '/elsewhere/mem'], { env }).code).toBe(0);
    expect(read(config).plugins.entries.optmem.config).toEqual({ command: [process.execPath, BIN, '--dir', '/elsewhere/mem'], domain: 'code', minNewMessages: 2, restoreMemoryCore: 'unset' });

    const now = read(config);
    now.plugins.slots.memory = 'memory-wiki';
    fs.writeFileSync(config, JSON.stringify(now, null, 2) + '\n');
    expect(cli(['uninstall', 'openclaw'], { env }).code).toBe(0);
    expect(read(config)).toEqual({ plugins: { slots: { memory: 'memory-wiki' } } });
  });

  it('cleans up the plugin copy older versions put in extensions/optmem', () => {
    const { state, env, config } = sandbox();
    const old = path.join(state, 'extensions', 'optmem');
    fs.mkdirSync(old, { recursive: true });
    for (const f of ['package.json', 'openclaw.plugin.json', 'index.js']) fs.copyFileSync(path.join(PLUGIN_DIR, f), path.join(old, f));
    fs.writeFileSync(config, JSON.stringify({ plugins: { load: { paths: [old] }, entries: { optmem: { enabled: true } } } }, null, 2) + '\n');
    expect(cli(['install', 'openclaw'], { env }).code).toBe(0);
    expect(fs.existsSync(old)).toBe(false);
    expect(read(config).plugins.load.paths).toEqual([PLUGIN_DIR]);
    expect(cli(['uninstall', 'openclaw'], { env }).code).toBe(0);
    expect(fs.existsSync(config)).toBe(false);
  });

  it('a config that is not a JSON object is refused with its path, and nothing is written', () => {
    const { home, env, config } = sandbox();
    fs.writeFileSync(config, '{ plugins: { slots: { memory: "x" } } } // json5\n');
    const before = snapshot(home);
    const r = cli(['install', 'openclaw'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${config} is not a JSON object`);
    expect(snapshot(home)).toEqual(before);
  });
});
