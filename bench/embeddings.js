// npm run bench:embeddings — the optional vector path on a synthetic home (bench/gen.js):
//   the same records imported twice, embeddings absent and enabled:false: index size and in-process
//   search p50 (must be the same: off changes nothing); then enabled, against the local stand-in
//   (test/fixtures/embeddings-server.mjs, a hashing of character n-grams in its own process):
//   `embed` time, vectors.sqlite size, hybrid search p50 (includes one HTTP round trip per query).
//   BENCH_EMB_SIZE=10000   records      BENCH_PASSES=3   measured passes over the query set
// The stand-in is no semantic model: these are speed and size figures, not quality ones.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';
import { createOpenAIEmbedder } from '../dist/embeddings/openai.js';
import { generateJsonl } from './gen.js';
import { benchQueries } from './queries.js';
import { fmtBytes, fmtMs, now, summarize } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const n = Number(process.env.BENCH_EMB_SIZE ?? 10_000);
const passes = Number(process.env.BENCH_PASSES ?? 3);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-emb-'));
const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
const indexBytes = (h) => size(path.join(h, 'index.sqlite')) + size(path.join(h, 'index.sqlite-wal'));
const NOW = '2026-12-31T12:00:00+08:00';

function startStandIn() {
  const child = spawn(process.execPath, [path.join(here, '..', 'test', 'fixtures', 'embeddings-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (c) => {
      out += c;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, baseUrl: `http://127.0.0.1:${m[1]}/v1` });
    });
  });
}

function makeHome(name, embeddings, jsonl) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ...(embeddings ? { embeddings } : {}) }));
  const mem = createOptmem({ dir, durable: false });
  const t = now();
  const r = mem.import(jsonl);
  const ms = now() - t;
  mem.close();
  return { dir, ms, warnings: r.warnings };
}

function searchP50(dir) {
  const mem = createOptmem({ dir });
  const queries = benchQueries();
  for (const q of queries) mem.search({ query: q, now: NOW }); // warm-up
  const ms = [];
  let warnings = 0;
  for (let p = 0; p < passes; p++) {
    for (const q of queries) {
      const t = now();
      const r = mem.search({ query: q, now: NOW });
      ms.push(now() - t);
      if (r.warnings) warnings++;
    }
  }
  mem.close();
  return { ...summarize(ms), warnings };
}

async function main() {
  console.log(`embeddings bench: ${n.toLocaleString('en-US')} records, ${passes} passes over ${benchQueries().length} queries`);
  const { jsonl } = generateJsonl(n);
  const absent = makeHome('absent', null, jsonl);
  const srv = await startStandIn();
  try {
    const off = makeHome('off', { enabled: false, baseUrl: srv.baseUrl, model: 'hash' }, jsonl);
    const sAbsent = searchP50(absent.dir);
    const sOff = searchP50(off.dir);
    // enabled: import without the endpoint's cost counted twice — import first, then embed
    const on = makeHome('on', null, jsonl);
    fs.writeFileSync(path.join(on.dir, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], embeddings: { enabled: true, baseUrl: srv.baseUrl, model: 'hash', batchSize: 256 } }));
    const mem = createOptmem({ dir: on.dir });
    const t = now();
    const rep = mem.embed();
    const embedMs = now() - t;
    mem.close();
    const sOn = searchP50(on.dir);
    // the request alone: what of the hybrid search is the HTTP round trip
    const embedder = createOpenAIEmbedder({ baseUrl: srv.baseUrl, model: 'hash', apiKey: null });
    const rt = [];
    for (let p = 0; p < passes; p++) {
      for (const q of benchQueries()) {
        const t0 = now();
        embedder.embed([q]);
        rt.push(now() - t0);
      }
    }
    const sRt = summarize(rt);
    const rows = [
      ['index.sqlite, embeddings absent', `${fmtBytes(indexBytes(absent.dir))} (${indexBytes(absent.dir)} B)`],
      ['index.sqlite, enabled:false', `${fmtBytes(indexBytes(off.dir))} (${indexBytes(off.dir)} B)`],
      ['vectors.sqlite, enabled:false', off.dir && fs.existsSync(path.join(off.dir, 'vectors.sqlite')) ? 'present (wrong!)' : 'none'],
      ['search p50 / p99, absent', `${fmtMs(sAbsent.p50)} / ${fmtMs(sAbsent.p99)}`],
      ['search p50 / p99, enabled:false', `${fmtMs(sOff.p50)} / ${fmtMs(sOff.p99)}`],
      ['embed (stand-in, batch 256)', `${rep.embedded} records in ${fmtMs(embedMs)} (${rep.batches} requests)${rep.error ? `, stopped: ${rep.error}` : ''}`],
      ['index.sqlite, enabled', fmtBytes(indexBytes(on.dir))],
      ['vectors.sqlite, enabled (256-d)', fmtBytes(size(path.join(on.dir, 'vectors.sqlite')) + size(path.join(on.dir, 'vectors.sqlite-wal')))],
      ['hybrid search p50 / p99 (incl. HTTP)', `${fmtMs(sOn.p50)} / ${fmtMs(sOn.p99)}${sOn.warnings ? ` (${sOn.warnings} warnings!)` : ''}`],
      ['  of which the query request, p50 / p99', `${fmtMs(sRt.p50)} / ${fmtMs(sRt.p99)}`],
    ];
    const w = Math.max(...rows.map((r) => r[0].length));
    for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
  } finally {
    srv.child.kill();
    if (!process.env.BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
    else console.log(`kept ${tmp}`);
  }
}

await main();
