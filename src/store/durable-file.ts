import fs from 'node:fs';
import path from 'node:path';

/** fsync a directory so a newly created or renamed entry survives a crash. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories; the data file itself is still synced.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Append bytes with one write call in O_APPEND mode, then fsync. Concurrent appenders (already
 * serialized by the writer lock) can never interleave bytes inside one call.
 */
export function appendDurably(file: string, data: Buffer, durable = true): void {
  const existed = fs.existsSync(file);
  if (!existed) fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'a');
  try {
    let written = 0;
    while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written);
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (!existed && durable) fsyncDir(path.dirname(file));
}

/** Replace a file atomically: write a temp file in the same folder, fsync, rename. */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}
