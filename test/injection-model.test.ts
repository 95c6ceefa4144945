/**
 * models/injection.json is derived, not hand-edited: training on the rows scripts/injection-data.js
 * gives (the labelled strings of eval/injection/ and the training half of the ordinary records, read
 * at run time) with the options the file records gives exactly the shipped weights.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseInjectionModel } from '../src/quarantine/injection-model.js';
import { trainInjectionModel } from '../src/quarantine/injection-training.js';
// @ts-expect-error: a plain JavaScript module shared with the training script and the bench
import { defaultDataDir, trainingRows } from '../scripts/injection-data.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'models', 'injection.json');
const shipped = parseInjectionModel(fs.readFileSync(file, 'utf8'), 'models/injection.json');
const dataDir: string = defaultDataDir();
const hasData = fs.existsSync(path.join(dataDir, 'locomo', 'locomo10.json'));

describe('the shipped injection model', () => {
  it('was trained on every labelled file of eval/injection/ but the blind test split', () => {
    const labelled = fs.readdirSync(path.join(root, 'eval', 'injection')).filter((f) => f.endsWith('.jsonl') && !f.startsWith('test'));
    expect(shipped.trainedOn.files).toEqual(labelled.sort());
  });

  it('is exactly what training on those rows gives', () => {
    if (!hasData) {
      process.stderr.write(`[injection-model.test] SKIPPED: the benchmark data the model trains on is not at ${dataDir} (set OPTMEM_DATA)\n`);
      return;
    }
    const dev2 = (shipped.trainedOn.files as string[]).includes('handwritten-2.jsonl');
    const rows = trainingRows({ dataDir, dev2 });
    const t = shipped.trainedOn as { l2: number; epochs: number; hardWeight: number; positiveShare: number; rows: number };
    expect(rows.length).toBe(t.rows);
    const again = trainInjectionModel(rows, { bits: shipped.bits, l2: t.l2, epochs: t.epochs, hardWeight: t.hardWeight, positiveShare: t.positiveShare, threshold: shipped.threshold });
    expect(again.weights).toEqual(shipped.weights);
  });
});
