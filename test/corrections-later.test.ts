/**
 * The later blind development sets (corr-x1 … corr-z88) above their floors (test/correction-floors.ts, FLOORS.later), in a
 * file of their own: seven thousand cases, each on a real home, run beside the rest of the suite rather than after it.
 */
import { describe, expect, it } from 'vitest';
import { scoreLinks } from '../src/eval/link-cases.js';
import { FLOORS, LATER, run } from './correction-floors.js';

describe('correction links on the later blind sets', () => {
  it('the later blind development sets (corr-x1 … corr-z88): above their floors, so what their rounds fixed stays fixed', () => {
    const s = scoreLinks(LATER.flatMap(run));
    expect(s.precision).toBeGreaterThanOrEqual(FLOORS.later.precision);
    expect(s.recall).toBeGreaterThanOrEqual(FLOORS.later.recall);
    expect(s.hardRejected).toBeGreaterThanOrEqual(FLOORS.later.hardRejected);
  }, 900_000);
});
