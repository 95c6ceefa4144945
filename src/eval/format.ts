/** The evaluation's text output: the metrics table, the baseline comparison, the self-test. */
import type { EvalReport } from './evaluate.js';
import type { Comparison, MetricDiff } from './gate.js';
import { METRICS, type MetricSet } from './metrics.js';
import type { SelfTestReport } from './self-test.js';

const f3 = (x: number | null) => (x === null ? '-' : x.toFixed(3));

const COLS: { head: string; width: number; cell: (m: MetricSet) => string }[] = [
  { head: 'queries', width: 7, cell: (m) => String(m.queries) },
  { head: 'hit@1', width: 6, cell: (m) => f3(m.hit1) },
  { head: 'R@5', width: 6, cell: (m) => f3(m.recall5) },
  { head: 'R@10', width: 6, cell: (m) => f3(m.recall10) },
  { head: 'MRR', width: 6, cell: (m) => f3(m.mrr) },
  { head: 'nDCG@10', width: 7, cell: (m) => f3(m.ndcg10) },
  { head: 'stale-top', width: 9, cell: (m) => f3(m.staleOnTop) },
  { head: 'redline', width: 7, cell: (m) => f3(m.redlineRecall) },
  { head: 'checks', width: 9, cell: (m) => `${m.checksPassed}/${m.checks}` },
];

/** The metrics table: one row per category, then overall; then what failed. */
export function formatEvalReport(r: EvalReport, opts: { failures?: number; homeLabel?: string } = {}): string {
  const o = r.overall;
  const width = Math.max(8, ...Object.keys(r.byCategory).map((c) => c.length));
  const row = (name: string, m: MetricSet) => `${name.padEnd(width)}  ${COLS.map((c) => c.cell(m).padStart(c.width)).join(' ')}`;
  const where = r.suite.mode === 'home' ? `a copy of ${opts.homeLabel ?? r.home}` : `${r.scenarios?.total ?? 0} scenarios on fresh homes`;
  const lines = [
    `${r.suite.name}: ${o.queries} queries (${o.graded} graded) over ${where}${r.config ? `, with changed settings ${JSON.stringify(r.config)}` : ''} (${r.ms} ms)`,
    '',
    `${'category'.padEnd(width)}  ${COLS.map((c) => c.head.padStart(c.width)).join(' ')}`,
    ...Object.entries(r.byCategory).map(([c, m]) => row(c, m)),
    row('overall', o),
    '',
    `stale-top: ${o.staleCount}/${o.staleEligible} queries showed a superseded record above its replacement; ` +
      `red lines: ${o.redlinesFound}/${o.redlines} returned (pinned where a check asks); ` +
      `checks ${pct(o.checkPassRate)}, queries passing every check ${pct(o.queryPassRate)}` +
      (r.scenarios ? `, scenarios ${r.scenarios.passed}/${r.scenarios.total}` : ''),
  ];
  const failed = r.queries.filter((q) => q.checks.some((c) => !c.pass));
  const max = opts.failures ?? 10;
  if (failed.length && max > 0) {
    lines.push('', `failing checks (${failed.length} quer${failed.length === 1 ? 'y' : 'ies'}${failed.length > max ? `, first ${max}` : ''}):`);
    for (const q of failed.slice(0, max)) {
      for (const c of q.checks.filter((x) => !x.pass)) lines.push(`- ${q.scenario ? `${q.scenario} ` : ''}"${q.query}" ${JSON.stringify(c.check)}: ${c.reason}`);
    }
  }
  return lines.join('\n') + '\n';
}

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);

const sign = (d: number | null) => (d === null ? '-' : `${d >= 0 ? '+' : ''}${d.toFixed(3)}`);

function diffLine(d: MetricDiff, width: number): string {
  const mark = d.dropped ? 'DROPPED' : d.improved ? 'improved' : '';
  return `${d.label.padEnd(width)}  ${f3(d.before).padStart(8)}  ${f3(d.after).padStart(8)}  ${sign(d.delta).padStart(7)}  ${mark}${d.dropped && d.better === 'lower' ? ' (lower is better)' : ''}`.trimEnd();
}

/** The comparison with a baseline, and the gate's verdict when asked. */
export function formatComparison(c: Comparison, baselineFile: string, gate: boolean): string {
  const w = Math.max(...METRICS.map((m) => m.label.length));
  const lines = [`compared with ${baselineFile} (tolerance ${c.tolerance}):`];
  if (!c.sameSuite) lines.push('note: the baseline was made on a different suite (or another version of it); the differences may not mean what they seem');
  lines.push(`${'metric'.padEnd(w)}  ${'baseline'.padStart(8)}  ${'now'.padStart(8)}  ${'change'.padStart(7)}`);
  for (const d of c.diffs.filter((x) => x.scope === 'overall')) lines.push(diffLine(d, w));
  const moved = c.diffs.filter((x) => x.scope !== 'overall' && (x.dropped || x.improved));
  if (moved.length) {
    lines.push('', 'by category (changes beyond the tolerance):');
    const sw = Math.max(...moved.map((d) => d.scope.length)) + 2;
    for (const d of moved) lines.push(`  ${`[${d.scope}]`.padEnd(sw)} ${diffLine(d, w)}`);
  }
  if (c.missingCategories.length) lines.push(`categories only in the baseline: ${c.missingCategories.join(', ')}`);
  if (c.newCategories.length) lines.push(`categories new in this run: ${c.newCategories.join(', ')}`);
  if (gate) {
    lines.push('');
    if (c.dropped.length === 0) lines.push(`gate: passed (no metric dropped by more than ${c.tolerance})`);
    else {
      lines.push(`gate: FAILED — ${c.dropped.length} metric${c.dropped.length === 1 ? '' : 's'} dropped by more than ${c.tolerance}:`);
      for (const d of c.dropped.filter((x) => x.scope === 'overall')) {
        lines.push(`  ${d.label} ${f3(d.before)} → ${f3(d.after)} (${sign(d.delta)}${d.better === 'lower' ? ', lower is better' : ''})`);
      }
      const scopes = [...new Set(c.dropped.filter((x) => x.scope !== 'overall').map((x) => x.scope))];
      for (const s of scopes) {
        lines.push(`  [${s}] ${c.dropped.filter((x) => x.scope === s).map((d) => `${d.label} ${sign(d.delta)}`).join(', ')}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

/** The self-test, one line per domain. */
export function formatSelfTest(r: SelfTestReport, homeLabel?: string): string {
  const lines = [`self-test on a copy of ${homeLabel ?? r.home} (${r.records} records)${r.config ? ` with changed settings ${JSON.stringify(r.config)}` : ''}:`];
  const w = Math.max(6, ...r.cases.map((c) => c.domain.length));
  for (const c of r.cases) {
    const what = `correction rank ${c.correctionRank ?? '-'}, old record ${c.oldRank === null ? 'not returned' : `rank ${c.oldRank}${c.oldSuperseded ? `, superseded by ${c.oldSupersededBy === c.correctionId ? 'the correction' : c.oldSupersededBy}` : ', not superseded'}`}`;
    lines.push(`${c.pass ? 'ok  ' : 'FAIL'} ${c.domain.padEnd(w)}  ${c.fact.padEnd(9)}  "${c.query}": ${what}`);
    for (const p of c.problems) lines.push(`     ${' '.repeat(w)}  ${p}`);
  }
  const passed = r.cases.filter((c) => c.pass).length;
  lines.push(`${r.pass ? 'self-test passed' : 'self-test FAILED'}: ${passed}/${r.cases.length} domains (${r.ms} ms); the copy is deleted`);
  return lines.join('\n') + '\n';
}
