// `optmem health` on a large home through the real CLI: wall time and CPU time (user + system) of
// one run, with each step's share, and what was sampled.
//   npm run bench:health                          # 100k synthetic records (bench/gen.js), imported first
//   BENCH_HEALTH_RECORDS=10000 node bench/health.js
//   BENCH_HEALTH_HOME=DIR node bench/health.js    # measure an existing home instead (nothing imported)
//   BENCH_HEALTH_SAMPLE=N                         # --sample N (probes per metric; default: the command's)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs, now } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'optmem.js');
const records = Number(process.env.BENCH_HEALTH_RECORDS ?? 100_000);
const sample = process.env.BENCH_HEALTH_SAMPLE;
// bench/gen.js spreads records over 2025-06-01 .. 2026-06-01: the window is its last week.
const NOW = '2026-06-01T00:00:00+08:00';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-health-'));
const env = { ...process.env, HOME: tmp };
delete env.OPTMEM_HOME;
let home = process.env.BENCH_HEALTH_HOME;
console.log(`bench/health.js: ${home ? `home ${home}` : `${records} records`}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.version}`);
try {
  if (!home) {
    home = path.join(tmp, 'home');
    const t = now();
    const imp = spawnSync(process.execPath, [path.join(here, 'import-worker.js'), home, String(records)], { encoding: 'utf8' });
    if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
    console.log(`home of ${records} records imported in ${fmtMs(now() - t)}`);
    // a first open settles the index, so the run below measures health alone
    spawnSync(process.execPath, [bin, 'stats', '--dir', home], { env });
  }
  const t0 = now();
  const args = ['-r', path.join(here, 'cpu-exit.cjs'), bin, 'health', '--json', '--no-log', '--now', NOW, '--dir', home, ...(sample ? ['--sample', sample] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env, maxBuffer: 1 << 26 });
  const wall = now() - t0;
  if (r.status !== 0) throw new Error(`health exited ${r.status}: ${r.stderr}`);
  const cpu = Number(/optmem-bench-cpu ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN);
  const rep = JSON.parse(r.stdout).report;
  const total = Object.values(rep.phases).reduce((a, b) => a + b, 0);
  console.log(`records ${rep.records.total}; wall ${fmtMs(wall)}, CPU ${fmtMs(cpu)} (user + system, one process)`);
  console.log(`steps (share of wall): ${Object.entries(rep.phases).map(([k, v]) => `${k} ${((100 * v) / total).toFixed(0)}%`).join(', ')}`);
  const c = (x) => `${x.probed} probed of ${x.eligible}${x.unprobeable ? ` (${x.unprobeable} too short)` : ''}${x.sampled ? ', sampled' : ''}`;
  const f = (x) => (x === null ? '-' : x.toFixed(3));
  console.log(`event recall: ${c(rep.eventRecall)}; recall@1 ${f(rep.eventRecall.recall1)}, recall@5 ${f(rep.eventRecall.recall5)}, MRR ${f(rep.eventRecall.mrr)}`);
  console.log(`corrections: ${c(rep.corrections)}; found ${rep.corrections.found}, on top ${f(rep.corrections.onTop)}, stale on top ${f(rep.corrections.staleOnTop)} (of ${rep.corrections.both})`);
  console.log(`red lines: ${c(rep.redlines)}; first ${f(rep.redlines.first)}`);
  const p = rep.pilingUp;
  console.log(`piling up: unresolved ${p.unresolvedCorrections}, ambiguous ${p.ambiguousCorrections}, near-duplicates ${p.nearDuplicates.records}, over size ${p.overSizeLimit.records}, doctor ${p.doctorProblems.length}, core ${p.core.used}/${p.core.budget}`);
} finally {
  if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.log(`kept ${tmp}`);
}
