// Recall on Chinese-first conversational questions, optmem beside a plain character-bigram
// BM25 computed on the same records in the same run. Three labelled sets in eval/recall (README there):
//   memorybank  MemoryBank-SiliconFriend cn probing questions, one home per user (dialogues read in place
//               from ../shared/data or $OPTMEM_DATA; only the labels are in the repo)
//   agentwork   questions over the three agents' records (eval/recall/agentwork-records.jsonl), one home
//   xlang       English questions over Chinese records and the reverse, same home as agentwork
// Usage (after the build): node bench/recall.js [--split dev|test|all | --dev-only] [--sets memorybank,agentwork,xlang]
//   [--errors] [--json] [--set K=V ...] [--without-aliases K=V ...]
// --set applies to every optmem run (dotted keys into config.json: --set ranking.decayFloor=1).
// When aliases exist (a config key `aliases` or a home file `aliases.txt`), every set is also run
// without them: the home's aliases.txt is removed and --without-aliases overrides are applied
// (default: aliases.enabled=false when the default config has aliases.enabled, else aliases=false).
// The test split is scored in aggregate only: its cases and misses are never printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOptmem } from '../dist/index.js';
import { DEFAULT_CONFIG } from '../dist/config.js';
import { queryMetrics } from '../dist/eval/metrics.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const evalDir = path.join(root, 'eval', 'recall');
const dataDir = process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i === -1 ? dflt : argv[i + 1];
};
const many = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
// --dev-only (the same as --split dev): for tuning runs, which must never show test figures.
const split = argv.includes('--dev-only') ? 'dev' : opt('--split', 'all');
if (!['dev', 'test', 'all'].includes(split)) throw new Error('--split must be dev, test or all');
const sets = opt('--sets', 'memorybank,agentwork,xlang').split(',').filter(Boolean);
const showErrors = argv.includes('--errors');
const asJson = argv.includes('--json');
const K = 10;

function parseValue(v) {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v !== '' && !Number.isNaN(Number(v))) return Number(v);
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}
function applySets(config, pairs) {
  for (const kv of pairs) {
    const i = kv.indexOf('=');
    const keys = kv.slice(0, i).split('.');
    let o = config;
    for (const k of keys.slice(0, -1)) o = o[k] = typeof o[k] === 'object' && o[k] !== null ? o[k] : {};
    o[keys.at(-1)] = parseValue(kv.slice(i + 1));
  }
  return config;
}
const userSets = many('--set');

// ---------- the labelled sets ----------
const readJsonl = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

function memorybankSet() {
  const file = path.join(dataDir, 'memorybank-siliconfriend', 'cn', 'memory_bank_cn.json');
  if (!fs.existsSync(file)) throw new Error(`MemoryBank data not found at ${file} (set OPTMEM_DATA to the folder holding memorybank-siliconfriend/)`);
  const bank = JSON.parse(fs.readFileSync(file, 'utf8'));
  const users = Object.keys(bank);
  const homes = users.map((user, u) => {
    const records = [];
    for (const [date, turns] of Object.entries(bank[user].history)) {
      turns.forEach((t, i) => {
        const mm = String(i).padStart(2, '0');
        records.push({ id: recIdMb(u, date, i), time: `${date}T20:${mm}:00+08:00`, text: `我：${t.query}\nAI伴侣：${t.response}` });
      });
    }
    const last = records.map((r) => Date.parse(r.time)).reduce((a, b) => Math.max(a, b), 0);
    return { name: user, records, now: new Date(last + 86400000).toISOString() };
  });
  const questions = readJsonl(path.join(evalDir, 'memorybank-zh.jsonl')).map((q) => ({
    id: q.id,
    split: q.split,
    home: q.user,
    question: q.question,
    answers: q.answers.map((a) => recIdMb(users.indexOf(q.user), a.date, a.index)),
  }));
  return { name: 'memorybank', homes, questions };
}
function recIdMb(u, date, i) {
  return `mb.u${String(u + 1).padStart(2, '0')}.${date.replaceAll('-', '')}.${i}`;
}

function agentSets() {
  const records = readJsonl(path.join(evalDir, 'agentwork-records.jsonl'));
  const home = { name: 'agentwork', records, now: '2026-06-01T12:00:00+08:00' };
  const qs = readJsonl(path.join(evalDir, 'agentwork-questions.jsonl'));
  const mk = (set) => ({
    name: set,
    homes: [home],
    questions: qs.filter((q) => q.set === set).map((q) => ({ ...q, home: 'agentwork' })),
  });
  return [mk('agentwork'), mk('xlang')];
}

// ---------- the baseline: character-bigram BM25 (k1 1.2, b 0.75) ----------
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
function bigramTokens(text) {
  const out = [];
  for (const m of text.matchAll(CJK)) {
    const s = [...m[0]];
    if (s.length === 1) out.push(s[0]);
    for (let i = 0; i + 1 < s.length; i++) out.push(s[i] + s[i + 1]);
  }
  for (const m of text.toLowerCase().matchAll(/[a-z0-9]+/g)) out.push(m[0]);
  return out;
}
function bm25Index(records) {
  const docs = records.map((r) => {
    const tf = new Map();
    const toks = bigramTokens(r.text);
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { id: r.id, tf, len: toks.length };
  });
  const df = new Map();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.len, 0) / Math.max(1, docs.length);
  return (query, limit) => {
    const terms = [...new Set(bigramTokens(query))];
    const scored = [];
    docs.forEach((d, order) => {
      let s = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const n = df.get(t);
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        s += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / avg));
      }
      if (s > 0) scored.push({ id: d.id, s, order });
    });
    scored.sort((a, b) => b.s - a.s || a.order - b.order);
    return scored.slice(0, limit).map((x) => x.id);
  };
}

// ---------- optmem ----------
const aliasesInDefaults = Object.prototype.hasOwnProperty.call(DEFAULT_CONFIG, 'aliases');
function withoutAliasesOverrides() {
  const given = many('--without-aliases');
  if (given.length) return given;
  const a = DEFAULT_CONFIG.aliases;
  if (a && typeof a === 'object' && 'enabled' in a) return ['aliases.enabled=false'];
  return aliasesInDefaults ? ['aliases=false'] : [];
}

function openHome(home, variant) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-recall-'));
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  const config = applySets({}, [...userSets, ...(variant === 'without aliases' ? withoutAliasesOverrides() : [])]);
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  let mem = createOptmem({ dir, durable: false });
  const aliasFile = path.join(dir, 'aliases.txt');
  const hadAliasFile = fs.existsSync(aliasFile);
  if (variant === 'without aliases' && hadAliasFile) {
    mem.close();
    fs.rmSync(aliasFile);
    mem = createOptmem({ dir, durable: false });
  }
  mem.import(home.records.map((r) => JSON.stringify(r)).join('\n'));
  return { mem, dir, hadAliasFile };
}

function metrics(ranked, relevant) {
  const m = queryMetrics({ ranked, relevant, relevantSource: 'listed', pairs: [], pinned: [], redlines: [], checks: [] });
  return { r5: m.recall5, r10: m.recall10, mrr: m.mrr };
}

// --consolidate: `consolidate --archive` on each home (as of its "now") before its questions.
const consolidateFirst = argv.includes('--consolidate');

async function runSet(set, variant) {
  const rows = [];
  let aliasSeen = aliasesInDefaults;
  for (const home of set.homes) {
    const qs = set.questions.filter((q) => q.home === home.name && (split === 'all' || q.split === split));
    if (!qs.length) continue;
    const { mem, dir, hadAliasFile } = openHome(home, variant);
    aliasSeen ||= hadAliasFile;
    if (consolidateFirst) {
      const r = await mem.consolidate({ archive: true, ...(home.now ? { now: home.now } : {}) });
      const a = r.steps.find((x) => x.name === 'archive')?.data ?? {};
      consolidated.archived += a.archived?.length ?? 0;
      consolidated.homes++;
    }
    const bm25 = bm25Index(home.records);
    for (const q of qs) {
      const res = mem.search({ query: q.question, limit: K, now: home.now });
      const ranked = res.results.map((h) => h.id);
      const base = bm25(q.question, K);
      rows.push({ q, ranked, base, opt: metrics(ranked, q.answers), bm: metrics(base, q.answers) });
    }
    mem.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { rows, aliasSeen };
}

const KEYS = ['r5', 'r10', 'mrr'];
const mean = (rows, side) => {
  const o = { n: rows.length };
  for (const k of KEYS) o[k] = rows.length ? rows.reduce((s, r) => s + r[side][k], 0) / rows.length : 0;
  return o;
};
const f3 = (x) => x.toFixed(3).padStart(6);
const sg = (x) => (x >= 0 ? '+' : '') + x.toFixed(3);
function line(label, rows) {
  const o = mean(rows, 'opt');
  const b = mean(rows, 'bm');
  return {
    text: `${label.padEnd(30)} ${String(o.n).padStart(4)}  ${KEYS.map((k) => f3(o[k])).join(' ')}   ${KEYS.map((k) => f3(b[k])).join(' ')}   ${KEYS.map((k) => sg(o[k] - b[k]).padStart(6)).join(' ')}`,
    optmem: o,
    bm25: b,
  };
}
const header = `${''.padEnd(30)} ${'n'.padStart(4)}  ${'optmem R@5  R@10   MRR'.padStart(20)}   ${'bigram-BM25 R@5 R@10  MRR'.padStart(20)}   difference (optmem - BM25)`;

const t0 = performance.now();
const allSets = [];
if (sets.includes('memorybank')) allSets.push(memorybankSet());
if (sets.includes('agentwork') || sets.includes('xlang')) allSets.push(...agentSets().filter((s) => sets.includes(s.name)));

const consolidated = { homes: 0, archived: 0 };
const out = { split, config: userSets, sets: {} };
const print = (s) => {
  if (!asJson) console.log(s);
};
print(`recall bench: optmem search (default config${userSets.length ? ' + ' + userSets.join(' ') : ''}) vs character-bigram BM25, top ${K}`);
for (const set of allSets) {
  const variants = ['default'];
  const first = await runSet(set, 'default');
  const runs = { default: first };
  if (first.aliasSeen) {
    variants.push('without aliases');
    runs['without aliases'] = await runSet(set, 'without aliases');
  }
  out.sets[set.name] = {};
  for (const v of variants) {
    const rows = runs[v].rows;
    print(`\n${set.name}${v === 'default' ? '' : ` (${v}: ${withoutAliasesOverrides().join(' ') || 'aliases.txt removed'})`}`);
    print(header);
    const res = {};
    const groups = [
      ['dev', rows.filter((r) => r.q.split === 'dev')],
      ['test (blind split)', rows.filter((r) => r.q.split === 'test')],
    ];
    if (set.name === 'agentwork') {
      groups.push(['  dev, blind-written', rows.filter((r) => r.q.split === 'dev' && r.q.blind)]);
      groups.push(['  test, blind-written', rows.filter((r) => r.q.split === 'test' && r.q.blind)]);
    }
    if (set.name === 'xlang') {
      for (const lang of ['en>zh', 'zh>en']) {
        groups.push([`  dev, ${lang}`, rows.filter((r) => r.q.split === 'dev' && r.q.lang === lang)]);
        groups.push([`  test, ${lang}`, rows.filter((r) => r.q.split === 'test' && r.q.lang === lang)]);
      }
    }
    groups.push(['all', rows]);
    for (const [label, rs] of groups) {
      if (!rs.length) continue;
      const l = line(label, rs);
      print(l.text);
      res[label.trim()] = { optmem: l.optmem, bm25: l.bm25 };
    }
    out.sets[set.name][v] = res;
    if (showErrors && !asJson && v === 'default') {
      const miss = rows.filter((r) => r.q.split === 'dev' && r.opt.r5 < 1);
      print(`\n  misses at 5 (dev only; the test split is never printed): ${miss.length}`);
      for (const r of miss) {
        print(`  ✗ ${r.q.id} ${r.q.question}`);
        print(`      want ${r.q.answers.join(' ')}`);
        print(`      got  ${r.ranked.slice(0, 5).join(' ') || '(nothing)'}   bm25 ${r.base.slice(0, 3).join(' ')}`);
      }
    }
  }
}
if (showErrors && split === 'test') print('\n--errors prints development cases only; the test split is scored in aggregate.');
const secs = (performance.now() - t0) / 1000;
if (consolidateFirst) print(`\nconsolidated first (consolidate --archive): ${consolidated.homes} home runs, ${consolidated.archived} records archived`);
print(`\n${secs.toFixed(1)} s`);
if (asJson) console.log(JSON.stringify({ ...out, seconds: secs }, null, 2));
