import fs from 'node:fs';
import path from 'node:path';

/**
 * Crash points for the crash tests: with `OPTMEM_FAILPOINT` set, the process kills itself
 * (SIGKILL, as a power cut or the OOM killer would) at a named point, so a test can stop a real
 * process exactly inside an append or a reindex. Unset, every call is one environment lookup.
 *
 *   append:N        write the first N bytes of an append, sync them, die
 *   after-intent    die once the append intent is written, before any byte of the append
 *   before-seal     die once the records are appended, before their seal lines (store/seal.ts)
 *   seal:N          write the first N bytes of the seal lines, sync them, die
 *   reindex:N       die inside a reindex, after N day files are read into the index
 */
export function failpointValue(name: string): number | null {
  const fp = process.env.OPTMEM_FAILPOINT;
  if (!fp) return null;
  if (fp === name) return 0;
  const m = /^([a-z-]+):(\d+)$/.exec(fp);
  return m && m[1] === name ? Number(m[2]) : null;
}

export function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL cannot be caught; this line is never reached
  throw new Error('unreachable');
}

/** `append:N`: write N bytes of `data` to `file`, sync, die. */
export function tearAppend(file: string, data: Buffer): void {
  const n = failpointValue('append');
  if (n === null) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, data.subarray(0, Math.min(n, data.length - 1)));
  const fd = fs.openSync(file, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  die();
}
