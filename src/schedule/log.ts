import fs from 'node:fs';
import path from 'node:path';

/**
 * `ingest/ingest.log`: what scheduled runs did, one line per event, each starting with an ISO time.
 *
 *   2026-05-12T01:17:00.000Z run start every=3h hosts=claude-code,codex
 *   2026-05-12T01:17:00.000Z   codex| <a line the ingest printed>
 *   2026-05-12T01:17:02.000Z ingest claude-code ok (1.9 s)
 *   2026-05-12T01:17:02.000Z ingest codex FAILED: exit 1: <its last error line>
 *   2026-05-12T01:17:03.000Z topics ok (0.4 s)
 *   2026-05-12T01:17:04.000Z consolidate ok (0.9 s)
 *   2026-05-12T01:17:04.000Z run end FAILED: codex: exit 1: <its last error line>
 *
 * `lastRun` reads the last run back for `schedule status` and `doctor`. Lines it does not know
 * (a crash's stack trace that cron's redirection caught) are kept and skipped.
 */
export const LOG_MAX_BYTES = 1 << 20;
const LOG_KEEP_BYTES = 256 << 10;

export interface LastRun {
  startedAt: string;
  /** null: no end line (still running, or killed) */
  endedAt: string | null;
  /** null while unknown (no end line) */
  ok: boolean | null;
  /** the failure, when it failed */
  message: string | null;
  hosts: { host: string; ok: boolean; message: string | null }[];
}

export function appendLog(file: string, lines: string[], now: () => Date = () => new Date()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const t = now().toISOString();
  fs.appendFileSync(file, lines.map((l) => `${t} ${l.replace(/[\r\n]+/g, ' ')}\n`).join(''));
}

/** Keep the log small: past LOG_MAX_BYTES, only its last ~256 KiB (from a line start) stay. */
export function trimLog(file: string): void {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return;
  }
  if (size <= LOG_MAX_BYTES) return;
  const buf = fs.readFileSync(file);
  let from = buf.length - LOG_KEEP_BYTES;
  const nl = buf.indexOf(0x0a, from);
  from = nl === -1 ? from : nl + 1;
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, buf.subarray(from));
  fs.renameSync(tmp, file);
}

const LINE = /^(\d{4}-\d\d-\d\dT[\d:.]+Z) (.*)$/;

export function parseLastRun(text: string): LastRun | null {
  const lines = text.split('\n');
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = LINE.exec(lines[i]!);
    if (m && m[2]!.startsWith('run start')) {
      start = i;
      break;
    }
  }
  if (start === -1) return null;
  const run: LastRun = { startedAt: LINE.exec(lines[start]!)![1]!, endedAt: null, ok: null, message: null, hosts: [] };
  for (const l of lines.slice(start + 1)) {
    const m = LINE.exec(l);
    if (!m) continue;
    const body = m[2]!;
    const host = /^ingest (\S+) (ok|FAILED)(?:: (.*)|\s.*)?$/.exec(body);
    if (host) run.hosts.push({ host: host[1]!, ok: host[2] === 'ok', message: host[3] ?? null });
    const end = /^run end (ok|FAILED)(?:: (.*))?$/.exec(body);
    if (end) {
      run.endedAt = m[1]!;
      run.ok = end[1] === 'ok';
      run.message = end[2] ?? null;
    }
  }
  return run;
}

export function readLastRun(file: string): LastRun | null {
  let text: string;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      // the last run is near the end: read the tail only
      const size = fs.fstatSync(fd).size;
      const len = Math.min(size, 128 << 10);
      const buf = Buffer.alloc(len);
      fs.readSync(fd, buf, 0, len, size - len);
      text = buf.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
  return parseLastRun(text);
}

/** "ok 2026-05-12 01:17 UTC" / "FAILED … : message" / "started …, no end logged". */
export function describeLastRun(r: LastRun | null): string {
  if (!r) return 'no run logged yet';
  const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  if (r.ok === null) return `started ${when(r.startedAt)}, no end logged (still running, or it was stopped)`;
  if (r.ok) return `last run ${when(r.endedAt!)}: ok`;
  const failed = r.hosts.filter((h) => !h.ok);
  // one line per failed host when the log names them; the end line's summary otherwise
  if (failed.length) return `last run ${when(r.endedAt!)}: FAILED${failed.map((h) => `\n  ${h.host}: ${h.message ?? 'failed'}`).join('')}`;
  return `last run ${when(r.endedAt!)}: FAILED: ${r.message ?? 'see the log'}`;
}
