// Search latency with aliases on (the defaults) and off (disabledStages "aliases"), on the same
// generated records in two homes, queries interleaved so that machine load hits both alike.
//   npm run build && node bench/alias-latency.js [records=10000] [rounds=5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOptmem } from '../dist/index.js';
import { generateJsonl } from './gen.js';
import { benchQueries } from './queries.js';

const N = Number(process.argv[2] ?? 10000);
const ROUNDS = Number(process.argv[3] ?? 5);
const { jsonl } = generateJsonl(N, 1);
const extraQ = ['what port does the backend use now?', 'backup', '红线', '更正', 'deploy release', '公众号 标题', 'cron thursday', '数据库 备份'];
const queries = [...benchQueries(), ...extraQ];

function home(disabled) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-alias-lat-'));
  fs.mkdirSync(path.join(dir, 'log'));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ranking: disabled ? { disabledStages: ['aliases'] } : {} }));
  const m = createOptmem({ dir, durable: false, refreshMs: 60_000 });
  m.import(jsonl);
  return { m, dir };
}
const homes = { off: home(true), on: home(false) };
const times = { off: [], on: [] };
for (const k of ['off', 'on']) for (const q of queries) homes[k].m.search({ query: q }); // warm up
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? ['on', 'off'] : ['off', 'on'];
  for (const q of queries) {
    for (const k of order) {
      const t = process.hrtime.bigint();
      homes[k].m.search({ query: q });
      times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
}
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
console.log(`${N} records, ${queries.length} queries × ${ROUNDS} rounds, interleaved`);
for (const k of ['off', 'on']) {
  const a = times[k];
  console.log(`aliases ${k.padEnd(3)}  p50 ${pct(a, 50).toFixed(2)} ms  p90 ${pct(a, 90).toFixed(2)} ms  p99 ${pct(a, 99).toFixed(2)} ms  mean ${(a.reduce((s, x) => s + x, 0) / a.length).toFixed(2)} ms`);
}
for (const k of ['off', 'on']) {
  homes[k].m.close();
  fs.rmSync(homes[k].dir, { recursive: true, force: true });
}
