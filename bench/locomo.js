// LoCoMo retrieval benchmark: one record per dialogue turn ("speaker: text" plus the
// image caption), the session date as its time, the conversation as its domain; every question is
// searched within its conversation. Reads ../shared/data/locomo/locomo10.json in place (or
// $OPTMEM_DATA/locomo/locomo10.json). Usage: npm run bench:locomo [-- --json] [--default-only]
// [--set K=V ...] (dotted keys into config.json, applied to every run: --set index.keyExpansion=true)
// [--tuned-only] [--consolidate] (consolidate --archive each home before its questions)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';
import { queryMetrics } from '../dist/eval/metrics.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data');
const file = path.join(dataDir, 'locomo', 'locomo10.json');
if (!fs.existsSync(file)) {
  console.error(`LoCoMo data not found at ${file} (set OPTMEM_DATA to the folder holding locomo/locomo10.json)`);
  process.exit(1);
}
const TUNED = new Set(['conv-26', 'conv-30']);
// --tuned-only: the two tuned conversations alone (their home holds nothing else), so a rule can be tried without a
// look at the held-out eight.
const convs = JSON.parse(fs.readFileSync(file, 'utf8')).filter((c) => !process.argv.includes('--tuned-only') || TUNED.has(c.sample_id));
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function sessionTime(s) {
  const m = /(\d+):(\d+)\s*(am|pm) on (\d+) (\w+),? (\d{4})/i.exec(s);
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return Date.UTC(Number(m[6]), MONTHS.indexOf(m[5].toLowerCase()), Number(m[4]), h, Number(m[2]));
}
const iso = (ms) => new Date(ms).toISOString().replace('Z', '+00:00');
const recId = (conv, dia) => `${conv}.${dia}`;

function buildRecords() {
  const records = [];
  const lastTime = new Map();
  for (const c of convs) {
    const conv = c.sample_id;
    const cv = c.conversation;
    for (let s = 1; cv[`session_${s}`]; s++) {
      const t0 = sessionTime(cv[`session_${s}_date_time`]);
      cv[`session_${s}`].forEach((turn, i) => {
        const text = `${turn.speaker}: ${turn.text}${turn.blip_caption ? ` [image: ${turn.blip_caption}]` : ''}`;
        records.push({ id: recId(conv, turn.dia_id), time: iso(t0 + i * 1000), text, domain: conv, source: { session: `${conv}-s${s}` } });
        lastTime.set(conv, Math.max(lastTime.get(conv) ?? 0, t0 + i * 1000));
      });
    }
  }
  return { records, lastTime };
}

function evidenceOf(q) {
  return (q.evidence ?? []).flatMap((e) => String(e).split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));
}

// The evaluation gate's own metric definitions (src/eval/metrics.ts), plus hit@5/@10.
function metrics(ranked, relevant) {
  const m = queryMetrics({ ranked, relevant, relevantSource: 'listed', pairs: [], pinned: [], redlines: [], checks: [] });
  const first = ranked.findIndex((id) => relevant.includes(id));
  return {
    r5: m.recall5,
    r10: m.recall10,
    hit1: m.hit1,
    hit5: first >= 0 && first < 5 ? 1 : 0,
    hit10: first >= 0 && first < 10 ? 1 : 0,
    mrr: m.mrr,
    ndcg10: m.ndcg10,
  };
}

const argv = process.argv.slice(2);
const userSets = argv.flatMap((a, i) => (a === '--set' ? [argv[i + 1]] : []));
function applySets(config) {
  for (const kv of userSets) {
    const i = kv.indexOf('=');
    const keys = kv.slice(0, i).split('.');
    let o = config;
    for (const k of keys.slice(0, -1)) o = o[k] = typeof o[k] === 'object' && o[k] !== null ? o[k] : {};
    const v = kv.slice(i + 1);
    let parsed = v;
    try {
      parsed = JSON.parse(v);
    } catch {
      /* a plain string */
    }
    o[keys.at(-1)] = parsed;
  }
  return config;
}

// --consolidate: run `optmem consolidate --archive` (summary tree, archive of the bounded share after
// the gate) on each home before its questions: what consolidation does to recall.
const consolidateFirst = argv.includes('--consolidate');

async function run(label, ranking) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-locomo-'));
  const { records, lastTime } = buildRecords();
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  const domains = convs.map((c) => c.sample_id);
  const config = applySets({ domains });
  if (ranking) config.ranking = { ...config.ranking, ...ranking };
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  const mem = createOptmem({ dir, durable: false });
  const tImport = performance.now();
  mem.import(records.map((r) => JSON.stringify(r)).join('\n'));
  const importMs = performance.now() - tImport;
  let consolidated = '';
  if (consolidateFirst) {
    const r = await mem.consolidate({ archive: true, now: iso(Math.max(...lastTime.values())) });
    const a = r.steps.find((s) => s.name === 'archive')?.data ?? {};
    const sm = r.steps.find((s) => s.name === 'summaries')?.data ?? {};
    consolidated = `; consolidated: ${sm.written ?? 0} summary nodes, ${a.archived?.length ?? 0} archived${a.gate ? ` (gate ${a.gate.pass ? 'passed' : 'refused'})` : ''}`;
  }
  const rows = [];
  const t0 = performance.now();
  for (const c of convs) {
    for (const q of c.qa) {
      const ev = evidenceOf(q).map((d) => recId(c.sample_id, d));
      if (ev.length === 0) continue;
      const res = mem.search({ query: String(q.question), domains: [c.sample_id], limit: 10, now: iso(lastTime.get(c.sample_id)) });
      rows.push({ conv: c.sample_id, cat: q.category, ...metrics(res.results.map((h) => h.id), ev) });
    }
  }
  const ms = performance.now() - t0;
  mem.close();
  const indexBytes = fs.readdirSync(dir, { recursive: true }).filter((f) => /index[^/]*\.(db|sqlite)(-wal)?$/.test(String(f))).reduce((s, f) => s + fs.statSync(path.join(dir, String(f))).size, 0);
  fs.rmSync(dir, { recursive: true, force: true });
  return { label: label + consolidated, rows, msPerQuery: ms / rows.length, importMs, indexBytes };
}

const KEYS = ['r5', 'r10', 'hit1', 'hit5', 'hit10', 'mrr', 'ndcg10'];
function mean(rows) {
  const out = { n: rows.length };
  for (const k of KEYS) out[k] = rows.length ? rows.reduce((s, r) => s + r[k], 0) / rows.length : 0;
  return out;
}

function table(res) {
  const lines = [];
  const fmt = (name, m) => `${name.padEnd(26)} ${String(m.n).padStart(5)} ` + KEYS.map((k) => m[k].toFixed(3).padStart(7)).join('');
  lines.push(`${res.label}  (${res.msPerQuery.toFixed(2)} ms/query in-process; import ${(res.importMs / 1000).toFixed(1)} s, index ${(res.indexBytes / 1048576).toFixed(1)} MiB)`);
  lines.push(`${'subset'.padEnd(26)} ${'n'.padStart(5)} ` + KEYS.map((k) => k.padStart(7)).join(''));
  const c14 = res.rows.filter((r) => r.cat >= 1 && r.cat <= 4);
  for (const cat of [1, 2, 3, 4]) lines.push(fmt(`category ${cat}`, mean(c14.filter((r) => r.cat === cat))));
  lines.push(fmt('categories 1-4', mean(c14)));
  lines.push(fmt('  tuned (conv-26, conv-30)', mean(c14.filter((r) => TUNED.has(r.conv)))));
  lines.push(fmt('  held out (other 8)', mean(c14.filter((r) => !TUNED.has(r.conv)))));
  lines.push(fmt('paper row: all categories', mean(res.rows)));
  return { text: lines.join('\n'), c14: mean(c14), all: mean(res.rows) };
}

const extra = userSets.length ? ` + ${userSets.join(' ')}` : '';
const on = table(await run(`optmem, default configuration${extra}: relative decay (now = end of each conversation)`, undefined));
if (argv.includes('--default-only')) {
  console.log(on.text);
  if (argv.includes('--json')) console.log(JSON.stringify({ c14: on.c14, all: on.all }));
  process.exit(0);
}
const abs = table(await run(`optmem, decay by own age (decayMode absolute, the earlier rule)${extra}`, { decayMode: 'absolute' }));
const off = table(await run(`optmem, decay off${extra}`, { decayFloor: 1 }));
console.log(on.text + '\n\n' + abs.text + '\n\n' + off.text);
console.log(
  `\nreference, categories 1-4: plain BM25 (k1 1.2, b 0.75, lowercase letter/digit tokens) R@5 0.441, R@10 0.519.` +
    `\nreference, paper row: DRAGON (dense) R@5 0.567, R@10 0.662; plain BM25 0.463 / 0.541 (the paper's own scoring).`,
);
if (process.argv.includes('--json')) {
  fs.mkdirSync(path.join(root, '.bench'), { recursive: true });
  fs.writeFileSync(path.join(root, '.bench', 'locomo.json'), JSON.stringify({ decayOn: { c14: on.c14, all: on.all }, decayAbsolute: { c14: abs.c14, all: abs.all }, decayOff: { c14: off.c14, all: off.all } }, null, 2));
}
