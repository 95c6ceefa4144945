import { OptmemError } from './errors.js';

/**
 * Times are kept as the ISO 8601 string the writer gave (with its UTC offset), so a record reads
 * back exactly as written; `ms` is derived for ordering and ranking.
 */
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/;

export interface ParsedTime {
  /** normalized ISO string with an explicit offset */
  iso: string;
  /** epoch milliseconds */
  ms: number;
}

function pad(n: number, w = 2): string {
  return String(Math.abs(n)).padStart(w, '0');
}

export function formatOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return '+00:00';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const a = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** The machine's offset at `ms`, east of UTC positive (so +08:00 is 480). */
export function localOffsetMinutes(ms: number): number {
  return -new Date(ms).getTimezoneOffset();
}

/** Format epoch ms as ISO with the given offset, seconds precision (ms when non-zero). */
export function formatIso(ms: number, offsetMinutes = localOffsetMinutes(ms)): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const frac = d.getUTCMilliseconds();
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (frac ? `.${pad(frac, 3)}` : '') +
    formatOffset(offsetMinutes)
  );
}

function validParts(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/**
 * Parse an ISO 8601 time. With an offset it is kept as written; a bare date or local time is read
 * in the machine's zone and given its offset. Returns null when it is not a time.
 */
export function parseTime(input: string): ParsedTime | null {
  const s = input.trim();
  let m = ISO_WITH_OFFSET.exec(s);
  if (m) {
    const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
    const sec = m[6] ? Number(m[6]) : 0;
    if (!validParts(y, mo, d, h, mi, sec)) return null;
    const ms = Date.parse(s);
    if (Number.isNaN(ms)) return null;
    return { iso: s, ms };
  }
  m = ISO_LOCAL.exec(s);
  if (m) {
    const [y, mo, d] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
    const h = m[4] ? Number(m[4]) : 0;
    const mi = m[5] ? Number(m[5]) : 0;
    const sec = m[6] ? Number(m[6]) : 0;
    if (!validParts(y, mo, d, h, mi, sec)) return null;
    const frac = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
    const ms = new Date(y, mo - 1, d, h, mi, sec, frac).getTime();
    return { iso: formatIso(ms), ms };
  }
  return null;
}

export function requireTime(input: string, field: string): ParsedTime {
  const t = parseTime(input);
  if (!t) {
    throw new OptmemError('USAGE', `${field}: "${input}" is not an ISO 8601 time (e.g. 2026-11-29T10:15:00+08:00)`, {
      field,
    });
  }
  return t;
}

/** The calendar date (YYYY-MM-DD) of an ISO time in its own offset: the day file it belongs to. */
export function isoDate(iso: string): string {
  return iso.slice(0, 10);
}
