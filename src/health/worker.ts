/**
 * A health run in a worker thread, so a server keeps answering while the probes run on their own
 * copy of the home. Posts `{ok: true, run}` or `{ok: false, error: {code, message, field}}`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { OptmemError } from '../core/errors.js';
import { runHealth, type HealthRunOptions } from './run.js';

const { home, options } = workerData as { home: string; options: HealthRunOptions };
try {
  parentPort!.postMessage({ ok: true, run: runHealth(home, options) });
} catch (e) {
  const err = e instanceof OptmemError ? { code: e.code, message: e.message, ...(e.field ? { field: e.field } : {}) } : { code: 'INTERNAL', message: (e as Error).message };
  parentPort!.postMessage({ ok: false, error: err });
}
