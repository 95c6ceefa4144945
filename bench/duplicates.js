// npm run bench:duplicates [-- --split dev] [--errors] [--threshold X]   labelled pairs: scripts/score-duplicates.js
// npm run bench:duplicates -- --synthetic N   what the derived duplicate state costs on N generated records
//   (bench/gen.js): an import (nothing is compared on the write path), the first `optmem consolidate`
//   (every record compared), 1,000 more records and a second run (only they are compared), a reindex
//   (every link derived again, and the same links), the report and searches.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';

const argv = process.argv.slice(2);
const at = argv.indexOf('--synthetic');
if (at === -1) {
  await import('../scripts/score-duplicates.js');
} else {
  await synthetic(Number(argv[at + 1]));
}

async function synthetic(n) {
  const { generateJsonl } = await import('./gen.js');
  const { createOptmem } = await import('../dist/index.js');
  const { jsonl } = generateJsonl(n);
  const more = generateJsonl(1000, 7).jsonl;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-dups-'));
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const dupStep = (r) => r.steps.find((s) => s.name === 'duplicates');
  try {
    const mem = createOptmem({ dir: home, create: true, durable: false });
    let t = Date.now();
    mem.import(jsonl);
    const importMs = Date.now() - t;
    const first = dupStep(await mem.consolidate());
    t = Date.now();
    mem.import(more);
    const moreMs = Date.now() - t;
    const second = dupStep(await mem.consolidate());
    const before = JSON.stringify(mem.duplicates());
    t = Date.now();
    mem.reindex();
    const reindexMs = Date.now() - t;
    const same = JSON.stringify(mem.duplicates()) === before;
    t = Date.now();
    const rep = mem.duplicates();
    const reportMs = Date.now() - t;
    const queries = ['端口', 'nginx', '备份', 'redis 缓存', '周报', '构建变慢', 'docker compose', '发版检查'];
    t = Date.now();
    for (const q of queries) mem.search({ query: q, limit: 10 });
    const searchMs = (Date.now() - t) / queries.length;
    mem.close();
    const mb = (f) => (fs.existsSync(f) ? fs.statSync(f).size / 1e6 : 0);
    const c = (s) => s.data.compared;
    console.log(`${n} generated records: import ${secs(importMs)}`);
    console.log(`consolidate, duplicates step: ${secs(first.ms)} (${c(first).records} records compared, ${c(first).pairs} pairs judged, ${c(first).links} links)`);
    console.log(`1000 more: import ${secs(moreMs)}; duplicates step ${secs(second.ms)} (${c(second).records} records compared, ${c(second).pairs} pairs judged, ${c(second).links} links)`);
    console.log(`reindex ${secs(reindexMs)} (links derived again: ${same ? 'identical' : 'DIFFERENT'}); index ${(mb(path.join(home, 'index.sqlite')) + mb(path.join(home, 'index.sqlite-wal'))).toFixed(1)} MB`);
    console.log(`${rep.groups.length} groups (${rep.records} records), ${rep.candidates.length} correction candidates; report ${reportMs} ms; search ${searchMs.toFixed(1)} ms a query`);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
