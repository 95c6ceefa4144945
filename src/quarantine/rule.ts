import { checkPattern, PatternError, type PatternBound } from './pattern-check.js';

/** What a rule looks for (docs/QUARANTINE.md, "Categories"). */
export const RULE_CATEGORIES = ['override', 'role', 'tool-call', 'exfiltration', 'encoded', 'hidden'] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

export const RULE_LANGUAGES = ['en', 'zh', 'any'] as const;
export type RuleLanguage = (typeof RULE_LANGUAGES)[number];

/**
 * One scanner rule: data, not code. The built-in table is `BUILTIN_RULES` (rules.ts); a home adds
 * its own under `quarantine.rules` in config.json, in this same shape.
 */
export interface InjectionRule {
  /** unique, lower-case words joined by "-" (e.g. "zh-ignore-previous"); stamped on flagged records */
  id: string;
  category: RuleCategory;
  /** the languages the rule is written for ("any" for markup, URLs, encodings) */
  languages: RuleLanguage[];
  /** one line for the owner reviewing a quarantined record */
  description: string;
  /**
   * A JavaScript regular expression's source, compiled with the `u` flag. It reads the normalized
   * text (NFKC-style folding, lower case, no zero-width characters, one space for any whitespace
   * run) unless `input` is "raw". Checked by pattern-check.ts: bounded quantifiers only (≤ 200),
   * no nested quantifiers, no backreferences, lower-case letters only for normalized rules.
   */
  pattern: string;
  /** "normalized" (default) or "raw": the text as written, for hidden characters */
  input?: 'normalized' | 'raw';
}

export interface CompiledRule {
  rule: InjectionRule;
  re: RegExp;
  raw: boolean;
  bound: PatternBound;
}

const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+){0,9}$/;

/**
 * Check one rule and compile it. Throws an Error whose message starts with the field at fault
 * (`id`, `pattern`…) so the caller can prefix where the rule came from.
 */
export function compileRule(rule: InjectionRule): CompiledRule {
  if (typeof rule.id !== 'string' || !RULE_ID.test(rule.id)) throw new RuleError('id', 'must be lower-case words joined by "-", like "zh-ignore-previous"');
  if (!(RULE_CATEGORIES as readonly string[]).includes(rule.category)) throw new RuleError('category', `must be one of ${RULE_CATEGORIES.join(', ')}`);
  if (!Array.isArray(rule.languages) || rule.languages.length === 0 || !rule.languages.every((l) => (RULE_LANGUAGES as readonly string[]).includes(l))) {
    throw new RuleError('languages', `must be a non-empty list of ${RULE_LANGUAGES.join(', ')}`);
  }
  if (typeof rule.description !== 'string' || !rule.description.trim()) throw new RuleError('description', 'must be a sentence saying what the rule catches');
  if (rule.input !== undefined && rule.input !== 'normalized' && rule.input !== 'raw') throw new RuleError('input', 'must be "normalized" or "raw"');
  if (typeof rule.pattern !== 'string') throw new RuleError('pattern', 'must be a regular expression source string');
  const raw = rule.input === 'raw';
  let bound: PatternBound;
  try {
    bound = checkPattern(rule.pattern, { lowercase: !raw });
  } catch (e) {
    if (e instanceof PatternError) throw new RuleError('pattern', e.message);
    throw e;
  }
  return { rule, re: new RegExp(rule.pattern, 'u'), raw, bound };
}

/** A rule's field is wrong: `field` names it, the message says why. */
export class RuleError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`"${field}" ${reason}`);
  }
}
