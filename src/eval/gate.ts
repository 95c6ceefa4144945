/**
 * The gate: a report against a baseline report, metric by metric, overall and per category. A
 * metric drops when it moves the wrong way (down, or up for stale-on-top) by more than the
 * tolerance, an absolute difference (default 0.01). A metric that has no value on one side (no
 * query it applies to) is shown but never gated.
 */
import fs from 'node:fs';
import { OptmemError } from '../core/errors.js';
import { REPORT_FORMAT, type EvalReport } from './evaluate.js';
import { METRICS, type MetricKey, type MetricSet } from './metrics.js';

export const DEFAULT_TOLERANCE = 0.01;

export interface MetricDiff {
  /** 'overall' or a category */
  scope: string;
  metric: MetricKey;
  label: string;
  before: number | null;
  after: number | null;
  /** after − before; null when either side is null */
  delta: number | null;
  better: 'higher' | 'lower';
  /** moved the wrong way by more than the tolerance */
  dropped: boolean;
  /** moved the right way by more than the tolerance */
  improved: boolean;
}

export interface Comparison {
  tolerance: number;
  diffs: MetricDiff[];
  dropped: MetricDiff[];
  /** false when the baseline was made on another suite (or another version of it) */
  sameSuite: boolean;
  /** categories in one report only */
  missingCategories: string[];
  newCategories: string[];
}

/** Read a report written by `optmem eval --report`; a file that is not one is a usage error. */
export function readReport(file: string): EvalReport {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new OptmemError('USAGE', `--baseline ${file}: cannot read it as JSON (${(e as Error).message})`, { file, field: 'baseline' });
  }
  const r = data as Partial<EvalReport> | null;
  if (!r || r.format !== REPORT_FORMAT || typeof r.overall !== 'object' || typeof r.byCategory !== 'object') {
    throw new OptmemError('USAGE', `--baseline ${file}: not an optmem eval report (write one with \`optmem eval SUITE --report FILE\`)`, { file, field: 'baseline' });
  }
  return r as EvalReport;
}

function diffSet(scope: string, a: MetricSet, b: MetricSet, tolerance: number): MetricDiff[] {
  return METRICS.map(({ key, label, better }) => {
    const before = a[key] ?? null;
    const after = b[key] ?? null;
    const delta = before === null || after === null ? null : after - before;
    // A tiny epsilon keeps a change of exactly the tolerance (in float) on the passing side.
    const worse = delta === null ? 0 : better === 'higher' ? -delta : delta;
    return { scope, metric: key, label, before, after, delta, better, dropped: worse > tolerance + 1e-9, improved: -worse > tolerance + 1e-9 };
  });
}

/** Compare a report with its baseline. */
export function compareReports(baseline: EvalReport, current: EvalReport, tolerance = DEFAULT_TOLERANCE): Comparison {
  const diffs = diffSet('overall', baseline.overall, current.overall, tolerance);
  const cats = Object.keys(current.byCategory);
  for (const c of cats) {
    const a = baseline.byCategory[c];
    if (a) diffs.push(...diffSet(c, a, current.byCategory[c]!, tolerance));
  }
  return {
    tolerance,
    diffs,
    dropped: diffs.filter((d) => d.dropped),
    sameSuite: baseline.suite?.sha256 === current.suite.sha256 && baseline.suite?.name === current.suite.name,
    missingCategories: Object.keys(baseline.byCategory).filter((c) => !(c in current.byCategory)),
    newCategories: cats.filter((c) => !(c in baseline.byCategory)),
  };
}
