import fs from 'node:fs';
import path from 'node:path';
import { OptmemError } from '../core/errors.js';
import { writeFileAtomic } from '../store/durable-file.js';
import { exec, type ScheduleChange, type SchedulerEnv } from './exec.js';
import { onCalendar } from './interval.js';
import type { JobSpec } from './job.js';

/**
 * The systemd backend: a oneshot service and its timer in the user's unit folder, named after the
 * home's id (`optmem-ingest-<id>`). `Persistent=true` runs a missed run after the machine wakes.
 */
export const unitName = (id: string) => `optmem-ingest-${id}`;

const HEADER = '# Written by `optmem schedule install`; `optmem schedule remove` deletes it.';

/** `systemctl --user` answers: there is a user manager to talk to. */
export function systemdAvailable(env: SchedulerEnv): boolean {
  return exec(env.systemctl, ['--user', 'show-environment']).code === 0;
}

/** One word of ExecStart=: systemd's own quoting, with % and $ doubled. */
function unitWord(s: string): string {
  const t = s.replace(/%/g, '%%').replace(/\$/g, '$$$$');
  return /^[\w@+=:,./-]+$/.test(t) ? t : `"${t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function serviceUnit(spec: JobSpec): string {
  return `${HEADER}
[Unit]
Description=optmem: keep what matters from recent agent conversations (${spec.hosts.join(', ')})

[Service]
Type=oneshot
ExecStart=${spec.command.map(unitWord).join(' ')}
Nice=10
`;
}

export function timerUnit(spec: JobSpec): string {
  return `${HEADER}
[Unit]
Description=optmem ingest every ${spec.every.text}

[Timer]
OnCalendar=${onCalendar(spec.every, spec.offset)}
Persistent=true

[Install]
WantedBy=timers.target
`;
}

function files(env: SchedulerEnv, id: string) {
  return { service: path.join(env.unitDir, `${unitName(id)}.service`), timer: path.join(env.unitDir, `${unitName(id)}.timer`) };
}

function read(p: string): string | null {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return null;
  }
}

function systemctl(env: SchedulerEnv, args: string[], quietFail = false): void {
  const r = exec(env.systemctl, ['--user', ...args]);
  if (r.code !== 0 && !quietFail) throw new OptmemError('IO', `\`systemctl --user ${args.join(' ')}\` failed: ${r.stderr.trim() || `exit ${r.code}`}`);
}

export function timerEnabled(env: SchedulerEnv, id: string): boolean {
  return exec(env.systemctl, ['--user', 'is-enabled', `${unitName(id)}.timer`]).code === 0;
}

export function timerActive(env: SchedulerEnv, id: string): boolean {
  return exec(env.systemctl, ['--user', 'is-active', `${unitName(id)}.timer`]).code === 0;
}

/** What is installed: the two unit files' text, or null when neither exists. */
export function systemdUnits(env: SchedulerEnv, id: string): { service: string | null; timer: string | null; files: { service: string; timer: string } } | null {
  const f = files(env, id);
  const service = read(f.service);
  const timer = read(f.timer);
  return service === null && timer === null ? null : { service, timer, files: f };
}

/** The change that installs the units, or null when they are in place and the timer is enabled. */
export function systemdInstall(env: SchedulerEnv, spec: JobSpec): ScheduleChange | null {
  const f = files(env, spec.id);
  const service = serviceUnit(spec);
  const timer = timerUnit(spec);
  const same = read(f.service) === service && read(f.timer) === timer;
  if (same && timerEnabled(env, spec.id) && timerActive(env, spec.id)) return null;
  return {
    what: `${same ? 'enable' : 'write'} ${f.service} and ${f.timer}, then \`systemctl --user enable --now ${unitName(spec.id)}.timer\``,
    text: `${f.service}:\n${service}\n${f.timer}:\n${timer}`,
    apply() {
      fs.mkdirSync(env.unitDir, { recursive: true });
      writeFileAtomic(f.service, service);
      writeFileAtomic(f.timer, timer);
      systemctl(env, ['daemon-reload']);
      systemctl(env, ['enable', '--now', `${unitName(spec.id)}.timer`]);
    },
  };
}

export function systemdRemove(env: SchedulerEnv, id: string): ScheduleChange | null {
  const units = systemdUnits(env, id);
  if (!units) return null;
  return {
    what: `\`systemctl --user disable --now ${unitName(id)}.timer\`, then delete ${units.files.service} and ${units.files.timer}`,
    text: null,
    apply() {
      // the user manager may be gone (a container, no session): the files still go
      systemctl(env, ['disable', '--now', `${unitName(id)}.timer`], true);
      fs.rmSync(units.files.service, { force: true });
      fs.rmSync(units.files.timer, { force: true });
      systemctl(env, ['daemon-reload'], true);
    },
  };
}
