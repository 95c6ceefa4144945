/**
 * `POST /api/memory-health`: `optmem health` for a client (`optmem health --server`). The probes
 * run in a child process (the CLI on this home) so the server keeps answering meanwhile; one run at
 * a time (429 while one runs). The owner's only: the numbers cover every project.
 */
import { spawn } from 'node:child_process';
import { packageFile } from '../../../package-root.js';
import type { Hono } from 'hono';
import { OptmemError } from '../../../core/errors.js';
import { errorBody } from '../http-errors.js';
import { boolField, intField, jsonBody, onlyFields } from '../params.js';
import { requireScope } from '../scoped-memory.js';
import type { AppEnv, RouteDeps } from '../types.js';

const BIN = packageFile('bin', 'optmem.js');
/** A health run of 100,000 records takes about a minute of CPU; a stuck one is stopped. */
const TIMEOUT_MS = 10 * 60_000;

export function healthRoutes(app: Hono<AppEnv>, deps: RouteDeps): void {
  let running = false;
  app.post('/api/memory-health', async (c) => {
    requireScope(c.get('principal')!, 'owner', 'memory health');
    const b = await jsonBody(c);
    onlyFields(b, ['now', 'since', 'until', 'sample', 'override', 'noLog']);
    const args = ['health', '--json', '--dir', deps.optmem.home];
    for (const k of ['now', 'since', 'until'] as const) {
      const v = intField(b, k, 0, 8.64e15);
      if (v !== undefined) args.push(`--${k}`, new Date(v).toISOString());
    }
    const sample = intField(b, 'sample', 10, 1_000_000);
    if (sample !== undefined) args.push('--sample', String(sample));
    if (b.override !== undefined && b.override !== null) {
      if (typeof b.override !== 'object' || Array.isArray(b.override)) throw new OptmemError('USAGE', 'override: an object of changed settings', { field: 'override' });
      args.push('--config', JSON.stringify(b.override));
    }
    if (boolField(b, 'noLog')) args.push('--no-log');
    if (running) return c.json(errorBody('BUSY', 'a health run is under way; try again when it is done'), 409);
    running = true;
    try {
      const out = await runChild(args);
      // The child speaks the CLI's --json: a report, or an error with its code.
      const data = JSON.parse(out.stdout || '{}') as { report?: unknown; history?: unknown; logged?: boolean; error?: { code: string; message: string; field?: string } };
      if (data.error) throw new OptmemError(data.error.code === 'USAGE' ? 'USAGE' : 'IO', data.error.message, data.error.field ? { field: data.error.field } : {});
      if (!data.report) throw new OptmemError('IO', `the health run ended without a report (exit ${out.code})`);
      const warnings = out.stderr.split('\n').filter((l) => l.startsWith('optmem: warning: ')).map((l) => l.slice('optmem: warning: '.length));
      return c.json({ report: data.report, history: data.history ?? null, logged: data.logged === true, warnings });
    } finally {
      running = false;
    }
  });
}

function runChild(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OPTMEM_SERVER: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
