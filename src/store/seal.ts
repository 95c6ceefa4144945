import fs from 'node:fs';
import { nodeCrypto } from '../core/lazy-crypto.js';
import path from 'node:path';
import { OptmemError } from '../core/errors.js';
import type { ParsedBlock } from '../core/record-format.js';
import { isoDate } from '../core/time.js';
import { fsyncDir } from './durable-file.js';
import { dayFilePath } from './layout.js';
import { die, failpointValue } from './failpoint.js';

/**
 * The seal: an append-only file in the home (`seal.jsonl`) that remembers, for every record optmem
 * appended, where it went and a hash of its exact bytes. Each line also carries the hash of the
 * line before it (a hash chain), so a seal line changed, removed or reordered by hand shows up as a
 * broken chain. `verify` compares the log with it (verify/compare.ts). It is not derived from the
 * log (it is what the log is checked against), not in the index, and not exported.
 *
 * One JSON object per line:
 *   {"n":1,"seal":1,"created":ISO,"existing":N,"prev":""}                    the first line
 *   {"n":2,"id":ID,"at":BYTE,"time":T,"hash":H,"lines":HHH…,"prev":P}          one record
 *   {"n":3,"unsealed":{"file":REL,"from":A,"to":B},"prev":P}                   an append of optmem's own
 *                                               that completed, but whose seal lines a crash lost
 * `n` is the line's number, `prev` the hash of the line before (16 hex), `hash` the SHA-256 (first
 * 32 hex) of the record's block from its header to its `---` line, `lines` a short hash (6 hex, FNV-1a) of
 * each line of that block, run together. `file` (the day file, relative to the home) is written only
 * when it is not the day file of `time`, which is where optmem appends a record. `late: true` marks
 * a record sealed by `verify --seal-new`. Kept short: a seal line is about 170 bytes plus 6 per
 * line of the record (for short records, the seal is about as large as the log). Keeping only hashes, never text, is on purpose (so `verify` can tell which lines changed without keeping any text: a record a person
 * edits to take a secret out must not keep the secret here).
 */
export const SEAL_VERSION = 1;
const LINE_HEX = 6;
const PREV_HEX = 16;

/** Where optmem appends a record of this time: its day file. */
function homeFileOf(time: string): string {
  return dayFilePath(isoDate(time));
}

export interface SealRecordLine {
  n: number;
  id: string;
  file: string;
  /** byte offset of the record's header line in its day file, when sealed */
  at: number;
  time: string;
  hash: string;
  lines: string[];
  /** true when sealed after the fact (`verify --seal-new`), not by the append that wrote it */
  late?: boolean;
}

export interface UnsealedRange {
  n: number;
  file: string;
  from: number;
  to: number;
}

export interface SealProblem {
  /** 1-based line of seal.jsonl */
  line: number;
  message: string;
}

export interface SealRead {
  exists: boolean;
  created: string | null;
  existing: number;
  records: SealRecordLine[];
  unsealed: UnsealedRange[];
  /** broken chain, unreadable lines, a torn last line */
  problems: SealProblem[];
  /** a last line without its newline (a write cut short): ignored */
  tornTail: boolean;
  lineCount: number;
  /** the hash of each complete line's text (16 hex), in order: to compare with the head last seen */
  lineHash: (n: number) => string | null;
}

/** What is sealed for one record (before `n` and `prev` are added). */
export interface SealItem {
  id: string;
  file: string;
  at: number;
  time: string;
  /** the block's exact text, header to `---` line, each line ending in "\n" */
  block: string;
  late?: boolean;
}

/** SHA-256, the first `hex` hex digits. `crypto.hash` (Node ≥ 20.12) is several times faster than createHash for short inputs. */
export function shortHash(s: string | Buffer, hex = 32): string {
  const crypto = nodeCrypto();
  const h = (crypto as { hash?: (alg: string, data: string | Buffer, enc: 'hex') => string }).hash;
  return (h ? h('sha256', s, 'hex') : crypto.createHash('sha256').update(s).digest('hex')).slice(0, hex);
}

/**
 * A line's short hash for the diff: FNV-1a over its UTF-16 code units. Not a security hash (the
 * block's SHA-256 is what detects a change); it only tells which lines of a changed block differ.
 */
function lineHash(line: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) {
    h ^= line.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) & 0xffffff).toString(16).padStart(LINE_HEX, '0');
}

/** The short hash of each line of a block (the block ends in "\n"; that last empty piece is not a line). */
export function lineHashes(block: string): string[] {
  const lines = block.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map(lineHash);
}

/** The exact text of lines `from`..`to` (1-based, inclusive) of a file split on "\n", as a block. */
export function blockText(lines: readonly string[], from: number, to: number): string {
  return lines.slice(from - 1, to).join('\n') + '\n';
}

/** Has the seal begun (at least one complete line)? */
export function sealStarted(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const b = Buffer.alloc(4096);
    const n = fs.readSync(fd, b, 0, b.length, 0);
    return b.subarray(0, n).includes(0x0a);
  } finally {
    fs.closeSync(fd);
  }
}

export interface FileBlock {
  block: ParsedBlock;
  /** byte offset of the header line in the file */
  at: number;
  /** the block's exact text, header to its last line */
  text: string;
}

/** Each parsed block of a day file with its exact text and byte offset (the content as read from the file). */
export function fileBlocks(content: string, blocks: readonly ParsedBlock[]): FileBlock[] {
  const bom = content.charCodeAt(0) === 0xfeff;
  const lines = (bom ? content.slice(1) : content).split('\n');
  const starts: number[] = new Array(lines.length);
  let off = bom ? 3 : 0;
  for (let i = 0; i < lines.length; i++) {
    starts[i] = off;
    off += Buffer.byteLength(lines[i]!, 'utf8') + 1;
  }
  return blocks.map((b) => ({ block: b, at: starts[b.line - 1] ?? 0, text: blockText(lines, b.line, b.endLine) }));
}

export function readSeal(file: string): SealRead {
  const out: SealRead = { exists: false, created: null, existing: 0, records: [], unsealed: [], problems: [], tornTail: false, lineCount: 0, lineHash: () => null };
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw new OptmemError('IO', `cannot read ${path.basename(file)}: ${(e as Error).message}`, { cause: e, file });
  }
  out.exists = true;
  let text = buf.toString('utf8');
  const lastNl = text.lastIndexOf('\n');
  if (lastNl !== text.length - 1) {
    out.tornTail = true;
    const lineNo = countLines(text.slice(0, lastNl + 1)) + 1;
    out.problems.push({ line: lineNo, message: 'the last line is incomplete (a write cut short by a crash); it is ignored, and the next write removes it' });
    text = text.slice(0, lastNl + 1);
  }
  const lines = text.split('\n');
  lines.pop();
  out.lineCount = lines.length;
  out.lineHash = (n) => (n >= 1 && n <= lines.length ? shortHash(lines[n - 1]!, PREV_HEX) : null);
  let prevText: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const expectedPrev = prevText === null ? '' : shortHash(prevText, PREV_HEX);
    prevText = raw;
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(raw) as Record<string, unknown>;
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    } catch {
      out.problems.push({ line: lineNo, message: 'not a seal line (changed by hand?); the chain is broken here' });
      continue;
    }
    if (v.prev !== expectedPrev) {
      out.problems.push({
        line: lineNo,
        message: lineNo === 1 ? 'the first line does not start a chain' : `the chain is broken: this line does not follow line ${lineNo - 1} (a seal line was changed, removed, inserted or moved)`,
      });
    } else if (v.n !== lineNo) {
      out.problems.push({ line: lineNo, message: `the chain is broken: line numbered ${String(v.n)} stands at line ${lineNo}` });
    }
    if (v.seal !== undefined) {
      if (lineNo !== 1) out.problems.push({ line: lineNo, message: 'a second first line: the seal was restarted inside itself' });
      out.created = typeof v.created === 'string' ? v.created : null;
      out.existing = typeof v.existing === 'number' ? v.existing : 0;
      continue;
    }
    if (v.unsealed && typeof v.unsealed === 'object') {
      const u = v.unsealed as Record<string, unknown>;
      if (typeof u.file === 'string' && typeof u.from === 'number' && typeof u.to === 'number') {
        out.unsealed.push({ n: lineNo, file: u.file, from: u.from, to: u.to });
        continue;
      }
    }
    if (typeof v.id === 'string' && typeof v.time === 'string' && (v.file === undefined || typeof v.file === 'string') && typeof v.hash === 'string' && typeof v.at === 'number' && typeof v.lines === 'string') {
      out.records.push({
        n: lineNo,
        id: v.id,
        file: typeof v.file === 'string' ? v.file : homeFileOf(v.time),
        at: v.at,
        time: v.time,
        hash: v.hash,
        lines: splitLineHashes(v.lines),
        ...(v.late === true ? { late: true } : {}),
      });
      continue;
    }
    out.problems.push({ line: lineNo, message: 'not a seal line (a field is missing or has the wrong type); the chain is broken here' });
  }
  return out;
}

/**
 * Append lines to the seal, continuing its chain. Runs under the writer lock. A torn last line (a
 * crash in the middle of a seal append) is cut off first; the records it was about are reported by
 * `verify` as appended but not sealed. With no seal yet, `start` gives the first line's `existing`.
 * Returns the seal's size before, so a failed append of the log can cut it back.
 */
export function appendSeal(file: string, items: (SealItem | { unsealed: { file: string; from: number; to: number } })[], opts: { durable: boolean; existing?: number; nowIso?: string }): number {
  return appendSealWithHead(file, items, opts).sizeBefore;
}

/** The seal's last line: its number and a hash of its text. Kept in the index as the head last seen. */
export interface SealHead {
  n: number;
  hash: string;
}

export function appendSealWithHead(file: string, items: (SealItem | { unsealed: { file: string; from: number; to: number } })[], opts: { durable: boolean; existing?: number; nowIso?: string }): { sizeBefore: number; head: SealHead } {
  const existed = fs.existsSync(file);
  const fd = fs.openSync(file, existed ? 'r+' : 'wx+');
  let sizeBefore = 0;
  let head: SealHead = { n: 0, hash: '' };
  try {
    const size = fs.fstatSync(fd).size;
    const tail = lastLine(fd, size);
    sizeBefore = tail.end;
    if (tail.end !== size) fs.ftruncateSync(fd, tail.end);
    let prev = tail.text;
    let n = tail.end === 0 ? 0 : tail.n;
    const out: string[] = [];
    const push = (o: Record<string, unknown>) => {
      n++;
      const line = JSON.stringify({ n, ...o, prev: prev === null ? '' : shortHash(prev, PREV_HEX) });
      out.push(line + '\n');
      prev = line;
    };
    if (tail.end === 0) push({ seal: SEAL_VERSION, created: opts.nowIso ?? new Date().toISOString(), existing: opts.existing ?? 0 });
    for (const it of items) {
      if ('unsealed' in it) push({ unsealed: it.unsealed });
      else {
        const file = it.file === homeFileOf(it.time) ? {} : { file: it.file };
        push({ id: it.id, ...file, at: it.at, time: it.time, hash: shortHash(it.block), lines: lineHashes(it.block).join(''), ...(it.late ? { late: true } : {}) });
      }
    }
    const data = Buffer.from(out.join(''), 'utf8');
    head = { n, hash: prev === null ? '' : shortHash(prev, PREV_HEX) };
    const torn = failpointValue('seal');
    if (torn !== null) {
      fs.writeSync(fd, data, 0, Math.min(torn, data.length - 1), tail.end);
      fs.fsyncSync(fd);
      die();
    }
    let written = 0;
    while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written, tail.end + written);
    if (opts.durable) fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (!existed && opts.durable) fsyncDir(path.dirname(file));
  return { sizeBefore, head };
}

/** Cut the seal back to a size it had (a log append that failed after its seal lines were written). */
export function truncateSeal(file: string, size: number): void {
  try {
    fs.truncateSync(file, size);
  } catch {
    // nothing to cut back, or it cannot be: `verify` then reports a sealed record that is absent
  }
}

/**
 * The last complete line of the seal: its text, its number, and where complete lines end (bytes
 * after that are a torn line). Reads backwards from the end, so an append costs a small read.
 */
function lastLine(fd: number, size: number): { text: string | null; n: number; end: number } {
  if (size === 0) return { text: null, n: 0, end: 0 };
  const chunk = 8192;
  let buf = Buffer.alloc(0);
  let pos = size;
  // find the end of the last complete line, then its start
  let end = -1;
  let start = -1;
  while (pos > 0 && start === -1) {
    const len = Math.min(chunk, pos);
    pos -= len;
    const part = Buffer.alloc(len);
    fs.readSync(fd, part, 0, len, pos);
    buf = Buffer.concat([part, buf]);
    if (end === -1) {
      const nl = buf.lastIndexOf(0x0a);
      if (nl !== -1) end = pos + nl + 1;
    }
    if (end !== -1) {
      const rel = end - 1 - pos;
      const before = rel > 0 ? buf.lastIndexOf(0x0a, rel - 1) : -1;
      if (before !== -1) start = pos + before + 1;
      else if (pos === 0) start = 0;
    }
  }
  if (end === -1) return { text: null, n: 0, end: 0 };
  const text = buf.subarray(start - pos, end - 1 - pos).toString('utf8');
  let n = 0;
  try {
    const v = JSON.parse(text) as { n?: unknown };
    if (typeof v.n === 'number') n = v.n;
  } catch {
    // a hand-damaged last line: the chain continues from its text; verify reports the damage
  }
  if (n === 0) n = countLines(readAll(fd, end));
  return { text, n, end };
}

function readAll(fd: number, size: number): string {
  const b = Buffer.alloc(size);
  fs.readSync(fd, b, 0, size, 0);
  return b.toString('utf8');
}

function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The seal line of one record, found without parsing the whole seal (for `get`): the last line
 * naming the id. Null when the seal has none (or there is no seal).
 */
export function sealLineOf(file: string, id: string): SealRecordLine | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch {
    return null;
  }
  const needle = Buffer.from(`"id":${JSON.stringify(id)},`, 'utf8');
  const at = buf.lastIndexOf(needle);
  if (at === -1) return null;
  const start = buf.lastIndexOf(0x0a, at) + 1;
  const end = buf.indexOf(0x0a, at);
  if (end === -1) return null;
  try {
    const v = JSON.parse(buf.subarray(start, end).toString('utf8')) as Record<string, unknown>;
    if (typeof v.hash !== 'string' || typeof v.lines !== 'string' || typeof v.time !== 'string' || typeof v.at !== 'number') return null;
    return { n: Number(v.n), id, file: typeof v.file === 'string' ? v.file : homeFileOf(v.time), at: v.at, time: v.time, hash: v.hash, lines: splitLineHashes(v.lines) };
  } catch {
    return null;
  }
}

function splitLineHashes(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += LINE_HEX) out.push(s.slice(i, i + LINE_HEX));
  return out;
}
