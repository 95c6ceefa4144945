/**
 * Shared helpers for the cross-layer tests: throw-away memory homes, the real CLI as a child
 * process (the built dist/, as `npm test` builds first), and byte-level snapshots of a home.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'optmem.js');
/** The built library, for child processes that use the API directly. */
export const DIST_INDEX = path.join(ROOT, 'dist', 'index.js');

if (!fs.existsSync(path.join(ROOT, 'dist', 'interfaces', 'cli', 'main.js'))) {
  throw new Error('dist/ is missing: run `npm run build` first (or `npm test`, which builds)');
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test file. The memory home is not created in it. */
export function tempDir(prefix = 'optmem-test-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A path for a memory home that does not exist yet. */
export function tempHome(): string {
  return path.join(tempDir(), 'home');
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
}

/** A clean environment: no OPTMEM_HOME leaking in, HOME pointed at a temp folder. */
function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.OPTMEM_HOME;
  env.HOME = sandboxHome;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}
const sandboxHome = tempDir('optmem-test-userhome-');

/** Run `node bin/optmem.js ARGS` and wait for it. */
export function cli(args: string[], opts: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: childEnv(opts.env),
    input: opts.input ?? '',
    cwd: opts.cwd ?? ROOT,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Run the CLI against a home and insist on exit 0; returns stdout. */
export function ok(home: string, args: string[], opts: CliOptions = {}): string {
  const r = cli([...args, '--dir', home], opts);
  if (r.code !== 0) throw new Error(`optmem ${args.join(' ')} exited ${r.code}\n${r.stderr}`);
  return r.stdout;
}

/** `search --json`, returning the hits. */
export function searchJson(home: string, query: string, extra: string[] = []): SearchHitJson[] {
  const out = ok(home, ['search', query, '--json', '--limit', '50', ...extra]);
  return (JSON.parse(out) as { results: SearchHitJson[] }).results;
}

export interface SearchHitJson {
  id: string;
  text: string;
  time: string;
  domain: string | null;
  project: string | null;
  kind: string;
  tier: string;
  score: number;
  superseded: boolean;
  supersededBy: string | null;
  file: string;
  line: number;
}

/** Run a node script (ESM source) as a child process; resolves with its output when it exits. */
export function nodeChild(
  source: string,
  args: string[] = [],
): { child: ReturnType<typeof spawn>; done: Promise<CliResult> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source, ...args], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? -1 : 0), stdout, stderr }));
  });
  return { child, done };
}

/** Every file under a folder, relative path → bytes. */
export function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p).split(path.sep).join('/'), fs.readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

/** The day files of a home, relative paths, sorted. */
export function dayFiles(home: string): string[] {
  return [...snapshot(path.join(home, 'log')).keys()].map((p) => `log/${p}`).sort();
}

export function dayFile(home: string, date: string): string {
  const [y, m] = date.split('-');
  return path.join(home, 'log', y!, m!, `${date}.md`);
}

/** Count of lines in stderr that are optmem warnings, with their file:line part. */
export function warnings(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.startsWith('optmem: warning: '));
}

/** The embeddings stand-in (test/fixtures/embeddings-server.mjs) in a child process of its own. */
export interface EmbeddingServer {
  /** the API root to put in embeddings.baseUrl, e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  stats(): Promise<{ requests: number; inputs: number; auth: string | null }>;
  stop(): void;
}

/**
 * Start the stand-in in its own process: search blocks its thread while it waits for the answer
 * (src/embeddings/sync-post.ts), so a server on the test's own thread could never answer. Stop it
 * in the test file's afterAll.
 */
export function startEmbeddingServer(): Promise<EmbeddingServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'test', 'fixtures', 'embeddings-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  // the caller stops it in its afterAll; this catches a run that ends any other way
  process.once('exit', () => child.kill());
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the embeddings stand-in exited (${code})`)));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /PORT (\d+)/.exec(out);
      if (!m) return;
      const root = `http://127.0.0.1:${m[1]}`;
      resolve({
        baseUrl: `${root}/v1`,
        // a fresh connection each time: a kept-alive one may have been closed while a blocking call waited
        stats: () =>
          new Promise((ok, fail) => {
            http
              .get(`${root}/stats`, { agent: false }, (res) => {
                let body = '';
                res.on('data', (c: Buffer) => (body += c.toString()));
                res.on('end', () => ok(JSON.parse(body) as { requests: number; inputs: number; auth: string | null }));
              })
              .on('error', fail);
          }),
        stop: () => {
          child.kill();
        },
      });
    });
  });
}
