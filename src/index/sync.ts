import type { Problem } from '../core/errors.js';
import { countNewlines, type AppendResult, type FileStat, type LogStore } from '../store/log-store.js';
import type { FileRow, RecordIndex } from './record-index.js';
import { die, failpointValue } from '../store/failpoint.js';

/**
 * Keeping the index in step with the files. Change detection is by (size, mtime, inode) per day
 * file: a hand edit re-reads that one file, never the whole log.
 */
export interface SyncReport {
  filesRead: number;
  filesRemoved: number;
  recordsIndexed: number;
  /** problems found in the files read this time (malformed blocks, duplicate ids) */
  problems: Problem[];
}

function sameStat(row: FileRow | undefined, st: FileStat | null): boolean {
  return !!row && !!st && row.size === st.size && row.mtime_ms === st.mtimeMs && row.ino === st.ino;
}

export function emptyReport(): SyncReport {
  return { filesRead: 0, filesRemoved: 0, recordsIndexed: 0, problems: [] };
}

/** Re-read one day file and replace everything the index holds for it. Call inside index.write. */
function reindexFile(index: RecordIndex, store: LogStore, rel: string, report: SyncReport): void {
  index.removeFile(rel);
  const snap = store.readDayFileWithStat(rel);
  if (!snap) return;
  const { parsed, stat: st, content } = snap;
  const problems = [...parsed.problems];
  let n = 0;
  for (const b of parsed.blocks) {
    if (index.insert(b.record, rel, b.line)) n++;
    else {
      const other = index.get(b.record.id);
      problems.push({
        file: rel,
        line: b.line,
        message: `duplicate id ${b.record.id} (already at ${other?.file}:${other?.line}); record skipped`,
      });
    }
  }
  index.addProblems(problems);
  report.problems.push(...problems);
  index.putFile({ path: rel, size: st.size, mtime_ms: st.mtimeMs, ino: st.ino, lines: countNewlines(content), records: n });
  report.filesRead++;
  report.recordsIndexed += n;
}

/** Bring the index up to date with the files: new, changed and removed day files. Never writes a file. */
export function syncIndex(index: RecordIndex, store: LogStore): SyncReport {
  return syncOnce(index, store);
}

function syncOnce(index: RecordIndex, store: LogStore): SyncReport {
  const report = emptyReport();
  const files = store.listDayFiles();
  const rows = new Map(index.fileRows().map((r) => [r.path, r]));
  const changed = files.filter((f) => !sameStat(rows.get(f.rel), f));
  const onDisk = new Set(files.map((f) => f.rel));
  const removed = [...rows.keys()].filter((p) => !onDisk.has(p));
  if (changed.length === 0 && removed.length === 0) return report;
  index.write(() => {
    for (const p of removed) {
      index.removeFile(p);
      report.filesRemoved++;
    }
    const dieAfter = failpointValue('reindex');
    for (const f of changed) {
      if (dieAfter !== null && report.filesRead >= dieAfter) die();
      // Another process may have caught up meanwhile.
      if (sameStat(index.fileRow(f.rel), store.statFile(f.rel))) continue;
      reindexFile(index, store, f.rel, report);
    }
    index.resolveDirty();
  });
  return report;
}

/**
 * Index what this process just appended. When the index's view of the file was exactly the
 * file before our append, only the new records are inserted; otherwise (a hand edit or another
 * writer got in between) the whole file is re-read.
 */
export function indexAppended(index: RecordIndex, store: LogStore, results: AppendResult[]): SyncReport {
  const report = emptyReport();
  index.write(() => {
    for (const res of results) {
      const row = index.fileRow(res.rel);
      if (sameStat(row, res.after)) continue; // someone already synced it
      const inStep = res.before === null ? row === undefined : sameStat(row, res.before);
      if (!inStep) {
        reindexFile(index, store, res.rel, report);
        continue;
      }
      const base = row ? row.lines : 0;
      res.records.forEach((r, i) => {
        if (index.insert(r, res.rel, base + res.lineOffsets[i]! + 1)) report.recordsIndexed++;
      });
      index.putFile({
        path: res.rel,
        size: res.after.size,
        mtime_ms: res.after.mtimeMs,
        ino: res.after.ino,
        lines: base + res.addedLines,
        records: (row?.records ?? 0) + res.records.length,
      });
    }
    index.resolveDirty();
  });
  return report;
}

/** Throw the index's content away and read every file again. */
export function rebuildIndex(index: RecordIndex, store: LogStore): SyncReport {
  index.write(() => index.clear());
  return syncIndex(index, store);
}
