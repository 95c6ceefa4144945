// How long each host hook takes through the real CLI (`optmem hook HOST EVENT`, a new Node process
// each time, as the host runs it) on a memory home of many records, against the time the hosts
// give a hook. Run beside `npm run bench`:
//   npm run build && node bench/hooks.js                  # 100k records, 7 runs per hook
//   BENCH_HOOK_RECORDS=10000 BENCH_HOOK_RUNS=5 node bench/hooks.js
//   BENCH_KEEP=1   keep the temporary home (its path is printed)
// The home is made by bench/gen.js (the records `npm run bench` uses). The transcript grows by one
// user turn and one assistant turn before every Stop, as in a session.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs, now, summarize } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'optmem.js');
const records = Number(process.env.BENCH_HOOK_RECORDS ?? 100_000);
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 7);

/** What the hosts allow (seconds): their default for a command hook, and what `optmem install` writes. */
const LIMITS = {
  SessionStart: { claude: 600, codex: 600, installed: 30 },
  UserPromptSubmit: { claude: 600, codex: 600, installed: 15 },
  Stop: { claude: 600, codex: 600, installed: 60 },
  PreCompact: { claude: 600, codex: 600, installed: 120 },
  SessionEnd: { claude: 1.5, codex: null, installed: 10 },
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-hooks-'));
const home = path.join(tmp, 'home');
const userHome = path.join(tmp, 'user');
const cwd = path.join(tmp, 'shop');
fs.mkdirSync(path.join(cwd, '.git'), { recursive: true });
const env = { ...process.env, HOME: userHome };
delete env.OPTMEM_HOME;

console.log(`bench/hooks.js: ${records} records, ${runs} runs per hook, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.version}`);
let t = now();
const imp = spawnSync(process.execPath, [path.join(here, 'import-worker.js'), home, String(records)], { encoding: 'utf8' });
if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
console.log(`home of ${records} records imported in ${fmtMs(now() - t)}`);

const slug = cwd.replace(/[^A-Za-z0-9]/g, '-');
const transcript = path.join(userHome, '.claude', 'projects', slug, 'bench-session.jsonl');
fs.mkdirSync(path.dirname(transcript), { recursive: true });
let turn = 0;
const addTurns = () => {
  turn++;
  const line = (role, text) => JSON.stringify({ type: role, cwd, sessionId: 'bench-session', timestamp: new Date().toISOString(), message: { role, content: role === 'user' ? text : [{ type: 'text', text }] } });
  fs.appendFileSync(transcript, [line('user', `我们决定第 ${turn} 批订单服务改用 postgres 主库，端口 ${5400 + turn}`), line('assistant', `已把订单服务的 DATABASE_URL 改成了 postgres 主库，端口 ${5400 + turn}，并重启了服务。`)].join('\n') + '\n');
};
// a session already under way: 200 turns before the first measured Stop
for (let i = 0; i < 100; i++) addTurns();

const payload = (event, extra = {}) => JSON.stringify({ session_id: 'bench-session', transcript_path: transcript, cwd, hook_event_name: event, ...extra });
function run(host, event, input) {
  const t0 = now();
  const r = spawnSync(process.execPath, [bin, 'hook', host, event, '--dir', home], { input, encoding: 'utf8', env, cwd });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`${host} ${event} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}

const rows = [];
function measure(label, host, event, input, before, times = runs) {
  const ms = [];
  let last;
  for (let i = 0; i < times; i++) {
    before?.();
    last = run(host, event, typeof input === 'function' ? input() : input);
    ms.push(last.ms);
  }
  const s = summarize(ms);
  rows.push({ label, event, ...s });
  return last;
}

// the cost of starting the CLI at all
{
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    spawnSync(process.execPath, [bin, '--version'], { env });
    ms.push(now() - t0);
  }
  rows.push({ label: 'optmem --version (start-up alone)', event: null, ...summarize(ms) });
}
// the first Stop of a session under way reads its 200 turns; the next ones read one turn pair each
measure('Stop, first of a session (200 turns; once)', 'claude-code', 'Stop', payload('Stop'), undefined, 1);
const ctx = measure('SessionStart (context pack)', 'claude-code', 'SessionStart', payload('SessionStart', { source: 'startup' }));
const fired = measure('UserPromptSubmit, prompt with a trigger', 'claude-code', 'UserPromptSubmit', payload('UserPromptSubmit', { prompt: '我们决定以后备份统一在 04:30 跑，不再用 03:00' }));
const quiet = measure('UserPromptSubmit, prompt without one', 'claude-code', 'UserPromptSubmit', payload('UserPromptSubmit', { prompt: '帮我看下昨晚的备份日志有没有报错' }));
measure('Stop (capture one turn pair)', 'claude-code', 'Stop', payload('Stop', { stop_hook_active: false }), addTurns);
measure('Stop, Codex (capture + detached handoff)', 'codex', 'Stop', payload('Stop', { stop_hook_active: false }), addTurns);
measure('PreCompact (handoff)', 'claude-code', 'PreCompact', payload('PreCompact', { trigger: 'auto' }));
measure('SessionEnd (detached handoff)', 'claude-code', 'SessionEnd', payload('SessionEnd', { reason: 'other' }));
if (!fired.stdout.includes('additionalContext') || quiet.stdout !== '' || !ctx.stdout.includes('additionalContext')) throw new Error('a hook answered wrongly');

console.log('\nhook                                         p50         max     limit (Claude Code / Codex default; as installed)');
for (const r of rows) {
  const l = r.event ? LIMITS[r.event] : null;
  const limit = l ? `${l.claude} s / ${l.codex === null ? '—' : `${l.codex} s`}; ${l.installed} s` : '';
  console.log(`${r.label.padEnd(42)} ${fmtMs(r.p50).padStart(9)} ${fmtMs(r.max).padStart(11)}     ${limit}`);
}
const captured = spawnSync(process.execPath, [bin, 'ingest', '--from', 'claude-code', '--dir', home, '--json'], { env, encoding: 'utf8' });
console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`after the Stops, \`optmem ingest --from claude-code\` found ${JSON.parse(captured.stdout).turns} new turns`);
if (process.env.BENCH_KEEP) console.log(`kept: ${tmp}`);
else fs.rmSync(tmp, { recursive: true, force: true });
