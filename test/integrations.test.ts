import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, ok, ROOT, tempDir, tempHome } from './helpers.js';

/** The shipped host integrations, driven the way their hosts call them, against the real CLI. */
function project(): string {
  const dir = path.join(tempDir(), 'weekly');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  return dir;
}

describe('integrations/openclaw', () => {
  it('register(api): before_prompt_build gets the pack written at agent_end / session_end', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const cwd = project();
    const mod = await import(pathToFileURL(path.join(ROOT, 'integrations', 'openclaw', 'index.js')).href);
    const handlers: Record<string, (e: unknown, c: unknown) => Promise<unknown>> = {};
    const api = { pluginConfig: { command: [process.execPath, BIN, '--dir', home], minNewMessages: 2 }, logger: { warn: () => {} }, on: (n: string, f: never) => (handlers[n] = f) };
    mod.createPlugin().register(api);
    expect(Object.keys(handlers).sort()).toEqual(['agent_end', 'before_compaction', 'before_prompt_build', 'session_end']);
    const ctx = { sessionId: 'oc-1', sessionKey: 'agent:main:main', workspaceDir: cwd, agentId: 'main' };
    const messages = [
      { role: 'user', content: '稿子第二节写完了吗？', timestamp: 1764374400000 },
      { role: 'assistant', content: [{ type: 'text', text: '第二节已完成。配图生成失败，图床返回 403。' }, { type: 'toolCall', name: 'write', arguments: { path: 'drafts/a.md' } }] },
      { role: 'toolResult', content: [{ type: 'text', text: 'ok' }] },
      { role: 'assistant', content: '下一步：明天补第三节。' },
    ];
    await handlers.agent_end!({ messages, success: true }, ctx);
    await handlers.session_end!({ sessionId: 'oc-1', messageCount: 4 }, ctx);
    const r = (await handlers.before_prompt_build!({ prompt: 'hi', messages: [] }, { ...ctx, sessionId: 'oc-2' })) as { prependContext: string };
    expect(r.prependContext).toContain('明天补第三节');
    expect(r.prependContext).toContain('配图生成失败');
    // once per session
    expect(await handlers.before_prompt_build!({ prompt: 'again', messages: [] }, { ...ctx, sessionId: 'oc-2' })).toBeUndefined();
  });
});

describe('integrations/hermes', () => {
  const py = spawnSync('python3', ['--version']);
  it.skipIf(py.status !== 0)('the provider, installed and loaded the way Hermes loads it, runs a session with the real CLI (python3 unittest)', () => {
    const home = tempHome();
    ok(home, ['init']);
    const r = spawnSync('python3', ['-m', 'unittest', 'discover', '-s', path.join(ROOT, 'integrations', 'hermes', 'test'), '-v'], {
      encoding: 'utf8',
      env: { ...process.env, OPTMEM_TEST_HOME: home, OPTMEM_TEST_CWD: project(), OPTMEM_TEST_NODE: process.execPath, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Ran 3 tests/);
    expect(r.stderr).not.toContain('skipped');
  });
});
