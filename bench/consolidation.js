// Consolidation on vs off on the public ranking suite: each scenario home is consolidated
// (`consolidate --archive`: archive candidates after the gate on a copy; the summary tree does not
// enter default search) before its queries, and the two reports are compared metric by metric with
// the evaluation gate (tolerance half a point). LoCoMo and the recall sets take `--consolidate`
// themselves: npm run bench:locomo -- --default-only --consolidate, node bench/recall.js --dev-only --consolidate.
//   npm run bench:consolidation [-- SUITE.json]
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { loadSuite } = await import('../dist/eval/suite.js');
const { evaluate } = await import('../dist/eval/evaluate.js');
const { compareReports } = await import('../dist/eval/gate.js');
const { forget } = await import('../dist/consolidate/forget.js');

const file = process.argv[2] ?? path.join(root, 'eval', 'suites', 'ranking.json');
const suite = loadSuite(file);
let archived = 0;
let homes = 0;
const off = evaluate(suite);
const on = evaluate(suite, {
  prepare: (mem, nowMs) => {
    const r = forget(mem, { apply: true, now: nowMs });
    archived += r.archived.length;
    homes++;
  },
});
const cmp = compareReports(off, on, 0.005);
const f = (x) => (x === null || x === undefined ? '   -  ' : x.toFixed(3).padStart(6));
console.log(`${path.basename(file)}: ${homes} scenario homes consolidated, ${archived} records archived in all`);
console.log('metric            off     on');
for (const d of cmp.diffs.filter((x) => x.scope === 'overall')) console.log(`${d.label.padEnd(16)} ${f(d.before)} ${f(d.after)}${d.dropped ? '  DROPPED' : ''}`);
console.log(`scenarios passed: off ${off.scenarios?.passed}/${off.scenarios?.total}, on ${on.scenarios?.passed}/${on.scenarios?.total}`);
console.log(cmp.dropped.length ? `gate (tolerance 0.005): ${cmp.dropped.length} metric(s) dropped: ${cmp.dropped.map((d) => `${d.scope} ${d.label}`).join(', ')}` : 'gate (tolerance 0.005): nothing dropped');
process.exitCode = cmp.dropped.length ? 1 : 0;
