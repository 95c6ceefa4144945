import fs from 'node:fs';
import { nodeCrypto } from '../core/lazy-crypto.js';
import { writeFileAtomic } from '../store/durable-file.js';
import { layoutOf } from '../store/layout.js';
import type { LineState } from './sources/parse-line.js';

/**
 * One cursor per source file, in `<home>/ingest/cursors.json`: how far the file has been handled.
 * The cursor moves only past what was written. A file that shrank, or whose first bytes changed,
 * was rewritten or truncated: it is read again from the start (records already written are
 * recognised by their `ref` and skipped).
 */
export interface Cursor {
  /** byte offset handled: everything before it is in the memory (or was not worth keeping) */
  offset: number;
  /** lines before `offset` */
  line: number;
  /** the file's size when the cursor was last moved */
  size: number;
  /** sha256 (first 16 hex) of the file's first `headBytes` bytes */
  head: string;
  headBytes: number;
  /** sha256 (first 16 hex) of the `TAIL_BYTES` bytes just before `offset`: a rewrite behind the cursor shows here */
  tail: string;
  /** session state at `offset` (cwd, session id, agent) so a resumed read keeps its project */
  state: LineState;
  /** lines whose records predate a rewrite or truncation of the file: matched by text, not by line */
  staleLines?: number[];
  /** ISO time of the last move */
  at: string;
}

export interface CursorFile {
  version: 1;
  cursors: Record<string, Cursor>;
}

/** How many leading bytes identify a file's content. */
export const HEAD_BYTES = 1024;
/** How many bytes before the cursor must still be the same. */
export const TAIL_BYTES = 256;

export function cursorsPath(home: string): string {
  return layoutOf(home).cursorsFile;
}

export function loadCursors(home: string): CursorFile {
  const file = cursorsPath(home);
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return { version: 1, cursors: {} };
  }
  try {
    const v = JSON.parse(raw) as CursorFile;
    if (v && v.version === 1 && typeof v.cursors === 'object' && v.cursors) return v;
  } catch {
    // a damaged cursor file costs a re-read (deduplicated by ref), never a wrong skip
  }
  return { version: 1, cursors: {} };
}

export function saveCursors(home: string, cf: CursorFile): void {
  writeFileAtomic(cursorsPath(home), JSON.stringify(cf, null, 1) + '\n');
}

export function headHash(file: string, bytes: number): string {
  return rangeHash(file, 0, bytes);
}

export function tailHash(file: string, offset: number): string {
  const start = Math.max(0, offset - TAIL_BYTES);
  return rangeHash(file, start, offset - start);
}

function rangeHash(file: string, start: number, bytes: number): string {
  if (bytes <= 0) return '';
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = fs.readSync(fd, buf, 0, bytes, start);
    return nodeCrypto().createHash('sha256').update(buf.subarray(0, n)).digest('hex').slice(0, 16);
  } finally {
    fs.closeSync(fd);
  }
}

export type CursorCheck = { from: 'cursor'; cursor: Cursor } | { from: 'start'; reason: 'new' | 'truncated' | 'rewritten' } | { from: 'done' };

/** Where reading `file` (of `size` bytes now) should start, given its cursor. */
export function checkCursor(file: string, size: number, cursor: Cursor | undefined): CursorCheck {
  if (!cursor) return { from: 'start', reason: 'new' };
  if (size < cursor.offset) return { from: 'start', reason: 'truncated' };
  if (cursor.headBytes > 0 && headHash(file, cursor.headBytes) !== cursor.head) return { from: 'start', reason: 'rewritten' };
  if (typeof cursor.tail === 'string' && tailHash(file, cursor.offset) !== cursor.tail) return { from: 'start', reason: 'rewritten' };
  if (size === cursor.offset) return { from: 'done' };
  return { from: 'cursor', cursor };
}
