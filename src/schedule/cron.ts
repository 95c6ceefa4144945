import { OptmemError } from '../core/errors.js';
import { shellCommand, shellWord } from '../install/self.js';
import { exec, type ScheduleChange, type SchedulerEnv } from './exec.js';
import { cronSpec } from './interval.js';
import type { JobSpec } from './job.js';

/**
 * The crontab backend: one block per memory home between marker comments naming the home's id,
 * so `remove` takes out exactly that block and every other line stays as it was.
 */
const begin = (id: string) => `# >>> optmem-schedule ${id} (added by \`optmem schedule install\`; \`optmem schedule remove\` removes it)`;
const end = (id: string) => `# <<< optmem-schedule ${id}`;

export function cronAvailable(env: SchedulerEnv): boolean {
  const r = exec(env.crontab, ['-l']);
  // exit 1 with "no crontab for USER" is a working crontab with nothing in it
  return r.code === 0 || (r.code === 1 && /no crontab/i.test(r.stderr));
}

export function readCrontab(env: SchedulerEnv): string {
  const r = exec(env.crontab, ['-l']);
  if (r.code === 0) return r.stdout;
  if (r.code === 1 && /no crontab/i.test(r.stderr)) return '';
  throw new OptmemError('IO', `\`${env.crontab} -l\` failed: ${r.stderr.trim() || `exit ${r.code}`}`, { hint: 'is cron installed? (or use --backend systemd)' });
}

function writeCrontab(env: SchedulerEnv, text: string): void {
  const r = exec(env.crontab, ['-'], text);
  if (r.code !== 0) throw new OptmemError('IO', `\`${env.crontab} -\` refused the new table: ${r.stderr.trim() || `exit ${r.code}`}`);
}

export function cronLine(spec: JobSpec): string {
  // cron runs it with /bin/sh; anything the run itself cannot log (node gone, say) still lands in the log
  return `${cronSpec(spec.every, spec.offset)} ${shellCommand(spec.command)} >>${shellWord(spec.logFile)} 2>&1`;
}

/** The block of this home in a crontab, or null. */
export function cronBlock(table: string, id: string): string | null {
  const lines = table.split('\n');
  const a = lines.indexOf(begin(id));
  const b = lines.indexOf(end(id), a + 1);
  return a === -1 || b === -1 ? null : lines.slice(a, b + 1).join('\n');
}

export function withoutCronBlock(table: string, id: string): string {
  const lines = table.split('\n');
  const a = lines.indexOf(begin(id));
  const b = lines.indexOf(end(id), a + 1);
  if (a === -1 || b === -1) return table;
  return [...lines.slice(0, a), ...lines.slice(b + 1)].join('\n');
}

export function withCronBlock(table: string, spec: JobSpec): string {
  const base = withoutCronBlock(table, spec.id);
  const sep = base === '' || base.endsWith('\n') ? '' : '\n';
  return `${base}${sep}${begin(spec.id)}\n${cronLine(spec)}\n${end(spec.id)}\n`;
}

/** The change that installs the job, or null when the crontab already holds exactly it. */
export function cronInstall(env: SchedulerEnv, spec: JobSpec): ScheduleChange | null {
  const table = readCrontab(env);
  const next = withCronBlock(table, spec);
  if (next === table) return null;
  return { what: `crontab (${env.crontab}): ${cronBlock(table, spec.id) ? 'replace' : 'add'} the optmem-schedule ${spec.id} block`, text: cronBlock(next, spec.id)! + '\n', apply: () => writeCrontab(env, next) };
}

export function cronRemove(env: SchedulerEnv, id: string): ScheduleChange | null {
  if (!cronAvailable(env)) return null;
  const table = readCrontab(env);
  const next = withoutCronBlock(table, id);
  if (next === table) return null;
  return { what: `crontab (${env.crontab}): remove the optmem-schedule ${id} block`, text: null, apply: () => writeCrontab(env, next) };
}
