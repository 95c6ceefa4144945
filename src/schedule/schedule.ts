import { OptmemError } from '../core/errors.js';
import { cronAvailable, cronBlock, cronInstall, cronRemove, readCrontab } from './cron.js';
import type { ScheduleChange, SchedulerEnv } from './exec.js';
import { homeId, ingestLogFile, type JobSpec } from './job.js';
import { readState, type ScheduleState } from './state.js';
import { describeLastRun, readLastRun, type LastRun } from './log.js';
import { systemdAvailable, systemdInstall, systemdRemove, systemdUnits, timerActive, timerEnabled, unitName } from './systemd.js';

export type { BackendName } from './state.js';
import type { BackendName } from './state.js';

/** A systemd user timer when `systemctl --user` answers, else crontab. */
export function chooseBackend(env: SchedulerEnv, want: BackendName | 'auto' = 'auto'): BackendName {
  if (want === 'systemd' || want === 'cron') {
    const ok = want === 'systemd' ? systemdAvailable(env) : cronAvailable(env);
    if (!ok) throw new OptmemError('IO', want === 'systemd' ? '`systemctl --user` does not answer here' : `\`${env.crontab} -l\` does not work here`, { hint: `try --backend ${want === 'systemd' ? 'cron' : 'systemd'}` });
    return want;
  }
  if (systemdAvailable(env)) return 'systemd';
  if (cronAvailable(env)) return 'cron';
  throw new OptmemError('IO', 'neither `systemctl --user` nor `crontab` works here: nothing to schedule with', {
    hint: 'install cron (or enable a systemd user session), or run `optmem ingest --from HOST --quiet` from your own scheduler',
  });
}

export interface SchedulePlan {
  backend: BackendName | null;
  changes: ScheduleChange[];
}

/** Install into `backend`; a job of this home left in the other backend is taken out, so one runs. */
export function planInstall(env: SchedulerEnv, spec: JobSpec, backend: BackendName): SchedulePlan {
  const changes: (ScheduleChange | null)[] =
    backend === 'systemd' ? [systemdInstall(env, spec), cronRemove(env, spec.id)] : [cronInstall(env, spec), systemdRemove(env, spec.id)];
  return { backend, changes: changes.filter((c): c is ScheduleChange => c !== null) };
}

export function planRemove(env: SchedulerEnv, home: string): SchedulePlan {
  const id = homeId(home);
  return { backend: null, changes: [systemdRemove(env, id), cronRemove(env, id)].filter((c): c is ScheduleChange => c !== null) };
}

export interface ScheduleStatus {
  home: string;
  id: string;
  /** what is found installed, per backend (null: that backend cannot be asked here) */
  systemd: { installed: boolean; enabled: boolean; active: boolean; unit: string } | null;
  cron: { installed: boolean; line: string | null } | null;
  state: ScheduleState | null;
  logFile: string;
  lastRun: LastRun | null;
  /** the last run started more than two intervals ago */
  overdue: boolean;
}

export function scheduleStatus(env: SchedulerEnv, home: string, nowMs = Date.now()): ScheduleStatus {
  const id = homeId(home);
  const units = systemdUnits(env, id);
  const canSystemd = systemdAvailable(env);
  const systemd = units || canSystemd ? { installed: !!units, enabled: canSystemd && !!units && timerEnabled(env, id), active: canSystemd && !!units && timerActive(env, id), unit: `${unitName(id)}.timer` } : null;
  let cron: ScheduleStatus['cron'] = null;
  if (cronAvailable(env)) {
    const block = cronBlock(readCrontab(env), id);
    cron = { installed: !!block, line: block ? block.split('\n')[1] ?? null : null };
  }
  const state = readState(home);
  const logFile = ingestLogFile(home);
  const lastRun = readLastRun(logFile);
  const every = state ? everyMinutes(state.every) : null;
  const overdue = !!(lastRun && every && nowMs - Date.parse(lastRun.startedAt) > 2 * every * 60_000);
  return { home, id, systemd, cron, state, logFile, lastRun, overdue };
}

function everyMinutes(s: string): number | null {
  const m = /^(\d+)(m|h|d)$/.exec(s);
  return m ? Number(m[1]) * (m[2] === 'm' ? 1 : m[2] === 'h' ? 60 : 1440) : null;
}

export function describeStatus(s: ScheduleStatus): string {
  const lines: string[] = [];
  const installed = (s.systemd?.installed ? 1 : 0) + (s.cron?.installed ? 1 : 0);
  if (s.systemd?.installed) lines.push(`systemd: ${s.systemd.unit} installed, ${s.systemd.enabled ? 'enabled' : 'NOT enabled'}, ${s.systemd.active ? 'active' : 'NOT active'}`);
  if (s.cron?.installed) lines.push(`cron: ${s.cron.line}`);
  if (!installed) lines.push(`not installed for ${s.home}${s.state ? ` (ingest/schedule.json says ${s.state.backend}: it was removed outside optmem)` : ''}`);
  else if (s.state) lines.push(`every ${s.state.every}, hosts ${s.state.hosts.join(', ')} (since ${s.state.installedAt})`);
  if (s.systemd === null && s.cron === null) lines.push('(neither systemctl --user nor crontab answers here)');
  lines.push(describeLastRun(s.lastRun));
  if (s.overdue) lines.push('overdue: the last run started more than two intervals ago (is the machine asleep, or the job gone?)');
  lines.push(`log: ${s.logFile}`);
  return lines.join('\n') + '\n';
}
