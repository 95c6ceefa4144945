import { OptmemError } from '../core/errors.js';

/**
 * How often the job runs: `--every 3h` (default), `30m`, `1d`. Only intervals that divide an hour
 * or a day evenly are taken, so cron (`*\/N`) and systemd (`00/N`) run at the same wall-clock times.
 * The minute within the hour is spread by the home's id, so several homes do not start together.
 */
export interface Interval {
  /** as the user wrote it, normalised: "3h", "30m", "1d" */
  text: string;
  minutes: number;
}

export const DEFAULT_EVERY = '3h';

const MINUTES = [5, 10, 15, 20, 30];
const HOURS = [1, 2, 3, 4, 6, 8, 12];

export function parseInterval(s: string): Interval {
  const m = /^\s*(\d+)\s*(m|min|h|d)\s*$/i.exec(s);
  const bad = () =>
    new OptmemError('USAGE', `--every: "${s}" is not an interval this can schedule`, {
      field: 'every',
      hint: `use minutes (${MINUTES.join(', ')}: e.g. 30m), hours (${HOURS.join(', ')}: e.g. 3h) or 1d`,
    });
  if (!m) throw bad();
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit === 'd') {
    if (n !== 1) throw bad();
    return { text: '1d', minutes: 1440 };
  }
  if (unit === 'h') {
    if (n === 24) return { text: '1d', minutes: 1440 };
    if (!HOURS.includes(n)) throw bad();
    return { text: `${n}h`, minutes: n * 60 };
  }
  if (n === 60) return { text: '1h', minutes: 60 };
  if (!MINUTES.includes(n)) throw bad();
  return { text: `${n}m`, minutes: n };
}

/** The five cron fields. `offset` (0–59) is the minute within the hour for hourly intervals. */
export function cronSpec(iv: Interval, offset: number): string {
  if (iv.minutes < 60) return `${offset % iv.minutes}-59/${iv.minutes} * * * *`;
  const h = iv.minutes / 60;
  return h === 24 ? `${offset} 3 * * *` : `${offset} ${h === 1 ? '*' : `*/${h}`} * * *`;
}

/** systemd's OnCalendar= for the same times as cronSpec. */
export function onCalendar(iv: Interval, offset: number): string {
  const mm = String(offset % 60).padStart(2, '0');
  if (iv.minutes < 60) return `*-*-* *:${String(offset % iv.minutes).padStart(2, '0')}/${iv.minutes}:00`;
  const h = iv.minutes / 60;
  return h === 24 ? `*-*-* 03:${mm}:00` : `*-*-* 00/${h}:${mm}:00`;
}
