import fs from 'node:fs';
import { parseTranscript } from '../../sessions/transcript.js';
import type { IngestTurn } from '../types.js';
import { parseLine, type LineState } from './parse-line.js';

/**
 * Reading one transcript from a byte offset, in chunks of whole lines, each turn carrying the
 * line it came from and the byte offset just past it. Only complete lines are read: a last line
 * without its newline is a host still writing, and is left for the next run.
 */
export interface SourceChunk {
  turns: IngestTurn[];
  problems: { line: number; message: string }[];
  /** byte offset just past the chunk's last complete line */
  endOffset: number;
  /** the chunk's last line number (1-based), 0 when the chunk is empty */
  endLine: number;
  /** lines read in this chunk */
  lines: number;
}

export interface ReadFrom {
  offset: number;
  /** lines before `offset` */
  line: number;
  /** session state carried over from the part already read (cwd, session id) */
  state: LineState;
}

export type SourceFormat = 'jsonl' | 'markdown';

export function formatOf(file: string): SourceFormat {
  return /\.(md|markdown|txt)$/i.test(file) ? 'markdown' : 'jsonl';
}

const NL = 0x0a;

/** Yield chunks of at most `chunkLines` lines (and about `chunkBytes` bytes) from `from.offset`. */
export function* readJsonlChunks(file: string, from: ReadFrom, chunkLines: number, chunkBytes = 4 << 20): Generator<SourceChunk> {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let offset = from.offset;
    let line = from.line;
    let carry = Buffer.alloc(0);
    let pos = offset;
    let chunk: SourceChunk = empty(offset, line);
    const buf = Buffer.alloc(Math.min(chunkBytes, 1 << 20));
    while (pos < size) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
      if (n <= 0) break;
      pos += n;
      let data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (let nl = data.indexOf(NL, start); nl !== -1; nl = data.indexOf(NL, start)) {
        const raw = data.toString('utf8', start, nl);
        line++;
        offset += nl + 1 - start;
        start = nl + 1;
        handleLine(raw, line, offset, from.state, chunk);
        if (chunk.lines >= chunkLines) {
          yield chunk;
          chunk = empty(offset, line);
        }
      }
      carry = Buffer.from(data.subarray(start));
      data = Buffer.alloc(0);
    }
    if (chunk.lines > 0) yield chunk;
  } finally {
    fs.closeSync(fd);
  }
}

function empty(offset: number, line: number): SourceChunk {
  return { turns: [], problems: [], endOffset: offset, endLine: line, lines: 0 };
}

function handleLine(raw: string, line: number, endOffset: number, state: LineState, chunk: SourceChunk): void {
  chunk.lines++;
  chunk.endOffset = endOffset;
  chunk.endLine = line;
  const s = raw.trim().replace(/^\uFEFF/, '');
  if (!s) return;
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch (e) {
    chunk.problems.push({ line, message: `not a JSON line (${(e as Error).message.split('\n')[0]!.slice(0, 120)}); skipped` });
    return;
  }
  const got = parseLine(v, state);
  if ('problem' in got) {
    chunk.problems.push({ line, message: `${got.problem}; skipped` });
    return;
  }
  for (const t of got.turns) chunk.turns.push({ ...t, line, endOffset });
}

/**
 * A Markdown chat export from `from.offset` to its last newline, as one chunk. The export is read
 * with the same turn rules as `optmem session end --transcript` (sessions/transcript.ts); each
 * turn ends where the next one starts.
 */
export function readMarkdownChunk(file: string, from: ReadFrom): SourceChunk {
  const all = fs.readFileSync(file);
  const lastNl = all.lastIndexOf(NL);
  if (lastNl < from.offset) return empty(from.offset, from.line);
  const part = all.subarray(from.offset, lastNl + 1);
  // byte offset where each line (1-based, relative to the part) starts
  const starts: number[] = [0];
  for (let i = part.indexOf(NL); i !== -1 && i < part.length - 1; i = part.indexOf(NL, i + 1)) starts.push(i + 1);
  const lines = starts.length;
  const read = parseTranscript(part.toString('utf8'), file);
  const turns: IngestTurn[] = read.turns.map((t, i) => {
    const next = read.turns[i + 1];
    const end = next ? from.offset + starts[next.line - 1]! : from.offset + part.length;
    return {
      role: t.role,
      text: t.text,
      time: t.time ?? null,
      agent: from.state.agent,
      session: from.state.session,
      cwd: from.state.cwd,
      line: from.line + t.line,
      endOffset: end,
    };
  });
  return { turns, problems: [], endOffset: from.offset + part.length, endLine: from.line + lines, lines };
}
