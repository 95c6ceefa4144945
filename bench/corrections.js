// node bench/corrections.js [--split corr-a,...] [--errors] [--set supersession.K=V]
// Correction-link precision and recall on the labelled sets in eval/corrections (after npm run build).
// The test split (corr-w1, corr-w2) is scored in aggregate and per kind, never printed case by case.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLinkCases, runLinkCase, scoreBy, scoreLinks } from '../dist/eval/link-cases.js';
import { isCorrectionTestSplit as isTest } from '../scripts/injection-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '..', 'eval', 'corrections');
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? null : argv[i + 1];
};
const splits = (opt('--split') ?? fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => f.replace(/\.jsonl$/, '')).join(','))
  .split(',')
  .filter(Boolean);
const showErrors = argv.includes('--errors');
const config = {};
for (let i = 0; i < argv.length; i++) {
  if (argv[i] !== '--set') continue;
  const [k, v] = argv[i + 1].split('=');
  const [section, key] = k.split('.');
  config[section] ??= {};
  config[section][key] = v === 'true' ? true : v === 'false' ? false : Number(v);
}

const pct = (x) => x.toFixed(3);
const line = (label, s) =>
  `${label.padEnd(20)} ${String(s.cases).padStart(5)} ${String(s.positives).padStart(5)} ${String(s.hardNegatives).padStart(5)}   ${pct(s.precision)}  ${pct(s.recall)}  ${pct(s.hardRejected)}   tp ${s.truePos} fp ${s.falsePos} fn ${s.falseNeg}`;
const header = `${''.padEnd(20)} cases  links  hard   prec.  recall hard-ok`;

const all = [];
const t0 = Date.now();
for (const split of splits) {
  const cases = readLinkCases(path.join(dir, `${split}.jsonl`));
  const results = cases.map((c) => runLinkCase(c, { config }));
  all.push(...results);
  console.log(`\n${split}${isTest(split) ? ' (the test split: aggregate only)' : ''}`);
  console.log(header);
  console.log(line('all', scoreLinks(results)));
  for (const [k, s] of scoreBy(results, (r) => r.lang)) console.log(line(`  ${k}`, s));
  if (showErrors && !isTest(split)) {
    for (const r of results) {
      if (r.falsePos || r.falseNeg) {
        const c = cases.find((x) => x.id === r.id);
        console.log(`  ✗ ${r.id} [${r.kind}] linked ${JSON.stringify(r.linked)} want ${JSON.stringify(c.links)} status ${r.status}`);
        console.log(`      C: ${c.correction.text}`);
        for (const ref of new Set([...r.linked, ...c.links])) console.log(`      ${ref}: ${c.records.find((x) => x.ref === ref).text}`);
        for (const n of r.notes) console.log(`        · ${n}`);
      }
    }
  }
}
const dev = all.filter((r) => !isTest(r.split));
const test = all.filter((r) => isTest(r.split));
for (const [name, rs] of [['development sets', dev], ['test split', test]]) {
  if (!rs.length) continue;
  console.log(`\n${name}, per kind`);
  console.log(header);
  console.log(line('all', scoreLinks(rs)));
  for (const [k, s] of scoreBy(rs, (r) => r.kind)) console.log(line(`  ${k}`, s));
  // Links by evidence: on strong evidence (an id, or an old value the correction quotes and the
  // target holds) against subject and attribute words alone.
  const strongRight = rs.reduce((n, r) => n + r.strongRight, 0);
  const strongMade = strongRight + rs.reduce((n, r) => n + r.strongWrong, 0);
  const s = scoreLinks(rs);
  const otherMade = s.truePos + s.falsePos - strongMade;
  const otherRight = s.truePos - strongRight;
  console.log(`  by evidence: strong ${strongRight}/${strongMade} right (${pct(strongMade ? strongRight / strongMade : 1)}), recall ${pct(s.positives ? strongRight / s.positives : 1)}; words alone ${otherRight}/${otherMade} right (${pct(otherMade ? otherRight / otherMade : 1)})`);
  // Edges among each case's other records (chains left out): no label asks for one, and a wrong one hides a record.
  const stray = rs.flatMap((r) => r.stray.map((e) => `${r.id} [${r.kind}] ${e}`));
  console.log(`  edges among the other records (not chains): ${stray.length} in ${rs.filter((r) => r.kind !== 'chain').length} cases`);
  if (showErrors && name !== 'test split') for (const e of stray) console.log(`    ${e}`);
}
console.log(`\n${all.length} cases in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
