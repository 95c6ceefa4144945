// Trains the learned layer of the write-trigger detector (src/ingest/trigger-model.ts) on the
// labelled turns in eval/triggers/ and writes models/triggers.json. Deterministic: the same rows
// give the same file. The test split (eval/triggers/blind-c.jsonl) is never trained or tuned on.
//
//   npm run build && node scripts/train-triggers.js            # train on every split but the test one, write the model
//   node scripts/train-triggers.js --cv 5 [--l2 0.03,0.01]     # k-fold cross-validation over the training splits: rules vs model
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainTriggerModel, TRAIN_DEFAULTS } from '../dist/ingest/trigger-training.js';
import { detectWithModel } from '../dist/ingest/trigger-model.js';
import { detectByRules } from '../dist/ingest/triggers.js';
import { loadAll, score, formatTable, TEST_SPLITS } from '../bench/triggers.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

const rows = loadAll().filter((r) => !TEST_SPLITS.includes(r.split));
const l2s = (arg('--l2') ?? String(TRAIN_DEFAULTS.l2)).split(',').map(Number);
const epochs = Number(arg('--epochs') ?? TRAIN_DEFAULTS.epochs);
const threshold = Number(arg('--threshold') ?? TRAIN_DEFAULTS.threshold);

if (arg('--cv')) {
  const k = Number(arg('--cv'));
  // Folds by a fixed stride over the rows, so each fold mixes every split and language.
  const folds = Array.from({ length: k }, (_, f) => rows.filter((_, i) => i % k === f));
  console.log(formatTable('rules alone (all training rows)', score(rows, detectByRules)));
  for (const l2 of l2s) {
    const predictions = new Map();
    for (let f = 0; f < k; f++) {
      const train = folds.filter((_, j) => j !== f).flat();
      const model = trainTriggerModel(train, { l2, epochs, threshold });
      for (const r of folds[f]) predictions.set(r, detectWithModel(model, r, r.prev));
    }
    console.log();
    console.log(formatTable(`model, ${k}-fold cross-validation, l2 ${l2}, epochs ${epochs}, threshold ${threshold}`, score(rows, (_t, _p, row) => predictions.get(row))));
  }
} else {
  const model = trainTriggerModel(rows, { l2: l2s[0], epochs, threshold });
  const out = path.join(root, 'models', 'triggers.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const body = JSON.stringify({ ...model, weights: undefined }, null, 2).replace(/\n}$/, ',\n  "weights": {\n');
  const ws = Object.entries(model.weights).map(([n, w]) => `    ${JSON.stringify(n)}: [${w.join(',')}]`);
  fs.writeFileSync(out, body + ws.join(',\n') + '\n  }\n}\n');
  console.log(`models/triggers.json: ${Object.keys(model.weights).length} features, trained on ${model.trainedOn.rows} turns (${model.trainedOn.splits.join(', ')})`);
}
