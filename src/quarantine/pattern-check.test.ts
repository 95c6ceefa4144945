import { describe, expect, it } from 'vitest';
import { adversarialInputs } from './adversarial.js';
import { checkPattern, MAX_WORK } from './pattern-check.js';
import { BUILTIN_RULES } from './rules.js';
import { compileRules, scanForInjection } from './scan.js';

const check = (source: string) => () => checkPattern(source, { lowercase: true });

describe('checkPattern', () => {
  it('refuses the shapes that backtrack catastrophically', () => {
    expect(check('(a+)+b')).toThrow(/unbounded quantifier "\+"/);
    expect(check('ignore.*instructions')).toThrow(/unbounded quantifier "\*"/);
    expect(check('a{2,}')).toThrow(/unbounded quantifier "\{2,\}"/);
    expect(check('(?:ab{1,3}){2,9}')).toThrow(/nested quantifier/);
    expect(check('(?:a|ab|b){0,200}')).toThrow(/may try up to .* steps per position/);
    expect(check('(?:\\w|\\d){0,100}')).toThrow(/may try up to/);
    expect(check('.{0,200}.{0,200}.{0,200}x')).toThrow(/may try up to/);
    expect(check('(a)\\1')).toThrow(/backreference/);
    expect(check('x{0,500}')).toThrow(/above the limit of 200/);
    expect(check('(?<name>a)')).toThrow(/named group/);
    expect(check('(')).toThrow(/not a valid regular expression/);
  });

  it('accepts bounded patterns and an optional group that holds a quantifier', () => {
    expect(checkPattern('\\bignore\\b.{0,40}?\\bprevious\\b', { lowercase: true }).work).toBeLessThan(MAX_WORK);
    expect(checkPattern('(?:the (?:old )?)?rules?', { lowercase: true }).paths).toBeGreaterThan(0);
    expect(checkPattern('[\\u200B]{3}', { lowercase: false }).length).toBe(3);
  });

  it('every built-in rule finishes on 100 KB inputs built to make it backtrack', () => {
    // Each rule alone on the inputs made from its own words; then every rule at once on the generic
    // shapes. A catastrophic pattern would not finish here; speed is measured by bench:quarantine.
    const generic = new Map<string, string>();
    let runs = 0;
    for (const rule of BUILTIN_RULES) {
      const one = [rule];
      compileRules(one);
      for (const input of adversarialInputs(rule)) {
        expect(input.text.length).toBe(100_000);
        if (input.name.startsWith('words') || input.name === 'first word') {
          scanForInjection(input.text, one);
          runs++;
        } else generic.set(input.name, input.text);
      }
    }
    for (const text of generic.values()) {
      scanForInjection(text);
      runs++;
    }
    expect(runs).toBeGreaterThan(BUILTIN_RULES.length * 4);
  });
});
