/**
 * The optional vector path, end to end: a stand-in embeddings service on 127.0.0.1 speaking the
 * real /v1/embeddings wire format (test/fixtures/embeddings-server.mjs, a hashing of character
 * n-grams, in a process of its own), the real client, sqlite-vec, the CLI as a child process and a
 * real MCP client over stdio. Off must change nothing; a failing endpoint must only warn.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import { initHome } from '../src/optmem.js';
import { parseConfig } from '../src/config.js';
import { fusedScore } from '../src/query/vectors/fuse.js';
import { BIN, cli, ok, startEmbeddingServer, tempDir, tempHome, type EmbeddingServer } from './helpers.js';

const NOW = '2026-11-20T10:00:00+08:00';
const REC = (id: string, time: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, time, text, ...extra });
const RECORDS = [
  REC('deploy', '2026-09-01T10:00:00+08:00', '[code] the deploy script lives in ops/deploy.sh'),
  REC('port-old', '2026-08-10T14:20:00+08:00', '[code] 后端服务的端口是8080'),
  REC('port-fix', '2026-10-02T09:15:00+08:00', '[code] 〔更正〕后端端口已从8080改为9090', { corrects: ['port-old'] }),
  REC('weekly', '2026-10-05T09:00:00+08:00', '[hermes] 周报每周四发到飞书群'),
  REC('checklist', '2026-10-06T09:00:00+08:00', '[openclaw] article checklist: proofread, images, publish'),
  REC('nginx', '2026-10-07T09:00:00+08:00', '[code] nginx 反向代理配置在 /etc/nginx/conf.d'),
].join('\n') + '\n';
/** a typo: no word of it is in any record, but its characters are */
const TYPO = 'deplyo scirpt';
const DOMAINS = ['hermes', 'code', 'openclaw'];

let srv: EmbeddingServer;
const DOWN = 'http://127.0.0.1:9/v1'; // the discard port: nothing listens there

function home(embeddings?: Record<string, unknown>): string {
  const h = tempHome();
  initHome(h);
  writeConfig(h, embeddings);
  return h;
}
function writeConfig(h: string, embeddings?: Record<string, unknown>): void {
  fs.writeFileSync(path.join(h, 'config.json'), JSON.stringify({ domains: DOMAINS, ...(embeddings ? { embeddings } : {}) }));
}
const on = (model = 'hash', more: Record<string, unknown> = {}) => ({ enabled: true, baseUrl: srv.baseUrl, model, ...more });
/** `optmem import` as a child process: the CLI's own warnings are part of what is tested */
function importRecords(h: string, env: Record<string, string> = {}) {
  const f = path.join(tempDir(), 'records.jsonl');
  fs.writeFileSync(f, RECORDS);
  return cli(['import', f, '--dir', h], { env });
}
/** the same import through the library, where the CLI is not what a test is about */
function importQuietly(h: string) {
  const m = createOptmem({ dir: h });
  try {
    return m.import(RECORDS);
  } finally {
    m.close();
  }
}
function lexicalIds(query: string): string[] {
  const h = home();
  importQuietly(h);
  const m = createOptmem({ dir: h });
  try {
    return m.search({ query, now: NOW }).results.map((x) => x.id);
  } finally {
    m.close();
  }
}
const json = (h: string, args: string[]) => JSON.parse(ok(h, [...args, '--json']));
const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('optmem: warning:'));

beforeAll(async () => {
  srv = await startEmbeddingServer();
});
afterAll(() => srv?.stop());

describe('embeddings off: nothing changes', () => {
  it('gives byte-identical results with the section absent and with enabled:false, and makes no vector file', () => {
    const absent = home();
    const off = home({ enabled: false, baseUrl: srv.baseUrl, model: 'hash' });
    importQuietly(absent);
    importQuietly(off);
    const queries = ['deploy script', '后端端口', '周报', 'port 9090', TYPO, 'nginx 配置', 'checklist publish'];
    const a = createOptmem({ dir: absent });
    const b = createOptmem({ dir: off });
    try {
      for (const q of queries) {
        for (const req of [{ query: q, now: NOW, explain: true }, { query: q, now: NOW, domains: ['code'], limit: 3 }]) {
          expect(JSON.stringify(b.search(req)), q).toBe(JSON.stringify(a.search(req)));
        }
      }
    } finally {
      a.close();
      b.close();
    }
    expect(ok(off, ['search', '后端端口', '--now', NOW, '--explain'])).toBe(ok(absent, ['search', '后端端口', '--now', NOW, '--explain']));
    expect(JSON.parse(ok(off, ['stats', '--json'])).vectors).toBeUndefined();
    expect(fs.existsSync(path.join(off, 'vectors.sqlite'))).toBe(false);
    const size = (h: string) => ['', '-wal'].reduce((s, x) => s + (fs.existsSync(path.join(h, 'index.sqlite' + x)) ? fs.statSync(path.join(h, 'index.sqlite' + x)).size : 0), 0);
    expect(size(off)).toBe(size(absent));
  });

  it('checks the section like every other: unknown keys, a key in the file, enabled without an endpoint', () => {
    expect(() => parseConfig({ embeddings: { enabeld: true } }, 'config.json')).toThrow(/"embeddings.enabeld": unknown embeddings option/);
    expect(() => parseConfig({ embeddings: { apiKey: 'sk-123456789' } }, 'config.json')).toThrow(/keys do not belong in config.json/);
    expect(() => parseConfig({ embeddings: { enabled: true, model: 'm' } }, 'config.json')).toThrow(/"embeddings.baseUrl" is needed/);
    expect(() => parseConfig({ embeddings: { weight: 2 } }, 'config.json')).toThrow(/"embeddings.weight" must be a number from 0 to 1/);
    expect(parseConfig({}, 'config.json').embeddings.enabled).toBe(false);
  });

  it('fuses ranks so that first in both is 1 and the lexical side alone keeps its share', () => {
    expect(fusedScore({ fusion: 'rrf', weight: 0.5, k: 60 }, 1, 1, 1)).toBeCloseTo(1);
    expect(fusedScore({ fusion: 'rrf', weight: 0.5, k: 60 }, 1, null, 1)).toBeCloseTo(0.5);
    expect(fusedScore({ fusion: 'rrf', weight: 0, k: 60 }, 3, 1, 1)).toBeCloseTo(61 / 63);
    expect(fusedScore({ fusion: 'relevance', weight: 0.3, k: 60 }, 2, null, 0.8)).toBeCloseTo(0.56);
  });
});

describe('hybrid search through the CLI', () => {
  let h: string;
  beforeAll(() => {
    h = home(on());
  });

  it('embeds what an import writes, in one request, with no warning, the key from the environment', async () => {
    const before = await srv.stats();
    const r = importRecords(h, { OPTMEM_EMBEDDINGS_KEY: 'sk-local-test-key' });
    expect(r.code).toBe(0);
    expect(warningLines(r.stderr)).toEqual([]);
    const after = await srv.stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.inputs - before.inputs).toBe(6);
    expect(after.auth).toBe('Bearer sk-local-test-key');
    expect(fs.existsSync(path.join(h, 'vectors.sqlite'))).toBe(true);
  });

  it('finds by the vector path what no word finds, and says so in the explanation', () => {
    expect(lexicalIds(TYPO)).toEqual([]);
    const res = json(h, ['search', TYPO, '--now', NOW, '--explain']);
    expect(res.query.vector).toMatchObject({ model: 'hash', used: true });
    expect(res.warnings).toBeUndefined();
    expect(res.results[0].id).toBe('deploy');
    const v = res.results[0].explain.stages.find((s: { stage: string }) => s.stage === 'vector');
    expect(v).toMatchObject({ lexicalRank: null, vectorRank: 1 });
    expect(v.similarity).toBeGreaterThan(0.2);
    expect(v.formula).toContain('vector path only');
    expect(res.results[0].explain.stages[0]).toMatchObject({ stage: 'retrieve', mode: 'vector' });
    const human = ok(h, ['search', TYPO, '--now', NOW, '--explain']);
    expect(human).toMatch(/vector: fused [\d.]+ = relevance: .*lexical rank -, vector rank 1, similarity/);
  });

  it('keeps the filters and the query-time rules on fused candidates', () => {
    const hermes = json(h, ['search', TYPO, '--now', NOW, '--domain', 'hermes']).results;
    expect(hermes.every((x: { domain: string }) => x.domain === 'hermes')).toBe(true);
    // The correction still wins, and the record it replaced sits right below it, flagged.
    const port = json(h, ['search', '后端服务端口', '--now', NOW, '--explain']).results;
    expect(port[0].id).toBe('port-fix');
    expect(port[1]).toMatchObject({ id: 'port-old', superseded: true, supersededBy: 'port-fix' });
    const lex = port[0].explain.stages.find((s: { stage: string }) => s.stage === 'vector');
    expect(lex.lexicalRank).not.toBeNull();
  });

  it('pins a red line for its words only, never for being near the query', () => {
    const m = createOptmem({ dir: h });
    try {
      m.add({ text: '[code] 〔红线〕 deploy scripts never run on Fridays', id: 'redline-deploy', time: '2026-10-01T10:00:00+08:00' });
      expect(m.embed()).toMatchObject({ embedded: 1 });
      const near = m.search({ query: TYPO, now: NOW }).results.find((x) => x.id === 'redline-deploy');
      expect(near).toMatchObject({ tier: 'redline', pinned: false });
      const worded = m.search({ query: 'deploy Fridays', now: NOW }).results[0];
      expect(worded).toMatchObject({ id: 'redline-deploy', pinned: true });
    } finally {
      m.close();
    }
  });

  it('ingest embeds the diary records it writes', async () => {
    const h2 = home(on());
    const f = path.join(tempDir(), 'transcript.jsonl');
    const turn = (content: string, time: string) => JSON.stringify({ time, role: 'user', content, agent: 'openclaw', session: 's-1' });
    fs.writeFileSync(f, [turn('We decided to archive the old newsletter list.', '2026-11-15T10:00:00+08:00'), turn('We decided to drop the Friday edition.', '2026-11-15T11:00:00+08:00')].join('\n') + '\n');
    const before = await srv.stats();
    const r = cli(['ingest', f, '--json', '--dir', h2]);
    expect(r.code, r.stderr).toBe(0);
    expect(warningLines(r.stderr)).toEqual([]);
    const summary = JSON.parse(r.stdout);
    expect(summary.written).toBeGreaterThan(0);
    expect((await srv.stats()).inputs - before.inputs).toBe(summary.written);
    expect(json(h2, ['embed'])).toMatchObject({ embedded: 0, pending: 0, records: summary.written });
  });

  it('embeds only what has no current vector, and keeps vectors through a rebuild of the index', async () => {
    ok(h, ['add', '[hermes] 周会改到周五下午三点']);
    // add leaves its record for `optmem embed`: stats says so
    expect(json(h, ['stats']).vectors).toMatchObject({ model: 'hash', current: 7, pending: 1 });
    expect(ok(h, ['stats'])).toMatch(/vectors +7 current \(model hash\), 1 waiting \(run `optmem embed`\)/);
    expect(ok(h, ['doctor'])).toMatch(/vectors.*model hash: 7 record\(s\) with a current vector, 1 waiting/);
    const first = json(h, ['embed']);
    expect(json(h, ['stats']).vectors).toMatchObject({ current: 8, pending: 0 });
    expect(first).toMatchObject({ model: 'hash', records: 8, current: 7, embedded: 1, pending: 0, error: null });
    const m = createOptmem({ dir: h });
    try {
      const before = await srv.stats();
      m.reindex();
      expect(m.embed()).toMatchObject({ records: 8, current: 8, embedded: 0 });
      expect((await srv.stats()).requests).toBe(before.requests);
      expect(m.embed({ all: true })).toMatchObject({ embedded: 8, batches: 1 });
    } finally {
      m.close();
    }
  });
});

describe('a failing endpoint: one warning, lexical results, exit 0', () => {
  it('import and search warn once and go on; embed catches up when the endpoint is back', () => {
    const h = home({ enabled: true, baseUrl: DOWN, model: 'hash', timeoutMs: 2000 });
    const imp = importRecords(h);
    expect(imp.code).toBe(0);
    expect(warningLines(imp.stderr)).toHaveLength(1);
    expect(imp.stderr).toMatch(/embeddings: .*ECONNREFUSED.*optmem embed/);
    const r = cli(['search', 'deploy script', '--now', NOW, '--json', '--dir', h]);
    expect(r.code).toBe(0);
    expect(warningLines(r.stderr)).toHaveLength(1);
    const got = JSON.parse(r.stdout);
    expect(got.warnings).toHaveLength(1);
    expect(got.results.map((x: { id: string }) => x.id)).toEqual(lexicalIds('deploy script'));
    const e = cli(['embed', '--dir', h]);
    expect(e.code).toBe(1);
    expect(JSON.parse(ok(h, ['stats', '--json'])).vectors).toMatchObject({ current: 0, pending: 6 });
    expect(e.stderr).toMatch(/optmem: embeddings: .*ECONNREFUSED/);
    writeConfig(h, on());
    const m = createOptmem({ dir: h });
    try {
      expect(m.embed()).toMatchObject({ embedded: 6, pending: 0 });
    } finally {
      m.close();
    }
  });

  it('a bad answer (not JSON, wrong dimensions, HTTP 500, too slow) is a warning in the library result', () => {
    const h = home(on());
    importQuietly(h);
    const want = lexicalIds('deploy script');
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['hash-bad-json', {}, /not JSON/],
      ['hash-wrong-dims', { dimensions: 256 }, /255 dimensions, expected 256/],
      ['hash-500', {}, /HTTP 500: overloaded/],
      ['hash-slow', { timeoutMs: 300 }, /no answer within 300 ms/],
    ];
    for (const [model, more, why] of cases) {
      writeConfig(h, on(model, more));
      const m = createOptmem({ dir: h });
      try {
        // two texts: the wrong-dimensions model shortens the last vector of a request
        const r = m.search({ query: 'deploy script', now: NOW });
        expect(r.warnings, model).toHaveLength(1);
        expect(r.warnings![0], model).toMatch(why);
        expect(r.results.map((x) => x.id), model).toEqual(want);
        const imp = m.import(REC('extra-' + model, NOW, '[code] one more note about ' + model) + '\n' + REC('extra2-' + model, NOW, '[code] and another one'));
        expect(imp.imported).toBe(2);
        expect(imp.warnings.join('\n'), model).toMatch(why);
      } finally {
        m.close();
      }
    }
  });
});

describe('the evaluation gate compares lexical with hybrid', () => {
  it('runs a suite both ways and reports the change', () => {
    const work = tempDir();
    const suite = {
      name: 'typo suite',
      now: NOW,
      scenarios: [
        {
          id: 'typo',
          rule: 'domains',
          records: [
            { key: 'deploy', time: '2026-09-01T10:00:00+08:00', text: '[code] the deploy script lives in ops/deploy.sh' },
            { key: 'weekly', time: '2026-10-05T09:00:00+08:00', text: '[hermes] 周报每周四发到飞书群' },
          ],
          queries: [{ query: TYPO, expect: [{ rank1: 'deploy' }] }],
        },
      ],
    };
    fs.writeFileSync(path.join(work, 'suite.json'), JSON.stringify(suite));
    const base = cli(['eval', 'suite.json', '--report', 'lexical.json'], { cwd: work });
    expect(base.code).toBe(0);
    const r = cli(
      ['eval', 'suite.json', '--report', 'hybrid.json', '--baseline', 'lexical.json', '--set', 'embeddings.enabled=true', '--set', `embeddings.baseUrl=${srv.baseUrl}`, '--set', 'embeddings.model=hash', '--json'],
      { cwd: work },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const hit1 = out.comparison.diffs.find((d: { scope: string; metric: string }) => d.scope === 'overall' && d.metric === 'hit1');
    expect(hit1).toMatchObject({ before: 0, after: 1, improved: true });
  });
});

describe('hybrid search through a real MCP client', () => {
  let client: Client;
  let h: string;
  beforeAll(async () => {
    h = home(on());
    importQuietly(h);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'OPTMEM_HOME') env[k] = v;
    client = new Client({ name: 'optmem-test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--dir', h], env, stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client?.close();
  });
  const search = async (args: Record<string, unknown>) => {
    const r = (await client.callTool({ name: 'search', arguments: args })) as CallToolResult;
    return { isError: r.isError, data: r.structuredContent as Record<string, any>, text: (r.content[0] as { text: string }).text };
  };

  it('returns the vector hit with its explanation, then one warning and lexical results once the endpoint is gone', async () => {
    const r = await search({ query: TYPO, now: NOW, explain: true });
    expect(r.isError).toBeFalsy();
    expect(r.data.results[0].id).toBe('deploy');
    expect(r.data.results[0].explanation.stages.some((s: { stage: string; lexicalRank?: null }) => s.stage === 'vector' && s.lexicalRank === null)).toBe(true);
    expect(r.data.query.vector).toMatchObject({ used: true });
    srv.stop(); // last: nothing after this needs the stand-in
    const down = await search({ query: 'deploy script', now: NOW });
    expect(down.isError).toBeFalsy();
    expect(down.data.warnings).toHaveLength(1);
    expect(down.text).toContain('embeddings:');
    expect(down.data.results[0].id).toBe('deploy');
  });
});
