// Trains the learned layer of the write-trigger detector (src/ingest/trigger-model.ts) on the
// labelled turns in eval/triggers/ and writes models/triggers.json. Deterministic: the same rows
// give the same file. The test split (blind-c) is never trained or tuned on.
//
//   npm run build && node scripts/train-triggers.js       # train on every split but the test one, write the model
//   node scripts/train-triggers.js --cv                    # leave one blind set out at a time: rules vs model
//   node scripts/train-triggers.js --cv --per-trigger        # plus the pooled table per trigger
//   node scripts/train-triggers.js --cv --fill-prev          # the same, every held-out turn given the one before it
//   node scripts/train-triggers.js --cv --l2 0.003,0.002 --threshold 0.45,0.5
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainTriggerModel, TRAIN_DEFAULTS } from '../dist/ingest/trigger-training.js';
import { detectWithModel } from '../dist/ingest/trigger-model.js';
import { detectByRules } from '../dist/ingest/triggers.js';
import { formatTable, loadAll, score, TEST_SPLITS } from '../bench/triggers.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const list = (name, dflt) => (arg(name) ?? String(dflt)).split(',').map(Number);

const rows = loadAll().filter((r) => !TEST_SPLITS.includes(r.split));
const l2s = list('--l2', TRAIN_DEFAULTS.l2);
const thresholds = list('--threshold', TRAIN_DEFAULTS.threshold);
const epochs = Number(arg('--epochs') ?? TRAIN_DEFAULTS.epochs);

const brief = (m) => ['overall', 'kept', 'correction'].map((k) => `${k} ${m[k].precision.toFixed(3)} / ${m[k].recall.toFixed(3)}`).join('   ');

if (argv.includes('--cv')) {
  // Each set written by another author (or later, blind to the rules' errors) is held out in turn;
  // the model is trained on all the rest. That is the situation of the test split and of real use.
  const held = [...new Set(rows.map((r) => r.split))].filter((s) => s !== 'tune' && s !== 'heldout');
  const pooled = new Map();
  for (const h of held) {
    // --fill-prev: in a transcript every turn has one before it, but the sets give `prev` only where the
    // label depends on it. Giving the others the row before them in the file checks that the
    // detector does not read the mere presence of a previous turn as a signal.
    const test = rows.filter((r) => r.split === h).map((r, i, all) => (argv.includes('--fill-prev') && !r.prev && i > 0 ? { ...r, prev: { role: all[i - 1].role, text: all[i - 1].text } } : r));
    const train = rows.filter((r) => r.split !== h);
    console.log(`${h.padEnd(8)} rules                   ${brief(score(test, detectByRules).metrics)}`);
    pooled.set('rules', [...(pooled.get('rules') ?? []), ...test.map((r) => [r, detectByRules(r, r.prev)])]);
    for (const l2 of l2s) {
      const model = trainTriggerModel(train, { l2, epochs });
      for (const threshold of thresholds) {
        const m = { ...model, threshold };
        const preds = test.map((r) => [r, detectWithModel(m, r, r.prev)]);
        const key = `l2 ${l2} threshold ${threshold}`;
        console.log(`${h.padEnd(8)} ${key.padEnd(23)} ${brief(score(test, (_t, _p, r) => preds.find((x) => x[0] === r)[1]).metrics)}`);
        pooled.set(key, [...(pooled.get(key) ?? []), ...preds]);
      }
    }
  }
  console.log(`\npooled over ${held.join(', ')} (${pooled.get('rules').length} turns):`);
  for (const [key, preds] of pooled) {
    const byRow = new Map(preds);
    const result = score(preds.map((x) => x[0]), (_t, _p, r) => byRow.get(r));
    console.log(`${key.padEnd(32)} ${brief(result.metrics)}`);
    if (argv.includes('--per-trigger')) console.log(formatTable(key, result) + '\n');
  }
} else {
  const model = trainTriggerModel(rows, { l2: l2s[0], epochs, threshold: thresholds[0] });
  const out = path.join(root, 'models', 'triggers.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // One feature a line: the file diffs and greps well.
  const { weights, ...head } = model;
  const lines = Object.entries(weights).map(([n, w]) => `    ${JSON.stringify(n)}: [${w.join(',')}]`);
  fs.writeFileSync(out, JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "weights": {\n') + lines.join(',\n') + '\n  }\n}\n');
  console.log(`models/triggers.json: ${lines.length} features, trained on ${model.trainedOn.rows} turns (${model.trainedOn.splits.join(', ')})`);
}
