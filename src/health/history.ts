/**
 * The health log: one JSON line per `optmem health` run in `<home>/health/history.jsonl`. Derived
 * and safe to delete (it only feeds "since the last run / since the first run"); never a record of
 * the log, never exported. A line that does not parse is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { layoutOf } from '../store/layout.js';
import type { HealthReport } from './types.js';

/** The numbers a run leaves in the log, by name; null when the metric had nothing to measure. */
export type HealthNumbers = Record<HealthKey, number | null>;

export const HEALTH_KEYS = [
  { key: 'recall5', label: 'event recall@5', better: 'higher' },
  { key: 'recall1', label: 'event recall@1', better: 'higher' },
  { key: 'mrr', label: 'event MRR', better: 'higher' },
  { key: 'onTop', label: 'corrections on top', better: 'higher' },
  { key: 'staleOnTop', label: 'stale on top', better: 'lower' },
  { key: 'redlineFirst', label: 'red lines first', better: 'higher' },
  { key: 'unresolved', label: 'unresolved corrections', better: 'lower' },
  { key: 'ambiguous', label: 'ambiguous corrections', better: 'lower' },
  { key: 'nearDuplicates', label: 'near-duplicates', better: 'lower' },
  { key: 'overSize', label: 'over the size limit', better: 'lower' },
  { key: 'doctorProblems', label: 'doctor problems', better: 'lower' },
  { key: 'coreUsed', label: 'core memory used', better: 'lower' },
] as const;
export type HealthKey = (typeof HEALTH_KEYS)[number]['key'];

export interface HealthLine {
  /** when the run happened (the real clock) */
  at: string;
  /** the clock the probes used */
  now: string;
  since: string;
  until: string;
  records: number;
  numbers: HealthNumbers;
}

export function healthNumbers(r: HealthReport): HealthNumbers {
  const p = r.pilingUp;
  return {
    recall5: r.eventRecall.recall5,
    recall1: r.eventRecall.recall1,
    mrr: r.eventRecall.mrr,
    onTop: r.corrections.onTop,
    staleOnTop: r.corrections.staleOnTop,
    redlineFirst: r.redlines.first,
    unresolved: p.unresolvedCorrections,
    ambiguous: p.ambiguousCorrections,
    nearDuplicates: p.nearDuplicates.records,
    overSize: p.overSizeLimit.records,
    doctorProblems: p.doctorProblems.length,
    coreUsed: p.core.used,
  };
}

export function healthLine(r: HealthReport, at: Date): HealthLine {
  return { at: at.toISOString(), now: r.now, since: r.eventRecall.since, until: r.eventRecall.until, records: r.records.total, numbers: healthNumbers(r) };
}

/** The runs logged so far, oldest first. */
export function readHealthLog(home: string): HealthLine[] {
  const f = layoutOf(home).healthLogFile;
  let text: string;
  try {
    text = fs.readFileSync(f, 'utf8');
  } catch {
    return [];
  }
  const out: HealthLine[] = [];
  for (const l of text.split('\n')) {
    if (!l.trim()) continue;
    try {
      const x = JSON.parse(l) as HealthLine;
      if (typeof x.at === 'string' && x.numbers && typeof x.numbers === 'object') out.push(x);
    } catch {
      // a torn or hand-damaged line: skipped
    }
  }
  return out;
}

/** Append one run (a whole line in one write). */
export function appendHealthLog(home: string, line: HealthLine): void {
  const f = layoutOf(home).healthLogFile;
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.appendFileSync(f, JSON.stringify(line) + '\n');
}

export interface HealthChange {
  key: HealthKey;
  label: string;
  better: 'higher' | 'lower';
  now: number | null;
  /** the value at the last logged run, and at the first */
  last: number | null;
  first: number | null;
}

export interface HealthHistory {
  runs: number;
  last: HealthLine | null;
  first: HealthLine | null;
  changes: HealthChange[];
}

/** This run against the last and the first logged runs (before this one is appended). */
export function compareWithHistory(r: HealthReport, log: HealthLine[]): HealthHistory {
  const now = healthNumbers(r);
  const last = log.at(-1) ?? null;
  const first = log[0] ?? null;
  return {
    runs: log.length,
    last,
    first,
    changes: HEALTH_KEYS.map(({ key, label, better }) => ({ key, label, better, now: now[key], last: last?.numbers[key] ?? null, first: first?.numbers[key] ?? null })),
  };
}

/** Days between the scheduled health runs (`optmem schedule run`). */
export const HEALTH_EVERY_DAYS = 7;

/** Whether the schedule should run `optmem health` now: no run logged, or the last is a week old. */
export function healthDue(home: string, nowMs: number): boolean {
  const last = readHealthLog(home).at(-1);
  if (!last) return true;
  const at = Date.parse(last.at);
  return !Number.isFinite(at) || nowMs - at >= HEALTH_EVERY_DAYS * 86_400_000 - 3_600_000;
}
