/**
 * One part of the later blind development sets (test/correction-floors.ts, LATER_PARTS) above its floors: each part is a
 * test file of its own (test/corrections-later-N.test.ts), some 1,840 cases each on a real home.
 */
import { describe, expect, it } from 'vitest';
import { scoreLinks } from '../src/eval/link-cases.js';
import { LATER_PARTS, run } from './correction-floors.js';

export function laterPart(n: number): void {
  const part = LATER_PARTS[n - 1]!;
  const name = `${part.sets[0]} … ${part.sets.at(-1)}`;
  describe(`correction links on the later blind sets, part ${n} of ${LATER_PARTS.length}`, () => {
    it(`${name}: above their floors, so what their rounds fixed stays fixed`, () => {
      const s = scoreLinks(part.sets.flatMap(run));
      // All three at once: a failure prints every figure.
      const ok = (x: number, floor: number) => x >= floor;
      expect({ precision: ok(s.precision, part.floors.precision), recall: ok(s.recall, part.floors.recall), hardRejected: ok(s.hardRejected, part.floors.hardRejected) }, JSON.stringify(s)).toEqual({ precision: true, recall: true, hardRejected: true });
    }, 600_000);
  });
}
