import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ok, ROOT, searchJson, tempDir, tempHome } from './helpers.js';

/**
 * integrations/openclaw/index.js loaded the way OpenClaw loads it, with a stand-in `api` that
 * records each registration as OpenClaw's plugin SDK (2026.9.6: OpenClawPluginApi) makes it:
 * registerMemoryCapability(capability), registerTool(factory, {names}), registerCli(registrar,
 * {descriptors}), on(hookName, handler). The tools then run against a real memory home through
 * the real CLI. The same plugin inside the real OpenClaw: test/openclaw-host.test.ts.
 */
const PLUGIN_DIR = path.join(ROOT, 'integrations', 'openclaw');

interface ToolResult {
  content: { type: string; text: string }[];
  details: any;
}
interface Tool {
  name: string;
  label: string;
  description: string;
  parameters: { type: string; properties: Record<string, unknown>; required: string[] };
  execute: (id: string, params: unknown) => Promise<ToolResult>;
}

function standInApi(pluginConfig: Record<string, unknown>) {
  const rec = {
    capabilities: [] as any[],
    tools: [] as { factory: (ctx: unknown) => Tool | null; names: string[] }[],
    cli: [] as { registrar: unknown; descriptors: { name: string }[] }[],
    hooks: {} as Record<string, (e: unknown, c: unknown) => Promise<any>>,
  };
  const api = {
    id: 'optmem',
    pluginConfig,
    logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
    registerMemoryCapability: (capability: unknown) => rec.capabilities.push(capability),
    registerTool: (factory: (ctx: unknown) => Tool | null, opts: { names: string[] }) => rec.tools.push({ factory, names: opts.names }),
    registerCli: (registrar: unknown, opts: { descriptors: { name: string }[] }) => rec.cli.push({ registrar, descriptors: opts.descriptors }),
    on: (name: string, handler: (e: unknown, c: unknown) => Promise<unknown>) => (rec.hooks[name] = handler),
  };
  return { api, rec };
}

const CTX = { agentId: 'main', sessionKey: 'agent:main:main', sessionId: 'oc-s1', workspaceDir: undefined as string | undefined };

describe('integrations/openclaw: the memory-slot plugin', () => {
  let home: string;
  let rec: ReturnType<typeof standInApi>['rec'];
  let tool: (name: string, ctx?: unknown) => Tool;
  let ids: { openclaw: string; code: string };

  beforeAll(async () => {
    home = tempHome();
    ok(home, ['init']);
    const a = JSON.parse(ok(home, ['add', '决定：部署用 blue-green，端口 9090', '--domain', 'openclaw', '--kind', 'decision', '--json']));
    const b = JSON.parse(ok(home, ['add', 'monorepo 的部署脚本用 pnpm', '--domain', 'code', '--json']));
    ids = { openclaw: a.id, code: b.id };
    const mod = await import(pathToFileURL(path.join(PLUGIN_DIR, 'index.js')).href);
    const stand = standInApi({ command: [process.execPath, BIN, '--dir', home] });
    mod.createPlugin().register(stand.api);
    rec = stand.rec;
    tool = (name, ctx = CTX) => {
      const t = rec.tools.find((x) => x.names.includes(name));
      if (!t) throw new Error(`no tool ${name}`);
      return t.factory(ctx)!;
    };
  });

  it('registers a memory capability, the three tools, the memory command and the four hooks, as its manifest declares', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, 'openclaw.plugin.json'), 'utf8'));
    expect(manifest.kind).toBe('memory');
    expect(rec.capabilities).toHaveLength(1);
    expect(typeof rec.capabilities[0].promptBuilder).toBe('function');
    expect(typeof rec.capabilities[0].runtime.getMemorySearchManager).toBe('function');
    expect(rec.tools.flatMap((t) => t.names)).toEqual(manifest.contracts.tools);
    expect(manifest.contracts.tools).toEqual(['memory_search', 'memory_get', 'memory_add']);
    for (const t of rec.tools) expect(t.factory(CTX)!.name).toBe(t.names[0]);
    expect(rec.cli.map((c) => c.descriptors.map((d) => d.name))).toEqual([['memory']]);
    expect(manifest.cliCommands.map((c: { name: string }) => c.name)).toEqual(['memory']);
    expect(Object.keys(rec.hooks).sort()).toEqual(['agent_end', 'before_compaction', 'before_prompt_build', 'session_end']);
    // every config key the plugin reads is in the schema (OpenClaw rejects unknown keys)
    expect(Object.keys(manifest.configSchema.properties).sort()).toEqual(['command', 'domain', 'maxResults', 'minNewMessages', 'previousMemorySlot', 'project', 'restoreMemoryCore', 'timeoutMs']);
  });

  it('memory_search answers from optmem in the MemorySearchResult shape: the openclaw domain by default, every domain with domain "all"', async () => {
    const r = await tool('memory_search').execute('call-1', { query: '部署' });
    expect(JSON.parse(r.content[0]!.text)).toEqual(r.details);
    expect(r.details.results.map((x: any) => x.id)).toEqual([ids.openclaw]);
    const hit = r.details.results[0];
    expect(hit).toMatchObject({ path: `optmem:${ids.openclaw}`, startLine: 1, endLine: 1, source: 'memory', domain: 'openclaw', kind: 'decision' });
    expect(typeof hit.score).toBe('number');
    expect(hit.snippet).toContain('blue-green');
    expect(hit.citation).toMatch(/^log\/\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2}\.md:\d+$/);
    const line = fs.readFileSync(path.join(home, hit.citation.split(':')[0]), 'utf8').split('\n')[Number(hit.citation.split(':')[1]) - 1];
    expect(line).toContain(ids.openclaw);

    const all = await tool('memory_search').execute('call-2', { query: '部署', domain: 'all' });
    expect(all.details.results.map((x: any) => x.id).sort()).toEqual([ids.openclaw, ids.code].sort());
    const code = await tool('memory_search').execute('call-3', { query: '部署', domain: 'code' });
    expect(code.details.results.map((x: any) => x.id)).toEqual([ids.code]);
  });

  it('a failure comes back as a result the model can read, with optmem\'s one-line reason', async () => {
    const r = await tool('memory_search').execute('call-4', { query: '!!!' });
    expect(r.details.results).toEqual([]);
    expect(r.details.unavailable).toBe(true);
    expect(r.details.error).toMatch(/^optmem search failed: .*letter, digit or CJK/);
    const empty = await tool('memory_search').execute('call-5', { query: '  ' });
    expect(empty.details.error).toMatch(/query is empty/);
    const bad = await tool('memory_add').execute('call-5b', { text: '一条记录', domain: 'nosuch' });
    expect(bad.details.status).toBe('error');
    expect(bad.details.error).toMatch(/domain: "nosuch" is not a configured domain/);
  });

  it('memory_get reads a record by the path a search gave, pages its lines, and says not_found for an unknown one', async () => {
    const r = await tool('memory_get').execute('call-6', { path: `optmem:${ids.openclaw}` });
    expect(r.details).toMatchObject({ status: 'ok', path: `optmem:${ids.openclaw}`, text: '决定：部署用 blue-green，端口 9090', from: 1, lines: 1, domain: 'openclaw' });
    expect(r.details.truncated).toBeUndefined();
    const long = JSON.parse(ok(home, ['add', '-', '--domain', 'openclaw', '--json'], { input: 'line one\nline two\nline three' }));
    const page = await tool('memory_get').execute('call-7', { path: long.id, from: 2, lines: 1 });
    expect(page.details).toMatchObject({ status: 'ok', text: 'line two', from: 2, lines: 1, truncated: true, nextFrom: 3 });
    const missing = await tool('memory_get').execute('call-8', { path: 'optmem:0000000000000000' });
    expect(missing.details).toEqual({ status: 'not_found', text: '', path: 'optmem:0000000000000000' });
  });

  it('memory_add writes a record stamped with the agent and session that memory_search finds right after; corrects supersedes', async () => {
    const r = await tool('memory_add', { ...CTX, sessionId: 'oc-write' }).execute('call-9', { text: '决定：发布窗口改到周四晚上', kind: 'decision' });
    expect(r.details).toMatchObject({ status: 'ok', domain: 'openclaw', kind: 'decision' });
    expect(r.details.path).toBe(`optmem:${r.details.id}`);
    const got = JSON.parse(ok(home, ['get', r.details.id, '--json'])).record;
    expect(got.source).toEqual({ agent: 'openclaw', session: 'oc-write' });
    const found = await tool('memory_search').execute('call-10', { query: '发布窗口' });
    expect(found.details.results[0].id).toBe(r.details.id);

    const fix = await tool('memory_add').execute('call-11', { text: '更正：发布窗口是周五晚上', kind: 'correction', corrects: [r.details.path] });
    expect(fix.details.status).toBe('ok');
    const after = searchJson(home, '发布窗口', ['--domain', 'openclaw']);
    expect(after.find((h) => h.id === r.details.id)?.supersededBy).toBe(fix.details.id);

    const bad = await tool('memory_add').execute('call-12', { text: '  ' });
    expect(bad.details).toMatchObject({ status: 'error' });
    expect(bad.details.error).toMatch(/text is empty/);
  });

  it('the capability: its search manager answers OpenClaw\'s memory consumers from optmem; the prompt section names the tools', async () => {
    const cap = rec.capabilities[0];
    const { manager } = await cap.runtime.getMemorySearchManager({ cfg: {}, agentId: 'main', purpose: 'cli' });
    const hits = await manager.search('部署', { maxResults: 5 });
    expect(hits.map((h: any) => h.path)).toEqual([`optmem:${ids.openclaw}`]);
    expect(await manager.readFile({ relPath: hits[0].path })).toMatchObject({ status: 'ok', text: '决定：部署用 blue-green，端口 9090' });
    expect(manager.status()).toMatchObject({ backend: 'builtin', provider: 'optmem' });
    expect(cap.runtime.resolveMemoryBackendConfig({ cfg: {}, agentId: 'main' })).toEqual({ backend: 'builtin' });
    const lines: string[] = cap.promptBuilder({ availableTools: new Set(['memory_search', 'memory_get', 'memory_add']) });
    expect(lines.join('\n')).toMatch(/memory_search[\s\S]*memory_get[\s\S]*memory_add/);
    expect(cap.promptBuilder({ availableTools: new Set(['read']) })).toEqual([]);
  });

  it('hooks: before_prompt_build gets the pack written at agent_end / session_end', async () => {
    const h = tempHome();
    ok(h, ['init']);
    const cwd = path.join(tempDir(), 'weekly');
    fs.mkdirSync(path.join(cwd, '.git'), { recursive: true });
    const mod = await import(pathToFileURL(path.join(PLUGIN_DIR, 'index.js')).href);
    const { api, rec: r } = standInApi({ command: [process.execPath, BIN, '--dir', h], minNewMessages: 2 });
    mod.createPlugin().register(api);
    const ctx = { sessionId: 'oc-1', sessionKey: 'agent:main:main', workspaceDir: cwd, agentId: 'main' };
    const messages = [
      { role: 'user', content: '稿子第二节写完了吗？', timestamp: 1764374400000 },
      { role: 'assistant', content: [{ type: 'text', text: '第二节已完成。配图生成失败，图床返回 403。' }, { type: 'toolCall', name: 'write', arguments: { path: 'drafts/a.md' } }] },
      { role: 'toolResult', content: [{ type: 'text', text: 'ok' }] },
      { role: 'assistant', content: '下一步：明天补第三节。' },
    ];
    await r.hooks.agent_end!({ messages, success: true }, ctx);
    await r.hooks.session_end!({ sessionId: 'oc-1', messageCount: 4 }, ctx);
    const out = (await r.hooks.before_prompt_build!({ prompt: 'hi', messages: [] }, { ...ctx, sessionId: 'oc-2' })) as { prependContext: string };
    expect(out.prependContext).toContain('补第三节');
    expect(out.prependContext).toContain('配图生成失败');
    // once per session
    expect(await r.hooks.before_prompt_build!({ prompt: 'again', messages: [] }, { ...ctx, sessionId: 'oc-2' })).toBeUndefined();
  });
});
