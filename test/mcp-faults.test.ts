/**
 * `optmem mcp` fed raw lines over real stdio, as a broken or hostile client would: malformed JSON
 * gets a JSON-RPC 2.0 parse error (-32700), JSON that is no JSON-RPC message gets an invalid
 * request error (-32600), and the server keeps serving the next line. An empty session_end is a
 * tool error with a hint, and writes nothing.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ok, tempHome } from './helpers.js';

type Msg = { jsonrpc: string; id: string | number | null; result?: any; error?: { code: number; message: string } };

const home = tempHome();
let child: ChildProcessWithoutNullStreams;
let stderr = '';
const inbox: Msg[] = [];
const waiters: (() => void)[] = [];

function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.OPTMEM_HOME;
  return env;
}

/** Write raw bytes to the server's stdin. */
const send = (raw: string) => child.stdin.write(raw);
const request = (id: number, method: string, params: Record<string, unknown> = {}) => send(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');

/** The next message from the server (each stdout line is one message). */
async function next(ms = 10_000): Promise<Msg> {
  const until = Date.now() + ms;
  while (!inbox.length) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`no answer from the server (exit ${child.exitCode}); stderr:\n${stderr}`);
    await new Promise<void>((r) => {
      waiters.push(r);
      setTimeout(r, 100);
    });
  }
  return inbox.shift()!;
}

beforeAll(async () => {
  ok(home, ['init']);
  child = spawn(process.execPath, [BIN, 'mcp', '--dir', home, '--agent', 'test-agent'], { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let buf = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => {
    buf += s;
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      inbox.push(JSON.parse(line) as Msg); // every line on stdout must be JSON: a throw here fails the test
      waiters.splice(0).forEach((w) => w());
    }
  });
  request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '0' } });
  const init = await next();
  expect(init.id).toBe(1);
  expect(init.result.serverInfo.name).toBe('optmem');
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
});

afterAll(() => {
  if (child && child.exitCode === null) child.kill();
});

describe('optmem mcp: malformed input over stdio', () => {
  it('a line that is not JSON gets a parse error with id null, and the server keeps serving', async () => {
    for (const bad of ['{not json', '{"jsonrpc":"2.0","id":2,"method":"tools/list"', 'garbage \u0001\u0002 line', '{"a":1}}']) {
      send(bad + '\n');
      const m = await next();
      expect(m, bad).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(typeof m.error!.message).toBe('string');
      expect(m.error!.message.length).toBeGreaterThan(0);
    }
    request(3, 'tools/list');
    const list = await next();
    expect(list.id).toBe(3);
    expect(list.result.tools.map((t: { name: string }) => t.name)).toContain('search');
  });

  it('valid JSON that is not a JSON-RPC message gets an invalid request error', async () => {
    const cases: [string, string | number | null][] = [
      ['42', null],
      ['"hello"', null],
      ['null', null],
      ['[]', null],
      ['[{"jsonrpc":"2.0","id":9,"method":"ping"}]', null],
      ['{"id":4,"method":"ping"}', 4], // no "jsonrpc": "2.0"
      ['{"jsonrpc":"2.0","id":"x5","method":5}', 'x5'], // method is not a string
      ['{"jsonrpc":"1.0","id":6,"method":"ping"}', 6],
      ['{"hello":"world"}', null],
    ];
    for (const [bad, id] of cases) {
      send(bad + '\n');
      const m = await next();
      expect(m, bad).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600 } });
    }
    request(7, 'ping');
    expect(await next()).toMatchObject({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('CRLF line ends and blank lines are read as written; bytes split across writes join up', async () => {
    send('\n\r\n   \n');
    send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }) + '\r\n');
    expect(await next()).toMatchObject({ id: 8, result: {} });
    const whole = JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' }) + '\n';
    send(whole.slice(0, 7));
    await new Promise((r) => setTimeout(r, 50));
    send(whole.slice(7));
    expect(await next()).toMatchObject({ id: 10, result: {} });
  });

  it('an empty session_end is a tool error with a hint, and the handoff before it stays', async () => {
    request(11, 'tools/call', { name: 'session_end', arguments: { project: 'demo', done: ['接口文档写完了'] } });
    const first = await next();
    expect(first.result.isError).toBeFalsy();
    const id = first.result.structuredContent.id as string;

    request(12, 'tools/call', { name: 'session_end', arguments: { project: 'demo', done: [], stuck: ['  '] } });
    const empty = await next();
    expect(empty.id).toBe(12);
    expect(empty.result.isError).toBe(true);
    expect(empty.result.structuredContent.error.code).toBe('USAGE');
    expect(empty.result.content[0].text).toContain('nothing to hand off');
    expect(empty.result.content[0].text).toContain('Hint:');

    request(13, 'tools/call', { name: 'session_start', arguments: { project: 'demo' } });
    const pack = await next();
    expect(pack.result.structuredContent.handoff).toBe(id);
  });

  it('closing stdin ends the server cleanly, and stdout held nothing but JSON-RPC', async () => {
    child.stdin.end();
    const code = await new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', r)));
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(inbox).toEqual([]);
  });
});
