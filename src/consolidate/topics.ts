import { pointsLeft } from '../query/points.js';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordInput } from '../core/record.js';
import type { FactRow, IndexedRecord } from '../index/record-index.js';
import { writeFileAtomic } from '../store/durable-file.js';
import { TopicAssigner, type Assignment } from './topic-assign.js';
import { archiveSplit } from './topic-archive.js';
import type { TopicDef, TopicsConfig } from './topic-config.js';
import { assembleFile, parseGeneratedFile, renderBlock, type ParsedFile } from './topic-markers.js';
import { entryText, parseEntryLine, renderIndexContent, renderTopicContent, TOPIC_INTRO, INDEX_INTRO, EMPTY_LINE, STILL_SAYS, entryLine, type TopicEntry } from './topic-render.js';
import { CORRECTION_MARK, REDLINE_MARK } from '../core/markers.js';

/**
 * `optmem topics`: topic files and MEMORY.md under <home>/memory/, derived from the current facts
 * of the log (docs/CONSOLIDATION.md, "Topic files"). The order of a run:
 *   1. read every existing file and check its markers (a fault stops the run before anything is written);
 *   2. a block edited by hand: each entry whose text changed becomes a correction of its record,
 *      each line added by hand a new record; all appended at once (or none);
 *   3. generate every file from the log and write only those whose bytes differ (temp + rename).
 */
export interface TopicsDeps {
  /** the home's memory/ folder */
  dir: string;
  /** the home, for paths in the report */
  home: string;
  config: TopicsConfig;
  /** current facts (not superseded; no diary, handoff, summary, event; no chatter), any order */
  facts: () => FactRow[];
  /** newer id → the ids it supersedes through links that apply */
  replaced: () => Map<string, string[]>;
  /** the dates (YYYY-MM-DD) that have records: the steps of the archive */
  days: () => string[];
  /** records archived by an event: shown in the Archive section */
  archivedIds: () => Set<string>;
  get: (id: string) => IndexedRecord | null;
  /** validate all, then append all in one write; returns the new records' ids in order */
  append: (inputs: RecordInput[]) => string[];
}

export type FileStatus = 'written' | 'unchanged' | 'would write';

export interface TopicsReport {
  dryRun: boolean;
  /** every generated file, relative to the home */
  files: { path: string; status: FileStatus }[];
  topics: { name: string; title: string; file: string; entries: number; archived: number; redlines: number; inIndex: number }[];
  /** current facts that matched no topic (they stay in the log, searchable) */
  unfiled: number;
  /** corrections appended for entries edited by hand (id null on a dry run) */
  corrections: { id: string | null; corrects: string; file: string; line: number; text: string }[];
  /** records appended for lines added by hand inside a generated block */
  added: { id: string | null; file: string; line: number; text: string; topic: string | null; kind: string }[];
  /**
   * entries an edited block did not have: deleted by hand (the record stays in the log, so its entry
   * is back), or new since the last run
   */
  restored: { id: string; file: string }[];
}

export const AGENT = 'topics';
const INDEX_NAME = 'MEMORY.md';

interface FileState {
  rel: string;
  abs: string;
  blockName: string;
  existing: string | null;
  parsed: ParsedFile | null;
  /** for topic files the topic; for MEMORY.md null */
  topic: TopicDef | null;
}

export function runTopics(deps: TopicsDeps, opts: { dryRun?: boolean } = {}): TopicsReport {
  const dryRun = opts.dryRun === true;
  const assigner = new TopicAssigner(deps.config);
  const topics = assigner.topics;
  const rel = (abs: string) => path.relative(deps.home, abs).split(path.sep).join('/');

  // 1. Read and check every file first.
  const files: FileState[] = [
    { abs: path.join(deps.dir, INDEX_NAME), blockName: 'index', topic: null },
    ...topics.map((t) => ({ abs: path.join(deps.dir, `${t.name}.md`), blockName: `topic=${t.name}`, topic: t })),
  ].map((f) => {
    const existing = readIfExists(f.abs);
    const r = rel(f.abs);
    return { ...f, rel: r, existing, parsed: existing === null ? null : parseGeneratedFile(existing, r, f.blockName) };
  });

  // 2. Hand edits inside generated blocks.
  const corrections: TopicsReport['corrections'] = [];
  const added: TopicsReport['added'] = [];
  const inputs: RecordInput[] = [];
  /** the report line of each input, in the same order: it gets the new record's id */
  const owners: { id: string | null }[] = [];
  const seenEdit = new Set<string>();
  const titleToTopic = new Map(topics.map((t) => [t.title, t.name]));
  for (const f of files) {
    const block = f.parsed?.block;
    if (!block || block.intact) continue;
    let section: string | null = f.topic?.name ?? null;
    let inRedlines = false;
    block.lines.forEach((line, i) => {
      const lineNo = block.beginLine + 1 + i;
      const h = /^## (.+)$/.exec(line);
      if (h) {
        inRedlines = h[1] === 'Red lines';
        if (!f.topic) section = titleToTopic.get(h[1]!) ?? null;
        return;
      }
      if (isChrome(line)) return;
      const entry = parseEntryLine(line);
      const rec = entry ? deps.get(entry.id) : null;
      if (entry && rec) {
        const redline = rec.tier === 'redline';
        const now = entryText(rec.text, redline);
        const edited = entry.text.replace(/&lt;!--/g, '<!--');
        if (entry.text === now || seenEdit.has(`${rec.id}\n${edited}`)) return;
        seenEdit.add(`${rec.id}\n${edited}`);
        const text = correctionText(edited, now, redline);
        inputs.push({
          text,
          kind: redline ? 'redline' : 'correction',
          corrects: [rec.id],
          domain: rec.domain,
          project: rec.project,
          // The entry stays in the topic it was edited in.
          ...(section && !redline ? { tags: [section] } : {}),
          source: { agent: AGENT },
        });
        const c = { id: null, corrects: rec.id, file: f.rel, line: lineNo, text };
        corrections.push(c);
        owners.push(c);
        return;
      }
      // A line a person added: kept as a record of its own, never dropped.
      const text = (entry ? entry.text : line.replace(/^\s*[-*]\s+/, '')).trim();
      if (!text) return;
      const kind = inRedlines ? 'redline' : 'note';
      const topic = inRedlines ? null : section;
      inputs.push({
        text: inRedlines && !/〔红线〕|\[redline\]/i.test(text) ? `〔红线〕${text}` : text,
        kind,
        ...(topic ? { tags: [topic] } : {}),
        source: { agent: AGENT },
      });
      const a = { id: null, file: f.rel, line: lineNo, text, topic, kind };
      added.push(a);
      owners.push(a);
    });
  }
  const appended = new Set<string>();
  if (inputs.length && !dryRun) {
    const ids = deps.append(inputs);
    ids.forEach((id, k) => {
      appended.add(id);
      owners[k]!.id = id;
    });
  }

  // 3. Generate everything from the log.
  const replaced = deps.replaced();
  const archivedIds = deps.archivedIds();
  const byTopic = new Map<string, { entry: TopicEntry; line: string; chars: number }[]>(topics.map((t) => [t.name, []]));
  const redlines: TopicEntry[] = [];
  let unfiled = 0;
  const facts = deps.facts().sort((a, b) => b.timeMs - a.timeMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const r of facts) {
    const replaces = replaced.get(r.id) ?? [];
    const entry: TopicEntry = { id: r.id, timeMs: r.timeMs, date: r.time.slice(0, 10), text: r.text, redline: r.tier === 'redline', replaces };
    // What a replaced record still says that this one does not speak to (query/points.ts): its other
    // points stay in view instead of leaving the topic files with it.
    const still = replaces.flatMap((id) => {
      const old = deps.get(id);
      const left = old ? pointsLeft(old.text, r.text) : null;
      return left ? [{ id, text: left }] : [];
    });
    if (still.length) entry.stillSays = still;
    if (entry.redline) redlines.push(entry);
    const a: Assignment | null = assigner.assign(r);
    if (!a) {
      if (!entry.redline) unfiled++;
      continue;
    }
    const line = entryLine(entry);
    byTopic.get(a.topic)!.push({ entry, line, chars: line.length + 1 });
  }
  const days = deps.days();
  const out = new Map<string, string>();
  const summary: TopicsReport['topics'] = [];
  const indexTopics = [];
  for (const t of topics) {
    const all = byTopic.get(t.name)!;
    const red = all.filter((x) => x.entry.redline).map((x) => x.entry);
    const rest = all.filter((x) => !x.entry.redline);
    const inPlay = rest.filter((x) => !archivedIds.has(x.entry.id));
    const overBudget = archiveSplit(
      inPlay.map((x) => ({ id: x.entry.id, timeMs: x.entry.timeMs, date: x.entry.date, chars: x.chars })),
      days,
      deps.config.topicBudget,
      deps.config.archiveShare,
    );
    const main = inPlay.filter((x) => !overBudget.has(x.entry.id)).map((x) => x.entry);
    const archive = rest.filter((x) => archivedIds.has(x.entry.id) || overBudget.has(x.entry.id)).map((x) => x.entry);
    out.set(t.name, renderTopicContent(t, { redlines: red, main, archive }, deps.config.topicBudget, deps.config.archiveShare));
    indexTopics.push({ def: t, entries: main, total: main.length + archive.length, redlines: red.length });
    summary.push({ name: t.name, title: t.title, file: rel(path.join(deps.dir, `${t.name}.md`)), entries: main.length + red.length, archived: archive.length, redlines: red.length, inIndex: 0 });
  }
  const index = renderIndexContent(redlines, indexTopics, deps.config.indexBudget);
  for (const s of summary) s.inIndex = index.shown.get(s.name) ?? 0;

  // 4. Write what changed.
  const report: TopicsReport = { dryRun, files: [], topics: summary, unfiled, corrections, added, restored: [] };
  for (const f of files) {
    const content = f.topic ? out.get(f.topic.name)! : index.content;
    const next = assembleFile(f.parsed, renderBlock(f.blockName, content));
    if (f.parsed?.block && !f.parsed.block.intact) {
      const had = new Set(f.parsed.block.lines.map((l) => parseEntryLine(l)?.id).filter((x): x is string => !!x));
      for (const l of content.split('\n')) {
        const e = parseEntryLine(l);
        if (e && !had.has(e.id) && !appended.has(e.id)) report.restored.push({ id: e.id, file: f.rel });
      }
    }
    if (next === f.existing) {
      report.files.push({ path: f.rel, status: 'unchanged' });
      continue;
    }
    if (!dryRun) writeFileAtomic(f.abs, next);
    report.files.push({ path: f.rel, status: dryRun ? 'would write' : 'written' });
  }
  return report;
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Lines the generator writes around the entries: never mistaken for a person's additions. */
function isChrome(line: string): boolean {
  const t = line.trim();
  return (
    t === '' ||
    t.startsWith('#') ||
    t.startsWith('- … ') ||
    t.startsWith(STILL_SAYS) ||
    t === EMPTY_LINE ||
    t === TOPIC_INTRO ||
    t === INDEX_INTRO ||
    t.startsWith('Older entries, moved here once') ||
    /^\[[a-z][a-z0-9_-]*\.md\]\([a-z][a-z0-9_-]*\.md\) · \d+ entr(y|ies)( \(\d+ red lines?, listed above\))?$/.test(t)
  );
}

/**
 * The correction a hand-edited entry becomes: the edited text, marked 〔更正〕 (or, for a red line,
 * 〔红线〕: only a newer red line replaces one). A … the entry ended with is left out.
 */
function correctionText(edited: string, shown: string, redline: boolean): string {
  let t = edited.trim();
  if (shown.endsWith('…') && t.endsWith('…')) t = t.slice(0, -1).trimEnd();
  if (redline) return REDLINE_MARK.test(t) ? t : `〔红线〕${t}`;
  return CORRECTION_MARK.test(t) ? t : `〔更正〕${t}`;
}
