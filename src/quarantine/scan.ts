import { normalizeForScan } from './normalize.js';
import { hiddenReadings } from './readings.js';
import { compileRule, RuleError, type CompiledRule, type InjectionRule } from './rule.js';
import { BUILTIN_RULES } from './rules.js';

/** What the scanner found: `flagged` when any rule hit; each hit names its rule and where in the text it starts. */
export interface InjectionScan {
  flagged: boolean;
  /**
   * one per rule that matched, in table order; `index` is a UTF-16 offset into the text as given;
   * the learned scorer's hit (`model:P`, injection-scanner.ts) also carries its `probability`
   */
  hits: { rule: string; index: number; probability?: number }[];
}

/** The home's `quarantine` settings that shape the rule set (config.ts checks them). */
export interface QuarantineRuleOptions {
  /** rules added to the built-in ones */
  rules?: InjectionRule[];
  /** ids of built-in rules turned off */
  disabledRules?: string[];
}

/** The longest text the rules also read as it decodes (readings.ts). */
export const READINGS_MAX = 8000;

const compiledSets = new WeakMap<readonly InjectionRule[], CompiledRule[]>();
const effectiveSets = new WeakMap<QuarantineRuleOptions, InjectionRule[]>();

/**
 * Compile a rule list (checked once per list object and cached). Throws an Error naming the rule's
 * position and field, e.g. `rules[3] "pattern" has a nested quantifier at character 12`.
 */
export function compileRules(rules: readonly InjectionRule[]): CompiledRule[] {
  const cached = compiledSets.get(rules);
  if (cached) return cached;
  const seen = new Set<string>();
  const out = rules.map((r, i) => {
    try {
      const c = compileRule(r);
      if (seen.has(r.id)) throw new RuleError('id', `"${r.id}" is used by another rule`);
      seen.add(r.id);
      return c;
    } catch (e) {
      if (e instanceof RuleError) throw new Error(`rules[${i}] ${e.message}`);
      throw e;
    }
  });
  compiledSets.set(rules, out);
  return out;
}

/**
 * The rule list a home scans with: the built-in table minus disabled rules, plus its own. The same
 * options object gives the same array, so its compiled rules are cached (pass `config.quarantine`).
 */
export function effectiveRules(opts: QuarantineRuleOptions = {}): InjectionRule[] {
  const cached = effectiveSets.get(opts);
  if (cached) return cached;
  const off = new Set(opts.disabledRules ?? []);
  const list = [...BUILTIN_RULES.filter((r) => !off.has(r.id)), ...(opts.rules ?? [])];
  effectiveSets.set(opts, list);
  return list;
}

/**
 * Does this text read like an instruction to the model? Normalizes it once (normalize.ts) and runs
 * every rule; linear in the text's length for every rule (pattern-check.ts). `rules` defaults to the
 * built-in table.
 */
export function scanForInjection(text: string, rules: readonly InjectionRule[] = BUILTIN_RULES): InjectionScan {
  const compiled = compileRules(rules);
  const hits: InjectionScan['hits'] = [];
  let norm: ReturnType<typeof normalizeForScan> | null = null;
  for (const c of compiled) {
    if (c.raw) {
      const m = c.re.exec(text);
      if (m) hits.push({ rule: c.rule.id, index: m.index });
      continue;
    }
    norm ??= normalizeForScan(text);
    const m = c.re.exec(norm.text);
    if (m) hits.push({ rule: c.rule.id, index: norm.map[m.index] ?? text.length });
  }
  // Words hidden by spacing their letters or escaping them: the rules read the text as it decodes
  // (readings.ts), and a hit there points at the start of the text. Only texts of a note's size
  // (READINGS_MAX characters): a longer one is read as written, so no input costs the rules twice.
  if (hits.length === 0 && text.length <= READINGS_MAX) {
    for (const reading of hiddenReadings(text)) {
      const rn = normalizeForScan(reading).text;
      for (const c of compiled) if (!c.raw && c.re.test(rn)) hits.push({ rule: c.rule.id, index: 0 });
      if (hits.length) break;
    }
  }
  return { flagged: hits.length > 0, hits };
}
