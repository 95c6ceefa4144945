import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../store/durable-file.js';
import { scheduleStateFile, type JobSpec } from './job.js';

/** `ingest/schedule.json`: what `schedule install` set up, so doctor can tell without asking cron or systemd. */
export type BackendName = 'systemd' | 'cron';

export interface ScheduleState {
  backend: BackendName;
  id: string;
  every: string;
  hosts: string[];
  command: string[];
  installedAt: string;
}

export function writeState(spec: JobSpec, backend: BackendName, now = new Date()): void {
  const s: ScheduleState = { backend, id: spec.id, every: spec.every.text, hosts: spec.hosts, command: spec.command, installedAt: now.toISOString() };
  fs.mkdirSync(path.dirname(scheduleStateFile(spec.home)), { recursive: true });
  writeFileAtomic(scheduleStateFile(spec.home), JSON.stringify(s, null, 2) + '\n');
}

export function readState(home: string): ScheduleState | null {
  try {
    const s = JSON.parse(fs.readFileSync(scheduleStateFile(home), 'utf8')) as ScheduleState;
    return typeof s === 'object' && s && typeof s.backend === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function removeState(home: string): void {
  fs.rmSync(scheduleStateFile(home), { force: true });
}

