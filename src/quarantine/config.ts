import { compileRule, RuleError, type InjectionRule } from './rule.js';
import { loadScanner } from './scanner.deferred.js';

/**
 * `quarantine` in a home's config.json: rules added to the built-in table and built-in rules turned
 * off (docs/QUARANTINE.md, "Adding a rule"), both empty by default; and the learned scorer beside
 * the rules (docs/QUARANTINE.md, "The learned scorer"), on by default at its trained threshold.
 */
export interface QuarantineConfig {
  /** rules of the same shape as the built-in ones (rule.ts), checked when the config is read */
  rules: InjectionRule[];
  /** ids of built-in rules not to run (a rule that misfires on this home's records) */
  disabledRules: string[];
  /** run the learned scorer (models/injection.json) beside the rules: default true */
  model: boolean;
  /** flag when the scorer's probability reaches this (0.05–0.99); null: the threshold the model was trained with */
  modelThreshold: number | null;
}

export const QUARANTINE_DEFAULTS: Readonly<QuarantineConfig> = Object.freeze({ rules: [], disabledRules: [], model: true, modelThreshold: null });

const RULE_KEYS = ['id', 'category', 'languages', 'description', 'pattern', 'input'];

/**
 * Check the rules and rule ids a config gives. Each problem names its key path
 * (`quarantine.rules.2.pattern`) and what is wrong, so the config reader can report them all.
 */
export function checkQuarantineRules(rules: unknown[], disabled: string[]): { rules: InjectionRule[]; problems: { path: string; message: string }[] } {
  const problems: { path: string; message: string }[] = [];
  const ok: InjectionRule[] = [];
  const { BUILTIN_RULES } = loadScanner();
  const ids = new Set(BUILTIN_RULES.map((r) => r.id));
  rules.forEach((r, i) => {
    const at = `quarantine.rules.${i}`;
    if (typeof r !== 'object' || r === null || Array.isArray(r)) {
      problems.push({ path: at, message: `"${at}" must be an object {id, category, languages, description, pattern}` });
      return;
    }
    const unknown = Object.keys(r).filter((k) => !RULE_KEYS.includes(k));
    if (unknown.length) {
      problems.push({ path: `${at}.${unknown[0]}`, message: `"${at}.${unknown[0]}": unknown rule field (known: ${RULE_KEYS.join(', ')})` });
      return;
    }
    const rule = r as InjectionRule;
    try {
      compileRule(rule);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      problems.push({ path: `${at}.${e.field}`, message: `"${at}.${e.field}" ${e.reason}` });
      return;
    }
    if (ids.has(rule.id)) {
      problems.push({ path: `${at}.id`, message: `"${at}.id": "${rule.id}" is already a rule's id` });
      return;
    }
    ids.add(rule.id);
    ok.push({ ...rule, languages: [...rule.languages] });
  });
  const builtin = new Set(BUILTIN_RULES.map((r) => r.id));
  disabled.forEach((id, i) => {
    if (!builtin.has(id)) problems.push({ path: `quarantine.disabledRules.${i}`, message: `"quarantine.disabledRules.${i}": "${id}" is not a built-in rule (see docs/QUARANTINE.md)` });
  });
  return { rules: ok, problems };
}
