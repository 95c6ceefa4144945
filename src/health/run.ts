/**
 * One health run as the CLI and the server make it: compute the report on a copy of the home,
 * compare it with the health log, and append it unless the settings were a what-if or the caller
 * asked not to. A log that cannot be appended is a warning: the numbers stand without it.
 */
import type { JsonObject } from '../eval/config-override.js';
import { computeHealth } from './compute.js';
import { appendHealthLog, compareWithHistory, healthLine, readHealthLog } from './history.js';
import type { HealthHistory } from './history.js';
import type { HealthReport } from './types.js';

export interface HealthRunOptions {
  nowMs: number;
  sinceMs?: number;
  untilMs?: number;
  maxProbes?: number;
  override: JsonObject | null;
  /** do not append this run to the health log */
  noLog?: boolean;
}

export interface HealthRun {
  report: HealthReport;
  history: HealthHistory | null;
  logged: boolean;
  /** why the run was not logged */
  why?: string;
  warnings: string[];
}

export function runHealth(home: string, o: HealthRunOptions): HealthRun {
  const report = computeHealth(home, {
    nowMs: o.nowMs,
    ...(o.sinceMs !== undefined ? { sinceMs: o.sinceMs } : {}),
    ...(o.untilMs !== undefined ? { untilMs: o.untilMs } : {}),
    ...(o.maxProbes !== undefined ? { maxProbes: o.maxProbes } : {}),
    override: o.override,
  });
  const history = compareWithHistory(report, readHealthLog(home));
  const warnings: string[] = [];
  let why = o.override ? 'changed settings are a what-if' : o.noLog ? '--no-log' : undefined;
  let logged = why === undefined;
  if (logged) {
    try {
      appendHealthLog(home, healthLine(report, new Date()));
    } catch (e) {
      warnings.push(`the health log could not be appended (${(e as Error).message}); the numbers below are not logged`);
      logged = false;
      why = 'the health log could not be written';
    }
  }
  return { report, history, logged, ...(why ? { why } : {}), warnings };
}
