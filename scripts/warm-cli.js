// Makes the V8 code caches of the CLI's chunks (dist/cli/v8-cache/), which bin/chunk-loader.js hands
// to V8 so that a new process neither parses the chunks nor compiles again what they run: runs the
// everyday commands once (init, add, search, recent, get, core, session start, the hooks' prompt
// check) on a scratch home in this process, then saves each loaded chunk's cache with the functions
// compiled so far. Runs in `npm run build` after the bundle. A failure here leaves the CLI without
// caches (slower to start, the same otherwise) and says so.
// The hooks run with V8 flags of their own (bin/chunk-loader.js, FLAVORS), so their caches are made
// again in a child process under those flags: `node scripts/warm-cli.js --flavor hook`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// No V8 flags, as bin/optmem.js: a cache records the flags it was made under and is refused under others.

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'dist', 'cli');
const { chunkLoader, startFlavor, CACHE_DIR, FLAVORS } = require('../bin/chunk-loader.js');
const flavorAt = process.argv.indexOf('--flavor');
const flavor = flavorAt === -1 ? null : process.argv[flavorAt + 1];
if (flavor && !FLAVORS[flavor]) throw new Error(`warm-cli: unknown flavor ${flavor}`);
// The flavor's flags, set before any chunk is compiled (startFlavor reads a command line).
if (flavor) startFlavor([flavor]);
const cacheDir = flavor ? FLAVORS[flavor].cacheDir : CACHE_DIR;
fs.rmSync(path.join(dir, cacheDir), { recursive: true, force: true });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-warm-'));
try {
  const loader = chunkLoader(dir, { write: true, flavor });
  const cli = loader.load('main.cjs');
  const home = path.join(tmp, 'home');
  const project = path.join(tmp, 'shop');
  fs.mkdirSync(project);
  const run = async (argv, stdin = '') => {
    const io = { stdout: () => {}, stderr: () => {}, readStdin: () => stdin, env: { ...process.env, OPTMEM_HOME: home, HOME: tmp, NO_COLOR: '1' }, cwd: project };
    return cli.runMain(argv, io);
  };
  // A short Claude Code transcript: the Stop hook captures its turn, SessionEnd draws a handoff from it.
  const transcript = path.join(tmp, 'session.jsonl');
  const turn = (type, uuid, parent, content) => JSON.stringify({ parentUuid: parent, type, uuid, sessionId: 'warm', cwd: project, timestamp: '2026-11-28T09:00:00.000Z', message: { role: type, content } });
  fs.writeFileSync(
    transcript,
    [
      turn('user', 'u1', null, '我们决定后端端口统一用 9090，nginx 的 proxy_pass 也改掉。'),
      turn('assistant', 'a1', 'u1', [{ type: 'text', text: '已把 config/server.yaml 的 port 改成 9090，nginx 也改好了。下一步：重启服务并跑一遍冒烟测试。' }]),
    ].join('\n') + '\n',
  );
  const hook = (event, extra) => JSON.stringify({ session_id: 'warm', transcript_path: transcript, cwd: project, hook_event_name: event, ...extra });
  const steps = [
    [['init']],
    [['add', '[code] 后端服务的端口是 8080，部署用 pnpm', '--project', 'shop']],
    [['add', '[code] 〔更正〕后端端口已从 8080 改为 9090', '--project', 'shop']],
    [['add', 'The staging database is Postgres 16 on port 5433']],
    [['search', '后端端口是多少']],
    [['search', 'deploy port', '--json']],
    [['search', '部署 端口', '--explain']],
    [['recent']],
    [['core', 'show']],
    [['session', 'start', '--project', 'shop']],
    [['hook', 'claude-code', 'UserPromptSubmit'], hook('UserPromptSubmit', { prompt: '我们决定以后后端端口统一用 9090，nginx 也改了' })],
    [['hook', 'claude-code', 'SessionStart'], hook('SessionStart', { source: 'startup' })],
    [['hook', 'claude-code', 'Stop'], hook('Stop', { stop_hook_active: false })],
    [['hook', 'claude-code', 'SessionEnd'], hook('SessionEnd', { reason: 'exit' })],
    [['--version']],
  ];
  // A flavor's caches hold what its own commands and the set-up of their home compile, made under its
  // flags. (Set up in other processes, the home left a search cache that started 5 ms slower: the
  // set-up compiles functions a search also runs.)
  const mine = flavor ? steps.filter(([argv]) => argv[0] === flavor || ['init', 'add'].includes(argv[0])) : steps;
  for (const [argv, stdin] of mine) {
    const code = await run(argv, stdin);
    if (code !== 0) throw new Error(`optmem ${argv.join(' ')} exited ${code}`);
  }
  const n = loader.save();
  console.log(`cli: V8 code caches of ${n} chunks -> dist/cli/${cacheDir}/${flavor ? ` (${flavor} only${FLAVORS[flavor].flags ? `, ${FLAVORS[flavor].flags}` : ''})` : ''}`);
} catch (e) {
  fs.rmSync(path.join(dir, cacheDir), { recursive: true, force: true });
  console.error(`cli: no V8 code caches${flavor ? ` for ${flavor}` : ''} (${e.message}); the CLI starts slower but works the same`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (!flavor) {
  for (const name of Object.keys(FLAVORS)) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--flavor', name], { stdio: 'inherit' });
    if (r.status !== 0) console.error(`cli: the ${name} caches were not made (exit ${r.status}); \`optmem ${name}\` starts slower but works the same`);
  }
}
