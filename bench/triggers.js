// How well does the write-trigger detector agree with a hand-labelled set of turns? Prints
// precision and recall per trigger and overall, for the tune and held-out splits, and the same for
// correction detection. The held-out split is never used to tune the cue lexicons; the fresh split
// (eval/triggers/fresh.jsonl) was written later, blind to the detector's errors, and is never tuned on
// either: look at its aggregate numbers only (`--errors fresh` exists for after-the-fact reporting).
//
//   npm run build && node bench/triggers.js                 # the tables
//   node bench/triggers.js --errors tune                     # plus every disagreement on the tune split
//   node bench/triggers.js --json                            # machine-readable
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectTrigger } from '../dist/ingest/triggers.js';
import { TRIGGERS } from '../dist/ingest/types.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const file = path.join(root, 'eval', 'triggers', 'labelled.jsonl');
// Written after the detector, by someone who had not looked at its errors; never tuned on.
const freshFile = path.join(root, 'eval', 'triggers', 'fresh.jsonl');

export function loadLabelled(p = file) {
  return fs
    .readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/**
 * Scores one split. A turn counts for trigger T as a true positive when both the label and the
 * detector say T; "overall" counts a turn as positive when it carries any trigger and as correct
 * when the detector names the same one (a kept turn with the wrong trigger is a false positive
 * and a false negative). Corrections are scored the same way on the `correction` flag.
 */
export function score(rows) {
  const per = Object.fromEntries([...TRIGGERS, 'overall', 'kept', 'correction'].map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
  const errors = [];
  for (const r of rows) {
    const d = detectTrigger({ role: r.role, text: r.text }, r.prev);
    const want = r.trigger ?? null;
    const got = d.trigger;
    if (want && got === want) per[want].tp++;
    if (got && got !== want) per[got].fp++;
    if (want && got !== want) per[want].fn++;
    if (want && got === want) per.overall.tp++;
    if (got && got !== want) per.overall.fp++;
    if (want && got !== want) per.overall.fn++;
    // kept: whether a turn is kept at all, whatever the trigger
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

function main(argv) {
  const rows = loadLabelled();
  if (fs.existsSync(freshFile)) rows.push(...loadLabelled(freshFile));
  const out = {};
  for (const split of ['tune', 'heldout', 'fresh']) out[split] = score(rows.filter((r) => r.split === split));
  if (argv.includes('--json')) {
    const slim = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { n: v.n, metrics: v.metrics }]));
    process.stdout.write(JSON.stringify(slim, null, 2) + '\n');
    return;
  }
  console.log(formatTable('tune', out.tune));
  console.log();
  console.log(formatTable('held-out', out.heldout));
  console.log();
  console.log(formatTable('fresh (never tuned on)', out.fresh));
  const i = argv.indexOf('--errors');
  if (i >= 0) {
    const split = argv[i + 1] ?? 'tune';
    console.log(`\ndisagreements on ${split}:`);
    for (const e of out[split].errors) {
      const c = e.wantCorrection || e.gotCorrection ? ` corr ${e.wantCorrection}→${e.gotCorrection}` : '';
      console.log(`- [${e.role}] want ${e.want} got ${e.got}${c} (${e.confidence}; ${e.cues.join(', ')}): ${e.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
