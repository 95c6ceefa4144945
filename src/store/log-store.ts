import fs from 'node:fs';
import path from 'node:path';
import { OptmemError, type Problem } from '../core/errors.js';
import { dayFileHeading, parseDayFile, serializeRecord, type ParsedDayFile } from '../core/record-format.js';
import type { MemoryRecord } from '../core/record.js';
import { isoDate } from '../core/time.js';
import { classifyIntent, clearIntent, readIntent, writeIntent } from './append-intent.js';
import { appendDurably, fsyncDir } from './durable-file.js';
import { die, failpointValue, tearAppend } from './failpoint.js';
import { dayFilePath, isDayFilePath, type Layout } from './layout.js';
import { WriterLock } from './lock.js';
import { appendSeal, appendSealWithHead, fileBlocks, readSeal, sealStarted, truncateSeal, type SealHead, type SealItem } from './seal.js';
import { waitMs } from './wait.js';

export interface FileStat {
  /** path relative to the home, with forward slashes */
  rel: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface RecoveredTail {
  file: string;
  /** 1-based line where the set-aside bytes began */
  line: number;
  bytes: number;
  savedAs: string;
}

/** A day file read as one consistent snapshot. */
export interface DayFileSnapshot {
  parsed: ParsedDayFile;
  stat: FileStat;
  /** the text that was parsed (without an interrupted append's bytes) */
  content: string;
}

/**
 * The append-only log: one Markdown file per day. The only module that writes day files, and it
 * only ever appends. The one exception: a torn append of its own, proven by the append intent
 * (append-intent.ts), is moved byte for byte into recovered/ by the next writer. Reading never
 * changes a byte.
 */
export class LogStore {
  readonly layout: Layout;
  readonly lock: WriterLock;
  private knownDomains: readonly string[];
  private settled: Problem[] = [];
  /** the seal's head after this store's last seal append (for the index to remember; see verify) */
  sealHead: SealHead | null = null;

  constructor(layout: Layout, knownDomains: readonly string[]) {
    this.layout = layout;
    this.knownDomains = knownDomains;
    fs.mkdirSync(layout.logDir, { recursive: true });
    this.lock = new WriterLock(layout.lockFile, waitMs());
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
   * between), so the index never pairs the content of one moment with the size of another. Bytes
   * of an append in flight, or of a torn one waiting to be set aside, are left out and reported.
   */
  readDayFileWithStat(rel: string): DayFileSnapshot | null {
    for (let attempt = 0; ; attempt++) {
      const before = this.statFile(rel);
      if (!before) return null;
      let buf: Buffer;
      try {
        buf = fs.readFileSync(this.abs(rel));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new OptmemError('IO', `cannot read ${rel}: ${(e as Error).message}`, { cause: e, file: rel });
      }
      const after = this.statFile(rel);
      const same = after && after.size === before.size && after.mtimeMs === before.mtimeMs && after.ino === before.ino;
      if (same || attempt >= 5) return { ...this.parseBuffer(rel, buf), stat: before };
    }
  }

  readDayFile(rel: string): ParsedDayFile {
    let buf: Buffer;
    try {
      buf = fs.readFileSync(this.abs(rel));
    } catch (e) {
      throw new OptmemError('IO', `cannot read ${rel}: ${(e as Error).message}`, { cause: e, file: rel });
    }
    return this.parseBuffer(rel, buf).parsed;
  }

  /** An append of optmem's own that did not finish (in flight now, or torn by a crash), if any. */
  pendingAppend(rel: string, buf: Buffer): { from: number; line: number; bytes: number } | null {
    let intent;
    try {
      intent = readIntent(this.layout.intentFile);
    } catch {
      return null;
    }
    const entry = intent?.find((e) => e.file === rel);
    if (!entry || classifyIntent(entry, buf) !== 'torn') return null;
    const from = entry.before ?? 0;
    return { from, line: countNewlines(buf.subarray(0, from).toString('latin1')) + 1, bytes: buf.length - from };
  }

  private parseBuffer(rel: string, buf: Buffer): { parsed: ParsedDayFile; content: string } {
    const pending = this.pendingAppend(rel, buf);
    const bytes = pending ? buf.subarray(0, pending.from) : buf;
    const content = bytes.toString('utf8');
    const parsed = parseDayFile(content, rel, this.knownDomains);
    if (pending) {
      parsed.problems.push({
        file: rel,
        line: pending.line,
        message: `an unfinished append by optmem (${pending.bytes} bytes, a write cut short or still in progress) is left out; the next write sets it aside in recovered/`,
      });
    }
    if (content.includes('\uFFFD') && !isValidUtf8(bytes)) {
      const lines = content.split('\n');
      const at = lines.findIndex((l) => l.includes('\uFFFD'));
      parsed.problems.push({ file: rel, line: at + 1, message: 'bytes that are not UTF-8 (read as "\uFFFD"); save the file as UTF-8' });
    }
    parsed.problems.sort((a, b) => a.line - b.line);
    return { parsed, content };
  }

  /**
   * Settle what an interrupted writer left: a proven torn append is copied byte for byte to
   * recovered/ and cut from its day file; anything that cannot be proven ours is left as it is.
   * Runs under the writer lock, before every append.
   */
  settleInterrupted(): { recovered: RecoveredTail[]; problems: Problem[] } {
    return this.lock.with(() => {
      const recovered: RecoveredTail[] = [];
      const problems: Problem[] = [];
      let intent;
      try {
        intent = readIntent(this.layout.intentFile);
      } catch (e) {
        throw new OptmemError('IO', `cannot read ${path.basename(this.layout.intentFile)}: ${(e as Error).message}`, { cause: e });
      }
      if (intent === null) {
        // none, or one cut short: no append began
        if (fs.existsSync(this.layout.intentFile) && fs.statSync(this.layout.intentFile).size > 0) clearIntent(this.layout.intentFile);
        return { recovered, problems };
      }
      const completed: typeof intent = [];
      for (const entry of intent) {
        const file = this.abs(entry.file);
        let buf: Buffer | null = null;
        try {
          buf = fs.readFileSync(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
        const outcome = classifyIntent(entry, buf);
        if (outcome === 'foreign') {
          problems.push({ file: entry.file, line: 1, message: 'an append by optmem was interrupted, and the file changed since; it is left as it is (check its end)' });
          continue;
        }
        if (outcome === 'complete') completed.push(entry);
        if (outcome !== 'torn') continue;
        const from = entry.before ?? 0;
        const tail = buf!.subarray(from);
        const line = countNewlines(buf!.subarray(0, from).toString('latin1')) + 1;
        fs.mkdirSync(this.layout.recoveredDir, { recursive: true });
        const savedName = `${path.basename(entry.file, '.md')}.line${line}.${Date.now()}.partial.md`;
        const saved = path.join(this.layout.recoveredDir, savedName);
        const fd = fs.openSync(saved, 'wx');
        try {
          fs.writeSync(fd, tail);
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
        fsyncDir(this.layout.recoveredDir);
        if (entry.before === null) {
          fs.rmSync(file);
          fsyncDir(path.dirname(file));
        } else {
          fs.truncateSync(file, from);
          const fd2 = fs.openSync(file, 'r+');
          fs.fsyncSync(fd2);
          fs.closeSync(fd2);
        }
        const rec = { file: entry.file, line, bytes: tail.length, savedAs: `recovered/${savedName}` };
        recovered.push(rec);
        problems.push({ file: entry.file, line, message: `an append cut short by a crash (${tail.length} bytes, never acknowledged) was set aside in ${rec.savedAs}` });
      }
      this.noteUnsealed(completed);
      clearIntent(this.layout.intentFile);
      return { recovered, problems };
    });
  }

  /**
   * An append that completed before a crash may have lost its seal lines (the seal is written
   * after the records). Note its byte range in the seal, so that `verify` reports those records as
   * appended but not sealed (never as tampering) until `verify --seal-new` seals them.
   */
  private noteUnsealed(completed: { file: string; before: number | null; data: Buffer }[]): void {
    if (!completed.length || !sealStarted(this.layout.sealFile)) return;
    const seal = readSeal(this.layout.sealFile);
    const sealed = new Set(seal.records.map((r) => r.id));
    const ranges = [];
    for (const e of completed) {
      const ids = parseDayFile(e.data.toString('utf8'), e.file, this.knownDomains).blocks.map((b) => b.record.id);
      if (ids.some((id) => !sealed.has(id))) ranges.push({ unsealed: { file: e.file, from: e.before ?? 0, to: (e.before ?? 0) + e.data.length } });
    }
    if (ranges.length) appendSeal(this.layout.sealFile, ranges, { durable: true });
  }

  /**
   * The byte ranges of an append that completed but whose intent is still there (a crash after
   * the records were written, before the note was cleared): those records may lack seal lines.
   */
  completedAppends(): { file: string; from: number; to: number }[] {
    let intent;
    try {
      intent = readIntent(this.layout.intentFile);
    } catch {
      return [];
    }
    const out = [];
    for (const e of intent ?? []) {
      let buf: Buffer | null = null;
      try {
        buf = fs.readFileSync(this.abs(e.file));
      } catch {
        continue;
      }
      if (classifyIntent(e, buf) === 'complete') out.push({ file: e.file, from: e.before ?? 0, to: (e.before ?? 0) + e.data.length });
    }
    return out;
  }

  /**
   * Seal every record the log holds now: a home from before the seal existed, on its first write
   * (or first `verify`). Runs under the writer lock. Returns how many records were sealed.
   */
  sealExisting(durable = true): number {
    return this.lock.with(() => {
      if (sealStarted(this.layout.sealFile)) return 0;
      const items: SealItem[] = [];
      for (const f of this.listDayFiles()) {
        const snap = this.readDayFileWithStat(f.rel);
        if (!snap) continue;
        for (const fb of fileBlocks(snap.content, snap.parsed.blocks)) {
          items.push({ id: fb.block.record.id, file: f.rel, at: fb.at, time: fb.block.record.time, block: fb.text });
        }
      }
      this.sealHead = appendSealWithHead(this.layout.sealFile, items, { durable, existing: items.length }).head;
      return items.length;
    });
  }

  /** Seal records after the fact (`verify --seal-new`): marked late. Runs under the writer lock. */
  sealLate(items: SealItem[]): void {
    if (!items.length) return;
    this.lock.with(() => {
      this.sealHead = appendSealWithHead(this.layout.sealFile, items.map((i) => ({ ...i, late: true })), { durable: true }).head;
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
      const settled = this.settleInterrupted();
      this.settled.push(...settled.problems);
      const out: AppendResult[] = [];
      const durable = opts.durable !== false;
      if (!sealStarted(this.layout.sealFile)) this.sealExisting(durable);
      let sealBefore: number | null = null;
      try {
        const planned = this.plan(byFile);
        writeIntent(this.layout.intentFile, planned.map((p) => ({ file: p.rel, before: p.before?.size ?? null, data: p.data })), durable);
        if (failpointValue('after-intent') !== null) die();
        for (const p of planned) {
          const { data, byteOffsets: _o, blocks: _b, ...res } = p;
          out.push(res);
          tearAppend(this.abs(p.rel), data);
          appendDurably(this.abs(p.rel), data, durable);
          res.after = this.statFile(p.rel)!;
        }
        // The seal after the records: a crash in between leaves records appended but not sealed,
        // which `verify` tells apart from a hand edit (the intent, or the next writer's note, proves them ours).
        if (failpointValue('before-seal') !== null) die();
        const items: SealItem[] = planned.flatMap((p) =>
          p.records.map((r, i) => ({ id: r.id, file: p.rel, at: (p.before?.size ?? 0) + p.byteOffsets[i]!, time: r.time, block: p.blocks[i]! })),
        );
        sealBefore = this.statSeal();
        const sealed = appendSealWithHead(this.layout.sealFile, items, { durable });
        sealBefore = sealed.sizeBefore;
        this.sealHead = sealed.head;
      } catch (e) {
        if (sealBefore !== null) truncateSeal(this.layout.sealFile, sealBefore);
        // All or nothing: cut every file we touched back to where it was (our own bytes: we hold the lock).
        let rolledBack = true;
        for (const res of out) {
          try {
            if (res.before) fs.truncateSync(this.abs(res.rel), res.before.size);
            else fs.rmSync(this.abs(res.rel), { force: true });
          } catch {
            rolledBack = false;
          }
        }
        if (!rolledBack) {
          // The intent stays: the next write proves what was written and sets it aside.
          throw new OptmemError('IO', `append failed, and what was written could not be cut back yet: ${(e as Error).message}`, {
            cause: e,
            hint: 'the next successful write sets the partial bytes aside in recovered/; nothing acknowledged is lost',
          });
        }
        try {
          clearIntent(this.layout.intentFile);
        } catch {
          // an intent that cannot be emptied is settled by the next writer: the file is as it was
        }
        throw new OptmemError('IO', `append failed, nothing written: ${(e as Error).message}`, { cause: e });
      }
      clearIntent(this.layout.intentFile);
      return out;
    });
  }

  private statSeal(): number {
    try {
      return fs.statSync(this.layout.sealFile).size;
    } catch {
      return 0;
    }
  }

  /** Problems found while settling interrupted appends, since the last call (reported by the caller). */
  takeSettled(): Problem[] {
    return this.settled.splice(0);
  }

  /** The bytes each file will get: a heading for a new file, then each record's block. */
  private plan(byFile: Map<string, MemoryRecord[]>): (AppendResult & { data: Buffer; byteOffsets: number[]; blocks: string[] })[] {
    const out: (AppendResult & { data: Buffer; byteOffsets: number[]; blocks: string[] })[] = [];
    for (const [rel, recs] of byFile) {
      const before = this.statFile(rel);
      const fresh = !before || before.size === 0;
      let text = fresh ? dayFileHeading(isoDate(recs[0]!.time)) : '';
      let lines = fresh ? 1 : 0;
      const lineOffsets: number[] = [];
      const byteOffsets: number[] = [];
      const blocks: string[] = [];
      let bytes = Buffer.byteLength(text, 'utf8');
      for (const r of recs) {
        const serialized = serializeRecord(r, this.knownDomains);
        const block = '\n' + serialized;
        lineOffsets.push(lines + 1);
        byteOffsets.push(bytes + 1);
        blocks.push(serialized);
        lines += countNewlines(block);
        bytes += Buffer.byteLength(block, 'utf8');
        text += block;
      }
      out.push({ rel, before, after: before!, records: recs, lineOffsets, addedLines: lines, data: Buffer.from(text, 'utf8'), byteOffsets, blocks });
    }
    return out;
  }

  close(): void {
    this.lock.close();
  }
}

function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
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
