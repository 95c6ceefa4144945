/**
 * The real agent hosts running optmem's hooks: Codex CLI 0.169.0 and Claude Code 2.1.328, each with
 * a temporary HOME (and CODEX_HOME) and a local stand-in for its model API (test/model-stub.ts).
 * They need the hosts installed, so they run only when OPTMEM_HOSTS_PREFIX names a folder holding
 * them:
 *
 *   npm install --prefix /tmp/hosts @openai/codex@0.169.0 @anthropic-ai/claude-code@2.1.328
 *   OPTMEM_HOSTS_PREFIX=/tmp/hosts npx vitest run test/hosts-real.test.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, searchJson, tempDir } from './helpers.js';
import { startModelStub } from './model-stub.js';

const PREFIX = process.env.OPTMEM_HOSTS_PREFIX;
const bin = (name: string) => (PREFIX ? path.join(PREFIX, 'node_modules', '.bin', name) : '');
const ready = !!PREFIX && fs.existsSync(bin('codex')) && fs.existsSync(bin('claude'));
if (!ready) {
  console.log(
    'test/hosts-real.test.ts skipped: set OPTMEM_HOSTS_PREFIX to a folder holding the hosts ' +
      '(npm install --prefix DIR @openai/codex@0.169.0 @anthropic-ai/claude-code@2.1.328)',
  );
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A child process that does not block the event loop (the model stub answers in this process). */
function run(cmd: string, args: string[], opts: { env: Record<string, string>; cwd: string; input?: string; timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { PATH: process.env.PATH!, ...opts.env }, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

interface HookEntry {
  key: string;
  eventName: string;
  command: string;
  currentHash: string;
  trustStatus: string;
}

/** `codex app-server` → `hooks/list {cwds}`: the hooks Codex sees, with their trust status. */
async function codexHooksList(env: Record<string, string>, cwd: string): Promise<HookEntry[]> {
  const msgs = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name: 'optmem-test', version: '0' } } },
    { jsonrpc: '2.0', method: 'initialized' },
    { jsonrpc: '2.0', id: 2, method: 'hooks/list', params: { cwds: [cwd] } },
  ];
  const child = spawn(bin('codex'), ['app-server'], { env: { PATH: process.env.PATH!, ...env }, cwd, stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  const answer = new Promise<HookEntry[]>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      for (const line of buf.split('\n').slice(0, -1)) {
        const m = JSON.parse(line) as { id?: number; result?: { data: { hooks: HookEntry[] }[] }; error?: unknown };
        if (m.id === 2) (m.result ? resolve(m.result.data[0]!.hooks) : reject(new Error(JSON.stringify(m.error))));
      }
      buf = buf.slice(buf.lastIndexOf('\n') + 1);
    });
    child.on('error', reject);
  });
  child.stdin.write(msgs.map((m) => JSON.stringify(m)).join('\n') + '\n');
  try {
    return await answer;
  } finally {
    child.kill();
  }
}

function scratch() {
  const root = tempDir('optmem-hosts-');
  const cwd = path.join(root, 'shop');
  fs.mkdirSync(path.join(cwd, '.git'), { recursive: true });
  return { root, cwd, home: path.join(root, 'mem'), user: path.join(root, 'user'), codexHome: path.join(root, 'codex') };
}

const DECISION = '我们决定以后 nginx 统一监听 9090 端口，不再用 8080';
const REPLY = '好的，已把 nginx 的监听端口从 8080 改成了 9090，并 reload 了配置。';
const REMINDER = "optmem: the user's message carries a write trigger";

describe.skipIf(!ready)('Codex CLI 0.169.0 runs optmem\'s hooks', () => {
  it('install --trust: hooks/list shows every optmem hook trusted; codex exec runs SessionStart, UserPromptSubmit and Stop; uninstall restores config.toml', async () => {
    const s = scratch();
    fs.mkdirSync(s.codexHome, { recursive: true });
    const toml0 = '# mine\nmodel_reasoning_effort = "low" # keep\n';
    fs.writeFileSync(path.join(s.codexHome, 'config.toml'), toml0);
    const env = { HOME: s.user, CODEX_HOME: s.codexHome };

    // without --trust, Codex lists the hooks as untrusted
    expect(cli(['install', 'codex', '--dir', s.home], { env }).code).toBe(0);
    let hooks = (await codexHooksList(env, s.cwd)).filter((h) => h.command.includes('optmem'));
    expect(hooks.map((h) => h.trustStatus)).toEqual(['untrusted', 'untrusted', 'untrusted', 'untrusted']);

    const t = cli(['install', 'codex', '--trust', '--dir', s.home], { env });
    expect(t.code, t.stderr).toBe(0);
    hooks = (await codexHooksList(env, s.cwd)).filter((h) => h.command.includes('optmem'));
    expect(hooks.map((h) => h.eventName).sort()).toEqual(['preCompact', 'sessionStart', 'stop', 'userPromptSubmit']);
    expect(hooks.every((h) => h.trustStatus === 'trusted')).toBe(true);
    // the printed lines are Codex's own key and hash
    for (const h of hooks) expect(t.stdout).toContain(` ${h.key} ${h.currentHash}\n`);

    const stub = await startModelStub(REPLY);
    try {
      const provider = ['-c', 'model_provider=stub', '-c', 'model_providers.stub.name=stub', '-c', `model_providers.stub.base_url=${stub.url}/v1`, '-c', 'model_providers.stub.wire_api=responses', '-c', 'model=gpt-5'];
      const r = await run(bin('codex'), ['exec', '--skip-git-repo-check', ...provider, DECISION], { env, cwd: s.cwd });
      expect(r.code, r.stderr).toBe(0);
      for (const e of ['SessionStart', 'UserPromptSubmit', 'Stop']) expect(r.stderr).toContain(`hook: ${e} Completed`);
      const request = stub.requests.find((q) => q.path.includes('/responses'))!;
      expect(request.raw).toContain(REMINDER);
    } finally {
      await stub.close();
    }
    // the turn is in the diary, and the scheduled ingest finds nothing more to write
    expect(searchJson(s.home, 'nginx 9090').some((h) => h.text.includes('我们决定以后 nginx'))).toBe(true);
    const again = JSON.parse(cli(['ingest', '--from', 'codex', '--json', '--dir', s.home], { env }).stdout);
    expect(again.written).toBe(0);

    expect(cli(['uninstall', 'codex'], { env }).code).toBe(0);
    expect(fs.readFileSync(path.join(s.codexHome, 'config.toml'), 'utf8')).toBe(toml0);
    expect(fs.existsSync(path.join(s.codexHome, 'hooks.json'))).toBe(false);
  }, 300_000);
});

describe.skipIf(!ready)('Claude Code 2.1.328 runs optmem\'s hooks', () => {
  it('UserPromptSubmit adds the reminder to the model request only for a trigger; Stop captures the turn', async () => {
    const s = scratch();
    const env = { HOME: s.user, ANTHROPIC_API_KEY: 'sk-test' };
    expect(cli(['install', 'claude-code', '--dir', s.home], { env }).code).toBe(0);
    const stub = await startModelStub(REPLY);
    try {
      const claude = (prompt: string) => run(bin('claude'), ['-p', prompt], { env: { ...env, ANTHROPIC_BASE_URL: stub.url }, cwd: s.cwd });
      const r = await claude(DECISION);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(REPLY);
      const asked = stub.requests.filter((q) => q.path.startsWith('/v1/messages') && !q.path.includes('count_tokens'));
      expect(asked.some((q) => q.raw.includes(REMINDER))).toBe(true);
      // Stop ran before `claude -p` returned: the decision is already searchable
      expect(searchJson(s.home, 'nginx 9090').some((h) => h.text.includes('我们决定以后 nginx'))).toBe(true);

      stub.requests.length = 0;
      const q = await claude('帮我看下 nginx 的错误日志里有什么');
      expect(q.code, q.stderr).toBe(0);
      const quiet = stub.requests.filter((x) => x.path.startsWith('/v1/messages'));
      expect(quiet.length).toBeGreaterThan(0);
      expect(quiet.some((x) => x.raw.includes(REMINDER))).toBe(false);
    } finally {
      await stub.close();
    }
    expect(JSON.parse(cli(['ingest', '--from', 'claude-code', '--json', '--dir', s.home], { env }).stdout).written).toBe(0);
  }, 300_000);
});
