// `optmem topics` on a large home, through the real CLI: the first run (every file written), a second
// run with nothing new (every file unchanged), a run after one new record, and a rebuild from
// nothing (memory/ deleted) compared byte for byte with what was there.
//   npm run bench:topics                       # 100k records, 3 runs each
//   BENCH_TOPICS_RECORDS=10000 BENCH_TOPICS_RUNS=5 node bench/topics.js
//   BENCH_KEEP=1   keep the temporary home (its path is printed)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs, now, summarize } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'optmem.js');
const records = Number(process.env.BENCH_TOPICS_RECORDS ?? 100_000);
const runs = Number(process.env.BENCH_TOPICS_RUNS ?? 3);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-topics-'));
const home = path.join(tmp, 'home');
const memDir = path.join(home, 'memory');
const env = { ...process.env, HOME: tmp };
delete env.OPTMEM_HOME;

console.log(`bench/topics.js: ${records} records, ${runs} runs each, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.version}`);
let t = now();
const imp = spawnSync(process.execPath, [path.join(here, 'import-worker.js'), home, String(records)], { encoding: 'utf8' });
if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
console.log(`home of ${records} records imported in ${fmtMs(now() - t)}`);
// the index is built by the import; a first CLI open settles it so the runs below time topics alone
spawnSync(process.execPath, [bin, 'stats', '--dir', home], { env });

function topics(args = []) {
  const t0 = now();
  const r = spawnSync(process.execPath, ['-r', path.join(here, 'cpu-exit.cjs'), bin, 'topics', '--json', '--dir', home, ...args], { encoding: 'utf8', env, maxBuffer: 1 << 26 });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`topics exited ${r.status}: ${r.stderr}`);
  const cpu = Number(/optmem-bench-cpu ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN);
  return { ms, cpu, report: JSON.parse(r.stdout) };
}
const snapshot = () => Object.fromEntries(fs.readdirSync(memDir).sort().map((f) => [f, fs.readFileSync(path.join(memDir, f))]));
const rows = [];
const cpus = new Map();
const row = (label, ms) => rows.push({ label, ...summarize(ms), cpu: summarize(cpus.get(label) ?? [NaN]).p50 });
/** one run's wall time, its CPU time kept for the row `label` */
const take = (label, r) => {
  cpus.set(label, [...(cpus.get(label) ?? []), r.cpu]);
  return r.ms;
};

const first = [];
let report;
for (let i = 0; i < runs; i++) {
  fs.rmSync(memDir, { recursive: true, force: true });
  const r = topics();
  first.push(take('first run (every file written)', r));
  report = r.report;
}
row('first run (every file written)', first);
const written = snapshot();
const unchanged = [];
for (let i = 0; i < runs; i++) {
  const r = topics();
  unchanged.push(take('second run (nothing new, nothing written)', r));
  if (r.report.files.some((f) => f.status !== 'unchanged')) throw new Error('a second run wrote a file');
}
row('second run (nothing new, nothing written)', unchanged);
const dry = [];
for (let i = 0; i < runs; i++) dry.push(take('--dry-run', topics(['--dry-run'])));
row('--dry-run', dry);
const afterAdd = [];
for (let i = 0; i < runs; i++) {
  spawnSync(process.execPath, [bin, 'add', '--dir', home, `[code] 〔更正〕网关端口改为 ${9100 + i}`], { env });
  afterAdd.push(take('after one new record', topics()));
}
row('after one new record', afterAdd);

// rebuild from nothing: memory/ and the index deleted
const before = snapshot();
fs.rmSync(memDir, { recursive: true, force: true });
for (const f of fs.readdirSync(home)) if (f.startsWith('index.sqlite')) fs.rmSync(path.join(home, f));
t = now();
topics();
const rebuildMs = now() - t;
const after = snapshot();
const same = Object.keys(before).length === Object.keys(after).length && Object.keys(before).every((k) => after[k] && before[k].equals(after[k]));

console.log('\n| run | median wall | max wall | median CPU (user + system) |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.label} | ${fmtMs(r.p50)} | ${fmtMs(r.max)} | ${fmtMs(r.cpu)} |`);
console.log(`\nrebuild with the index and memory/ deleted: ${fmtMs(rebuildMs)} (index rebuilt too); files byte-identical: ${same ? 'yes' : 'NO'}`);
const sizes = Object.entries(written).map(([f, b]) => `${f} ${(b.length / 1024).toFixed(0)} KiB`).join(', ');
console.log(`files: ${sizes}`);
console.log(`entries: ${report.topics.map((x) => `${x.name} ${x.entries} (+${x.archived} archived, ${x.inIndex} in MEMORY.md)`).join(', ')}; ${report.unfiled} in no topic`);
if (process.env.BENCH_KEEP) console.log(`home kept at ${home}`);
else fs.rmSync(tmp, { recursive: true, force: true });
if (!same) process.exit(1);
