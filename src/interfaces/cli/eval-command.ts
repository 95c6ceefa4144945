/**
 * `optmem eval`: the evaluation gate (docs/EVAL.md). Runs a suite, prints the metrics, writes a
 * JSON report, compares with a baseline and, with --gate, fails on a drop. `--self-test` checks
 * corrections on a copy of the user's home. Nothing here opens the memory home itself: a home is
 * only ever read, into a temporary copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import { collectOverride } from '../../eval/config-override.js';
import { evaluate, type EvalReport } from '../../eval/evaluate.js';
import { formatComparison, formatEvalReport, formatSelfTest } from '../../eval/format.js';
import { DEFAULT_TOLERANCE, compareReports, readReport, type Comparison } from '../../eval/gate.js';
import { isInside } from '../../eval/home-copy.js';
import { runSelfTest } from '../../eval/self-test.js';
import { SuiteError, loadSuite, suiteMode } from '../../eval/suite.js';
import { str, strList } from './args.js';
import type { Command, CommandContext } from './types.js';
import { layoutOf } from '../../store/layout.js';

const DEFAULT_REPORT = 'eval-report.json';

const USAGE = `optmem eval SUITE.json [--home DIR] [--report FILE] [--baseline REPORT [--gate] [--tolerance X]] [--config JSON|FILE] [--set PATH=VALUE]... [--now ISO]
       optmem eval --self-test [--home DIR] [--config JSON|FILE] [--set PATH=VALUE]... [--report FILE]`;

const DETAILS = `SUITE.json is a suite (JSON only; YAML is not supported): records on fresh homes, or queries over a home (docs/EVAL.md).
exit: 0 ok (checks may fail: see the table); 1 the gate found a drop, or the self-test failed; 2 bad usage or a bad suite`;

function usage(msg: string, field?: string): OptmemError {
  return new OptmemError('USAGE', msg, field ? { field } : {});
}

function tolerance(v: unknown): number {
  if (v === undefined) return DEFAULT_TOLERANCE;
  const s = String(v);
  const n = Number(s);
  if (!/^\d*\.?\d+$/.test(s) || !(n >= 0 && n <= 1)) throw usage(`--tolerance: "${s}" must be a number from 0 to 1 (an absolute difference, e.g. 0.01)`, 'tolerance');
  return n;
}

function writeReport(file: string, data: unknown, home: string | null): void {
  if (home && isInside(home, file)) throw usage(`--report: ${file} is inside the memory home being evaluated; eval never writes there (pass --report elsewhere)`, 'report');
  try {
    fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  } catch (e) {
    throw new OptmemError('IO', `cannot write the report ${file}: ${(e as Error).message}`, { file });
  }
}

function homeOrFail(dir: string, what: string): string {
  if (!fs.existsSync(layoutOf(dir).logDir)) throw usage(`${what}: no memory home at ${dir} (it has no log/ folder)`, 'home');
  return dir;
}

function selfTest(ctx: CommandContext): number {
  const v = ctx.args.values;
  if (ctx.args.positionals.length) throw usage('eval --self-test takes no suite (it plants its own records)');
  if (v.baseline !== undefined || v.gate) throw usage('eval --self-test passes or fails on its own; --baseline and --gate compare suite runs');
  const home = homeOrFail(v.home !== undefined ? path.resolve(ctx.io.cwd, String(v.home)) : ctx.home, v.home !== undefined ? '--home' : 'eval --self-test');
  const override = collectOverride(str(v.config), strList(v.set) ?? [], ctx.io.cwd);
  if (v.report !== undefined) writeReportCheck(ctx, String(v.report), home);
  const r = runSelfTest(home, { override });
  if (v.report !== undefined) writeReport(path.resolve(ctx.io.cwd, String(v.report)), r, home);
  ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : formatSelfTest(r, v.home !== undefined ? String(v.home) : undefined));
  return r.pass ? 0 : 1;
}

/** Refuse a report path inside the home before any work is done. */
function writeReportCheck(ctx: CommandContext, file: string, home: string | null): void {
  const f = path.resolve(ctx.io.cwd, file);
  if (home && isInside(home, f)) throw usage(`--report: ${file} is inside the memory home being evaluated; eval never writes there (pass --report elsewhere)`, 'report');
}

function runEval(ctx: CommandContext): number {
  const v = ctx.args.values;
  const cwd = ctx.io.cwd;
  const p = ctx.args.positionals;
  if (p.length !== 1) throw usage(`eval: expected one suite file, got ${p.length} (usage: optmem eval SUITE.json …, or optmem eval --self-test)`);
  const tol = tolerance(v.tolerance);
  if (v.gate && v.baseline === undefined) throw usage('--gate needs --baseline REPORT (the report of the run to compare with)', 'gate');
  if (v.tolerance !== undefined && v.baseline === undefined) throw usage('--tolerance applies to a comparison: give --baseline REPORT', 'tolerance');
  const nowOpt = str(v.now);
  if (nowOpt !== undefined && !parseTime(nowOpt)) throw usage(`--now: "${nowOpt}" is not an ISO 8601 time`, 'now');
  const override = collectOverride(str(v.config), strList(v.set) ?? [], cwd);

  const file = path.resolve(cwd, p[0]!);
  try {
    const suite = loadSuite(file);
    const mode = suiteMode(suite);
    let home: string | null = null;
    if (v.home !== undefined) {
      if (mode === 'records') throw usage('--home: this suite has scenarios of its own records (run on fresh homes); a suite over a memory home has top-level "queries" (docs/EVAL.md)', 'home');
      home = homeOrFail(path.resolve(cwd, String(v.home)), '--home');
    } else if (suite.home !== undefined) {
      home = homeOrFail(path.resolve(path.dirname(file), suite.home), `${file}: home`);
    }
    const reportFile = path.resolve(cwd, str(v.report) ?? DEFAULT_REPORT);
    writeReportCheck(ctx, reportFile, home);
    const baselineFile = str(v.baseline);
    const baseline = baselineFile !== undefined ? readReport(path.resolve(cwd, baselineFile)) : null;

    const report: EvalReport = evaluate(suite, { ...(home ? { home } : {}), override, ...(nowOpt ? { nowMs: parseTime(nowOpt)!.ms } : {}) });
    writeReport(reportFile, report, home);
    const cmp: Comparison | null = baseline ? compareReports(baseline, report, tol) : null;
    const failed = v.gate === true && cmp !== null && cmp.dropped.length > 0;
    if (ctx.json) {
      ctx.io.stdout(JSON.stringify({ report, comparison: cmp, gate: v.gate ? (failed ? 'failed' : 'passed') : null, reportFile: str(v.report) ?? DEFAULT_REPORT }) + '\n');
    } else {
      let text = formatEvalReport(report, v.home !== undefined ? { homeLabel: String(v.home) } : suite.home !== undefined ? { homeLabel: suite.home } : {});
      if (cmp) text += '\n' + formatComparison(cmp, baselineFile!, v.gate === true);
      text += `\nreport written to ${str(v.report) ?? DEFAULT_REPORT}\n`;
      ctx.io.stdout(text);
    }
    return failed ? 1 : 0;
  } catch (e) {
    if (e instanceof SuiteError) throw new OptmemError('USAGE', e.message, { file, hint: 'the suite format is in docs/EVAL.md' });
    throw e;
  }
}

export const evalCommand: Command = {
  summary: 'run an evaluation suite (metrics, JSON report, baseline gate) or --self-test on a copy of the home',
  usage: USAGE,
  details: DETAILS,
  options: {
    home: { type: 'string', arg: 'DIR', description: 'evaluate a copy of this memory home (a suite with top-level queries; wins over the suite\'s "home"); with --self-test, the home to check (default --dir, $OPTMEM_HOME, ~/.optmem); never written' },
    report: { type: 'string', arg: 'FILE', description: `where the JSON report goes (default ${DEFAULT_REPORT} in the current directory; never inside the home)` },
    baseline: { type: 'string', arg: 'REPORT', description: 'print the change of every metric against an earlier report' },
    gate: { type: 'boolean', description: 'with --baseline: exit 1 when any metric drops by more than the tolerance, listing the drops' },
    tolerance: { type: 'string', arg: 'X', description: `the largest drop the gate lets through, an absolute difference (default ${DEFAULT_TOLERANCE})` },
    config: { type: 'string', arg: 'JSON|FILE', description: 'changed settings merged into the copy\'s config.json, e.g. \'{"ranking":{"disabledStages":["supersede"]}}\'' },
    set: { type: 'string', multiple: true, arg: 'PATH=VALUE', description: 'one changed setting, e.g. ranking.disabledStages=supersede or ranking.supersededWeight=0.5' },
    now: { type: 'string', arg: 'ISO', description: 'the clock of a home suite without "now" (default: the real clock)' },
    'self-test': { type: 'boolean', description: 'plant an old fact and a 〔更正〕 correction per domain in a copy of the home; check the correction wins' },
  },
  run(ctx) {
    return ctx.args.values['self-test'] ? selfTest(ctx) : runEval(ctx);
  },
};
