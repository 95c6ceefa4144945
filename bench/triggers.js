// How well does the write-trigger detector agree with hand-labelled turns? Prints precision and
// recall per trigger and overall, for each split of eval/triggers/, for the rules alone and for the
// shipped detector (rules + the learned layer in models/triggers.json), and the same for correction
// detection.
//
// Splits: `tune`, `heldout` (labelled.jsonl), `fresh` (fresh.jsonl), `blind-a`, `blind-b` (written
// blind by other authors; training data for the model) and `blind-c`, the test split: written blind,
// never trained on, tuned on or read turn by turn. The model's figures on the splits it was trained on
// are in-sample and say little; `node scripts/train-triggers.js --cv 5` gives the cross-validated ones.
//
//   npm run build && node bench/triggers.js                 # the tables
//   node bench/triggers.js --errors fresh                    # plus every disagreement on a split (never on the test split)
//   node bench/triggers.js --json                            # machine-readable
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectTrigger } from '../dist/ingest/detect.js';
import { detectByRules } from '../dist/ingest/triggers.js';
import { shippedModel } from '../dist/ingest/trigger-model.js';
import { TRIGGERS } from '../dist/ingest/types.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'eval', 'triggers');
/** Never trained on, tuned on or read turn by turn. */
export const TEST_SPLITS = ['blind-c'];

export function loadLabelled(p) {
  return fs
    .readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l);
      } catch (e) {
        throw new Error(`${path.relative(root, p)}:${i + 1}: ${e.message}`);
      }
    });
}

/** Every labelled turn in eval/triggers/, in file order. */
export function loadAll() {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => loadLabelled(path.join(dir, f)));
}

/**
 * Scores `detect` on rows. A turn counts for trigger T as a true positive when both the label and the
 * detector say T; "overall" counts a turn as positive when it carries any trigger and as correct when
 * the detector names the same one (a kept turn with the wrong trigger is a false positive and a false
 * negative). "kept" asks only whether a turn is kept at all. Corrections are scored on their flag.
 */
export function score(rows, detect) {
  const per = Object.fromEntries([...TRIGGERS, 'overall', 'kept', 'correction'].map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
  const errors = [];
  for (const r of rows) {
    const d = detect({ role: r.role, text: r.text }, r.prev, r);
    const want = r.trigger ?? null;
    const got = d.trigger;
    for (const k of want === got ? [] : [got].filter(Boolean)) (per[k].fp++, per.overall.fp++);
    for (const k of want === got ? [] : [want].filter(Boolean)) (per[k].fn++, per.overall.fn++);
    if (want && got === want) (per[want].tp++, per.overall.tp++);
    if (want && got) per.kept.tp++;
    if (!want && got) per.kept.fp++;
    if (want && !got) per.kept.fn++;
    const wc = !!r.correction;
    if (wc && d.correction) per.correction.tp++;
    if (!wc && d.correction) per.correction.fp++;
    if (wc && !d.correction) per.correction.fn++;
    if (got !== want || d.correction !== wc) errors.push({ want, got, wantCorrection: wc, gotCorrection: d.correction, confidence: d.confidence, cues: d.cues, role: r.role, text: r.text });
  }
  const metrics = {};
  for (const [k, c] of Object.entries(per)) {
    const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
    const rec = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
    metrics[k] = { precision: p, recall: rec, support: c.tp + c.fn, ...c };
  }
  return { n: rows.length, metrics, errors };
}

export function formatTable(name, result) {
  const lines = [`${name}: ${result.n} turns`, 'trigger            support  precision  recall'];
  for (const [k, m] of Object.entries(result.metrics)) {
    lines.push(`${k.padEnd(18)} ${String(m.support).padStart(7)}  ${m.precision.toFixed(3).padStart(9)}  ${m.recall.toFixed(3).padStart(6)}`);
  }
  return lines.join('\n');
}

function brief(result) {
  const m = result.metrics;
  const pr = (k) => `${m[k].precision.toFixed(3)} / ${m[k].recall.toFixed(3)}`;
  return `overall ${pr('overall')}   kept ${pr('kept')}   correction ${pr('correction')}`;
}

function main(argv) {
  const rows = loadAll();
  const splits = [...new Set(rows.map((r) => r.split))];
  const model = shippedModel();
  const trained = new Set(model?.trainedOn.splits ?? []);
  const out = {};
  for (const split of splits) {
    const part = rows.filter((r) => r.split === split);
    out[split] = { rules: score(part, detectByRules), shipped: score(part, detectTrigger) };
  }
  if (argv.includes('--json')) {
    const slim = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { n: v.rules.n, rules: v.rules.metrics, shipped: v.shipped.metrics, trainedOn: trained.has(k) }]));
    process.stdout.write(JSON.stringify(slim, null, 2) + '\n');
    return;
  }
  console.log(`model: ${model ? `${Object.keys(model.weights).length} features, trained on ${model.trainedOn.splits.join(', ')}` : 'none shipped (rules alone)'}`);
  console.log('split (turns, positives)        detector  P / R');
  for (const split of splits) {
    const r = out[split];
    const label = `${split} (${r.rules.n}, ${r.rules.metrics.overall.support})${TEST_SPLITS.includes(split) ? ' TEST' : trained.has(split) ? ' in-sample' : ''}`;
    console.log(`${label.padEnd(32)} rules     ${brief(r.rules)}`);
    console.log(`${''.padEnd(32)} shipped   ${brief(r.shipped)}`);
  }
  for (const split of splits.filter((s) => TEST_SPLITS.includes(s) || argv.includes('--all'))) {
    console.log();
    console.log(formatTable(`${split}, rules alone`, out[split].rules));
    console.log();
    console.log(formatTable(`${split}, shipped detector`, out[split].shipped));
  }
  const i = argv.indexOf('--errors');
  if (i >= 0) {
    const split = argv[i + 1] ?? 'tune';
    if (TEST_SPLITS.includes(split)) throw new Error(`${split} is the test split: its errors are not printed`);
    const which = argv.includes('--rules') ? 'rules' : 'shipped';
    console.log(`\ndisagreements of the ${which} detector on ${split}:`);
    for (const e of out[split][which].errors) {
      const c = e.wantCorrection || e.gotCorrection ? ` corr ${e.wantCorrection}→${e.gotCorrection}` : '';
      console.log(`- [${e.role}] want ${e.want} got ${e.got}${c} (${e.confidence}; ${e.cues.join(', ')}): ${e.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
