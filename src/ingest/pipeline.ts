import fs from 'node:fs';
import { INGEST } from '../core/provenance.js';
import path from 'node:path';
import type { Problem } from '../core/errors.js';
import type { Optmem } from '../optmem.js';
import { agentDomain } from '../core/record.js';
import { RecordIndex } from '../index/record-index.js';
import { layoutOf } from '../store/layout.js';
import { projectForDir } from '../sessions/project.js';
import { checkCursor, HEAD_BYTES, headHash, tailHash, loadCursors, saveCursors, type Cursor, type CursorFile } from './cursors.js';
import { diaryRecord, refLine, type DiaryRecordJson } from './diary.js';
import { redact } from './redact.js';
import { formatOf, readJsonlChunks, readMarkdownChunk, type SourceChunk } from './sources/read-source.js';
import type { LineState } from './sources/parse-line.js';
import { extractItems, type ExtractiveOptions } from './summarizers/extractive.js';
import { SummarizerError, TRIGGERS, type DiaryItem, type IngestTurn, type Summarizer, type Trigger } from './types.js';

/**
 * The auto-diary pipeline: for each source file, read the turns after its cursor, let the
 * summarizer pick what is worth keeping, redact secrets, write diary records, and only then move
 * the cursor. A run killed between the write and the cursor move re-reads that window next time;
 * items whose `ref` (file#Lline) or text is already in the memory are skipped, so nothing is
 * written twice and nothing is lost.
 */
export interface IngestSource {
  /** absolute path of the transcript */
  file: string;
  /** the path `ref`s name: relative to the host root or to the folder given, else the file name */
  rel: string;
  /** the agent that wrote it (the host's name), null for plain files (their lines may say) */
  agent: string | null;
  /** the session, when the file name says (Claude Code, Hermes) */
  session: string | null;
}

export interface IngestProgress {
  file: string;
  filesDone: number;
  files: number;
  turns: number;
  kept: number;
}

export interface IngestRunOptions {
  /** the open memory home; null only for a dry run on a home that does not exist */
  mem: Optmem | null;
  /** memory home folder (cursors live in <home>/ingest/) */
  home: string;
  sources: IngestSource[];
  /** the summarizer (default: extractive); the extractive path is the fallback on SummarizerError */
  summarizer: Summarizer | null;
  extractive: ExtractiveOptions;
  /** lines per batch: one summarizer call, one write, one cursor move (default 400) */
  batchLines?: number;
  dryRun?: boolean;
  /** agent → domain (config.json `agents`) */
  agentDomains: Record<string, string>;
  /** cwd prefix → project (config.json `projects`) */
  projects: Record<string, string>;
  knownDomains: readonly string[];
  nowMs?: () => number;
  onProgress?: (p: IngestProgress) => void;
  onProblem?: (p: Problem) => void;
  onWarning?: (message: string) => void;
}

export type KeptCounts = Record<Trigger | 'correction', number>;

export interface IngestSummary {
  files: number;
  /** files with something new to read */
  filesRead: number;
  /** files read again from the start (truncated or rewritten) */
  reread: { file: string; reason: 'truncated' | 'rewritten' }[];
  turns: number;
  kept: KeptCounts;
  keptTotal: number;
  /** records written (dry run: that would be written) */
  written: number;
  /** kept items already in the memory (an earlier run wrote them) */
  skipped: number;
  /** secrets replaced */
  redacted: number;
  /** batches the summarizer failed on and the extractive path handled */
  fallbacks: number;
  problems: Problem[];
  summarizer: string;
  dryRun: boolean;
  ms: number;
}

export async function runIngest(o: IngestRunOptions): Promise<IngestSummary> {
  const t0 = Date.now();
  const now = o.nowMs ?? Date.now;
  const batchLines = o.batchLines ?? 400;
  const dryRun = o.dryRun === true;
  const summary: IngestSummary = {
    files: o.sources.length,
    filesRead: 0,
    reread: [],
    turns: 0,
    kept: Object.fromEntries([...TRIGGERS, 'correction'].map((k) => [k, 0])) as KeptCounts,
    keptTotal: 0,
    written: 0,
    skipped: 0,
    redacted: 0,
    fallbacks: 0,
    problems: [],
    summarizer: o.summarizer?.id ?? 'extractive',
    dryRun,
    ms: 0,
  };
  const cursors: CursorFile = loadCursors(o.home);
  const written = o.mem ? loadWrittenRefs(o.mem.home) : new Map<string, Written>();
  const projectCache = new Map<string, string | null>();
  const projectOf = (cwd: string | null) => {
    if (!cwd) return null;
    if (!projectCache.has(cwd)) projectCache.set(cwd, projectForDir(cwd, o.projects));
    return projectCache.get(cwd)!;
  };
  const problem = (p: Problem) => {
    summary.problems.push(p);
    o.onProblem?.(p);
  };

  for (const [i, src] of o.sources.entries()) {
    let size: number;
    try {
      size = fs.statSync(src.file).size;
    } catch (e) {
      problem({ file: src.rel, line: 0, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      continue;
    }
    const key = path.resolve(src.file);
    const check = checkCursor(src.file, size, cursors.cursors[key]);
    if (check.from === 'done') continue;
    if (check.from === 'start' && check.reason !== 'new') summary.reread.push({ file: src.rel, reason: check.reason });
    const state: LineState = check.from === 'cursor' ? { ...check.cursor.state } : { cwd: null, session: src.session, agent: src.agent };
    const from = check.from === 'cursor' ? { offset: check.cursor.offset, line: check.cursor.line, state } : { offset: 0, line: 0, state };
    const seen = written.get(src.rel) ?? { lines: new Set<number>(), texts: new Set<string>() };
    written.set(src.rel, seen);
    // After a rewrite or truncation, the lines that had records no longer name the same turns: those
    // are matched by text only, in this run and every later one (until the next rewrite).
    const stale = new Set<number>(check.from === 'cursor' ? (check.cursor.staleLines ?? []) : check.reason === 'new' ? [] : seen.lines);
    let anything = false;

    const chunks: Iterable<SourceChunk> = formatOf(src.file) === 'markdown' ? [readMarkdownChunk(src.file, from)] : readJsonlChunks(src.file, from, batchLines);
    for (const chunk of chunks) {
      if (chunk.lines === 0) continue;
      anything = true;
      for (const p of chunk.problems) problem({ file: src.rel, line: p.line, message: p.message });
      summary.turns += chunk.turns.length;
      // Secrets leave the turns before any summarizer sees them (a remote model included).
      const turns = chunk.turns.map((t) => {
        const r = redact(t.text);
        summary.redacted += r.count;
        return r.count ? { ...t, text: r.text } : t;
      });
      const items = await summarize(o, turns, src, summary);
      const records: DiaryRecordJson[] = [];
      const perLine = new Map<number, number>();
      for (const item of items) {
        const turn = turnFor(turns, item.line);
        if (!turn) continue;
        summary.kept[item.correction ? 'correction' : item.trigger]++;
        summary.keptTotal++;
        const r = redact(item.text);
        summary.redacted += r.count;
        const k = (perLine.get(turn.line) ?? 0) + 1;
        perLine.set(turn.line, k);
        const domain = agentDomain(turn.agent ?? src.agent, o.agentDomains);
        const rec = diaryRecord(
          { ...item, text: r.text, line: turn.line },
          {
            domain,
            knownDomains: o.knownDomains,
            project: projectOf(turn.cwd),
            agent: turn.agent ?? src.agent,
            session: turn.session ?? src.session,
            ref: `${src.rel}#L${turn.line}${k > 1 ? `.${k}` : ''}`,
            turnTime: turn.time,
            nowMs: now(),
          },
        );
        if ((k === 1 && seen.lines.has(turn.line) && !stale.has(turn.line)) || seen.texts.has(rec.text)) {
          summary.skipped++;
          continue;
        }
        records.push(rec);
      }
      if (!dryRun) {
        if (records.length) {
          const imported = o.mem!.import(records.map((r) => JSON.stringify(r)).join('\n') + '\n', { source: `ingest:${src.rel}`, provenance: INGEST });
          // (embeddings enabled and the endpoint failing: the records are kept, their vectors wait)
          for (const w of imported.warnings) o.onWarning?.(w);
        }
        // The cursor moves only once the records are on disk.
        cursors.cursors[key] = { ...cursorAt(src.file, chunk, from.state, now()), ...(stale.size ? { staleLines: [...stale].sort((a, b) => a - b) } : {}) };
        saveCursors(o.home, cursors);
      }
      for (const r of records) {
        seen.lines.add(refLine(r.source.ref) ?? -1);
        seen.texts.add(r.text);
      }
      summary.written += records.length;
      o.onProgress?.({ file: src.rel, filesDone: i, files: o.sources.length, turns: summary.turns, kept: summary.keptTotal });
    }
    if (anything) summary.filesRead++;
  }
  summary.ms = Date.now() - t0;
  return summary;
}

async function summarize(o: IngestRunOptions, turns: IngestTurn[], src: IngestSource, summary: IngestSummary): Promise<DiaryItem[]> {
  const convo = turns.filter((t) => t.role === 'user' || t.role === 'assistant');
  if (!convo.length) return [];
  if (!o.summarizer || o.summarizer.id === 'extractive') return extractItems(turns, o.extractive);
  try {
    return await o.summarizer.summarize(turns, { source: src.rel, agent: src.agent, session: src.session });
  } catch (e) {
    if (!(e instanceof SummarizerError)) throw e;
    summary.fallbacks++;
    o.onWarning?.(`${src.rel}: summarizer ${o.summarizer.id} failed (${e.message.replace(/^\[optmem\] /, '')}); used the extractive path for lines ${turns[0]!.line}-${turns[turns.length - 1]!.line}`);
    return extractItems(turns, o.extractive);
  }
}

/** The turn an item came from: the last user/assistant turn at or before its line. */
function turnFor(turns: IngestTurn[], line: number): IngestTurn | undefined {
  let best: IngestTurn | undefined;
  for (const t of turns) {
    if (t.role !== 'user' && t.role !== 'assistant') continue;
    if (t.line <= line) best = t;
    else break;
  }
  return best ?? turns.find((t) => t.role === 'user' || t.role === 'assistant');
}

function cursorAt(file: string, chunk: SourceChunk, state: LineState, nowMs: number): Cursor {
  const headBytes = Math.min(HEAD_BYTES, chunk.endOffset);
  return {
    offset: chunk.endOffset,
    line: chunk.endLine,
    size: fs.statSync(file).size,
    head: headHash(file, headBytes),
    headBytes,
    tail: tailHash(file, chunk.endOffset),
    state: { ...state },
    at: new Date(nowMs).toISOString(),
  };
}

interface Written {
  lines: Set<number>;
  texts: Set<string>;
}

/** Every ingested record's ref, by the file it names: the dedupe set. Read from the index. */
function loadWrittenRefs(home: string): Map<string, Written> {
  const out = new Map<string, Written>();
  for (const { ref, text } of RecordIndex.lineRefsIn(layoutOf(home).indexFile)) {
    const at = ref.lastIndexOf('#L');
    const rel = ref.slice(0, at);
    const w = out.get(rel) ?? { lines: new Set<number>(), texts: new Set<string>() };
    const line = refLine(ref);
    if (line !== null && !/\.\d+$/.test(ref)) w.lines.add(line);
    w.texts.add(text);
    out.set(rel, w);
  }
  return out;
}
