import { injectionProbability, shippedInjectionModel, type InjectionModel } from './injection-model.js';
import { effectiveRules, scanForInjection, type InjectionScan, type QuarantineRuleOptions } from './scan.js';

/** The home's `quarantine` settings the scanner reads (config.ts checks them). */
export interface InjectionScannerOptions extends QuarantineRuleOptions {
  /** run the learned scorer beside the rules (default true) */
  model?: boolean;
  /** flag at or above this probability; null or absent: the threshold the shipped model was trained with */
  modelThreshold?: number | null;
}

/** The hit the learned scorer adds: `model:0.93`, its probability cut to two decimals (one word, as a record's quarantine line needs). */
export const MODEL_HIT = 'model';

/**
 * The scan a home runs on non-owner writes: its rules (the built-in table minus disabled rules, plus
 * its own), and the learned scorer (injection-model.ts) unless `model` is false. A record is flagged
 * when a rule fires or the model's probability reaches the threshold; the model's hit is named
 * `model:P` so the quarantine list says why. The model file is read on the first scan, not before:
 * a home that only reads never pays for it. `model` may be passed to use another than the shipped one.
 */
export function injectionScanner(opts: InjectionScannerOptions = {}, model?: InjectionModel): (text: string) => InjectionScan {
  const rules = effectiveRules(opts);
  if (opts.model === false) return (text) => scanForInjection(text, rules);
  return (text) => {
    const scan = scanForInjection(text, rules);
    const m = model ?? shippedInjectionModel();
    const p = injectionProbability(m, text);
    if (p < (opts.modelThreshold ?? m.threshold)) return scan;
    return { flagged: true, hits: [...scan.hits, { rule: `${MODEL_HIT}:${(Math.floor(p * 100) / 100).toFixed(2)}`, index: 0, probability: p }] };
  };
}
