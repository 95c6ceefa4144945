import fs from 'node:fs';
import path from 'node:path';
import { OptmemError, type Problem } from '../core/errors.js';
import { dayFileHeading, parseDayFile, serializeRecord, type ParsedDayFile } from '../core/record-format.js';
import type { MemoryRecord } from '../core/record.js';
import { isoDate } from '../core/time.js';
import { appendDurably, fsyncDir } from './durable-file.js';
import { dayFilePath, isDayFilePath, type Layout } from './layout.js';
import { WriterLock } from './lock.js';

export interface FileStat {
  /** path relative to the home, with forward slashes */
  rel: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface RecoveredTail {
  file: string;
  line: number;
  bytes: number;
  savedAs: string;
}

/**
 * The append-only log: one Markdown file per day. The only module that writes day files, and it
 * only ever appends — except to move a torn tail (from a crashed write) aside into recovered/.
 */
export class LogStore {
  readonly layout: Layout;
  readonly lock: WriterLock;
  private knownDomains: readonly string[];

  constructor(layout: Layout, knownDomains: readonly string[]) {
    this.layout = layout;
    this.knownDomains = knownDomains;
    fs.mkdirSync(layout.logDir, { recursive: true });
    this.lock = new WriterLock(layout.lockFile);
  }

  abs(rel: string): string {
    return path.join(this.layout.home, rel);
  }

  /** Every day file under log/, sorted by path (that is, by date). */
  listDayFiles(): FileStat[] {
    const out: FileStat[] = [];
    const walk = (dir: string, rel: string, depth: number) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw new OptmemError('IO', `cannot read ${rel || 'log'}: ${(e as Error).message}`, { cause: e });
      }
      for (const ent of entries) {
        const childRel = rel ? `${rel}/${ent.name}` : ent.name;
        if (ent.isDirectory() && depth < 2) walk(path.join(dir, ent.name), childRel, depth + 1);
        else if (ent.isFile() && isDayFilePath(`log/${childRel}`)) {
          const st = fs.statSync(path.join(dir, ent.name));
          out.push({ rel: `log/${childRel}`, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino });
        }
      }
    };
    walk(this.layout.logDir, '', 0);
    out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    return out;
  }

  statFile(rel: string): FileStat | null {
    try {
      const st = fs.statSync(this.abs(rel));
      return { rel, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
    } catch {
      return null;
    }
  }

  /**
   * Read a day file and its stat as one consistent snapshot (retried while a writer appends in
   * between), so the index never pairs the content of one moment with the size of another.
   */
  readDayFileWithStat(rel: string): { parsed: ParsedDayFile; stat: FileStat; content: string } | null {
    for (let attempt = 0; ; attempt++) {
      const before = this.statFile(rel);
      if (!before) return null;
      let content: string;
      try {
        content = fs.readFileSync(this.abs(rel), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new OptmemError('IO', `cannot read ${rel}: ${(e as Error).message}`, { cause: e, file: rel });
      }
      const after = this.statFile(rel);
      const same = after && after.size === before.size && after.mtimeMs === before.mtimeMs && after.ino === before.ino;
      if (same || attempt >= 5) {
        return { parsed: parseDayFile(content, rel, this.knownDomains), stat: before, content };
      }
    }
  }

  readDayFile(rel: string): ParsedDayFile {
    let content: string;
    try {
      content = fs.readFileSync(this.abs(rel), 'utf8');
    } catch (e) {
      throw new OptmemError('IO', `cannot read ${rel}: ${(e as Error).message}`, { cause: e, file: rel });
    }
    return parseDayFile(content, rel, this.knownDomains);
  }

  /**
   * Move a torn tail aside: copy the bytes from the last unterminated header to recovered/, then
   * truncate the day file to the complete records before it. Must run under the writer lock, so
   * no write is in flight; re-checks the file itself.
   */
  recoverTail(rel: string): RecoveredTail | null {
    return this.lock.with(() => {
      const parsed = this.readDayFile(rel);
      if (!parsed.partialTail) return null;
      const file = this.abs(rel);
      const buf = fs.readFileSync(file);
      // Locate the tail by line, in bytes: the parser's offset comes from decoded text, which
      // differs from the bytes when the file holds invalid UTF-8 (a hand edit in another encoding).
      const start = byteOffsetOfLine(buf, parsed.partialTail.line);
      const tail = buf.subarray(start);
      fs.mkdirSync(this.layout.recoveredDir, { recursive: true });
      const savedName = `${path.basename(rel, '.md')}.line${parsed.partialTail.line}.${Date.now()}.partial.md`;
      const saved = path.join(this.layout.recoveredDir, savedName);
      fs.writeFileSync(saved, tail);
      const fd = fs.openSync(saved, 'r+');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fsyncDir(this.layout.recoveredDir);
      fs.truncateSync(file, start);
      const fd2 = fs.openSync(file, 'r+');
      fs.fsyncSync(fd2);
      fs.closeSync(fd2);
      return { file: rel, line: parsed.partialTail.line, bytes: tail.length, savedAs: `recovered/${savedName}` };
    });
  }

  /**
   * Append records, grouped by the day file each belongs to. Runs under the writer lock; returns
   * for each touched file its stat just before and after our append, so the index can tell
   * whether anything else changed it in between.
   */
  append(records: MemoryRecord[], opts: { durable?: boolean } = {}): AppendResult[] {
    const byFile = new Map<string, MemoryRecord[]>();
    for (const r of records) {
      const rel = dayFilePath(isoDate(r.time));
      let list = byFile.get(rel);
      if (!list) byFile.set(rel, (list = []));
      list.push(r);
    }
    return this.lock.with(() => {
      const out: AppendResult[] = [];
      try {
        this.appendGroups(byFile, out, opts.durable !== false);
      } catch (e) {
        // All or nothing: cut every file we touched back to where it was.
        for (const res of out) {
          if (res.before) fs.truncateSync(this.abs(res.rel), res.before.size);
          else fs.rmSync(this.abs(res.rel), { force: true });
        }
        throw new OptmemError('IO', `append failed, nothing written: ${(e as Error).message}`, { cause: e });
      }
      return out;
    });
  }

  private appendGroups(byFile: Map<string, MemoryRecord[]>, out: AppendResult[], durable: boolean): void {
    {
      for (const [rel, recs] of byFile) {
        const file = this.abs(rel);
        let before = this.statFile(rel);
        if (before && before.size > 0 && !this.endsCleanly(rel, before.size)) {
          // A torn tail from a crashed writer: set it aside before appending after it.
          this.recoverTail(rel);
          before = this.statFile(rel);
        }
        const fresh = !before || before.size === 0;
        let text = fresh ? dayFileHeading(isoDate(recs[0]!.time)) : '';
        let lines = fresh ? 1 : 0;
        const lineOffsets: number[] = [];
        for (const r of recs) {
          const block = '\n' + serializeRecord(r, this.knownDomains);
          lineOffsets.push(lines + 1);
          lines += countNewlines(block);
          text += block;
        }
        const pending: AppendResult = { rel, before, after: before!, records: recs, lineOffsets, addedLines: lines };
        out.push(pending);
        appendDurably(file, Buffer.from(text, 'utf8'), durable);
        pending.after = this.statFile(rel)!;
      }
    }
  }

  /** Does the file end after a complete record (or a heading)? Cheap check of the last bytes first. */
  private endsCleanly(rel: string, size: number): boolean {
    const n = Math.min(size, 8);
    const fd = fs.openSync(this.abs(rel), 'r');
    try {
      const buf = Buffer.alloc(n);
      fs.readSync(fd, buf, 0, n, size - n);
      if (/\n---[ \t]*\n$/.test(buf.toString('latin1'))) return true;
    } finally {
      fs.closeSync(fd);
    }
    return this.readDayFile(rel).partialTail === null;
  }

  close(): void {
    this.lock.close();
  }
}

/** Byte offset where 1-based line `line` starts. */
function byteOffsetOfLine(buf: Buffer, line: number): number {
  let at = 0;
  for (let n = 1; n < line; n++) {
    const nl = buf.indexOf(0x0a, at);
    if (nl === -1) return buf.length;
    at = nl + 1;
  }
  return at;
}

export function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

export interface AppendResult {
  rel: string;
  /** the file as it was just before this append (null: it did not exist) */
  before: FileStat | null;
  after: FileStat;
  records: MemoryRecord[];
  /** for each record, the 0-based line of its header counted from the start of the appended text */
  lineOffsets: number[];
  /** newlines the append added */
  addedLines: number;
}

export type { Problem };
