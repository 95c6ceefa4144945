/**
 * Evaluation figures over time, for the reports page: `optmem eval` reports (JSON files kept in a
 * folder the server is told about) and the health log of the home (one JSON line per run), each
 * read as series of numbers by time. Files that do not parse are listed, never fatal: a report
 * written by another version still shows what it can.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseTime } from '../../core/time.js';
import { layoutOf } from '../../store/layout.js';

export interface Point {
  timeMs: number;
  time: string;
  value: number;
  /** the file (and line) it came from */
  from: string;
}

export interface Series {
  /** e.g. "eval: ranking-suite · recall5" or "health · eventRecall.recall5" */
  name: string;
  points: Point[];
}

export interface ReportsRead {
  series: Series[];
  /** files or lines that could not be read, each as a sentence */
  problems: string[];
  /** where it looked */
  sources: string[];
}

/** Where eval reports are kept in a home unless the inspector is told another folder. */
export const HOME_REPORTS_DIR = path.join('eval', 'reports');
const EVAL_METRICS = ['hit1', 'recall5', 'recall10', 'mrr', 'ndcg10', 'staleOnTop', 'redlineRecall', 'checkPassRate', 'queryPassRate'];
const MAX_FILES = 500;
const MAX_BYTES = 8 * 1024 * 1024;

function timeOf(o: Record<string, unknown>): { ms: number; iso: string } | null {
  for (const k of ['createdAt', 'time', 'at', 'ranAt', 'now']) {
    const v = o[k];
    if (typeof v === 'string') {
      const t = parseTime(v);
      if (t) return { ms: t.ms, iso: v };
    }
  }
  return null;
}

/** Numeric leaves of an object, two levels deep, as dotted names. */
function numbers(o: Record<string, unknown>, prefix = '', depth = 0, out: [string, number][] = []): [string, number][] {
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'number' && Number.isFinite(v)) out.push([prefix + k, v]);
    else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 2) numbers(v as Record<string, unknown>, `${prefix}${k}.`, depth + 1, out);
  }
  return out;
}

function add(map: Map<string, Series>, name: string, p: Point): void {
  let s = map.get(name);
  if (!s) map.set(name, (s = { name, points: [] }));
  s.points.push(p);
}

/** `reportsDir`: a folder of eval reports (default: eval/reports/ in the home, when it exists). */
export function readReports(opts: { home: string; reportsDir?: string | null }): ReportsRead {
  const map = new Map<string, Series>();
  const problems: string[] = [];
  const sources: string[] = [];
  const dir = opts.reportsDir ?? (fs.existsSync(path.join(opts.home, HOME_REPORTS_DIR)) ? path.join(opts.home, HOME_REPORTS_DIR) : null);
  if (dir) {
    sources.push(path.relative(opts.home, dir).startsWith('..') ? dir : path.relative(opts.home, dir));
    let names: string[] = [];
    try {
      names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort().slice(0, MAX_FILES);
    } catch (e) {
      problems.push(`${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    for (const n of names) {
      const file = path.join(dir, n);
      try {
        if (fs.statSync(file).size > MAX_BYTES) {
          problems.push(`${n}: larger than 8 MiB, skipped`);
          continue;
        }
        const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
        const t = timeOf(o);
        const overall = o.overall as Record<string, unknown> | undefined;
        if (!t || !overall || typeof overall !== 'object') {
          problems.push(`${n}: not an optmem eval report (no createdAt or overall)`);
          continue;
        }
        const suite = (o.suite as { name?: unknown } | undefined)?.name;
        for (const k of EVAL_METRICS) {
          const v = overall[k];
          if (typeof v === 'number' && Number.isFinite(v)) add(map, `eval: ${typeof suite === 'string' ? suite : n} · ${k}`, { timeMs: t.ms, time: t.iso, value: v, from: n });
        }
      } catch (e) {
        problems.push(`${n}: ${(e as Error).message}`);
      }
    }
  }
  const log = layoutOf(opts.home).healthLogFile;
  if (fs.existsSync(log)) {
    const rel = path.relative(opts.home, log);
    sources.push(rel);
    const lines = fs.readFileSync(log, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const o = JSON.parse(line) as Record<string, unknown>;
        const t = timeOf(o);
        if (!t) {
          problems.push(`${rel}:${i + 1}: no time`);
          return;
        }
        for (const [k, v] of numbers(o)) add(map, `health · ${k.replace(/^numbers\./, '')}`, { timeMs: t.ms, time: t.iso, value: v, from: `${rel}:${i + 1}` });
      } catch (e) {
        problems.push(`${rel}:${i + 1}: ${(e as Error).message}`);
      }
    });
  }
  const series = [...map.values()];
  for (const s of series) s.points.sort((a, b) => a.timeMs - b.timeMs);
  series.sort((a, b) => a.name.localeCompare(b.name));
  return { series, problems, sources };
}
