// Forgetting at scale: retention over every record, the candidate list, and a gated applied run
// (the gate copies the home and rebuilds its index there) on a synthetic home.
//   npm run bench:forgetting            (100,000 records; BENCH_SIZES=10000 for a quick run)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateJsonl } from './gen.js';

const { createOptmem } = await import('../dist/index.js');
const { forget } = await import('../dist/consolidate/forget.js');
const n = Number(process.env.BENCH_SIZES ?? 100_000);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-forget-'));
const home = path.join(root, 'home');
const NOW = Date.parse('2027-06-01T00:00:00Z');
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
try {
  let t = performance.now();
  const mem = createOptmem({ dir: home, create: true, now: () => NOW });
  mem.import(generateJsonl(n).jsonl);
  console.log(`records ${n}: import ${s(performance.now() - t)}`);
  t = performance.now();
  const c = mem.archiveCandidates({ now: NOW });
  console.log(`retention + candidates: ${s(performance.now() - t)} · live ${c.live} · candidates ${c.candidates.length} · this run's bound ${c.limit} · exempt ${JSON.stringify(c.exempt)}`);
  t = performance.now();
  const dry = forget(mem, { apply: false, now: NOW });
  console.log(`consolidate (dry run, archive part): ${s(performance.now() - t)} · chosen ${dry.chosen.length}`);
  t = performance.now();
  const run = forget(mem, { apply: true, now: NOW });
  const g = run.gate;
  console.log(
    `consolidate --archive (gate on a copy, then one event): ${s(performance.now() - t)} · gate ${g ? (g.pass ? 'passed' : 'refused: ' + g.problems.join('; ')) : 'none'}` +
      (g ? ` in ${s(g.ms)} · known items ${g.before.knownItems.found}/${g.before.knownItems.asked} → ${g.after.knownItems.found}/${g.after.knownItems.asked} · red lines ${g.before.redLines.found}/${g.before.redLines.asked} → ${g.after.redLines.found}/${g.after.redLines.asked} · stale on top ${g.before.staleOnTop.stale} → ${g.after.staleOnTop.stale} of ${g.after.staleOnTop.asked}` : '') +
      ` · archived ${run.archived.length}`,
  );
  mem.close();
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
