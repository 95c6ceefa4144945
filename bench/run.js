// npm run bench — speed and size of optmem on synthetic memory homes, against raw FTS5 (the floor),
// minisearch and flexsearch on the same records, and the ingest throughput (bench/ingest.js).
//   BENCH_SIZES=10000,100000,1000000 npm run bench     (or: node bench/run.js --sizes 10000,1000000)
//   BENCH_PASSES=5      measured passes over the query set (in-process search and floor)
//   BENCH_KEEP=1        keep the temporary memory homes (their paths are printed)
//   BENCH_IMPORT_BUDGET_S=60, BENCH_SEARCH_BUDGET_S=45   time budgets per size (a slow build is cut short, and says so)
//   BENCH_ENGINE_BUDGET_S=180   per in-memory engine and size (build + searches); BENCH_ENGINE_HEAP_MB (default: half
//                               the RAM, at most 8192) its heap limit. An engine over either is reported, not fatal.
//   BENCH_ENGINES=minisearch,flexsearch   which in-memory engines (empty: none)
//   BENCH_INGEST_LINES=100000   transcript lines for the ingest figure (0: skip it)
// Figures go to stdout as a table and to .bench/last.json (the previous one is compared against).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';
import { generateJsonl, prng, VOCAB } from './gen.js';
import { benchQueries } from './queries.js';
import { runFloor } from './floor.js';
import { ingestLines, measureIngest } from './ingest.js';
import * as flexsearch from './engines/flexsearch.js';
import * as minisearch from './engines/minisearch.js';
import { fmtBytes, fmtMs, fmtRate, now, summarize } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const bin = path.join(root, 'bin', 'optmem.js');

const TARGETS = {
  importRate: { min: 20_000, label: '≥ 20k rec/s' },
  searchP50: { max: 2, label: '≤ 2 ms (at 100k)' },
  searchP99: { max: 15, label: '≤ 15 ms (at 100k)' },
  cliSearch: { max: 150, label: '≤ 150 ms' },
  addP50: { max: 20, label: '≤ 20 ms' },
};

const ALL_ENGINES = { minisearch, flexsearch };
const ENGINES = (process.env.BENCH_ENGINES ?? Object.keys(ALL_ENGINES).join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const e of ENGINES) {
  if (!ALL_ENGINES[e]) {
    console.error(`bench: unknown engine "${e}" in BENCH_ENGINES (known: ${Object.keys(ALL_ENGINES).join(', ')})`);
    process.exit(2);
  }
}

function parseSizes() {
  const argv = process.argv.slice(2);
  let raw = process.env.BENCH_SIZES;
  const i = argv.findIndex((a) => a === '--sizes' || a.startsWith('--sizes='));
  if (i !== -1) raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const sizes = (raw ?? '10000,100000')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/k$/, '000').replace(/m$/, '000000'))
    .filter(Boolean)
    .map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 100)) {
    console.error(`bench: sizes must be whole numbers ≥ 100, e.g. BENCH_SIZES=10000,100000 (got "${raw}")`);
    process.exit(2);
  }
  return { sizes, explicit: raw !== undefined };
}

function dirBytes(dir) {
  let total = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    total += ent.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

const sizeOf = (f) => (fs.existsSync(f) ? fs.statSync(f).size : 0);

/** Wall time of a child process, ms. */
function wall(args, input) {
  const t0 = now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', input, maxBuffer: 64 << 20 });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`bench: \`node ${args.join(' ')}\` failed (${r.status}): ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

function addTexts(n, seed) {
  const r = prng(seed);
  return Array.from({ length: n }, (_, i) => `[code] ${r.pick(VOCAB.svc)}的端口是${r.int(1024, 65535)}，配置在 ${r.pick(VOCAB.path)}（bench add ${i}）`);
}

/**
 * One in-memory engine in a process of its own, under a time budget and a heap limit: its figures,
 * or { failed } saying why it has none (out of memory, out of time) — never a crash of the bench.
 */
function runEngine(name, bodiesFile, queriesFile, passes, searchBudgetS) {
  const budgetS = Number(process.env.BENCH_ENGINE_BUDGET_S ?? 180);
  const heapMb = Number(process.env.BENCH_ENGINE_HEAP_MB ?? Math.min(8192, Math.floor(os.totalmem() / 1048576 / 2)));
  const args = [`--max-old-space-size=${heapMb}`, '--expose-gc', path.join(here, 'engine-worker.js'), name, bodiesFile, queriesFile, String(passes), String(searchBudgetS)];
  const t0 = now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: budgetS * 1000, killSignal: 'SIGKILL', maxBuffer: 16 << 20 });
  const wallMs = now() - t0;
  const { version, lacks } = ALL_ENGINES[name];
  if (r.error?.code === 'ETIMEDOUT') return { engine: name, version, lacks, wallMs, failed: `did not finish within ${budgetS} s (BENCH_ENGINE_BUDGET_S); stopped` };
  if (r.status !== 0) {
    const err = r.stderr ?? '';
    const why = /heap out of memory|Allocation failed|invalid array length|Invalid string length/i.test(err)
      ? `ran out of memory (heap limit ${heapMb} MiB, BENCH_ENGINE_HEAP_MB)`
      : r.signal
        ? `killed by ${r.signal} after ${fmtMs(wallMs)} (out of memory?)`
        : `failed (exit ${r.status}): ${err.trim().split('\n').slice(-1)[0] ?? ''}`;
    return { engine: name, version, lacks, wallMs, failed: why };
  }
  return { ...JSON.parse(r.stdout.trim().split('\n').pop()), wallMs, heapLimitMb: heapMb };
}

function runSize(n, passes, log) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `optmem-bench-${n}-`));
  const home = path.join(tmp, 'home');
  const out = { records: n };
  try {
    let t = now();
    const { jsonl, chars } = generateJsonl(n);
    out.generateMs = now() - t;
    out.avgChars = chars / n;
    out.jsonlBytes = Buffer.byteLength(jsonl);
    log(`  generated ${n} records (${out.avgChars.toFixed(0)} chars avg) in ${fmtMs(out.generateMs)}`);

    // Bulk import in a child process with a time budget. When it overruns, the same records are
    // imported again with every 〔更正〕 naming its target (identical texts), and the rest of the
    // figures are measured on that home — flagged in the output.
    const budgetMs = Number(process.env.BENCH_IMPORT_BUDGET_S ?? 60) * 1000;
    const tryImport = (variant) => {
      fs.rmSync(home, { recursive: true, force: true });
      const t0 = now();
      const r = spawnSync(process.execPath, [path.join(here, 'import-worker.js'), home, String(n), variant], { encoding: 'utf8', timeout: budgetMs, killSignal: 'SIGKILL' });
      if (r.error?.code === 'ETIMEDOUT' || r.signal) return { timedOut: true, wallMs: now() - t0 };
      if (r.status !== 0) throw new Error(`bench: import failed: ${r.stderr}`);
      return JSON.parse(r.stdout.trim().split('\n').pop());
    };
    let imp = tryImport('as-generated');
    out.importVariant = 'as-generated';
    if (imp.timedOut) {
      out.importTimedOut = { budgetMs, wallMs: imp.wallMs };
      log(`  import did NOT finish within ${fmtMs(budgetMs)} (stopped); importing again with every 〔更正〕 naming its target`);
      imp = tryImport('named');
      out.importVariant = 'named-corrections';
      if (imp.timedOut) {
        // No optmem figures at this size; the floor and the engines still run on the same records.
        out.importFailed = `even with every 〔更正〕 naming its target, the import overran ${fmtMs(budgetMs)} (BENCH_IMPORT_BUDGET_S)`;
        log(`  import: ${out.importFailed}; no optmem figures at this size`);
      }
    }
    const searchBudgetS = Number(process.env.BENCH_SEARCH_BUDGET_S ?? 45);
    const queries = benchQueries();
    if (!out.importFailed) {
      out.importMs = imp.importMs;
      out.importRate = (imp.imported / imp.importMs) * 1000;
      out.indexBytes = imp.indexBytes;
      out.walBytes = imp.walBytes;
      out.indexBytesClosed = sizeOf(path.join(home, 'index.sqlite')) + sizeOf(path.join(home, 'index.sqlite-wal'));
      out.logBytes = dirBytes(path.join(home, 'log'));
      out.dayFiles = fs.readdirSync(path.join(home, 'log'), { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
      log(`  imported in ${fmtMs(out.importMs)} (${fmtRate(out.importRate)})${out.importTimedOut ? ' [named-corrections variant]' : ''}`);

      // In-process search, in a fresh process (also gives its RSS).
      const w = wall([path.join(here, 'search-worker.js'), home, String(passes), String(searchBudgetS)]);
      Object.assign(out, { inproc: JSON.parse(w.stdout.trim().split('\n').pop()) });
      log(`  in-process search p50 ${fmtMs(out.inproc.search.p50)}, p99 ${fmtMs(out.inproc.search.p99)} over ${out.inproc.search.n} searches${out.inproc.stopped ? ` (stopped at the ${searchBudgetS} s budget)` : ''}`);

      // Cold CLI search: a new process per query, wall time.
      const cliQueries = queries.filter((_, i) => i % 5 === 0).slice(0, 20);
      wall([bin, 'search', cliQueries[0], '--dir', home]); // page cache warm, like a machine in use
      const cli = [];
      const cliStart = now();
      for (const q of cliQueries) {
        if (cli.length >= 3 && now() - cliStart > searchBudgetS * 1000) break;
        cli.push(wall([bin, 'search', q, '--dir', home]).ms);
      }
      out.cliSearch = summarize(cli);
      out.nodeStartup = summarize(Array.from({ length: 10 }, () => wall(['-e', '0']).ms));
      log(`  CLI search p50 ${fmtMs(out.cliSearch.p50)} (bare node start ${fmtMs(out.nodeStartup.p50)})`);

      // Single durable adds through the library (fsync on), on the full home.
      const m2 = createOptmem({ dir: home, durable: true });
      const texts = addTexts(101, n);
      m2.add({ text: texts[0] }); // first append of the day creates today's file
      const adds = texts.slice(1).map((text) => {
        const s = now();
        m2.add({ text });
        return now() - s;
      });
      m2.close();
      out.add = summarize(adds);
      const cliAdds = addTexts(10, n + 1).map((text) => wall([bin, 'add', text, '--dir', home]).ms);
      out.cliAdd = summarize(cliAdds);
      log(`  durable add p50 ${fmtMs(out.add.p50)}; CLI add p50 ${fmtMs(out.cliAdd.p50)}`);
    }

    // The floor: plain FTS5 with the same segmented text and the same AND strings.
    out.floor = runFloor({ jsonl, dir: tmp, queries, passes });
    out.floor.rate = (out.floor.records / (out.floor.segmentMs + out.floor.insertMs)) * 1000;
    log(`  floor (raw FTS5) p50 ${fmtMs(out.floor.search.p50)}, p99 ${fmtMs(out.floor.search.p99)}`);

    // The in-memory engines: the floor's segmented bodies and query terms, each in a fresh process.
    const bodiesFile = path.join(tmp, 'bodies.jsonl');
    const queriesFile = path.join(tmp, 'queries.json');
    fs.writeFileSync(bodiesFile, out.floor.bodies.map((b) => JSON.stringify(b)).join('\n') + '\n');
    fs.writeFileSync(queriesFile, JSON.stringify(out.floor.queryTerms));
    delete out.floor.bodies;
    delete out.floor.queryTerms;
    out.engines = {};
    for (const name of ENGINES) {
      const e = runEngine(name, bodiesFile, queriesFile, passes, searchBudgetS);
      out.engines[name] = e;
      if (e.failed) log(`  ${name} ${e.version}: ${e.failed}`);
      else log(`  ${name} ${e.version}: built in ${fmtMs(e.buildMs)} (heap +${fmtBytes(e.heapDelta)}), p50 ${fmtMs(e.search.p50)}, p99 ${fmtMs(e.search.p99)}${e.stopped ? ' (search budget hit)' : ''}`);
    }
  } finally {
    if (process.env.BENCH_KEEP) log(`  kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

function mark(value, target) {
  if (!target || !Number.isFinite(value)) return '';
  const ok = target.min !== undefined ? value >= target.min : value <= target.max;
  return ok ? ' ✓' : ' ✗';
}

function table(headers, rows) {
  const width = (s) => [...String(s)].reduce((w, ch) => w + (/[\u1100-\uffff]/.test(ch) && !/[✓✗≤≥—·→]/.test(ch) ? 2 : 1), 0);
  const cols = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c) + ' '.repeat(cols[i] - width(c)) : ' '.repeat(cols[i] - width(c)) + String(c))).join('  ');
  return [line(headers), cols.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** f(r) as a table cell; '—' where a size has no such figure (optmem's import did not finish). */
function cell(f, r) {
  try {
    return f(r) ?? '—';
  } catch {
    return '—';
  }
}

function report(results, sizes) {
  const head = ['', ...sizes.map((n) => `${n.toLocaleString('en-US')} rec`), 'target'];
  const row = (label, f, target) => [label, ...sizes.map((n) => cell(f, results[n])), target?.label ?? ''];
  const rows = [
    row('bulk import (1 call, JSONL)', (r) => (r.importTimedOut ? `> ${fmtMs(r.importTimedOut.budgetMs)}: < ${fmtRate(r.records / (r.importTimedOut.budgetMs / 1000))} ✗` : fmtRate(r.importRate) + mark(r.importRate, TARGETS.importRate)), TARGETS.importRate),
    row('  with every 〔更正〕 naming its id', (r) => (r.importFailed ? 'did not finish ✗' : r.importTimedOut ? fmtRate(r.importRate) + mark(r.importRate, TARGETS.importRate) + ' *' : '(same as above)')),
    row('  import wall time', (r) => fmtMs(r.importMs)),
    row('search in-process p50', (r) => fmtMs(r.inproc.search.p50) + mark(r.inproc.search.p50, TARGETS.searchP50), TARGETS.searchP50),
    row('search in-process p99', (r) => fmtMs(r.inproc.search.p99) + mark(r.inproc.search.p99, TARGETS.searchP99), TARGETS.searchP99),
    row('  max', (r) => fmtMs(r.inproc.search.max)),
    row('  searches measured', (r) => `${r.inproc.search.n}${r.inproc.stopped ? ' (budget hit)' : ''}`),
    row('floor: raw FTS5 p50', (r) => fmtMs(r.floor.search.p50)),
    row('floor: raw FTS5 p99', (r) => fmtMs(r.floor.search.p99)),
    row('search via CLI, cold, p50 wall', (r) => fmtMs(r.cliSearch.p50) + mark(r.cliSearch.p50, TARGETS.cliSearch), TARGETS.cliSearch),
    row('  p99 wall (runs)', (r) => `${fmtMs(r.cliSearch.p99)} (${r.cliSearch.n})`),
    row('  bare `node -e 0` p50', (r) => fmtMs(r.nodeStartup.p50)),
    row('durable add, library p50', (r) => fmtMs(r.add.p50) + mark(r.add.p50, TARGETS.addP50), TARGETS.addP50),
    row('durable add, library p99', (r) => fmtMs(r.add.p99)),
    row('durable add via CLI p50 wall', (r) => fmtMs(r.cliAdd.p50)),
    row('index.sqlite after import', (r) => fmtBytes(r.indexBytes)),
    row('index.sqlite-wal after import', (r) => fmtBytes(r.walBytes)),
    row('index after close (sqlite+wal)', (r) => fmtBytes(r.indexBytesClosed)),
    row('log (Markdown day files)', (r) => (r.importFailed ? '—' : `${fmtBytes(r.logBytes)} / ${r.dayFiles} files`)),
    row('RSS after searches', (r) => fmtBytes(r.inproc.rss)),
  ];
  console.log('\n' + table(head, rows));
  if (sizes.some((n) => results[n].importTimedOut && !results[n].importFailed)) {
    console.log('* the as-generated import overran its budget (BENCH_IMPORT_BUDGET_S); every figure below the import rows\n  at that size was measured on the home imported with every 〔更正〕 naming its target (same texts).');
  }

  const why = [
    row('open home (createOptmem)', (r) => fmtMs(r.inproc.openMs)),
    row('first search (loads jieba)', (r) => fmtMs(r.inproc.firstSearchMs)),
    row('freshness check p50 (refresh)', (r) => fmtMs(r.inproc.stages.refresh.p50)),
    row('query segmentation p50', (r) => fmtMs(r.inproc.stages.segment.p50)),
    row('candidate SQL, AND ×200 p50', (r) => fmtMs(r.inproc.stages.andSql.p50)),
    row('candidate SQL, AND ×200 p99', (r) => fmtMs(r.inproc.stages.andSql.p99)),
    row('OR fallback SQL p50 (queries)', (r) => (r.inproc.stages.orSql ? `${fmtMs(r.inproc.stages.orSql.p50)} (${r.inproc.stages.orQueries})` : '—')),
    row('OR fallback SQL p99', (r) => (r.inproc.stages.orSql ? fmtMs(r.inproc.stages.orSql.p99) : '—')),
    row('search modes', (r) => Object.entries(r.inproc.modes).map(([k, v]) => `${k} ${v}`).join(', ')),
    row('floor: segment + insert', (r) => fmtRate(r.floor.rate)),
    row('index: fact slots / edges', (r) => `${r.inproc.derived.facts ?? '—'} / ${r.inproc.derived.edges ?? '—'}`),
  ];
  console.log('\nwhere the time goes (stages timed from outside search())\n' + table(head.slice(0, -1), why.map((r) => r.slice(0, -1))));
  compareEngines(results, sizes, head);
  for (const n of sizes) {
    if (!results[n].inproc) {
      console.log(`\nat ${n.toLocaleString('en-US')}: no optmem figures: ${results[n].importFailed}`);
      continue;
    }
    const s = results[n].inproc.slowest.map((x) => `  ${fmtMs(x.p50).padStart(9)}  ${x.q}  (${x.mode}, ${x.candidates} candidates)`);
    console.log(`\nslowest queries at ${n.toLocaleString('en-US')} (p50):\n${s.join('\n')}`);
  }
}

/** Lines of at most `width` characters, broken at spaces. */
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last && last.length + 1 + word.length > width) lines.push(word);
    else lines[lines.length - 1] = last ? `${last} ${word}` : word;
  }
  return lines;
}

/** optmem against the floor and the in-memory engines: one run's figures, times as ratios to optmem's. */
function compareEngines(results, sizes, head) {
  const nq = benchQueries().length;
  const ratio = (x, base) => {
    if (!Number.isFinite(x) || !(base > 0)) return '—';
    const q = x / base;
    return `${q >= 0.1 ? q.toFixed(2) : q.toPrecision(2)}×`;
  };
  const engines = ENGINES.map((name) => {
    const e = Object.values(results).map((r) => r.engines?.[name]).find(Boolean) ?? ALL_ENGINES[name];
    return { name, label: `${name} ${e.version}`, lacks: e.lacks };
  });
  const eng = (r, name) => r.engines?.[name];
  const failedCell = (e) => `— (${/memory/.test(e.failed) ? 'out of memory' : /within/.test(e.failed) ? 'out of time' : 'failed'}, see below)`;
  const times = (stat) => [
    [`search ${stat}: optmem search()`, (r) => `${fmtMs(r.inproc.search[stat])} · 1×`],
    ['  raw FTS5 (floor)', (r) => `${fmtMs(r.floor.search[stat])} · ${ratio(r.floor.search[stat], r.inproc?.search[stat])}`],
    ...engines.map(({ name, label }) => [`  ${label}`, (r) => {
      const e = eng(r, name);
      return e.failed ? failedCell(e) : `${fmtMs(e.search[stat])} · ${ratio(e.search[stat], r.inproc?.search[stat])}`;
    }]),
  ];
  const rows = [
    ...times('p50'),
    ...times('p99'),
    ['index build: optmem bulk import', (r) => fmtMs(r.importMs)],
    ['  raw FTS5 insert', (r) => fmtMs(r.floor.insertMs)],
    ...engines.map(({ name }) => [`  ${name} ${name === 'minisearch' ? 'addAll' : 'add'}`, (r) => {
      const e = eng(r, name);
      return e.failed ? failedCell(e) : fmtMs(e.buildMs);
    }]),
    ['  segmenting the text (jieba), shared', (r) => fmtMs(r.floor.segmentMs)],
    ['memory: optmem RSS after searches', (r) => fmtBytes(r.inproc.rss)],
    ['  raw FTS5 file on disk', (r) => fmtBytes(r.floor.bytes)],
    ...engines.map(({ name }) => [`  ${name} heap used (RSS Δ)`, (r) => {
      const e = eng(r, name);
      return e.failed ? failedCell(e) : `+${fmtBytes(e.heapDelta)} (+${fmtBytes(e.rssDelta)})`;
    }]),
    ['queries with a hit: optmem', (r) => (r.inproc ? `${nq - (r.inproc.zeroHit?.length ?? 0)}/${nq}` : undefined)],
    ['  raw FTS5 (AND only)', (r) => `${r.floor.hitQueries}/${r.floor.queries}`],
    ...engines.map(({ name }) => [`  ${name}`, (r) => {
      const e = eng(r, name);
      return e.failed ? '—' : `${e.hitQueries}/${e.queries}`;
    }]),
  ].map(([label, f]) => [label, ...sizes.map((n) => cell(f, results[n]))]);
  console.log(
    `\nthe same records and queries in other engines (one run; n× = its time ÷ optmem's, under 1× is faster)\n` +
      table(['', ...head.slice(1, -1)], rows),
  );
  const notes = [
    'optmem      the whole search(): query segmentation, the day files\' freshness check, FTS5 BM25 candidates, the',
    '            ranking rules (corrections, red lines, tiers, recency) and an OR pass when AND finds fewer than 10;',
    '            its index is on disk, derived from the Markdown files (import time includes writing both)',
    'raw FTS5    BM25 over the same segmented text, the AND string only: no ranking rules, no OR pass; on disk',
    ...engines.flatMap(({ name, lacks }) => wrap(lacks, 100).map((l, i) => `${(i ? '' : name).padEnd(11)} ${l}`)),
    'all but optmem get the query already segmented (optmem\'s time includes it) and are top 10 with every term (AND);',
    'a phrase term (127.0.0.1, config/server.yaml) is a phrase in FTS5 and its words ANDed in minisearch and flexsearch',
  ];
  for (const n of sizes) {
    for (const { name, label } of engines) {
      const e = eng(results[n], name);
      if (e?.failed) notes.push(`at ${n.toLocaleString('en-US')}: ${label} ${e.failed}`);
    }
  }
  console.log('\nwhat each does and does not do:\n' + notes.map((l) => `  ${l}`).join('\n'));
}

function compare(prev, results, sizes) {
  if (!prev?.sizes) return;
  const lines = [];
  for (const n of sizes) {
    const a = prev.sizes[n];
    const b = results[n];
    if (!a?.inproc || !b?.inproc) continue;
    const d = (label, x, y, f) => `${label} ${f(x)} → ${f(y)}`;
    lines.push(
      `  ${n.toLocaleString('en-US')}: ` +
        [
          d('import', a.importRate, b.importRate, fmtRate),
          d('p50', a.inproc.search.p50, b.inproc.search.p50, fmtMs),
          d('p99', a.inproc.search.p99, b.inproc.search.p99, fmtMs),
          d('CLI', a.cliSearch.p50, b.cliSearch.p50, fmtMs),
          d('add', a.add.p50, b.add.p50, fmtMs),
        ].join(' · '),
    );
  }
  if (prev.ingest && results.ingest) lines.push(`  ingest: ${Math.round(prev.ingest.rate).toLocaleString('en')} → ${Math.round(results.ingest.rate).toLocaleString('en')} turns/s`);
  if (lines.length) console.log(`\nagainst the previous run (${prev.date}):\n${lines.join('\n')}`);
}

function main() {
  const { sizes, explicit } = parseSizes();
  const passes = Number(process.env.BENCH_PASSES ?? 5);
  const cpus = os.cpus();
  console.log(`optmem bench · node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'} · ${os.platform()}`);
  console.log(
    `sizes: ${sizes.join(', ')}${explicit ? '' : ' (default; 1M on request: BENCH_SIZES=10000,100000,1000000 npm run bench)'}` +
      ` · ${benchQueries().length} queries × ${passes} passes after a warm-up pass`,
  );
  const results = {};
  for (const n of sizes) {
    console.log(`\n${n.toLocaleString('en-US')} records`);
    results[n] = runSize(n, passes, (s) => console.log(s));
  }
  report(results, sizes);

  // Ingest throughput, as `node bench/ingest.js` measures it.
  const ingestLinesN = Number(process.env.BENCH_INGEST_LINES ?? 100_000);
  let ingest = null;
  if (ingestLinesN > 0) {
    ingest = measureIngest({ lines: ingestLinesN });
    console.log('\ningest throughput (as `node bench/ingest.js`)\n' + ingestLines(ingest).join('\n'));
  }

  const dir = path.join(root, '.bench');
  const file = path.join(dir, 'last.json');
  let prev = null;
  try {
    prev = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    /* first run */
  }
  compare(prev, { ...results, ingest }, sizes);
  fs.mkdirSync(dir, { recursive: true });
  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpu: cpus[0]?.model.trim(),
    passes,
    queries: benchQueries().length,
    targets: TARGETS,
    sizes: results,
    ingest,
  };
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
  console.log(`\nfigures written to .bench/last.json`);
}

main();
