import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ok, tempHome } from './helpers.js';

/**
 * `optmem mcp` through the SDK's real client over stdio: the server is `node bin/optmem.js mcp`
 * as a child process, exactly as a host starts it.
 */

type Data = Record<string, any>;

let client: Client;
let transport: StdioClientTransport;
let serverLog = '';
const home = tempHome();

function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'OPTMEM_HOME') env[k] = v;
  return env;
}

async function call(name: string, args: Data = {}): Promise<CallToolResult & { data: Data; text: string }> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { ...r, text, data: (r.structuredContent ?? {}) as Data };
}

beforeAll(async () => {
  ok(home, ['init']);
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--dir', home, '--agent', 'test-agent'],
    env: childEnv(),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (b: Buffer) => (serverLog += b.toString()));
  client = new Client({ name: 'optmem-test', version: '0.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

const TOOLS = ['add', 'core_add', 'core_pin', 'core_remove', 'core_show', 'core_unpin', 'get', 'history', 'link', 'search', 'session_end', 'session_start', 'unlink'];

describe('MCP server: tools', () => {
  it('lists the tools with annotations, and descriptions that say when to write', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const by = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const n of ['search', 'get', 'history', 'core_show', 'session_start']) expect(by[n]!.annotations?.readOnlyHint, n).toBe(true);
    for (const n of ['add', 'core_add', 'session_end', 'link', 'unlink']) {
      expect(by[n]!.annotations?.readOnlyHint, n).toBe(false);
      expect(by[n]!.annotations?.idempotentHint, n).toBe(false);
    }
    for (const n of ['core_pin', 'core_unpin', 'core_remove']) {
      expect(by[n]!.annotations?.readOnlyHint, n).toBe(false);
      expect(by[n]!.annotations?.idempotentHint, n).toBe(true);
    }
    const add = by.add!.description!;
    for (const trigger of ['task finished with a real result', 'pitfall', 'lesson', 'configuration changed', 'user decided', 'added or removed', 'another agent']) {
      expect(add).toContain(trigger);
    }
    expect(add).toContain('〔更正〕');
    expect(add).toContain('corrects');
    expect(add).toContain('〔红线〕');
    expect(by.search!.description).toContain('supersededBy');
    expect(by.search!.inputSchema.properties).toHaveProperty('since');
    expect(by.add!.inputSchema.required).toEqual(['text']);
    expect(client.getInstructions()).toContain('before replying');
  });

  let oldId = '';
  let fixId = '';

  it('add writes a record; a 〔更正〕 correction supersedes it', async () => {
    const a = await call('add', { text: '[code] 后端服务的端口是8080', time: '2026-05-10T09:00:00+08:00' });
    expect(a.isError).toBeFalsy();
    oldId = a.data.id;
    expect(oldId).toMatch(/^[0-9a-z]{16}$/);
    expect(a.data.record.domain).toBe('code');
    expect(a.data.record.source.agent).toBe('test-agent');
    expect(a.data.supersedes).toEqual([]);
    expect(JSON.parse(a.text).id).toBe(oldId);

    const b = await call('add', { text: '[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', time: '2026-06-01T09:00:00+08:00', agent: 'claude-code' });
    expect(b.isError).toBeFalsy();
    fixId = b.data.id;
    expect(b.data.supersedes).toEqual([oldId]);
    expect(b.data.record.kind).toBe('correction');
    expect(b.data.record.source.agent).toBe('claude-code');
  });

  it('search shows the old record superseded by the correction, the correction first', async () => {
    const r = await call('search', { query: '后端 端口', now: '2026-07-01T00:00:00+08:00' });
    expect(r.isError).toBeFalsy();
    const hits = r.data.results as Data[];
    expect(hits.map((h) => h.id)).toEqual([fixId, oldId]);
    expect(hits[1]).toMatchObject({ superseded: true, supersededBy: fixId, pinned: false, conflicts: [] });
    expect(hits[0]).toMatchObject({ superseded: false, supersededBy: null });
    expect(hits[0]!.explanation).toBeUndefined();

    const x = await call('search', { query: '端口', explain: true, domains: ['code'], limit: 5 });
    expect((x.data.results as Data[])[0]!.explanation.stages.map((s: Data) => s.stage)).toContain('supersede');
    // the singular names filter too, and a domain no record has is said, not silently ignored
    expect((await call('search', { query: '端口', domain: 'code' })).data.results).toHaveLength(2);
    const typo = await call('search', { query: '端口', domain: 'hermse' });
    expect(typo.data.results).toHaveLength(0);
    expect(typo.data.warnings[0]).toContain('domain hermse: no record has this domain');
  });

  it('get and history; an unknown id is a normal "not found" result', async () => {
    const g = await call('get', { id: oldId });
    expect(g.isError).toBeFalsy();
    expect(g.data).toMatchObject({ found: true, record: { id: oldId, text: '[code] 后端服务的端口是8080' } });
    expect(g.data.record.file).toBe('log/2026/05/2026-05-10.md');

    const h = await call('history', { id: oldId });
    expect(h.data.current).toBe(fixId);
    expect(h.data.chain.map((c: Data) => [c.id, c.superseded])).toEqual([
      [oldId, true],
      [fixId, false],
    ]);
    expect(h.data.links[0]).toMatchObject({ oldId, newId: fixId, method: 'resolved', blocked: false });

    for (const tool of ['get', 'history']) {
      const n = await call(tool, { id: 'nosuchrecord0000' });
      expect(n.isError, tool).toBeFalsy();
      expect(n.data).toMatchObject({ found: false, id: 'nosuchrecord0000' });
      expect(n.text).toContain('no record nosuchrecord0000');
    }
  });

  it('corrects=ID names the target; a red line is pinned above everything', async () => {
    const a = await call('add', { text: '部署脚本在 scripts/deploy-old.sh', project: 'shop' });
    const b = await call('add', { text: '部署脚本改用 scripts/release.sh', project: 'shop', corrects: [a.data.id] });
    expect(b.data.supersedes).toEqual([a.data.id]);
    expect(b.data.links[0].method).toBe('explicit');

    const red = await call('add', { text: '〔红线〕部署前必须先备份数据库', project: 'shop' });
    expect(red.data.record.tier).toBe('redline');
    const s = await call('search', { query: '部署', projects: ['shop'] });
    const hits = s.data.results as Data[];
    expect(hits[0]).toMatchObject({ id: red.data.id, pinned: true });
    expect(hits.find((h) => h.id === a.data.id)).toMatchObject({ superseded: true, supersededBy: b.data.id });
  });

  it('a correction about something the memory never held says so; unlink and link append events that history shows', async () => {
    const c = await call('add', { text: '[code] 〔更正〕前端开发服务器的端口改为3000', time: '2026-06-02T09:00:00+08:00' });
    expect(c.data.supersedes).toEqual([]);
    expect(c.data.resolution.status).toBe('none');
    expect(c.data.note).toContain('corrects nothing known');

    const u = await call('unlink', { newId: fixId, oldId, why: 'checking the round trip' });
    expect(u.isError).toBeFalsy();
    expect(u.data.changed).toBe(true);
    expect(u.data.event.kind).toBe('event');
    const h = await call('history', { id: oldId });
    expect(h.data.events.map((e: Data) => e.verb)).toEqual(['unlink']);
    expect(h.data.current).toBe(oldId);
    const l = await call('link', { newId: fixId, oldId });
    expect(l.data.link).toMatchObject({ method: 'linked', blocked: false });
    const again = await call('unlink', { newId: fixId, oldId: 'nope-id-1' });
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(/no record nope-id-1/);
  });

  it('errors come back as isError results with a hint the model can act on', async () => {
    const s = await call('search', { query: '端口', since: 'last tuesday' });
    expect(s.isError).toBe(true);
    expect(s.text).toContain('since must be ISO 8601 like 2026-11-01');
    expect(s.data.error).toMatchObject({ code: 'USAGE', field: 'since' });

    const t = await call('add', { text: 'x', tier: 'gold' });
    expect(t.isError).toBe(true);
    expect(t.text).toMatch(/Error \(INVALID_RECORD\): tier: "gold".*\nHint: tier must be one of redline, evidence, normal, chatter/s);

    const l = await call('search', { query: '端口', limit: 0 });
    expect(l.isError).toBe(true);
    expect(l.text).toContain('limit must be a whole number from 1 to 1000');

    // A schema violation is caught by the SDK: still a tool result, not a protocol error.
    const v = await call('add', { text: 42 });
    expect(v.isError).toBe(true);
    expect(v.text).toContain('text');

    // Nothing bad was written.
    const n = await call('search', { query: 'gold x', limit: 50 });
    expect((n.data.results as Data[]).some((h) => h.text === 'x')).toBe(false);
  });
});

describe('MCP server: core memory and sessions', () => {
  let coreId = '';

  it('core_add, core_show, core_pin, core_unpin, core_remove', async () => {
    const a = await call('core_add', { text: '[code] 主服务器是 hk-01，用户名 deploy' });
    expect(a.isError, a.text).toBeFalsy();
    coreId = a.data.id;
    expect(a.data.entries.map((e: Data) => e.id)).toContain(coreId);
    expect(a.text).toContain('hk-01');

    const s = await call('core_show');
    expect(s.isError).toBeFalsy();
    expect(s.data.entries.find((e: Data) => e.id === coreId)).toMatchObject({ reason: 'pinned' });
    expect(s.data.used).toBeLessThanOrEqual(s.data.budget);

    const note = await call('add', { text: '[code] 用户喜欢简短的回答' });
    const p = await call('core_pin', { id: note.data.id });
    expect(p.isError, p.text).toBeFalsy();
    expect(p.data.entries.find((e: Data) => e.id === note.data.id)?.reason).toBe('pinned');
    const again = await call('core_pin', { id: note.data.id });
    expect(again.data.entries.filter((e: Data) => e.id === note.data.id)).toHaveLength(1);

    const u = await call('core_unpin', { id: note.data.id });
    expect(u.isError, u.text).toBeFalsy();
    expect(u.data.entries.find((e: Data) => e.id === note.data.id)?.reason ?? 'gone').not.toBe('pinned');

    const r = await call('core_remove', { id: coreId });
    expect(r.isError, r.text).toBeFalsy();
    expect(r.data.entries.map((e: Data) => e.id)).not.toContain(coreId);
    expect((await call('get', { id: coreId })).data.found).toBe(true);

    const missing = await call('core_pin', { id: 'nosuchrecord0000' });
    expect(missing.isError).toBeFalsy();
    expect(missing.data).toMatchObject({ found: false });
  });

  it('a red line cannot be removed from core memory: an error with a hint', async () => {
    const red = await call('add', { text: '〔红线〕不得在生产库执行 DROP' });
    const r = await call('core_remove', { id: red.data.id });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Hint: ');
    expect(r.text).toContain('〔红线〕');
  });

  it('session_end leaves a handoff; session_start brings it back; the next handoff replaces it', async () => {
    const e = await call('session_end', { project: 'shop', done: ['支付回调修好了'], next: ['补退款接口的测试'], stuck: ['沙箱证书过期'] });
    expect(e.isError, e.text).toBeFalsy();
    expect(e.data.fields.next).toEqual(['补退款接口的测试']);
    expect(e.data.file).toBe('projects/shop/HANDOFF.md');
    expect(e.data.supersedes).toBeNull();
    expect(e.data.handoff.source.agent).toBe('test-agent');

    const s = await call('session_start', { project: 'shop' });
    expect(s.isError, s.text).toBeFalsy();
    expect(s.text).toContain('补退款接口的测试');
    expect(s.text).toContain('部署前必须先备份数据库');
    expect(s.data.handoff).toBe(e.data.id);
    expect(s.data.used).toBeLessThanOrEqual(s.data.budget);

    const e2 = await call('session_end', { project: 'shop', done: ['退款接口测试补齐'] });
    expect(e2.data.supersedes).toBe(e.data.id);

    const bad = await call('session_start', { project: 'not one word' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Hint: ');
  });
});

describe('MCP server: resources', () => {
  it('lists core memory and the projects that have a handoff; reads them', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('optmem://core');
    expect(uris).toContain('optmem://handoff/shop');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['optmem://handoff/{project}']);

    const core = await client.readResource({ uri: 'optmem://core' });
    expect(core.contents[0]).toMatchObject({ uri: 'optmem://core', mimeType: 'text/markdown' });
    expect((core.contents[0] as { text: string }).text).toContain('不得在生产库执行 DROP');

    const h = await client.readResource({ uri: 'optmem://handoff/shop' });
    expect((h.contents[0] as { text: string }).text).toContain('退款接口测试补齐');

    await expect(client.readResource({ uri: 'optmem://handoff/nohandoff' })).rejects.toThrow(/no handoff for project nohandoff/);
  });

  it('logged to stderr only (stdout carried nothing but the protocol, or the client would have failed)', () => {
    expect(serverLog).toContain('optmem mcp: serving');
    expect(serverLog).not.toContain('unexpected failure');
  });
});

describe('optmem mcp: the process', () => {
  it('stays up while stdin is open, exits 0 when it closes, and prints nothing of its own on stdout', async () => {
    const dir = tempHome();
    ok(dir, ['init']);
    const child = spawn(process.execPath, [BIN, 'mcp', '--dir', dir], { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const early = await Promise.race([exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('alive'), 1500))]);
    expect(early).toBe('alive');
    child.stdin.end();
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 10_000))]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
  });
});
