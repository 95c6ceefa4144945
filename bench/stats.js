// Small helpers: percentiles, a high-resolution timer, units.
import { performance } from 'node:perf_hooks';

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

export function summarize(ms) {
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
}

/** Milliseconds fn takes, and its result. */
export function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

export const now = () => performance.now();

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function fmtBytes(b) {
  if (!Number.isFinite(b)) return '—';
  if (b < 1024) return `${b} B`;
  if (b < 1024 ** 2) return `${(b / 1024).toFixed(1)} KiB`;
  if (b < 1024 ** 3) return `${(b / 1024 ** 2).toFixed(1)} MiB`;
  return `${(b / 1024 ** 3).toFixed(2)} GiB`;
}

export function fmtRate(perSec) {
  if (!Number.isFinite(perSec)) return '—';
  if (perSec >= 1000) return `${(perSec / 1000).toFixed(1)}k rec/s`;
  return `${perSec.toFixed(0)} rec/s`;
}
