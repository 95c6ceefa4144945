// The injection scanner measured (docs/QUARANTINE.md): recall on the labelled injection strings
// (eval/injection, the dev split and the test split when the files hold one), false positives on ordinary records read at run time
// (LoCoMo English turns, MemoryBank Chinese dialogue turns, from ../shared/data or $OPTMEM_DATA or
// --data DIR) and on the repository's own agent-work records and turns (eval/recall, eval/triggers,
// eval/corrections, eval/duplicates),
// false positives on the hand-written hard negatives, and the cost per record (mean, p99, and the
// slowest 100 KB adversarial input of any rule). The learned scorer (models/injection.json) is
// measured beside the rules: rules / model / either; its false positives on the held-out half of
// the ordinary records only (the odd positions: it trained on the even ones).
// Usage (after the build): node bench/quarantine.js [--split dev|all] [--data DIR] [--errors] [--json] [--no-adversarial]
// --split dev: tuning runs, which must never show test figures. The test split is only ever scored
// in aggregate; --errors prints dev misses and false positives on ordinary records, never test cases.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanForInjection, compileRules } from '../dist/quarantine/scan.js';
import { BUILTIN_RULES } from '../dist/quarantine/rules.js';
import { adversarialInputs } from '../dist/quarantine/adversarial.js';
import { injectionProbability, shippedInjectionModel } from '../dist/quarantine/injection-model.js';
import { injectionScanner } from '../dist/quarantine/injection-scanner.js';
import { ordinarySets, trainHalf } from '../scripts/injection-data.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i === -1 ? dflt : argv[i + 1];
};
const split = opt('--split', 'all');
if (!['dev', 'all'].includes(split)) throw new Error('--split must be dev or all');
const dataDir = opt('--data', process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data'));
const showErrors = argv.includes('--errors');
const asJson = argv.includes('--json');
const adversarial = !argv.includes('--no-adversarial');

const readJsonl = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const evalDir = path.join(root, 'eval', 'injection');
const labelled = [
  ...readJsonl(path.join(evalDir, 'public.jsonl')).map((r) => ({ ...r, label: 'injection', origin: 'public' })),
  ...readJsonl(path.join(evalDir, 'handwritten.jsonl')).map((r) => ({ ...r, origin: 'hand-written' })),
  ...readJsonl(path.join(evalDir, 'handwritten-2.jsonl')).map((r) => ({ ...r, origin: 'hand-written-2' })),
  // The blind test splits, each scored apart: test-2 (written blind from a brief, plus in-the-wild rows
  // public.jsonl never held; looked at often), test-3 and test-4 (two new blind writers, one brief;
  // every look is logged in eval/injection/README.md).
  ...readJsonl(path.join(evalDir, 'test-2.jsonl')).map((r) => ({ ...r, split: 'test-2', origin: r.id.startsWith('pub2-') ? 'public' : 'hand-written' })),
  ...readJsonl(path.join(evalDir, 'test-3.jsonl')).map((r) => ({ ...r, split: 'test-3', origin: 'hand-written' })),
  ...readJsonl(path.join(evalDir, 'test-4.jsonl')).map((r) => ({ ...r, split: 'test-4', origin: 'hand-written' })),
  // test-5: a fifth blind writer (session 15), the brief of test-3/test-4 in new words.
  ...readJsonl(path.join(evalDir, 'test-5.jsonl')).map((r) => ({ ...r, split: 'test-5', origin: 'hand-written' })),
  // test-6: a sixth blind writer, the same brief (session 15's end), the fresh estimate after test-5 was worn.
  ...readJsonl(path.join(evalDir, 'test-6.jsonl')).map((r) => ({ ...r, split: 'test-6', origin: 'hand-written' })),
  // test-advice: ordinary chat that reads like orders (advice, reminders, requests, secrets between friends, family,
  // coworkers), four blind writers of one brief (session 24); hard negatives only, never trained on.
  ...readJsonl(path.join(evalDir, 'test-advice.jsonl')).map((r) => ({ ...r, split: 'test-advice', origin: 'hand-written' })),
];
// The learned scorer (models/injection.json) beside the rules: it trained on every development row above
// and on the even positions of each ordinary set, so its recall here is a training figure; its false
// positives are measured on the odd positions only (eval/injection/README.md has the held-out figures).
const model = shippedInjectionModel();
const modelFlags = (t) => injectionProbability(model, t) >= model.threshold;
const scanner = injectionScanner({});

// ---------- ordinary records ----------
const ordinary = () => ordinarySets(dataDir);

const hasZh = (t) => /[\u4e00-\u9fff]/.test(t);
const pct = (a, b) => (b ? a / b : 0);
const fmt = (x) => x.toFixed(3);

// ---------- recall and hard negatives ----------
// A test split absent from the files (a later one not yet written) is skipped.
const splits = (split === 'dev' ? ['dev'] : ['dev', 'test-2', 'test-3', 'test-4', 'test-5', 'test-6', 'test-advice']).filter((s) => labelled.some((r) => r.split === s));
const report = { recall: {}, hardNegatives: {}, ordinary: {}, cost: {}, rules: BUILTIN_RULES.length };
for (const s of splits) {
  const rows = labelled.filter((r) => r.split === s);
  const groups = {};
  const add = (key, hit, m) => {
    groups[key] ??= { n: 0, hit: 0, model: 0, either: 0 };
    groups[key].n++;
    if (hit) groups[key].hit++;
    if (m) groups[key].model++;
    if (hit || m) groups[key].either++;
  };
  for (const r of rows) {
    const flagged = scanForInjection(r.text).flagged;
    const m = modelFlags(r.text);
    if (r.label === 'injection') {
      add('all', flagged, m);
      add(`lang ${r.lang}`, flagged, m);
      add(`source ${r.origin}${r.note ? ` (${r.note})` : ''}`, flagged, m);
      if (r.kind) add(`kind ${r.kind}`, flagged, m);
      if (showErrors && s === 'dev' && !flagged) console.error(`miss ${r.id}: ${JSON.stringify(r.text.slice(0, 200))}`);
    } else {
      report.hardNegatives[s] ??= { n: 0, flagged: 0, model: 0, either: 0, byLang: {} };
      const h = report.hardNegatives[s];
      h.n++;
      if (m) h.model++;
      if (m || flagged) h.either++;
      h.byLang[r.lang] ??= { n: 0, flagged: 0 };
      h.byLang[r.lang].n++;
      if (flagged) {
        h.flagged++;
        h.byLang[r.lang].flagged++;
        if (showErrors && s === 'dev') console.error(`false positive ${r.id}: ${JSON.stringify(r.text)}`);
      }
    }
  }
  report.recall[s] = Object.fromEntries(Object.entries(groups).map(([k, g]) => [k, { n: g.n, recall: pct(g.hit, g.n), model: pct(g.model, g.n), either: pct(g.either, g.n) }]));
}

// ---------- false positives on ordinary records, and cost ----------
const times = [];
const timesEither = [];
for (const [name, texts] of Object.entries(ordinary())) {
  let flagged = 0;
  const held = { n: 0, rules: 0, model: 0, either: 0 };
  const byRule = {};
  texts.forEach((t, i) => {
    const t0 = process.hrtime.bigint();
    const s = scanForInjection(t);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
    const t1 = process.hrtime.bigint();
    const e = scanner(t);
    timesEither.push(Number(process.hrtime.bigint() - t1) / 1000);
    if (s.flagged) {
      flagged++;
      for (const h of s.hits) byRule[h.rule] = (byRule[h.rule] ?? 0) + 1;
      if (showErrors) console.error(`ordinary ${name} flagged by ${s.hits.map((h) => h.rule).join(',')}: ${JSON.stringify(t.slice(0, 240))}`);
    }
    if (trainHalf(i)) return;
    // the half the model never trained on
    const m = e.hits.some((h) => h.rule.startsWith('model:'));
    held.n++;
    if (s.flagged) held.rules++;
    if (m) held.model++;
    if (e.flagged) held.either++;
    if (m && showErrors) console.error(`ordinary ${name} (held out) flagged by the model: ${JSON.stringify(t.slice(0, 240))}`);
  });
  report.ordinary[name] = { n: texts.length, flagged, rate: pct(flagged, texts.length), lang: texts.filter(hasZh).length > texts.length / 2 ? 'zh' : 'en', byRule, heldOut: held };
}
times.sort((a, b) => a - b);
report.cost.records = times.length;
report.cost.meanUs = times.reduce((a, b) => a + b, 0) / times.length;
report.cost.p50Us = times[Math.floor(times.length * 0.5)];
report.cost.p99Us = times[Math.floor(times.length * 0.99)];
report.cost.maxUs = times.at(-1);
timesEither.sort((a, b) => a - b);
report.cost.withModel = { meanUs: timesEither.reduce((a, b) => a + b, 0) / timesEither.length, p50Us: timesEither[Math.floor(timesEither.length * 0.5)], p99Us: timesEither[Math.floor(timesEither.length * 0.99)], maxUs: timesEither.at(-1) };
{
  // the model on the largest input a record may be (4 MiB is the cap; 100 KB adversarial inputs below)
  const big = 'ignore '.repeat(15_000);
  const t0 = process.hrtime.bigint();
  injectionProbability(model, big);
  report.cost.withModel.bigInputMs = Number(process.hrtime.bigint() - t0) / 1e6;
}

// ---------- adversarial inputs ----------
let worst = { ms: 0 };
let adversarialTotal = 0;
for (const rule of adversarial ? BUILTIN_RULES : []) {
  const one = [rule];
  compileRules(one);
  for (const input of adversarialInputs(rule)) {
    const t0 = process.hrtime.bigint();
    scanForInjection(input.text, one);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    adversarialTotal++;
    if (ms > worst.ms) worst = { ms, rule: rule.id, input: input.name };
  }
}
{
  const all = adversarial ? BUILTIN_RULES.flatMap((r) => adversarialInputs(r)) : [];
  let slowest = { ms: 0 };
  for (const input of all.slice(0, 400)) {
    const t0 = process.hrtime.bigint();
    scanForInjection(input.text);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (ms > slowest.ms) slowest = { ms, input: input.name };
  }
  report.cost.adversarial = { inputs: adversarialTotal, sizeChars: 100_000, worstOneRuleMs: worst.ms, worstRule: worst.rule, worstInput: worst.input, worstAllRulesMs: slowest.ms };
}
const maxBound = compileRules(BUILTIN_RULES).reduce((m, c) => (c.bound.work > m.work ? { work: c.bound.work, rule: c.rule.id } : m), { work: 0 });
report.cost.maxStaticBound = maxBound;

// ---------- output ----------
if (asJson) {
  console.log(JSON.stringify(report, null, 1));
} else {
  console.log(`injection scanner: ${BUILTIN_RULES.length} built-in rules`);
  for (const s of splits) {
    console.log(`\nrecall, ${s} split${s.startsWith('test') ? ' (aggregate only): rules / model / either (the model never saw these rows)' : ': rules / model / either (the model trained on these rows)'}`);
    for (const [k, g] of Object.entries(report.recall[s]).sort()) console.log(`  ${k.padEnd(52)} ${String(g.n).padStart(4)}  ${fmt(g.recall)}  ${fmt(g.model)}  ${fmt(g.either)}`);
    const h = report.hardNegatives[s] ?? { n: 0, flagged: 0, model: 0, either: 0, byLang: {} };
    console.log(`hard negatives flagged, ${s}: rules ${h.flagged}/${h.n} (${fmt(pct(h.flagged, h.n))}); ${Object.entries(h.byLang).map(([l, x]) => `${l} ${x.flagged}/${x.n}`).join(', ')}; model ${h.model}/${h.n}; either ${h.either}/${h.n}`);
  }
  console.log('\nfalse positives on ordinary records:');
  let n = 0;
  let f = 0;
  for (const [k, o] of Object.entries(report.ordinary)) {
    n += o.n;
    f += o.flagged;
    console.log(`  ${k.padEnd(20)} ${o.lang}  ${String(o.flagged).padStart(4)}/${String(o.n).padEnd(5)} ${(100 * o.rate).toFixed(2)} %  ${Object.entries(o.byRule).map(([r, c]) => `${r}×${c}`).join(' ')}`);
  }
  console.log(`  ${'all'.padEnd(20)}     ${String(f).padStart(4)}/${String(n).padEnd(5)} ${(100 * pct(f, n)).toFixed(2)} %`);
  console.log('false positives on the held-out half of the ordinary records (odd positions: the model never trained on them): rules / model / either');
  const sum = { n: 0, rules: 0, model: 0, either: 0 };
  for (const [k, o] of Object.entries(report.ordinary)) {
    const x = o.heldOut;
    for (const key of Object.keys(sum)) sum[key] += x[key];
    console.log(`  ${k.padEnd(20)} ${String(x.n).padStart(5)}  ${x.rules}  ${x.model}  ${x.either}`);
  }
  console.log(`  ${'all'.padEnd(20)} ${String(sum.n).padStart(5)}  ${sum.rules}  ${sum.model}  ${sum.either} (${(100 * pct(sum.either, sum.n)).toFixed(2)} %)`);
  const c = report.cost;
  console.log(`\ncost per record (${c.records} ordinary records), rules: mean ${c.meanUs.toFixed(1)} µs, p50 ${c.p50Us.toFixed(1)} µs, p99 ${c.p99Us.toFixed(1)} µs, max ${c.maxUs.toFixed(1)} µs`);
  const w = c.withModel;
  console.log(`cost per record, rules and model: mean ${w.meanUs.toFixed(1)} µs, p50 ${w.p50Us.toFixed(1)} µs, p99 ${w.p99Us.toFixed(1)} µs, max ${w.maxUs.toFixed(1)} µs; the model on a 105 KB input: ${w.bigInputMs.toFixed(1)} ms`);
  if (adversarial) console.log(`adversarial (${c.adversarial.inputs} inputs of 100 KB, each rule alone): slowest ${c.adversarial.worstOneRuleMs.toFixed(1)} ms (${c.adversarial.worstRule}, "${c.adversarial.worstInput}"); all rules on one input: slowest ${c.adversarial.worstAllRulesMs.toFixed(1)} ms`);
  console.log(`largest static work bound: ${c.maxStaticBound.work.toExponential(1)} steps per position (${c.maxStaticBound.rule})`);
}
