import fs from 'node:fs';
import { OptmemError } from '../core/errors.js';
import { packageFile } from '../package-root.js';
import { bucketCount, injectionFeatures, STRUCTURAL } from './injection-features.js';

/**
 * The learned injection scorer: logistic regression over hashed character n-grams and a few
 * structural signs (injection-features.ts), trained by `scripts/train-injection.js` on the labelled
 * strings of eval/injection/ and on ordinary records, shipped as `models/injection.json`. It
 * catches injections worded in ways no rule was written for; the scanner flags a record when a rule
 * fires or the model's probability reaches the threshold (docs/QUARANTINE.md, "The learned scorer").
 */
export interface InjectionModel {
  version: 1;
  /** n-gram buckets: 2^bits */
  bits: number;
  /** the structural signs, by name, in the order their weights follow the buckets */
  structural: string[];
  /** flag at or above this probability (chosen on the training data, see trainedOn) */
  threshold: number;
  /** one weight per bucket, then one per structural sign, then the bias */
  weights: number[];
  trainedOn: Record<string, unknown>;
}

/** Read a model from its JSON text; `where` names the file in the error (one line, INVALID_INPUT). */
export function parseInjectionModel(json: string, where: string): InjectionModel {
  let m: Partial<InjectionModel>;
  try {
    m = JSON.parse(json) as Partial<InjectionModel>;
  } catch (e) {
    throw new OptmemError('INVALID_INPUT', `${where}: not JSON (${(e as Error).message}); reinstall optmem or set quarantine.model to false`, { file: where });
  }
  const bad = (why: string) =>
    new OptmemError('INVALID_INPUT', `${where}: not an injection model for this version of optmem: ${why}; reinstall optmem or set quarantine.model to false`, { file: where });
  if (typeof m !== 'object' || m === null || m.version !== 1) throw bad('"version" must be 1');
  if (!Number.isInteger(m.bits) || m.bits! < 8 || m.bits! > 24) throw bad('"bits" must be an integer from 8 to 24');
  if (!Array.isArray(m.structural) || m.structural.join() !== STRUCTURAL.join()) throw bad(`"structural" must list this version's ${STRUCTURAL.length} structural signs`);
  if (typeof m.threshold !== 'number' || !(m.threshold > 0 && m.threshold < 1)) throw bad('"threshold" must be a number between 0 and 1');
  const want = bucketCount(m.bits!) + STRUCTURAL.length + 1;
  if (!Array.isArray(m.weights) || m.weights.length !== want) throw bad(`"weights" must hold ${want} numbers`);
  const at = m.weights.findIndex((w) => typeof w !== 'number' || !Number.isFinite(w));
  if (at >= 0) throw bad(`"weights.${at}" is not a finite number`);
  return m as InjectionModel;
}

/** Texts longer than this are also read in windows of this many characters, half overlapping. */
export const WINDOW = 400;

/** The probability of one piece of text, as a whole. */
function wholeProbability(model: Pick<InjectionModel, 'bits' | 'weights'>, text: string): number {
  const f = injectionFeatures(text, model.bits);
  const w = model.weights;
  let z = w[w.length - 1]!;
  for (let k = 0; k < f.index.length; k++) z += w[f.index[k]!]! * f.value[k]!;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The probability that `text` is an injection under `model`: of the whole text, or of the worst
 * window of a long one, so an instruction buried in a long ordinary text is not averaged away.
 */
export function injectionProbability(model: Pick<InjectionModel, 'bits' | 'weights'>, text: string, windows = true): number {
  let p = wholeProbability(model, text);
  if (windows && text.length > WINDOW * 1.5) {
    for (let at = 0; at < text.length - WINDOW / 2; at += WINDOW / 2) p = Math.max(p, wholeProbability(model, text.slice(at, at + WINDOW)));
  }
  return p;
}

let shipped: InjectionModel | undefined;

/**
 * The model shipped with optmem (`models/injection.json`), read once on first use. A missing or
 * broken file is an error naming it: the scanner never runs silently without its model.
 */
export function shippedInjectionModel(): InjectionModel {
  if (shipped) return shipped;
  const file = packageFile('models', 'injection.json');
  let json: string;
  try {
    json = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new OptmemError('IO', `${file}: cannot read the injection model (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); reinstall optmem or set quarantine.model to false`, { file, cause: e });
  }
  shipped = parseInjectionModel(json, file);
  return shipped;
}
