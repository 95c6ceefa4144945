import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once: on 2 cores vitest would run one (CPUs - 1), and most of a file's time
    // is child processes and files. Timeouts are a guard against a hang, not a speed rule.
    maxWorkers: 2,
    // Longest files first, so the two workers finish together (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
