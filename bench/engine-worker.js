// One in-memory search engine on the bench records, in a process of its own (so its memory is its
// own, and a build that runs out of memory or time cannot take the bench down).
// usage: node --expose-gc bench/engine-worker.js ENGINE BODIES.jsonl QUERIES.json PASSES BUDGET_S
//   BODIES.jsonl: one JSON string a line, the body optmem indexes (segmented), record i → id i+1
//   QUERIES.json: one array of term strings per query (optmem's active AND terms)
// → one JSON line on stdout
import fs from 'node:fs';
import { queryWords } from './engines/common.js';
import { now, summarize } from './stats.js';

const [engineName, bodiesFile, queriesFile, passesArg, budgetArg] = process.argv.slice(2);
const engine = await import(`./engines/${engineName}.js`);
const passes = Number(passesArg ?? 5);
const budgetMs = Number(budgetArg ?? 60) * 1000;

const bodies = fs.readFileSync(bodiesFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const queries = JSON.parse(fs.readFileSync(queriesFile, 'utf8')).map(queryWords).filter((w) => w.length);

const gc = globalThis.gc ?? (() => {});
const mem = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};

const before = mem();
let t = now();
const index = engine.build(bodies);
const buildMs = now() - t;
const after = mem();

const deadline = now() + budgetMs;
let hitQueries = 0;
for (const q of queries) if (engine.search(index, q).length) hitQueries++; // warm-up, and the hit count
const samples = [];
let stopped = false;
for (let p = 0; p < passes && !stopped; p++) {
  for (const q of queries) {
    if (now() > deadline && samples.length >= 10) {
      stopped = true;
      break;
    }
    const s = now();
    engine.search(index, q);
    samples.push(now() - s);
  }
}

process.stdout.write(
  JSON.stringify({
    engine: engine.name,
    version: engine.version,
    lacks: engine.lacks,
    records: bodies.length,
    buildMs,
    heapDelta: after.heap - before.heap,
    rssDelta: after.rss - before.rss,
    heapUsed: after.heap,
    queries: queries.length,
    hitQueries,
    stopped,
    search: summarize(samples),
  }) + '\n',
);
