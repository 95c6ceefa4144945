import fs from 'node:fs';
import { PRIORITY, STRONG_DECISION, ruleEvidence } from './triggers.js';
import { turnFeatures, type Features } from './trigger-features.js';
import { TRIGGERS, type Detection, type Trigger } from './types.js';
import { readCompiledModel } from './trigger-model-file.js';
import { packageFile } from '../package-root.js';

/**
 * The learned layer of the trigger detector: a multinomial logistic regression over `turnFeatures`
 * (the rules' evidence plus the turn's shape and words), with one more logistic output for "the user
 * corrects a fact". It is trained by `scripts/train-triggers.js` on the labelled sets in
 * `eval/triggers/` and shipped as `models/triggers.json`: plain numbers, read once, no network, the
 * same turn always gives the same answer.
 */

/** The classes of the softmax: no trigger, then the six in `TRIGGERS` order. */
export const CLASSES = ['none', ...TRIGGERS] as const;
export type ModelClass = (typeof CLASSES)[number];

export interface TriggerModel {
  version: 1;
  classes: readonly string[];
  /** per feature: one weight per class, then the correction weight */
  weights: Record<string, number[]>;
  /** a turn is kept when the probability that it carries some trigger reaches this */
  threshold: number;
  /** a user's explicit decision (a strong cue of the rules) is kept unless the model gives "no trigger" more than this */
  explicitDecisionMaxNone: number;
  /** the model's correction probability from which a user's turn is a correction (the rules' own cues count too) */
  correctionThreshold: number;
  /** what it was trained on: `bench/triggers.js` and the tests read which splits */
  trainedOn: { rows: number; splits: string[]; l2: number; epochs: number };
}

export interface ModelOutput {
  probabilities: Record<ModelClass, number>;
  correction: number;
}

/** Logits → probabilities for one turn's features. */
export function predict(model: TriggerModel, features: Features): ModelOutput {
  const k = CLASSES.length;
  const z = new Array<number>(k + 1).fill(0);
  for (const [name, v] of features) {
    const w = model.weights[name];
    if (!w) continue;
    for (let c = 0; c <= k; c++) z[c]! += v * (w[c] ?? 0);
  }
  const max = Math.max(...z.slice(0, k));
  const e = z.slice(0, k).map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  const probabilities = Object.fromEntries(CLASSES.map((c, i) => [c, e[i]! / sum])) as Record<ModelClass, number>;
  return { probabilities, correction: 1 / (1 + Math.exp(-z[k]!)) };
}

/** The model's verdict on one turn, with the rules' cues kept as the explanation. */
export function detectWithModel(model: TriggerModel, turn: { role: string; text: string }, prev?: { role: string; text: string }): Detection {
  const ev = ruleEvidence(turn, prev);
  if (ev.gate) return ev.detection; // tool output, pastes, chatter, acknowledgements: never kept
  const features = turnFeatures(turn, ev);
  const out = predict(model, features);

  // A correction when the rules see one ("不对，端口是9090") or the model is fairly sure a user's turn
  // is one (only a user corrects a fact; an agent that says it misspoke is left to the rules).
  const correction = ev.detection.correction || (turn.role === 'user' && out.correction >= model.correctionThreshold);
  // Kept when a trigger of some kind is likely enough, or when the user states a decision in so many
  // words ("我们决定…", "decided", "from now on") and the model is not sure it is nothing: a request
  // in the same breath ("…，帮我改一下 cron") does not undo the decision.
  const explicitDecision =
    turn.role === 'user' && ev.detection.trigger === 'decision' && ev.detection.confidence >= STRONG_DECISION && out.probabilities.none <= model.explicitDecisionMaxNone;
  const keep = correction || explicitDecision || 1 - out.probabilities.none >= model.threshold;
  if (!keep) return { trigger: null, correction: false, confidence: 0, cues: ev.detection.cues };
  // The likeliest trigger (on a tie the most specific, the labels' own order); a decision kept for its
  // words is a decision.
  const likeliest = PRIORITY.reduce((a, b) => (out.probabilities[b] > out.probabilities[a] ? b : a));
  const top = explicitDecision && 1 - out.probabilities.none < model.threshold ? 'decision' : likeliest;
  const p = out.probabilities[top];
  // A correction the model cannot place takes the rules' trigger: config-change when nothing else fits.
  if (correction && p < model.threshold) {
    const trigger = ev.detection.correction && ev.detection.trigger ? ev.detection.trigger : 'config-change';
    return { trigger, correction, confidence: Math.round(Math.max(out.correction, ev.detection.confidence) * 100) / 100, cues: ev.detection.cues };
  }
  const cues = ev.detection.trigger === top ? ev.detection.cues : [...wordsFor(model, features, top), ...ev.detection.cues];
  const confidence = Math.max(p, 1 - out.probabilities.none, correction ? out.correction : 0, explicitDecision ? ev.detection.confidence : 0);
  return { trigger: top, correction, confidence: Math.round(confidence * 100) / 100, cues };
}

/**
 * The words that spoke most for `trigger` over no trigger: the model's cues, for the excerpt and
 * `--explain` ("卸掉", "retired"). Only word features: the rules' scores have cues of their own.
 */
export function wordsFor(model: TriggerModel, features: Features, trigger: Trigger, n = 3): string[] {
  const c = CLASSES.indexOf(trigger);
  const scored: [string, number][] = [];
  for (const [name, v] of features) {
    const m = /^(?:c|c3|w|h1|h1w):(.+)$/.exec(name);
    const w = model.weights[name];
    if (!m || !w) continue;
    const s = v * (w[c]! - w[0]!);
    if (s > 0) scored.push([m[1]!, s]);
  }
  const words = scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  return [...new Set(words)].slice(0, n);
}

let shipped: TriggerModel | null | undefined;

/** The model shipped with optmem (`models/triggers.json`), or null when it is missing. */
export function shippedModel(): TriggerModel | null {
  if (shipped !== undefined) return shipped;
  const file = packageFile('models', 'triggers.json');
  // The build's compiled copy (dist/models/triggers.bin) while it matches the JSON; else the JSON.
  shipped = readCompiledModel(packageFile('dist', 'models', 'triggers.bin'), file) ?? (fs.existsSync(file) ? parseModel(fs.readFileSync(file, 'utf8'), file) : null);
  return shipped;
}

export function parseModel(json: string, where: string): TriggerModel {
  const m = JSON.parse(json) as Partial<TriggerModel>;
  if (m.version !== 1 || !Array.isArray(m.classes) || m.classes.join() !== CLASSES.join() || typeof m.weights !== 'object' || typeof m.threshold !== 'number' || typeof m.correctionThreshold !== 'number' || typeof m.explicitDecisionMaxNone !== 'number') {
    throw new Error(`${where}: not a trigger model for this version of optmem (classes ${CLASSES.join(', ')})`);
  }
  return m as TriggerModel;
}
