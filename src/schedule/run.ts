import { spawnSync } from 'node:child_process';
import { appendLog, trimLog } from './log.js';

/**
 * One scheduled run (`optmem schedule run`, what cron or the systemd timer starts): for each host,
 * `optmem ingest --from HOST --quiet --dir HOME` as a child process, then the derived outputs
 * brought up to date (`optmem topics`, `optmem consolidate`: topic files, MEMORY.md, the summary
 * tree; archive candidates are only listed, never archived by the schedule), each one's output and
 * outcome appended to the log. Silent: nothing on stdout or stderr. One step failing does not stop
 * the next.
 */
export const MAINTENANCE_STEPS: readonly (readonly string[])[] = [['topics'], ['consolidate']];

export interface RunOptions {
  home: string;
  hosts: string[];
  every: string;
  logFile: string;
  node: string;
  bin: string;
  /** a host's ingest is killed past this (default 1 h) */
  timeoutMs?: number;
  /** what runs after ingest (default MAINTENANCE_STEPS) */
  maintenance?: readonly (readonly string[])[];
  now?: () => Date;
}

export interface RunResult {
  ok: boolean;
  failures: string[];
}

export function runScheduled(o: RunOptions): RunResult {
  trimLog(o.logFile);
  const log = (lines: string[]) => appendLog(o.logFile, lines, o.now);
  log([`run start every=${o.every} hosts=${o.hosts.join(',')}`]);
  const failures: string[] = [];
  for (const host of o.hosts) {
    const started = Date.now();
    const r = spawnSync(o.node, [o.bin, 'ingest', '--from', host, '--quiet', '--dir', o.home], {
      encoding: 'utf8',
      timeout: o.timeoutMs ?? 3_600_000,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 << 20,
    });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => l.trim());
    log(output.slice(-200).map((l) => `  ${host}| ${l}`));
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (r.status === 0) {
      log([`ingest ${host} ok (${secs} s)`]);
      continue;
    }
    const errLine = lastError(r.stderr ?? '');
    const why = r.error ? (r.error as Error).message : r.signal ? `killed by ${r.signal}${r.signal === 'SIGTERM' ? ' (timed out)' : ''}` : `exit ${r.status}${errLine ? `: ${errLine}` : ''}`;
    failures.push(`${host}: ${why}`);
    log([`ingest ${host} FAILED: ${why}`]);
  }
  for (const step of o.maintenance ?? MAINTENANCE_STEPS) {
    const name = step.join(' ');
    const started = Date.now();
    const r = spawnSync(o.node, [o.bin, ...step, '--dir', o.home], { encoding: 'utf8', timeout: o.timeoutMs ?? 3_600_000, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => l.trim());
    log(output.slice(-40).map((l) => `  ${step[0]}| ${l}`));
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (r.status === 0) {
      log([`${name} ok (${secs} s)`]);
      continue;
    }
    const errLine = lastError(r.stderr ?? '');
    const why = r.error ? (r.error as Error).message : r.signal ? `killed by ${r.signal}` : `exit ${r.status}${errLine ? `: ${errLine}` : ''}`;
    failures.push(`${name}: ${why}`);
    log([`${name} FAILED: ${why}`]);
  }
  log([failures.length ? `run end FAILED: ${failures.join('; ')}` : 'run end ok']);
  return { ok: failures.length === 0, failures };
}

/** The error an optmem command printed: its last `optmem: …` line that is not a warning, else its last line. */
function lastError(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  const own = lines.filter((l) => l.startsWith('optmem: ') && !l.startsWith('optmem: warning:'));
  return (own.at(-1) ?? lines.at(-1))?.replace(/^optmem: /, '').slice(0, 300);
}
