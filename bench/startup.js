// The CLI's start-up cost against a bare `node -e 0`, on a small memory home: the commands hooks and
// agents run on every prompt. Runs are alternated (one of each case per round, in a rotating order)
// so that load on the machine falls on every case alike; the figures are median wall times of
// spawnSync, and each case's ratio to the bare Node start.
//   node bench/startup.js [--reps N] [--event NAME]     (npm run bench runs it first)
//   STARTUP_REPS=40          rounds (default 40)
//   STARTUP_EVENT=NAME       the claude-code hook event to time (default UserPromptSubmit when this
//                            build answers it, else SessionStart)
//   STARTUP_TARGET=1.5       the ratio to bare Node that the hot commands (hook, search) should stay within
//   --against BIN            also time another build's bin/optmem.js in the same rounds (before/after)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';
import { percentile } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(path.resolve(here, '..'), 'bin', 'optmem.js');

function argValue(name) {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return undefined;
  return argv[i].includes('=') ? argv[i].split('=').slice(1).join('=') : argv[i + 1];
}

const REPS = Number(argValue('reps') ?? process.env.STARTUP_REPS ?? 40);
const TARGET = Number(process.env.STARTUP_TARGET ?? 1.5);
if (!Number.isInteger(REPS) || REPS < 3) {
  console.error(`bench: --reps must be a whole number of at least 3 (got ${REPS})`);
  process.exit(2);
}

// A small home: a few dozen records, Chinese and English mixed, as a new user's home looks.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-startup-'));
const home = path.join(tmp, 'home');
const project = path.join(tmp, 'shop-api');
fs.mkdirSync(project, { recursive: true });
const TEXTS = [
  '部署用 pnpm，不用 npm：lockfile 是 pnpm-lock.yaml',
  'The staging database is Postgres 16 on port 5433',
  '〔红线〕 不要在周五下午发版 deploy to production',
  '后端 API 的超时设为 30 秒 (timeout 30s)',
  'Redis 缓存的 TTL 是 10 分钟',
  'CI runs on GitHub Actions; the release workflow tags vX.Y.Z',
  '更正：staging 的端口是 5434，不是 5433',
  '公众号文章的封面图尺寸 900x383',
  'Use vitest, not jest, for new tests',
  '日志保留 14 天，超过的归档到 S3',
];
{
  const m = createOptmem({ dir: home, create: true });
  try {
    for (let i = 0; i < 30; i++) {
      const text = TEXTS[i % TEXTS.length] + (i >= TEXTS.length ? ` (#${i})` : '');
      m.add({ text, domain: 'code', ...(i % 3 === 0 ? { project: 'shop-api' } : {}), time: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString() });
    }
  } finally {
    m.close();
  }
}

const env = { ...process.env, OPTMEM_HOME: home, HOME: tmp, NO_COLOR: '1' };
delete env.OPTMEM_DEBUG;
delete env.NODE_OPTIONS;

function hookPayload(event) {
  const p = { session_id: 'bench-session', transcript_path: path.join(tmp, 'none.jsonl'), cwd: project, hook_event_name: event };
  if (event === 'UserPromptSubmit') p.prompt = '部署 staging 之前要注意什么？ deploy port';
  if (event === 'SessionStart') p.source = 'startup';
  return JSON.stringify(p);
}

/** The event to time: asked for, else UserPromptSubmit when this build answers it, else SessionStart. */
function chooseEvent() {
  const asked = argValue('event') ?? process.env.STARTUP_EVENT;
  if (asked) return asked;
  const r = spawnSync(process.execPath, [bin, 'hook', 'claude-code', 'UserPromptSubmit'], { env, input: hookPayload('UserPromptSubmit'), encoding: 'utf8' });
  return r.status === 0 ? 'UserPromptSubmit' : 'SessionStart';
}
const event = chooseEvent();

const cliCases = (b, label) => [
  { name: `${label} --version`, args: [b, '--version'] },
  { name: `${label} --help`, args: [b, '--help'] },
  { name: `${label} search deploy port`, args: [b, 'search', 'deploy', 'port'], hot: true },
  { name: `${label} search 部署 端口`, args: [b, 'search', '部署', '端口'], hot: true },
  { name: `${label} hook claude-code ${event}`, args: [b, 'hook', 'claude-code', event], input: hookPayload(event), hot: true },
];
const against = argValue('against');
// The other build gets a copy of the home: each keeps an index of its own tokenizer (the first,
// untimed run below rebuilds the copy's index when the builds differ).
const otherEnv = { ...env, OPTMEM_HOME: path.join(tmp, 'home-other') };
if (against) fs.cpSync(home, otherEnv.OPTMEM_HOME, { recursive: true });
const CASES = [
  { name: 'node -e 0 (bare Node start)', args: ['-e', '0'], base: true },
  ...cliCases(bin, 'optmem'),
  ...(against ? cliCases(path.resolve(against), 'other').map((c) => ({ ...c, hot: false, env: otherEnv })) : []),
];

// Every case must work before it is timed: a fast failure is no figure.
for (const c of CASES) {
  const r = spawnSync(process.execPath, c.args, { env: c.env ?? env, cwd: project, input: c.input ?? '', encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`bench: "${c.name}" failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
    process.exit(1);
  }
}

/**
 * CPU time of the waited-for children so far (user + system, ms), from /proc/self/stat; null where
 * there is none. On a busy machine wall time mostly measures the queue for a core; CPU time does not.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux
function childCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) * TICK_MS; // cutime, cstime (fields 16 and 17)
  } catch {
    return null;
  }
}

const times = CASES.map(() => []);
const cpu = CASES.map(() => 0);
for (let round = 0; round < REPS; round++) {
  for (let k = 0; k < CASES.length; k++) {
    const i = (k + round) % CASES.length;
    const c = CASES[i];
    const c0 = childCpuMs();
    const t0 = process.hrtime.bigint();
    spawnSync(process.execPath, c.args, { env: c.env ?? env, cwd: project, input: c.input ?? '', stdio: ['pipe', 'ignore', 'ignore'] });
    times[i].push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (c0 !== null) cpu[i] += childCpuMs() - c0;
  }
}

/** Pad to a width on a terminal, where a Han character takes two columns. */
const pad = (s, n) => s + ' '.repeat(Math.max(0, n - [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 2 : 1), 0)));
const med = times.map((t) => percentile(t, 50));
const baseAt = CASES.findIndex((c) => c.base);
const base = med[baseAt];
const haveCpu = childCpuMs() !== null;
const cpuMean = cpu.map((t) => t / REPS);
const load = os.loadavg()[0];
console.log(`\nCLI start-up on a small home (30 records), ${REPS} alternating runs each, Node ${process.version}, ${os.cpus().length} cores, load ${load.toFixed(1)}`);
console.log(`${pad('case', 44)} ${'median'.padStart(9)} ${'p25'.padStart(9)} ${'p75'.padStart(9)} ${'× node'.padStart(7)}${haveCpu ? `  ${'cpu mean'.padStart(9)} ${'× node'.padStart(7)}` : ''}`);
let worst = 0;
let worstCpu = 0;
CASES.forEach((c, i) => {
  const ratio = med[i] / base;
  const cpuRatio = cpuMean[i] / cpuMean[baseAt];
  if (c.hot) {
    worst = Math.max(worst, ratio);
    worstCpu = Math.max(worstCpu, cpuRatio);
  }
  const f = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
  const mark = (r) => (c.hot ? (r <= TARGET ? ' ✓ ' : ' ✗ ') : '   ');
  console.log(
    `${pad(c.name, 44)} ${f(med[i])} ${f(percentile(times[i], 25))} ${f(percentile(times[i], 75))} ${ratio.toFixed(2).padStart(7)}${mark(ratio)}` +
      (haveCpu ? `${f(cpuMean[i])} ${cpuRatio.toFixed(2).padStart(7)}${mark(cpuRatio)}` : ''),
  );
});
if (against) console.log(`"other" is ${path.resolve(against)}, on a copy of the same home`);
console.log(`worst hot command (search, hook): ${worst.toFixed(2)}× a bare Node start in wall time${haveCpu ? `, ${worstCpu.toFixed(2)}× in CPU time` : ''} (target ≤ ${TARGET}×)`);

fs.rmSync(tmp, { recursive: true, force: true });
