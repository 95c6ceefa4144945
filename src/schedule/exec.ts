import { spawnSync } from 'node:child_process';

/** What the schedule code needs from the machine; every path can be swapped for tests. */
export interface SchedulerEnv {
  /** the crontab command (default `crontab`, env OPTMEM_CRONTAB) */
  crontab: string;
  /** the systemctl command (default `systemctl`, env OPTMEM_SYSTEMCTL) */
  systemctl: string;
  /** where user units live (default ~/.config/systemd/user, env OPTMEM_SYSTEMD_USER_DIR) */
  unitDir: string;
}

export interface ExecResult {
  /** null when the command could not be started (not installed) */
  code: number | null;
  stdout: string;
  stderr: string;
}

export function exec(cmd: string, args: string[], input?: string): ExecResult {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input: input ?? '', timeout: 30_000 });
  if (r.error) return { code: null, stdout: '', stderr: (r.error as Error).message };
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** One change a backend would make: what it says, what it writes, and how to do it. */
export interface ScheduleChange {
  /** human lines: the file or table touched */
  what: string;
  /** the new text (a crontab, a unit file), or null for a removal */
  text: string | null;
  apply(): void;
}
