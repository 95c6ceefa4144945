// `npm run bench:consolidate`: the summary tree on 100,000 generated records (bench/gen.js, a year
// of three agents' notes). Prints the full build's seconds (no node files yet), a second run with
// nothing new, and an incremental run after one more day of records. One process, one core.
// BENCH_CONSOLIDATE_N sets the size (default 100000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOptmem } from '../dist/index.js';
import { generateJsonl, prng } from './gen.js';
import { now } from './stats.js';

const n = Number(process.env.BENCH_CONSOLIDATE_N ?? 100_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-consolidate-'));
const home = path.join(tmp, 'home');
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const counts = (r) => r.steps[0].data;
try {
  let t = now();
  const { jsonl } = generateJsonl(n);
  const mem = createOptmem({ dir: home, create: true, durable: false });
  mem.import(jsonl);
  console.log(`imported ${n} records in ${s(now() - t)}`);

  t = now();
  const full = await mem.consolidate();
  const fullMs = now() - t;
  console.log(`full build: ${s(fullMs)} (${counts(full).written} nodes written from ${counts(full).records} live records; step ${s(full.steps[0].ms)})`);

  t = now();
  const same = await mem.consolidate();
  console.log(`second run, nothing new: ${s(now() - t)} (${counts(same).written} written, ${counts(same).unchanged} unchanged)`);

  // One more day: as many records as an average day of the generated year, the day after its last.
  const perDay = Math.round(n / 365);
  const r = prng(7);
  const lines = [];
  for (let i = 0; i < perDay; i++) {
    const hh = String(Math.floor((i * 24) / perDay)).padStart(2, '0');
    const mm = String(r.int(0, 59)).padStart(2, '0');
    const dom = r.pick(['hermes', 'code', 'openclaw']);
    lines.push(JSON.stringify({ time: `2026-06-02T${hh}:${mm}:00+08:00`, text: `[${dom}] 第${i}条新记录：${r.pick(['redis', 'nginx', 'postgres'])} 端口 ${r.int(3000, 9999)} 配置在 config/app-${i}.yaml` }));
  }
  mem.import(lines.join('\n') + '\n');
  t = now();
  const inc = await mem.consolidate();
  const incMs = now() - t;
  const lv = counts(inc).levels;
  console.log(`incremental after one day (${perDay} records): ${s(incMs)} (written: day ${lv.day.written}, week ${lv.week.written}, month ${lv.month.written}, domain ${lv.domain.written}; ${counts(inc).unchanged} unchanged)`);
  console.log(`targets: full < 60 s on one core: ${fullMs < 60_000 ? 'met' : 'NOT met'}; incremental a few seconds: ${incMs < 5_000 ? 'met' : 'NOT met'}`);
  mem.close();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
