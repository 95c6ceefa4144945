// npm run bench:seal — what the seal costs a write, and how fast `verify` reads a large home.
//   node bench/seal.js [DIST]     DIST: another build's dist/ (e.g. one from before the seal) to compare adds with
//   SEAL_ADDS=300        adds, one record each, durable (lock, intent, append + fsync, seal + fsync, index)
//   SEAL_RECORDS=50000   records of the large home verify reads
// Figures go to stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateJsonl } from './gen.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const { createOptmem } = await import(pathToFileURL(path.join(dist, 'index.js')).href);
const ADDS = Number(process.env.SEAL_ADDS ?? 300);
const RECORDS = Number(process.env.SEAL_RECORDS ?? 50_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-seal-'));

function ms(t0) {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

try {
  // adds: one record per call, durable, as the CLI and MCP write
  const home = path.join(tmp, 'adds');
  const m = createOptmem({ dir: home, create: true });
  m.add({ text: 'warm up 预热', time: '2026-05-01T09:00:00+08:00' });
  const lat = [];
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ADDS; i++) {
    const t = process.hrtime.bigint();
    m.add({ text: `[code] 第${i}条记录 backend port ${8000 + i}`, time: `2026-05-${String(2 + (i % 27)).padStart(2, '0')}T10:00:00+08:00` });
    lat.push(ms(t));
  }
  const total = ms(t0);
  m.close();
  lat.sort((a, b) => a - b);
  console.log(`dist: ${dist}`);
  console.log(`adds: ${ADDS} durable adds in ${total.toFixed(0)} ms = ${((ADDS / total) * 1000).toFixed(1)} adds/s; p50 ${lat[Math.floor(ADDS / 2)].toFixed(2)} ms, p99 ${lat[Math.floor(ADDS * 0.99)].toFixed(2)} ms`);

  // verify on a large home
  const big = path.join(tmp, 'big');
  const b = createOptmem({ dir: big, create: true, durable: false });
  const t1 = process.hrtime.bigint();
  b.import(generateJsonl(RECORDS).jsonl);
  console.log(`import: ${RECORDS} records in ${ms(t1).toFixed(0)} ms (not durable, one import)`);
  if (typeof b.verify !== 'function') {
    console.log('verify: not in this build');
  } else {
    const seal = fs.statSync(path.join(big, 'seal.jsonl')).size;
    const logBytes = dirBytes(path.join(big, 'log'));
    let t = process.hrtime.bigint();
    const r = b.verify();
    const verifyMs = ms(t);
    t = process.hrtime.bigint();
    const d = b.doctor();
    const doctorMs = ms(t);
    console.log(`seal: ${seal} bytes for ${logBytes} bytes of log (${((seal / logBytes) * 100).toFixed(0)} %)`);
    console.log(`verify: ${r.records} records, ${r.findings.length} findings, ok=${r.ok}, ${verifyMs.toFixed(0)} ms; doctor (with its verify line) ${doctorMs.toFixed(0)} ms, ok=${d.ok}`);
  }
  b.close();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

function dirBytes(dir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return n;
}
