// Trains the learned injection scorer (src/quarantine/injection-model.ts) and writes
// models/injection.json. Deterministic: the same rows give the same file. Rows: scripts/injection-data.js
// (never a blind test split); the ordinary records' odd positions are never trained on.
//
//   npm run build && node scripts/train-injection.js        # train on every labelled row and the training half, write the model
//   node scripts/train-injection.js --without-dev2           # the same, handwritten-2.jsonl left out (the model as it was before that set)
//   node scripts/train-injection.js --cv                     # 5-fold cross-validation and leave-one-source-out: rules, model, either
//   node scripts/train-injection.js --eval FILE              # score a labelled file the model never trained on (aggregates only)
//   options: --data DIR, --l2 X, --epochs N, --bits B, --hard-weight W, --threshold T (with --cv: a list, e.g. 0.5,0.7,0.9)
import fs from 'node:fs';
import path from 'node:path';
import { featurize, fitInjectionWeights, INJECTION_TRAIN_DEFAULTS, trainInjectionModel } from '../dist/quarantine/injection-training.js';
import { injectionProbability } from '../dist/quarantine/injection-model.js';
import { scanForInjection } from '../dist/quarantine/scan.js';
import { defaultDataDir, heldOutOrdinary, root, trainingRows } from './injection-data.js';

const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const dataDir = arg('--data') ?? defaultDataDir();
const dev2 = !argv.includes('--without-dev2') && fs.existsSync(path.join(root, 'eval', 'injection', 'handwritten-2.jsonl'));
const opts = {
  ...INJECTION_TRAIN_DEFAULTS,
  ...(arg('--l2') ? { l2: Number(arg('--l2')) } : {}),
  ...(arg('--epochs') ? { epochs: Number(arg('--epochs')) } : {}),
  ...(arg('--bits') ? { bits: Number(arg('--bits')) } : {}),
  ...(arg('--hard-weight') ? { hardWeight: Number(arg('--hard-weight')) } : {}),
  ...(arg('--positive-share') ? { positiveShare: Number(arg('--positive-share')) } : {}),
};
const thresholds = (arg('--threshold') ?? String(opts.threshold)).split(',').map(Number);
const rows = trainingRows({ dataDir, dev2 });
const windows = !argv.includes('--no-windows');
const score = (w, text) => injectionProbability({ bits: opts.bits, weights: w }, text, windows);
const f3 = (x) => x.toFixed(3);
const rate = (a, n) => `${f3(n ? a / n : 0)} (${a}/${n})`;
const ruleFlag = new Map();
const rules = (r) => {
  if (!ruleFlag.has(r.text)) ruleFlag.set(r.text, scanForInjection(r.text).flagged);
  return ruleFlag.get(r.text);
};

/** Recall per source and overall, hard negatives and ordinary records flagged, for one way of flagging. */
function table(label, scored, flag) {
  const inj = scored.filter((s) => s.r.label === 'injection');
  const hard = scored.filter((s) => s.r.kind === 'hard');
  const ord = scored.filter((s) => s.r.kind === 'ordinary');
  const lines = [`${label}: recall ${rate(inj.filter(flag).length, inj.length)}   hard negatives flagged ${rate(hard.filter(flag).length, hard.length)}   ordinary flagged ${rate(ord.filter(flag).length, ord.length)}`];
  const bySource = {};
  for (const s of inj) (bySource[s.r.source] ??= []).push(s);
  for (const lang of ['zh', 'en']) {
    const l = inj.filter((s) => s.r.lang === lang);
    if (l.length) lines.push(`    recall ${lang}: ${rate(l.filter(flag).length, l.length)}`);
  }
  for (const [src, list] of Object.entries(bySource).sort()) lines.push(`    recall ${src}: ${rate(list.filter(flag).length, list.length)}`);
  return lines.join('\n');
}

function report(title, scored) {
  console.log(`\n== ${title}`);
  console.log(table('rules alone', scored, (s) => rules(s.r)));
  for (const t of thresholds) {
    console.log(table(`model alone @${t}`, scored, (s) => s.p >= t));
    console.log(table(`rules or model @${t}`, scored, (s) => s.p >= t || rules(s.r)));
  }
}

if (argv.includes('--cv')) {
  const data = featurize(rows, opts.bits);
  // 5 folds by position; every fold holds labelled and ordinary rows of every source.
  const oof = new Array(rows.length);
  for (let fold = 0; fold < 5; fold++) {
    const w = fitInjectionWeights(
      data.filter((_d, i) => i % 5 !== fold),
      opts,
    );
    data.forEach((d, i) => {
      if (i % 5 === fold) oof[i] = score(w, rows[i].text);
    });
  }
  report(`5-fold cross-validation over ${rows.length} training rows`, rows.map((r, i) => ({ r, p: oof[i] })));
  // The threshold curve on the out-of-fold scores: what each threshold costs on benign rows.
  console.log('\nthreshold curve (out of fold): threshold  recall  hard-negatives  ordinary');
  for (const t of [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]) {
    const inj = rows.filter((r) => r.label === 'injection');
    const hit = rows.filter((r, i) => r.label === 'injection' && oof[i] >= t).length;
    const hard = rows.filter((r) => r.kind === 'hard');
    const hardHit = rows.filter((r, i) => r.kind === 'hard' && oof[i] >= t).length;
    const ord = rows.filter((r) => r.kind === 'ordinary');
    const ordHit = rows.filter((r, i) => r.kind === 'ordinary' && oof[i] >= t).length;
    console.log(`  ${t.toFixed(2)}  ${rate(hit, inj.length)}  ${rate(hardHit, hard.length)}  ${rate(ordHit, ord.length)}`);
  }
  // The threshold rule, from the aim (recall >= 0.9, false positives <= 1 % of ordinary records, as
  // few hard negatives as possible): the highest threshold at which rules-or-model still holds 90 %
  // of the injections out of fold, provided it flags at most 1 % of the ordinary records. (Until
  // 2026-12-02 the bound was 0.2 %, which no threshold met once the third blind writer's strings
  // were in; the threshold had stayed at 0.7.)
  const grid = Array.from({ length: 19 }, (_x, k) => Math.round(100 * 0.05 * (k + 1)) / 100);
  const inj = rows.filter((r) => r.label === 'injection');
  const ord = rows.filter((r) => r.kind === 'ordinary');
  const ok = (t) => rows.filter((r, i) => r.label === 'injection' && (oof[i] >= t || rules(r))).length >= 0.9 * inj.length && rows.filter((r, i) => r.kind === 'ordinary' && oof[i] >= t).length <= 0.01 * ord.length;
  console.log(`chosen threshold (the highest with out-of-fold recall, rules or model, >= 0.9 and ordinary records flagged <= 1 %): ${grid.filter(ok).at(-1)?.toFixed(2) ?? 'none'}`);
  // Leave one source out: every labelled row of a source held out at once (its hard negatives too).
  const sources = [...new Set(rows.filter((r) => r.kind !== 'ordinary').map((r) => r.source))];
  for (const src of sources) {
    const w = fitInjectionWeights(
      data.filter((_d, i) => rows[i].source !== src),
      opts,
    );
    const held = rows.filter((r) => r.source === src).map((r) => ({ r, p: score(w, r.text) }));
    report(`leave out ${src}`, held);
  }
  // The model trained on every training row, on the held-out half of the ordinary records.
  const w = fitInjectionWeights(data, opts);
  const held = Object.entries(heldOutOrdinary(dataDir)).flatMap(([name, texts]) => texts.map((text) => ({ r: { text, label: 'benign', kind: 'ordinary', source: name }, p: score(w, text) })));
  console.log(`\n== held-out ordinary records (odd positions, never trained on): ${held.length}`);
  for (const t of thresholds) {
    const by = {};
    for (const s of held) {
      by[s.r.source] ??= [0, 0];
      by[s.r.source][1]++;
      if (s.p >= t || rules(s.r)) by[s.r.source][0]++;
    }
    const all = held.filter((s) => s.p >= t || rules(s.r)).length;
    console.log(`rules or model @${t}: ${rate(all, held.length)}   ${Object.entries(by).map(([k, [a, n]]) => `${k} ${a}/${n}`).join(', ')}`);
  }
} else if (arg('--eval')) {
  // A labelled file the model has not trained on: aggregates only, never a row.
  const file = arg('--eval');
  const model = trainInjectionModel(rows, opts);
  const w = model.weights;
  const test = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .map((r) => ({ ...r, label: r.label ?? 'injection', kind: (r.label ?? 'injection') === 'injection' ? 'injection' : 'hard', source: r.kind ?? r.lang }));
  report(`${path.basename(file)} (${test.length} rows), model trained on ${rows.length} rows${dev2 ? ' (handwritten-2 included)' : ''}`, test.map((r) => ({ r, p: score(w, r.text) })));
} else {
  const model = trainInjectionModel(rows, { ...opts, threshold: thresholds[0] }, { files: [...new Set(rows.filter((r) => r.file).map((r) => r.file))].sort(), ordinary: 'every other record (even positions) of each ordinary set' });
  const out = path.join(root, 'models', 'injection.json');
  const { weights, ...head } = model;
  // The weights 64 to a line: the file diffs and greps well.
  const lines = [];
  for (let i = 0; i < weights.length; i += 64) lines.push(`    ${weights.slice(i, i + 64).join(',')}`);
  fs.writeFileSync(out, JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "weights": [\n') + lines.join(',\n') + '\n  ]\n}\n');
  console.log(`models/injection.json: ${weights.length} weights, ${weights.filter((x) => x !== 0).length} not zero, trained on ${rows.length} rows, threshold ${model.threshold}`);
}
