import fs from 'node:fs';
import path from 'node:path';
import { fsyncDir } from './durable-file.js';

/**
 * The append intent: before the writer appends to day files it writes down, in one small file,
 * exactly which bytes it is about to add to which file at which offset, and it deletes that note
 * once the append is durable. After a crash the note is the proof of what happened:
 *
 * - the file is as it was before            → nothing was written; the note is dropped
 * - the file holds all the bytes            → the append completed; the note is dropped
 * - the file holds a proper prefix of them  → a torn append of optmem's own: the next writer
 *                                            moves exactly those bytes to recovered/
 * - anything else                           → not ours to judge (a person edited the file
 *                                            since): the file is left as it is, and reported
 *
 * Without a note, an unterminated record at the end of a file is a hand edit, never a torn write.
 *
 * Format: one JSON line `{"v":1,"files":[{"file":REL,"before":SIZE|null,"length":N},…]}`, then
 * the bytes of every entry, concatenated; an empty file is no note. A note cut short by a crash is incomplete and ignored:
 * it is written (and synced) before the append starts, so no append can have begun.
 */
export interface IntentEntry {
  /** day file, relative to the home */
  file: string;
  /** its size before the append; null when the append creates it */
  before: number | null;
  /** the bytes to be appended */
  data: Buffer;
}

export type IntentOutcome = 'nothing' | 'complete' | 'torn' | 'foreign';

export function writeIntent(intentFile: string, entries: IntentEntry[], durable: boolean): void {
  const head = JSON.stringify({ v: 1, files: entries.map((e) => ({ file: e.file, before: e.before, length: e.data.length })) }) + '\n';
  // The file is kept between appends (emptied, not deleted): no directory sync per append.
  const existed = fs.existsSync(intentFile);
  const fd = fs.openSync(intentFile, 'w');
  try {
    const parts = [Buffer.from(head, 'utf8'), ...entries.map((e) => e.data)];
    for (const p of parts) {
      let written = 0;
      while (written < p.length) written += fs.writeSync(fd, p, written, p.length - written);
    }
    if (durable) fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (durable && !existed) fsyncDir(path.dirname(intentFile));
}

/** The note left by an interrupted writer, or null (none, or one cut short before any append began). */
export function readIntent(intentFile: string): IntentEntry[] | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(intentFile);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const nl = buf.indexOf(0x0a);
  if (nl === -1) return null;
  let head: { v?: unknown; files?: { file?: unknown; before?: unknown; length?: unknown }[] };
  try {
    head = JSON.parse(buf.subarray(0, nl).toString('utf8'));
  } catch {
    return null;
  }
  if (head.v !== 1 || !Array.isArray(head.files)) return null;
  const out: IntentEntry[] = [];
  let at = nl + 1;
  for (const f of head.files) {
    if (typeof f.file !== 'string' || typeof f.length !== 'number' || !(f.before === null || typeof f.before === 'number')) return null;
    if (at + f.length > buf.length) return null; // cut short: the append never started
    out.push({ file: f.file, before: f.before, data: buf.subarray(at, at + f.length) });
    at += f.length;
  }
  return out;
}

/**
 * Empty the note once the append is durable. Not synced: should the emptying be lost in a crash,
 * the note says "complete" and is dropped by the next writer.
 */
export function clearIntent(intentFile: string): void {
  try {
    fs.truncateSync(intentFile, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** What an interrupted append left in one file (`bytes` is the file's content now, or null if it is gone). */
export function classifyIntent(entry: IntentEntry, bytes: Buffer | null): IntentOutcome {
  const start = entry.before ?? 0;
  const size = bytes ? bytes.length : 0;
  if (bytes === null) return entry.before === null ? 'nothing' : 'foreign';
  if (size === start) return 'nothing';
  if (size < start) return 'foreign';
  const written = bytes.subarray(start, Math.min(size, start + entry.data.length));
  if (!written.equals(entry.data.subarray(0, written.length))) return 'foreign';
  return written.length === entry.data.length ? 'complete' : 'torn';
}
