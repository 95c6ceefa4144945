// How often the UserPromptSubmit reminder fires on user turns with a write trigger and on user turns
// without one. The hook sees the prompt alone (no turn before it), and fires when the detector names
// a trigger or a correction (src/interfaces/hooks/remind.ts).
//
//   npm run build && node bench/reminder.js            # development figures: the sets by other authors
//                                                       # (fresh, blind-* but the test split) in 3 folds,
//                                                       # each held out in turn, the model trained on the
//                                                       # rest; pooled (--folds N for more, slower)
//   node bench/reminder.js --shipped                   # the shipped model on the same sets (in-sample)
//   node bench/reminder.js --test                      # the test split, aggregates only: every run is a
//                                                       # look at it, log it in eval/triggers/README.md
import { detectWithModel, shippedModel } from '../dist/ingest/trigger-model.js';
import { trainTriggerModel } from '../dist/ingest/trigger-training.js';
import { reminderFor } from '../dist/interfaces/hooks/remind.js';
import { loadAll, TEST_SPLITS } from './triggers.js';

const argv = process.argv.slice(2);
const all = loadAll();
const dev = all.filter((r) => !TEST_SPLITS.includes(r.split));
const isUser = (r) => r.role === 'user';
const positive = (r) => !!r.trigger || !!r.correction;

function tally(rows, fires) {
  const c = { pos: 0, neg: 0, tp: 0, fp: 0 };
  for (const r of rows) {
    const f = fires(r);
    if (positive(r)) (c.pos++, f && c.tp++);
    else (c.neg++, f && c.fp++);
  }
  return c;
}

function line(label, c) {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  return `${label.padEnd(34)} user turns ${String(c.pos + c.neg).padStart(5)}: with a trigger ${c.pos} → fired ${c.tp} (recall ${(c.tp / c.pos).toFixed(3)}); without ${c.neg} → fired ${c.fp} (${(c.fp / c.neg).toFixed(3)}); precision ${precision.toFixed(3)}`;
}

const fired = (model) => (r) => {
  const d = detectWithModel(model, { role: 'user', text: r.text.slice(0, 8000) });
  return !!d.trigger || d.correction;
};

if (argv.includes('--test')) {
  const rows = all.filter((r) => TEST_SPLITS.includes(r.split) && isUser(r));
  console.log(line(`test split (${TEST_SPLITS.join(', ')}), shipped`, tally(rows, (r) => reminderFor(r.text) !== null)));
} else if (argv.includes('--shipped')) {
  console.log(line('dev sets, shipped model (in-sample)', tally(dev.filter(isUser), (r) => reminderFor(r.text) !== null)));
} else {
  const held = [...new Set(dev.map((r) => r.split))].filter((s) => s !== 'tune' && s !== 'heldout');
  const i = argv.indexOf('--folds');
  const k = Math.min(held.length, Math.max(2, Number(i >= 0 ? argv[i + 1] : 3)));
  const folds = Array.from({ length: k }, (_, f) => held.filter((_, j) => j % k === f));
  const pooled = { pos: 0, neg: 0, tp: 0, fp: 0 };
  for (const fold of folds) {
    const model = trainTriggerModel(dev.filter((r) => !fold.includes(r.split)));
    const c = tally(dev.filter((r) => fold.includes(r.split) && isUser(r)), fired(model));
    for (const key of Object.keys(pooled)) pooled[key] += c[key];
    console.log(line(`held out: ${fold.join(' ')}`, c));
  }
  console.log(line(`pooled, ${held.length} sets in ${k} folds`, pooled));
  // the shipped model on its own training sets, for comparison (in-sample, optimistic)
  console.log(line('dev sets, shipped model (in-sample)', tally(dev.filter(isUser), (r) => reminderFor(r.text) !== null)));
  void shippedModel;
}
