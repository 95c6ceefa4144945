/**
 * What the CLI skips at start-up must answer exactly as the slow path would: the config.json check
 * without the schema, the alias cuts made at build time instead of loading jieba, and the bundled
 * chunks compiled from the V8 code caches the build made (never from the cache of another text).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import { createJiebaSegmenter } from '../src/index/tokenizer/jieba.js';
import { ROOT, tempDir } from './helpers.js';

describe('config.json without the schema', () => {
  // `ranking: {}` is valid and sends the file through the full schema: both paths must agree.
  const viaSchema = (data: Record<string, unknown>) => parseConfig({ ...data, ranking: {} }, 'config.json');

  it('gives what the schema gives for domains, kinds, projects and agents', () => {
    for (const data of [
      {},
      { domains: ['hermes', 'code', 'openclaw'] },
      { domains: ['Code', 'code', 'marketing'], kinds: ['meeting', 'Meeting'] },
      { domains: ['code'], projects: { '/srv/shop': 'shop-api', '/home/u/x': '项目.一' }, agents: { 'claude-code': 'code', mine: 'Code' } },
    ]) {
      expect(parseConfig(data, 'config.json')).toEqual(viaSchema(data));
    }
  });

  it('still names every problem the schema finds', () => {
    for (const [data, needle] of [
      [{ domains: ['9lives'] }, '"domains"'],
      [{ domains: ['code'], agents: { codex: 'ops' } }, '"agents.codex": "ops" is not a configured domain'],
      [{ projects: { '/srv': 'a b' } }, '"projects./srv"'],
      [{ domain: ['code'] }, 'unknown field "domain"'],
    ] as const) {
      expect(() => parseConfig(data, 'config.json')).toThrow(needle);
    }
  });
});

describe('alias cuts made at build time', () => {
  const file = path.join(ROOT, 'dist', 'dict', 'known-cuts.json');
  const known = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; cut: Record<string, string[]> };

  it('are jieba\'s own cuts, with the shipped dictionaries', () => {
    const shipped = createJiebaSegmenter(null);
    expect(known.id).toBe(shipped.id);
    const runs = Object.keys(known.cut);
    expect(runs.length).toBeGreaterThan(10);
    shipped.keywords!('中文分词', 1); // the native jieba is loaded from here on: every cut below is its own
    for (const run of runs) expect(shipped.cut(run), run).toEqual(known.cut[run]);
  });

  it('are not used by a home with its own dict.txt', () => {
    const run = Object.keys(known.cut).find((r) => known.cut[r]!.length > 1);
    expect(run).toBeDefined();
    const dict = path.join(tempDir(), 'dict.txt');
    fs.writeFileSync(dict, `${run} 9999999\n`);
    const own = createJiebaSegmenter(dict);
    expect(own.id).not.toBe(known.id);
    expect(own.cut(run!)).toEqual([run]);
  });
});

describe('the CLI chunks and their V8 code caches', () => {
  const dir = path.join(ROOT, 'dist', 'cli');
  // In a child, as bin/optmem.js runs them (no V8 flags): a search on a new home, then the loader's counts.
  // `steps` run first (from the build's own chunks), then `last` from `chunks`, with a loader of its own whose counts are printed.
  const probe = (chunks: string, last: string[] = ['search', '部署 端口'], steps: string[][] = [], stdin = '') =>
    spawnSync(
      process.execPath,
      [
        '-e',
        `const { chunkLoader, startFlavor } = require(${JSON.stringify(path.join(ROOT, 'bin', 'chunk-loader.js'))});
         const flavor = startFlavor(${JSON.stringify(last)});
         const home = ${JSON.stringify(path.join(tempDir(), 'home'))};
         (async () => {
           const io = (cli) => ({ ...cli.processIO(), stdout: () => {}, readStdin: () => ${JSON.stringify(stdin)}, env: { ...process.env, OPTMEM_HOME: home } });
           const setup = chunkLoader(${JSON.stringify(dir)}).load('main.cjs');
           for (const argv of [['init'], ...${JSON.stringify(steps)}]) if (await setup.runMain(argv, io(setup))) throw new Error('setup: ' + argv.join(' '));
           const l = chunkLoader(${JSON.stringify(chunks)}, { flavor });
           const cli = l.load('main.cjs');
           const code = await cli.runMain(${JSON.stringify(last)}, io(cli));
           console.log(JSON.stringify({ code, ...l.stats() }));
         })().catch((e) => { console.error(e.message); process.exit(1); });`,
      ],
      { encoding: 'utf8' },
    );

  it('a search loads every chunk it needs with the cache the build made for it', () => {
    const r = probe(dir);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { code: number; chunks: number; cached: number };
    expect(s.code).toBe(0);
    expect(s.chunks).toBeGreaterThan(5);
    expect(s.cached).toBe(s.chunks);
  });

  it('a search on an up-to-date index loads no deferred module; a correction loads the resolver, with its cache', () => {
    const search = probe(dir, ['search', '端口'], [['add', '[code] 后端服务的端口是 8080']]);
    expect(search.status, search.stderr).toBe(0);
    const s = JSON.parse(search.stdout) as { code: number; names: string[] };
    expect(s.code).toBe(0);
    expect(s.names.filter((n) => n.startsWith('deferred-'))).toEqual([]);

    const add = probe(dir, ['add', '[code] 〔更正〕后端端口已从 8080 改为 9090'], [['add', '[code] 后端服务的端口是 8080']]);
    expect(add.status, add.stderr).toBe(0);
    const a = JSON.parse(add.stdout) as { code: number; chunks: number; cached: number; names: string[] };
    expect(a.code).toBe(0);
    expect(a.names).toContain('deferred-resolver.cjs');
    expect(a.cached).toBe(a.chunks);
  });

  it('a hook runs with the hooks\' V8 flag and takes the caches made under it', () => {
    const input = JSON.stringify({ session_id: 's', transcript_path: path.join(tempDir(), 'none.jsonl'), cwd: tempDir(), hook_event_name: 'UserPromptSubmit', prompt: '我们决定后端端口统一用 9090' });
    const r = probe(dir, ['hook', 'claude-code', 'UserPromptSubmit'], [], input);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { code: number; chunks: number; cached: number };
    expect(s.code).toBe(0);
    expect(s.chunks).toBeGreaterThan(5);
    expect(s.cached).toBe(s.chunks);
    expect(fs.existsSync(path.join(dir, 'v8-cache-hook'))).toBe(true);
  });

  it('a hook or a search after a home given first (as `install --dir` writes hook lines) still runs in its flavor', () => {
    const { flavorOf } = createRequire(import.meta.url)(path.join(ROOT, 'bin', 'chunk-loader.js')) as { flavorOf: (argv: string[]) => string | null };
    expect(flavorOf(['--dir', '/h', 'hook', 'claude-code', 'Stop'])).toBe('hook');
    expect(flavorOf(['--dir=/h', 'search', 'port'])).toBe('search');
    expect(flavorOf(['hook', 'codex', 'stop'])).toBe('hook');
    expect(flavorOf(['add', 'hook'])).toBeNull();
    expect(flavorOf(['--dir', 'hook'])).toBeNull();
  });

  /**
   * A copy of the built CLI inside a package of its own (package.json, and the shipped files and
   * packages linked from this one), so that the copy runs commands as an installed package does.
   */
  const copyCli = (preserveTimestamps: boolean): string => {
    const pkg = tempDir();
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(pkg, 'package.json'));
    for (const d of ['dict', 'models', 'node_modules']) fs.symlinkSync(path.join(ROOT, d), path.join(pkg, d));
    fs.mkdirSync(path.join(pkg, 'dist'));
    fs.symlinkSync(path.join(ROOT, 'dist', 'dict'), path.join(pkg, 'dist', 'dict'));
    const copy = path.join(pkg, 'dist', 'cli');
    fs.cpSync(dir, copy, { recursive: true, preserveTimestamps });
    return copy;
  };

  it('chunks copied without their times are checked by their text and still take their caches', () => {
    const copy = copyCli(false);
    const later = new Date(Date.now() + 60_000);
    for (const f of fs.readdirSync(copy)) if (f.endsWith('.cjs')) fs.utimesSync(path.join(copy, f), later, later);
    const r = probe(copy);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { code: number; chunks: number; cached: number };
    expect(s.code).toBe(0);
    expect(s.cached).toBe(s.chunks);
  });

  it('the chunks are ASCII: V8 keeps them one byte a character', () => {
    const wide = fs.readdirSync(dir).filter((f) => f.endsWith('.cjs') && /[^\x00-\x7f]/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(wide).toEqual([]);
  });

  it('a chunk changed after the build is compiled from its text, not given the old cache', () => {
    const copy = copyCli(true);
    const main = path.join(copy, 'main.cjs');
    const size = fs.statSync(main).size;
    // the same length, another text: V8 alone would take the old cache for it
    fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace('optmem', 'OPTMEM'));
    expect(fs.statSync(main).size).toBe(size);
    const r = probe(copy);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as { code: number; chunks: number; cached: number };
    expect(s.code).toBe(0);
    expect(s.cached).toBe(s.chunks - 1);
  });
});
