// npm run bench:duplicates [-- DIR] [--split dev,test] [--errors] [--threshold X] [--synthetic N]
// Duplicate links on the labelled pairs in DIR (default eval/duplicates/): each pair is judged the
// way the index judges it (signatures, MinHash bands, then the pair's verdict), and scored per split
// and per language: link precision, recall on `duplicate`, false links on `variant` (must be 0) and
// on `distinct`, and how many variants are reported as correction candidates.
// The test split is scored in aggregate only, never printed case by case (--errors skips it).
// --synthetic N: time the derived duplicate state on N generated records (bench/gen.js) instead.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { detectMarkers } from '../dist/core/markers.js';
import { DUPLICATE_DEFAULTS, bandsOfSignature, judgePair, signatureOf } from '../dist/index/dedup/judge.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? null : argv[i + 1];
};
const TEST_SPLIT = 'test';

if (opt('--synthetic')) {
  await synthetic(Number(opt('--synthetic')));
  process.exit(0);
}

const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--') && argv[i - 1] !== '--errors'));
const dir = path.resolve(positional[0] ?? path.join(here, '..', 'eval', 'duplicates'));
const splits = (opt('--split') ?? 'dev').split(',').filter(Boolean);
const showErrors = argv.includes('--errors');
const options = { ...DUPLICATE_DEFAULTS, ...(opt('--threshold') ? { threshold: Number(opt('--threshold')) } : {}) };

function readPairs(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l, i) => [l, i + 1])
    .filter(([l]) => l.trim())
    .map(([l, n]) => {
      try {
        return JSON.parse(l);
      } catch (e) {
        throw new Error(`${file}:${n}: not JSON (${e.message})`);
      }
    });
}

function judge(p, domains) {
  const sig = (r) => {
    const m = detectMarkers(r.text, domains);
    return signatureOf({ text: r.text, domain: r.domain ?? m.domain, project: r.project ?? null, kind: m.kind, tier: m.tier }, domains);
  };
  const a = sig(p.a);
  const b = sig(p.b);
  if (!a || !b) return { verdict: 'none', similarity: 0, differs: [], blocked: false };
  // The index compares only records that share an exact key or a MinHash band.
  const bandsA = new Set(bandsOfSignature(a));
  const met = a.key === b.key || bandsOfSignature(b).some((x) => bandsA.has(x));
  const j = judgePair(a, b, options);
  return { ...j, met, verdict: met ? j.verdict : 'none' };
}

function score(rows) {
  const links = rows.filter((r) => r.got === 'duplicate');
  const tp = links.filter((r) => r.label === 'duplicate').length;
  const dups = rows.filter((r) => r.label === 'duplicate').length;
  const variants = rows.filter((r) => r.label === 'variant');
  return {
    pairs: rows.length,
    links: links.length,
    precision: links.length ? tp / links.length : 1,
    recall: dups ? tp / dups : 1,
    dups,
    tp,
    falseVariant: links.filter((r) => r.label === 'variant').length,
    falseDistinct: links.filter((r) => r.label === 'distinct').length,
    variants: variants.length,
    candidates: variants.filter((r) => r.got === 'variant').length,
  };
}

const f3 = (x) => x.toFixed(3);
const header = `${''.padEnd(10)} pairs  links  prec.  recall (dups)  false links: variant distinct  variants as candidates`;
const line = (label, s) =>
  `${label.padEnd(10)} ${String(s.pairs).padStart(5)} ${String(s.links).padStart(6)}  ${f3(s.precision)}  ${f3(s.recall)} (${s.tp}/${s.dups})`.padEnd(46) +
  `${String(s.falseVariant).padStart(14)} ${String(s.falseDistinct).padStart(8)}  ${s.candidates}/${s.variants}`;

const t0 = Date.now();
for (const split of splits) {
  const file = path.join(dir, `${split}.jsonl`);
  if (!fs.existsSync(file)) {
    console.log(`\n${split}: no ${file}`);
    continue;
  }
  const pairs = readPairs(file);
  const domains = [...new Set(['hermes', 'code', 'openclaw', ...pairs.flatMap((p) => [p.a.domain, p.b.domain]).filter(Boolean)])];
  const rows = pairs.map((p) => {
    const j = judge(p, domains);
    return { id: p.id, lang: p.lang, label: p.label, variantOf: p.variant_of, got: j.verdict, j, p };
  });
  console.log(`\n${split}${split === TEST_SPLIT ? ' (the blind test split: aggregate only)' : ''}  threshold ${options.threshold}`);
  console.log(header);
  console.log(line('all', score(rows)));
  for (const lang of [...new Set(rows.map((r) => r.lang))].sort()) console.log(line(`  ${lang}`, score(rows.filter((r) => r.lang === lang))));
  if (split === TEST_SPLIT) continue;
  const kinds = [...new Set(rows.filter((r) => r.variantOf).map((r) => r.variantOf))].sort();
  console.log('variants by kind: ' + kinds.map((k) => {
    const s = score(rows.filter((r) => r.variantOf === k));
    return `${k} ${s.candidates}/${s.variants}${s.falseVariant ? ` (${s.falseVariant} linked!)` : ''}`;
  }).join(', '));
  if (showErrors) {
    for (const r of rows) {
      const wrongLink = r.got === 'duplicate' && r.label !== 'duplicate';
      const missed = r.label === 'duplicate' && r.got !== 'duplicate';
      if (!wrongLink && !missed) continue;
      console.log(`  ${wrongLink ? '✗ linked' : '- missed'} ${r.id} [${r.label}${r.variantOf ? `/${r.variantOf}` : ''}] got ${r.got} sim ${r.j.similarity.toFixed(3)}${r.j.met === false ? ' (no shared band)' : ''} ${r.j.differs.join('; ')}`);
      console.log(`      a: ${r.p.a.text.replace(/\n/g, '⏎')}`);
      console.log(`      b: ${r.p.b.text.replace(/\n/g, '⏎')}`);
    }
  }
}
console.log(`\n${((Date.now() - t0) / 1000).toFixed(2)} s`);

/**
 * Time the derived duplicate state on n generated records: first alone (signatures, bands, pair
 * judgments and links into a fresh SQLite database, as a rebuild does), then end to end through
 * the library (an import of n records, the consolidate report, searches).
 */
async function synthetic(n) {
  const { generateJsonl } = await import('./gen.js');
  const { createOptmem } = await import('../dist/index.js');
  const { DuplicateIndex } = await import('../dist/index/duplicates.js');
  const { SCHEMA_SQL } = await import('../dist/index/schema.js');
  const { default: Database } = await import('better-sqlite3');
  const { jsonl } = generateJsonl(n);
  const domains = ['hermes', 'code', 'openclaw'];
  const records = jsonl.trim().split('\n').map((l) => {
    const r = JSON.parse(l);
    const m = detectMarkers(r.text, domains);
    return { ...r, domain: m.domain, project: null, kind: m.kind, tier: m.tier, corrects: [], tags: [], source: {} };
  });
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const dups = new DuplicateIndex(db, domains);
  let t = Date.now();
  db.transaction(() => {
    records.forEach((r, i) => dups.added(i + 1, r));
  })();
  const addMs = Date.now() - t;
  t = Date.now();
  db.transaction(() => dups.flush())();
  const flushMs = Date.now() - t;
  const c = dups.counts();
  const rows = db.prepare('SELECT count(*) FROM dup_bands').pluck().get();
  console.log(`${n} synthetic records, duplicate state alone: ${((addMs + flushMs) / 1000).toFixed(1)} s (keys and bands ${(addMs / 1000).toFixed(1)} s, judging ${(flushMs / 1000).toFixed(1)} s): ${c.keys} distinct texts, ${dups.stats.pairsJudged} pairs judged, links: ${c.duplicate} duplicate, ${c.variant} variant, ${c.redline} red line; ${rows} band rows`);
  db.close();

  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-dups-'));
  try {
    const mem = createOptmem({ dir: home, create: true, durable: false });
    t = Date.now();
    mem.import(jsonl);
    const importMs = Date.now() - t;
    t = Date.now();
    const rep = mem.duplicates();
    const reportMs = Date.now() - t;
    const queries = ['端口', 'nginx', '备份', 'redis 缓存', '周报', '构建变慢', 'docker compose', '发版检查'];
    t = Date.now();
    for (const q of queries) mem.search({ query: q, limit: 10 });
    const searchMs = (Date.now() - t) / queries.length;
    mem.close();
    const mb = (f) => (fs.existsSync(f) ? fs.statSync(f).size / 1e6 : 0);
    console.log(`end to end: import ${(importMs / 1000).toFixed(1)} s; index ${(mb(path.join(home, 'index.sqlite')) + mb(path.join(home, 'index.sqlite-wal'))).toFixed(1)} MB; ${rep.groups.length} groups (${rep.records} records), ${rep.candidates.length} correction candidates; report ${reportMs} ms; search ${searchMs.toFixed(1)} ms a query`);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
