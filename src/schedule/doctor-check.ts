import path from 'node:path';
import { layoutOf } from '../store/layout.js';
import { ingestLogFile } from './job.js';
import { describeLastRun, readLastRun } from './log.js';
import { readState } from './state.js';

/**
 * doctor's view of the scheduled ingest, from the home's own files only (doctor asks neither
 * crontab nor systemd): the last logged run, a failure there failing the check; the schedule as
 * `optmem schedule install` recorded it, for information.
 */
export function ingestDoctorChecks(home: string): { name: string; ok: boolean; detail: string }[] {
  const last = readLastRun(ingestLogFile(home));
  const state = readState(home);
  const failed = last?.ok === false;
  const logRel = path.relative(layoutOf(home).home, ingestLogFile(home)).split(path.sep).join('/');
  return [
    { name: 'ingest', ok: !failed, detail: `${describeLastRun(last)}${failed ? `\n  (log: ${logRel}; \`optmem schedule status\` for more)` : ''}` },
    {
      name: 'schedule',
      ok: true,
      detail: state ? `${state.backend}, every ${state.every}, hosts ${state.hosts.join(', ')} (installed ${state.installedAt})` : 'not installed (`optmem schedule install` runs ingest every 3 hours)',
    },
  ];
}
