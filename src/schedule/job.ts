import { nodeCrypto } from '../core/lazy-crypto.js';
import path from 'node:path';
import { OptmemError } from '../core/errors.js';
import { layoutOf } from '../store/layout.js';
import type { Interval } from './interval.js';

/**
 * The scheduled job for one memory home, whatever runs it: `optmem schedule run`, which runs
 * `optmem ingest --from HOST --quiet --dir HOME` for each host and appends to `ingest/ingest.log`.
 * The node and bin paths are this process's own, computed at run time by the caller.
 */
export interface JobSpec {
  home: string;
  /** 8 hex of the home's path: names the systemd units and marks the crontab block */
  id: string;
  hosts: string[];
  every: Interval;
  /** minute within the hour the job starts at (from `id`) */
  offset: number;
  node: string;
  bin: string;
  /** the words of the command the scheduler runs */
  command: string[];
  logFile: string;
}

export function ingestLogFile(home: string): string {
  return layoutOf(home).ingestLogFile;
}

/** What `schedule install` wrote, for doctor (which must not ask crontab or systemd). */
export function scheduleStateFile(home: string): string {
  return layoutOf(home).scheduleStateFile;
}

export function homeId(home: string): string {
  return nodeCrypto().createHash('sha256').update(path.resolve(home)).digest('hex').slice(0, 8);
}

export function jobSpec(opts: { home: string; hosts: string[]; every: Interval; node: string; bin: string }): JobSpec {
  const home = path.resolve(opts.home);
  for (const p of [home, opts.node, opts.bin]) {
    // a line break or a % would break a crontab line or a unit file
    if (/[\n\r%]/.test(p)) throw new OptmemError('USAGE', `cannot schedule with the path ${JSON.stringify(p)}: it holds a line break or a %`);
  }
  if (opts.hosts.length === 0) {
    throw new OptmemError('USAGE', 'schedule: no host to ingest from', { hint: 'pass --from HOST (claude-code, codex, openclaw, hermes), once per host' });
  }
  const id = homeId(home);
  const hostArgs = opts.hosts.flatMap((h) => ['--from', h]);
  return {
    home,
    id,
    hosts: [...opts.hosts],
    every: opts.every,
    offset: parseInt(id.slice(0, 4), 16) % 60,
    node: opts.node,
    bin: opts.bin,
    command: [opts.node, opts.bin, 'schedule', 'run', '--dir', home, '--every', opts.every.text, ...hostArgs],
    logFile: ingestLogFile(home),
  };
}
