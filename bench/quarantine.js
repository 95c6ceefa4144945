// The injection scanner measured (docs/QUARANTINE.md): recall on the labelled injection strings
// (eval/injection, the dev split and the test split when the files hold one), false positives on ordinary records read at run time
// (LoCoMo English turns, MemoryBank Chinese dialogue turns, from ../shared/data or $OPTMEM_DATA or
// --data DIR) and on the repository's own agent-work records and turns (eval/recall, eval/triggers,
// eval/corrections, eval/duplicates),
// false positives on the hand-written hard negatives, and the cost per record (mean, p99, and the
// slowest 100 KB adversarial input of any rule).
// Usage (after the build): node bench/quarantine.js [--split dev|all] [--data DIR] [--errors] [--json] [--no-adversarial]
// --split dev: tuning runs, which must never show test figures. The test split is only ever scored
// in aggregate; --errors prints dev misses and false positives on ordinary records, never test cases.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanForInjection, compileRules } from '../dist/quarantine/scan.js';
import { BUILTIN_RULES } from '../dist/quarantine/rules.js';
import { adversarialInputs } from '../dist/quarantine/adversarial.js';

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
  // The blind test split: written blind from a brief, plus in-the-wild rows public.jsonl never held.
  ...readJsonl(path.join(evalDir, 'test-2.jsonl')).map((r) => ({ ...r, origin: r.id.startsWith('pub2-') ? 'public' : 'hand-written' })),
];

// ---------- ordinary records ----------
function ordinary() {
  const sets = {};
  const locomo = path.join(dataDir, 'locomo', 'locomo10.json');
  const mb = path.join(dataDir, 'memorybank-siliconfriend', 'cn', 'memory_bank_cn.json');
  for (const f of [locomo, mb]) {
    if (!fs.existsSync(f)) throw new Error(`benchmark data not found at ${f} (set OPTMEM_DATA or pass --data DIR: the folder holding locomo/ and memorybank-siliconfriend/)`);
  }
  sets['locomo-en'] = [];
  for (const conv of JSON.parse(fs.readFileSync(locomo, 'utf8'))) {
    for (const [k, turns] of Object.entries(conv.conversation)) {
      if (!/^session_\d+$/.test(k)) continue;
      for (const t of turns) if (t.text) sets['locomo-en'].push(t.text);
    }
  }
  sets['memorybank-zh'] = [];
  for (const user of Object.values(JSON.parse(fs.readFileSync(mb, 'utf8')))) {
    for (const turns of Object.values(user.history)) for (const t of turns) sets['memorybank-zh'].push(`我：${t.query}\nAI伴侣：${t.response}`);
  }
  sets['agentwork-records'] = readJsonl(path.join(root, 'eval', 'recall', 'agentwork-records.jsonl')).map((r) => r.text);
  const trig = path.join(root, 'eval', 'triggers');
  sets['agent-turns'] = fs
    .readdirSync(trig)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readJsonl(path.join(trig, f)).map((r) => r.text));
  // The labelled correction and duplicate sets: records of the three agents' everyday work.
  sets['agentwork-corrections'] = [];
  for (const f of fs.readdirSync(path.join(root, 'eval', 'corrections')).filter((x) => x.endsWith('.jsonl')).sort()) {
    for (const c of readJsonl(path.join(root, 'eval', 'corrections', f))) for (const r of c.records ?? []) sets['agentwork-corrections'].push(r.text);
  }
  for (const f of ['dev.jsonl', 'dev-2.jsonl']) {
    for (const c of readJsonl(path.join(root, 'eval', 'duplicates', f))) sets['agentwork-corrections'].push(c.a.text, c.b.text);
  }
  return sets;
}

const hasZh = (t) => /[\u4e00-\u9fff]/.test(t);
const pct = (a, b) => (b ? a / b : 0);
const fmt = (x) => x.toFixed(3);

// ---------- recall and hard negatives ----------
// The files may hold no test rows (the first test split became development; a new one is to come).
const splits = (split === 'dev' ? ['dev'] : ['dev', 'test']).filter((s) => labelled.some((r) => r.split === s));
const report = { recall: {}, hardNegatives: {}, ordinary: {}, cost: {}, rules: BUILTIN_RULES.length };
for (const s of splits) {
  const rows = labelled.filter((r) => r.split === s);
  const groups = {};
  const add = (key, hit) => {
    groups[key] ??= { n: 0, hit: 0 };
    groups[key].n++;
    if (hit) groups[key].hit++;
  };
  for (const r of rows) {
    const flagged = scanForInjection(r.text).flagged;
    if (r.label === 'injection') {
      add('all', flagged);
      add(`lang ${r.lang}`, flagged);
      add(`source ${r.origin}${r.note ? ` (${r.note})` : ''}`, flagged);
      if (showErrors && s === 'dev' && !flagged) console.error(`miss ${r.id}: ${JSON.stringify(r.text.slice(0, 200))}`);
    } else {
      report.hardNegatives[s] ??= { n: 0, flagged: 0, byLang: {} };
      const h = report.hardNegatives[s];
      h.n++;
      h.byLang[r.lang] ??= { n: 0, flagged: 0 };
      h.byLang[r.lang].n++;
      if (flagged) {
        h.flagged++;
        h.byLang[r.lang].flagged++;
        if (showErrors && s === 'dev') console.error(`false positive ${r.id}: ${JSON.stringify(r.text)}`);
      }
    }
  }
  report.recall[s] = Object.fromEntries(Object.entries(groups).map(([k, g]) => [k, { n: g.n, recall: pct(g.hit, g.n) }]));
}

// ---------- false positives on ordinary records, and cost ----------
const times = [];
for (const [name, texts] of Object.entries(ordinary())) {
  let flagged = 0;
  const byRule = {};
  for (const t of texts) {
    const t0 = process.hrtime.bigint();
    const s = scanForInjection(t);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
    if (s.flagged) {
      flagged++;
      for (const h of s.hits) byRule[h.rule] = (byRule[h.rule] ?? 0) + 1;
      if (showErrors) console.error(`ordinary ${name} flagged by ${s.hits.map((h) => h.rule).join(',')}: ${JSON.stringify(t.slice(0, 240))}`);
    }
  }
  report.ordinary[name] = { n: texts.length, flagged, rate: pct(flagged, texts.length), lang: texts.filter(hasZh).length > texts.length / 2 ? 'zh' : 'en', byRule };
}
times.sort((a, b) => a - b);
report.cost.records = times.length;
report.cost.meanUs = times.reduce((a, b) => a + b, 0) / times.length;
report.cost.p50Us = times[Math.floor(times.length * 0.5)];
report.cost.p99Us = times[Math.floor(times.length * 0.99)];
report.cost.maxUs = times.at(-1);

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
    console.log(`\nrecall, ${s} split${s === 'test' ? ' (aggregate only)' : ''}:`);
    for (const [k, g] of Object.entries(report.recall[s]).sort()) console.log(`  ${k.padEnd(52)} ${String(g.n).padStart(4)}  ${fmt(g.recall)}`);
    const h = report.hardNegatives[s] ?? { n: 0, flagged: 0, byLang: {} };
    console.log(`hard negatives flagged, ${s}: ${h.flagged}/${h.n} (${fmt(pct(h.flagged, h.n))}); ${Object.entries(h.byLang).map(([l, x]) => `${l} ${x.flagged}/${x.n}`).join(', ')}`);
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
  const c = report.cost;
  console.log(`\ncost per record (${c.records} ordinary records): mean ${c.meanUs.toFixed(1)} µs, p50 ${c.p50Us.toFixed(1)} µs, p99 ${c.p99Us.toFixed(1)} µs, max ${c.maxUs.toFixed(1)} µs`);
  if (adversarial) console.log(`adversarial (${c.adversarial.inputs} inputs of 100 KB, each rule alone): slowest ${c.adversarial.worstOneRuleMs.toFixed(1)} ms (${c.adversarial.worstRule}, "${c.adversarial.worstInput}"); all rules on one input: slowest ${c.adversarial.worstAllRulesMs.toFixed(1)} ms`);
  console.log(`largest static work bound: ${c.maxStaticBound.work.toExponential(1)} steps per position (${c.maxStaticBound.rule})`);
}
