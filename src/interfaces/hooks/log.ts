import fs from 'node:fs';
import path from 'node:path';

/**
 * `<home>/ingest/hooks.log`: one line per hook that could not do its part (a locked or broken home,
 * a bad payload), so that a failure the host never shows is still found. Kept short: past
 * `MAX_LOG_BYTES` the older half is dropped.
 */
export const MAX_LOG_BYTES = 256 * 1024;

export function appendHookLog(file: string, message: string, now = new Date()): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const line = `${now.toISOString()} ${message.replace(/[\r\n]+/g, ' ')}\n`;
  let size = 0;
  try {
    size = fs.statSync(file).size;
  } catch {
    // a new log
  }
  if (size + line.length > MAX_LOG_BYTES) {
    const old = fs.readFileSync(file, 'utf8');
    const keep = old.slice(old.length - Math.floor(MAX_LOG_BYTES / 2));
    fs.writeFileSync(file, keep.slice(keep.indexOf('\n') + 1) + line);
    return;
  }
  fs.appendFileSync(file, line);
}
