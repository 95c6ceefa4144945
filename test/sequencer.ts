/**
 * The order vitest starts test files in: longest first, from the seconds each long file took in a fresh-clone CI run.
 *
 * vitest orders by the durations it cached on the last run, and with no cache (a fresh clone, CI) by file size, largest
 * first. The files that score the labelled correction sets are a few lines each and among the longest, so they started
 * last and one worker ran them alone at the end. Started longest first, the two workers finish about together.
 * A file not listed here runs after the listed ones, by vitest's own order. Re-measure when a file grows by much:
 * `npx vitest run --reporter=verbose` prints each file's time.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Seconds, from session 54's fresh-clone CI run on 2 cores (the correction parts 7 and 8 estimated from their share of
// the cases since part 7 was split in two).
const SECONDS = new Map<string, number>([
  ['test/corrections-later-8.test.ts', 80],
  ['test/corrections-later-7.test.ts', 70],
  ['test/inspector-browser.test.ts', 120],
  ['test/eval.test.ts', 86],
  ['test/corrections-later-4.test.ts', 78],
  ['test/resolution.test.ts', 68],
  ['test/corrections-later-3.test.ts', 61],
  ['test/corrections.test.ts', 60],
  ['test/corrections-later-1.test.ts', 60],
  ['test/corrections-later-2.test.ts', 59],
  ['test/forgetting.test.ts', 58],
  ['test/fuzz-dayfiles.test.ts', 50],
  ['test/corrections-later-6.test.ts', 44],
  ['test/faults.test.ts', 36],
  ['test/index-rebuild.test.ts', 35],
  ['test/ingest.test.ts', 27],
  ['test/cli-usage.test.ts', 24],
  ['test/import-export.test.ts', 24],
  ['test/triggers.test.ts', 24],
  ['test/crash.test.ts', 23],
  ['test/sessions.test.ts', 23],
  ['test/concurrency.test.ts', 21],
  ['test/ingest-crash.test.ts', 21],
  ['test/hand-edits.test.ts', 20],
  ['test/hooks.test.ts', 19],
  ['test/cli.test.ts', 18],
  ['test/corrections-later-5.test.ts', 18],
  ['test/embeddings.test.ts', 16],
  ['test/server-cli.test.ts', 15],
  ['test/schedule.test.ts', 15],
  ['test/sessions-faults.test.ts', 13],
  ['test/ranking-suite.test.ts', 12],
  ['test/injection-model.test.ts', 11],
  ['test/aliases.test.ts', 11],
  ['test/health.test.ts', 9],
  ['test/archive.test.ts', 9],
]);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = process.cwd();
    const seconds = (f: TestSpecification) => SECONDS.get(relative(root, f.moduleId).split('\\').join('/')) ?? 0;
    // Stable: files with no figure keep vitest's order after the listed ones.
    return base.map((f, i) => ({ f, i, s: seconds(f) })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.f);
  }
}
