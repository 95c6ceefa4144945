// node scripts/score-duplicates.js [--split dev|dev-2|dev-3|test|FILE[,…]] [--errors] [--threshold X]
// Duplicate-link precision and recall on labelled record pairs (eval/duplicates/README.md has the
// format): each pair is judged the way `optmem consolidate` judges two records (signatures, MinHash
// bands, then the pair's verdict). Prints, overall and by language: pairs, links made, link
// precision, recall on `duplicate`, links on `variant` pairs (must be 0) and on `distinct` pairs,
// distinct groups… Any split but the dev ones is blind: aggregates only, never a case (--errors is for dev).
// Needs a build (npm run build): it runs dist/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DUPLICATE_DEFAULTS } from '../dist/index/dedup/judge.js';
import { domainsOf, judgeLabelledPair, readPairs, scorePairs } from '../dist/eval/duplicate-pairs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? null : (argv[i + 1] ?? null);
};
const splits = (opt('--split') ?? 'dev').split(',').filter(Boolean);
const showErrors = argv.includes('--errors');
const options = { ...DUPLICATE_DEFAULTS, ...(opt('--threshold') ? { threshold: Number(opt('--threshold')) } : {}) };
// Development splits (read freely) and the blind test split (aggregates only).
const DEV = ['dev', 'dev-2', 'dev-3'];
const NAMED = [...DEV, 'test'];

function fail(msg) {
  process.stderr.write(`score-duplicates: ${msg}\n`);
  process.exit(2);
}

const judge = (p, domains) => judgeLabelledPair(p, domains, options);
const score = scorePairs;

const f3 = (x) => x.toFixed(3);
const header = `${''.padEnd(10)} pairs  links  precision  recall (dups)   variant links  distinct links  variants as candidates`;
const line = (label, s) =>
  `${label.padEnd(10)} ${String(s.pairs).padStart(5)} ${String(s.links).padStart(6)}  ${f3(s.precision).padStart(9)}  ${f3(s.recall)} (${s.tp}/${s.dups})`.padEnd(50) +
  `${String(s.variantLinks).padStart(13)} ${String(s.distinctLinks).padStart(15)}  ${s.candidates}/${s.variants}`;

const t0 = Date.now();
const summary = {};
for (const split of splits) {
  const named = NAMED.includes(split);
  const file = named ? path.join(here, '..', 'eval', 'duplicates', `${split}.jsonl`) : path.resolve(split);
  const blind = !DEV.includes(split);
  let pairs;
  try {
    pairs = readPairs(file);
  } catch (e) {
    fail(e.message);
  }
  const domains = domainsOf(pairs);
  const rows = pairs.map((p) => ({ lang: p.lang ?? '?', label: p.label, variantOf: p.variant_of ?? null, got: judge(p, domains).verdict, p }));
  const all = score(rows);
  summary[split] = all;
  console.log(`\n${named ? split : path.basename(file)}${blind ? ' (blind: aggregates only)' : ''}  threshold ${options.threshold}`);
  console.log(header);
  console.log(line('all', all));
  for (const lang of [...new Set(rows.map((r) => r.lang))].sort()) console.log(line(`  ${lang}`, score(rows.filter((r) => r.lang === lang))));
  const kinds = [...new Set(rows.filter((r) => r.variantOf).map((r) => r.variantOf))].sort();
  console.log('variant links by kind: ' + kinds.map((k) => `${k} ${score(rows.filter((r) => r.variantOf === k)).variantLinks}`).join(', '));
  console.log(`bar (precision ≥ 0.99, no variant link): ${all.precision >= 0.99 && all.variantLinks === 0 ? 'met' : 'NOT met'}`);
  if (blind || !showErrors) continue;
  for (const r of rows) {
    const j = judge(r.p, domains);
    const wrongLink = r.got === 'duplicate' && r.label !== 'duplicate';
    const missed = r.label === 'duplicate' && r.got !== 'duplicate';
    if (!wrongLink && !missed) continue;
    console.log(`  ${wrongLink ? '✗ linked' : '- missed'} ${r.p.id} [${r.label}${r.variantOf ? `/${r.variantOf}` : ''}] got ${r.got} sim ${j.similarity.toFixed(3)}${j.met === false ? ' (no shared band)' : ''} ${j.differs.join('; ')}`);
    console.log(`      a: ${r.p.a.text.replace(/\n/g, '⏎')}`);
    console.log(`      b: ${r.p.b.text.replace(/\n/g, '⏎')}`);
  }
}
if (argv.includes('--json')) console.log(JSON.stringify(summary));
console.log(`\n${((Date.now() - t0) / 1000).toFixed(2)} s`);
