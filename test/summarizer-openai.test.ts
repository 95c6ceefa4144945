/**
 * The OpenAI-compatible summarizer against a real HTTP server on 127.0.0.1 that speaks the
 * chat-completions wire format. Each test scripts the server's answers in order.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAISummarizer, extractJson, parseRetryAfter, validateAnswer, type OpenAISummarizerOptions } from '../src/ingest/summarizers/openai.js';
import { createSummarizer, resolveSummarizerConfig } from '../src/ingest/summarizers/index.js';
import { SummarizerError, type IngestTurn } from '../src/ingest/types.js';
import { readConfig } from '../src/config.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const KEY = 'sk-test-0123456789abcdef';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
  at: number;
}
type Reply = { status?: number; headers?: Record<string, string>; content?: string; raw?: string } | 'hang';

let server: http.Server;
let base = '';
let script: Reply[] = [];
let seen: Seen[] = [];
const hanging: http.ServerResponse[] = [];

function completion(content: string) {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(data), at: Date.now() });
      const r = script.shift() ?? { status: 500, raw: '{"error":{"message":"script ran out"}}' };
      if (r === 'hang') {
        hanging.push(res);
        return;
      }
      const body = r.raw ?? completion(r.content ?? '{"items":[]}');
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  for (const r of hanging) r.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  script = [];
  seen = [];
});

const turns: IngestTurn[] = [
  { line: 3, endOffset: 120, role: 'user', text: '把后端端口从8080改成9090', time: '2026-05-12T09:00:00+08:00', agent: 'code', session: 's1', cwd: '/srv/app' },
  { line: 4, endOffset: 300, role: 'assistant', text: 'Done: server.yaml now says port 9090 and the service restarted.', time: '2026-05-12T09:01:00+08:00', agent: 'code', session: 's1', cwd: '/srv/app' },
  { line: 7, endOffset: 400, role: 'user', text: '不对，之前说的8080作废', time: null, agent: 'code', session: 's1', cwd: '/srv/app' },
];
const ctx = { source: 'fixture.jsonl', agent: 'code', session: 's1' };

function make(extra: Partial<OpenAISummarizerOptions> = {}, warnings: string[] = []) {
  return createOpenAISummarizer(
    { baseUrl: base, model: 'test-model', apiKey: KEY, timeoutMs: 2_000, maxAttempts: 3, retryBaseMs: 10, retryMaxMs: 50, ...extra },
    { warn: (m) => warnings.push(m) },
  );
}

async function failure(p: Promise<unknown>): Promise<SummarizerError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SummarizerError);
    return e as SummarizerError;
  }
  throw new Error('expected a SummarizerError');
}

describe('openai summarizer over a real HTTP server', () => {
  it('sends the wire format with the key and returns validated items', async () => {
    script = [
      {
        content: JSON.stringify({
          items: [
            { text: '后端端口从8080改为9090（server.yaml），服务已重启', trigger: 'config-change', correction: false, line: 4 },
            { text: '用户更正：8080作废', trigger: 'decision', correction: true, line: 7 },
          ],
        }),
      },
    ];
    const s = make();
    expect(s.id).toBe('openai:test-model');
    const items = await s.summarize(turns, ctx);
    expect(items).toEqual([
      { text: '后端端口从8080改为9090（server.yaml），服务已重启', trigger: 'config-change', correction: false, line: 4, time: '2026-05-12T09:01:00+08:00' },
      { text: '用户更正：8080作废', trigger: 'decision', correction: true, line: 7, time: null },
    ]);
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body.model).toBe('test-model');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    expect(req.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    for (const t of ['task-result', 'lesson', 'config-change', 'decision', 'inventory-change', 'agent-exchange']) expect(req.body.messages[0]!.content).toContain(`"${t}"`);
    expect(req.body.messages[1]!.content).toContain('[line 3] user (2026-05-12T09:00:00+08:00):\n把后端端口从8080改成9090');
    expect(req.body.messages[1]!.content).toContain('[line 7] user:');
  });

  it('sends no Authorization header when there is no key (Ollama, vLLM)', async () => {
    script = [{ content: '{"items":[]}' }];
    expect(await make({ apiKey: null }).summarize(turns, ctx)).toEqual([]);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('takes the JSON out of a code fence or surrounding prose (a server that ignores response_format)', async () => {
    const item = { text: '端口改为9090', trigger: 'config-change', correction: false, line: 4 };
    script = [{ content: '```json\n' + JSON.stringify({ items: [item] }) + '\n```' }, { content: `Here you go:\n${JSON.stringify({ items: [item] })}\nHope it helps.` }];
    const s = make();
    expect((await s.summarize(turns, ctx)).map((i) => i.line)).toEqual([4]);
    expect((await s.summarize(turns, ctx)).map((i) => i.line)).toEqual([4]);
  });

  it('honours Retry-After on a 429, then succeeds', async () => {
    script = [{ status: 429, headers: { 'retry-after': '1' }, raw: '{"error":{"message":"rate limited"}}' }, { content: '{"items":[]}' }];
    const warnings: string[] = [];
    const started = Date.now();
    expect(await make({}, warnings).summarize(turns, ctx)).toEqual([]);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings.join('\n')).toMatch(/rate limited \(429\); attempt 2 of 3 in 1000 ms/);
  });

  it('a 429 asking for a longer wait than maxRetryAfterMs fails at once, retriable', async () => {
    script = [{ status: 429, headers: { 'retry-after': '3600' }, raw: '{}' }];
    const e = await failure(make({ maxRetryAfterMs: 5_000 }).summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('retries a 500 with backoff, then succeeds', async () => {
    script = [{ status: 500, raw: '{"error":{"message":"upstream overloaded"}}' }, { status: 503, raw: 'busy' }, { content: '{"items":[{"text":"部署完成","trigger":"task-result","correction":false,"line":4}]}' }];
    const warnings: string[] = [];
    const items = await make({}, warnings).summarize(turns, ctx);
    expect(items.map((i) => i.trigger)).toEqual(['task-result']);
    expect(seen).toHaveLength(3);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/HTTP 500: upstream overloaded; attempt 2 of 3/);
  });

  it('gives up after maxAttempts of 5xx: SummarizerError, retriable', async () => {
    script = [{ status: 502, raw: '' }, { status: 502, raw: '' }, { status: 502, raw: '' }, { content: '{"items":[]}' }];
    const e = await failure(make().summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(/gave up after 3 attempts: HTTP 502/);
    expect(seen).toHaveLength(3);
  });

  it('a server that never answers: each attempt times out, then SummarizerError', async () => {
    script = ['hang', 'hang'];
    const started = Date.now();
    const e = await failure(make({ timeoutMs: 300, maxAttempts: 2 }).summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(/gave up after 2 attempts: no answer within 300 ms/);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('a connection refused is a network error, retried', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const warnings: string[] = [];
    const e = await failure(make({ baseUrl: `http://127.0.0.1:${port}/v1`, maxAttempts: 2 }, warnings).summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(/network error: ECONNREFUSED/);
    expect(warnings).toHaveLength(1);
  });

  it('a 401 is not retried, and the key is in no message', async () => {
    // OpenAI echoes part of a wrong key in its message; the client must not pass it on.
    script = [{ status: 401, raw: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at …`, type: 'invalid_request_error' } }) }, { content: '{"items":[]}' }];
    const warnings: string[] = [];
    const e = await failure(make({}, warnings).summarize(turns, ctx));
    expect(e.retriable).toBe(false);
    expect(e.message).toMatch(/HTTP 401: Incorrect API key provided: \*\*\*/);
    expect(e.message).toMatch(/apiKeyEnv/);
    expect(seen).toHaveLength(1);
    expect(e.message + String(e.stack) + warnings.join('\n')).not.toContain(KEY);
    expect(e.message).not.toContain('0123456789');
  });

  it('a 404 (wrong model or URL) is not retried', async () => {
    const e = await failure(make({ baseUrl: base.replace(/\/v1$/, '/nope') }).summarize(turns, ctx));
    expect(e.retriable).toBe(false);
    expect(e.message).toMatch(/HTTP 404/);
  });

  it('a server that refuses response_format is asked again without it', async () => {
    script = [{ status: 400, raw: '{"error":{"message":"response_format json_object is not supported by this model"}}' }, { content: '{"items":[]}' }];
    expect(await make({ maxAttempts: 1 }).summarize(turns, ctx)).toEqual([]);
    expect(seen.map((s) => s.body.response_format)).toEqual([{ type: 'json_object' }, undefined]);
  });

  it('an answer that is not JSON: SummarizerError, retriable, no second paid request', async () => {
    script = [{ content: 'Sure! The user changed the port.' }, { content: '{"items":[]}' }];
    const e = await failure(make().summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(/not JSON/);
    expect(seen).toHaveLength(1);
  });

  it('a body that is not a chat completion: SummarizerError', async () => {
    script = [{ raw: '<html>gateway</html>' }];
    expect((await failure(make().summarize(turns, ctx))).message).toMatch(/the answer is not JSON/);
    script = [{ raw: '{"object":"chat.completion","choices":[]}' }];
    expect((await failure(make().summarize(turns, ctx))).message).toMatch(/no choices\[0\]\.message\.content/);
  });

  it('JSON of the wrong shape: SummarizerError', async () => {
    for (const content of ['[{"text":"x","trigger":"lesson","correction":false,"line":3}]', '{"diary":[]}', '{"items":{"text":"x"}}']) {
      script = [{ content }];
      const e = await failure(make().summarize(turns, ctx));
      expect(e.retriable).toBe(true);
      expect(e.message).toMatch(/wrong shape/);
    }
  });

  it('drops single bad items (unknown trigger, missing field, line not in the batch) and keeps the rest', async () => {
    script = [
      {
        content: JSON.stringify({
          items: [
            { text: '端口改为9090', trigger: 'config-change', correction: false, line: 4 },
            { text: '随便聊聊', trigger: 'chitchat', correction: false, line: 3 },
            { text: '没有行号', trigger: 'lesson', correction: false },
            { text: '行号不在批次里', trigger: 'lesson', correction: false, line: 99 },
            { trigger: 'lesson', correction: false, line: 3 },
            { text: '行号是字符串', trigger: 'lesson', correction: false, line: '3' },
            { text: 'correction 不是布尔', trigger: 'lesson', correction: 'yes', line: 3 },
            { text: '端口改为9090', trigger: 'config-change', correction: false, line: 4 },
            { text: '没写 correction 当作 false', trigger: 'decision', line: 7 },
          ],
        }),
      },
    ];
    const warnings: string[] = [];
    const items = await make({}, warnings).summarize(turns, ctx);
    expect(items.map((i) => [i.line, i.trigger, i.correction])).toEqual([
      [4, 'config-change', false],
      [7, 'decision', false],
    ]);
    expect(warnings.map((w) => w.replace(/^.*: item /, 'item '))).toEqual([
      'item 1 dropped: unknown trigger "chitchat"',
      'item 2 dropped: "line" missing or not a whole number',
      'item 3 dropped: line 99 is not in the batch',
      'item 4 dropped: "text" missing or empty',
      'item 5 dropped: "line" missing or not a whole number',
      'item 6 dropped: "correction" must be true or false',
      'item 7 dropped: duplicate',
    ]);
  });

  it('every item invalid: SummarizerError, retriable (the pipeline falls back)', async () => {
    script = [{ content: '{"items":[{"text":"x","trigger":"gossip","correction":false,"line":3}]}' }];
    const e = await failure(make().summarize(turns, ctx));
    expect(e.retriable).toBe(true);
    expect(e.message).toMatch(/every item .* was invalid \(first: unknown trigger "gossip"\)/);
  });

  it('an empty batch asks nothing', async () => {
    expect(await make().summarize([], ctx)).toEqual([]);
    expect(seen).toHaveLength(0);
  });
});

describe('pieces', () => {
  it('extractJson and validateAnswer', () => {
    expect(extractJson('```\n{"items":[]}\n```')).toEqual({ items: [] });
    expect(() => extractJson('no json here')).toThrow();
    expect(() => validateAnswer({ items: 3 }, turns)).toThrow(/items/);
  });

  it('parseRetryAfter reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('configuration', () => {
  const write = (obj: unknown) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-sumcfg-'));
    const f = path.join(d, 'config.json');
    fs.writeFileSync(f, JSON.stringify(obj));
    return f;
  };

  it('reads ingest.summarizer and rejects bad fields', () => {
    const cfg = readConfig(write({ ingest: { summarizer: { provider: 'openai', baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY', timeoutMs: 20_000 } } }));
    expect(cfg.ingest.summarizer).toEqual({ provider: 'openai', baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY', timeoutMs: 20_000 });
    expect(readConfig(write({})).ingest.summarizer.provider).toBe('extractive');
    expect(() => readConfig(write({ ingest: { summarizer: { provider: 'gpt' } } }))).toThrow(/provider/);
    expect(() => readConfig(write({ ingest: { summarizer: { apiKey: 'sk-x' } } }))).toThrow(/keys do not belong/);
    expect(() => readConfig(write({ ingest: { summarizer: { baseUrl: 'ftp://x' } } }))).toThrow(/baseUrl/);
    expect(() => readConfig(write({ ingest: { summarizer: { maxAttempts: 0 } } }))).toThrow(/maxAttempts/);
    expect(() => readConfig(write({ ingest: { summarizer: { temperature: 1 } } }))).toThrow(/unknown summarizer option/);
  });

  it('the environment overrides the file; the key comes from the named variable', () => {
    const cfg = { provider: 'openai' as const, baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY' };
    expect(resolveSummarizerConfig(cfg, { DEEPSEEK_API_KEY: 'k1' })).toMatchObject({ baseUrl: 'https://api.deepseek.com', apiKey: 'k1' });
    expect(resolveSummarizerConfig(cfg, { DEEPSEEK_API_KEY: 'k1', OPTMEM_LLM_API_KEY: 'k2', OPTMEM_LLM_MODEL: 'm', OPTMEM_LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
      apiKey: 'k2',
    });
    expect(resolveSummarizerConfig({ provider: 'extractive', apiKeyEnv: 'OPTMEM_LLM_API_KEY' }, { OPTMEM_SUMMARIZER: 'openai' }).provider).toBe('openai');
    expect(resolveSummarizerConfig(cfg, {}).apiKey).toBeNull();
  });

  it('createSummarizer: extractive by default; openai from the environment, talking to the server', async () => {
    expect(createSummarizer({ provider: 'extractive', apiKeyEnv: 'OPTMEM_LLM_API_KEY' }, { env: {} }).id).not.toMatch(/^openai/);
    expect(() => createSummarizer({ provider: 'openai', apiKeyEnv: 'OPTMEM_LLM_API_KEY' }, { env: {} })).toThrow(/needs a base URL/);
    expect(() => createSummarizer({ provider: 'openai', baseUrl: base, apiKeyEnv: 'OPTMEM_LLM_API_KEY' }, { env: {} })).toThrow(/needs a model/);
    const s = createSummarizer(
      { provider: 'extractive', apiKeyEnv: 'MY_KEY', retryBaseMs: 1 },
      { env: { OPTMEM_SUMMARIZER: 'openai', OPTMEM_LLM_BASE_URL: base, OPTMEM_LLM_MODEL: 'env-model', MY_KEY: KEY } },
    );
    expect(s.id).toBe('openai:env-model');
    script = [{ content: '{"items":[{"text":"部署完成","trigger":"task-result","correction":false,"line":4}]}' }];
    expect((await s.summarize(turns, ctx)).map((i) => i.line)).toEqual([4]);
    expect(seen[0]!.body.model).toBe('env-model');
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
