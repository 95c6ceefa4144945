import type { IndexedRecord, RecordIndex } from '../index/record-index.js';
import { originOf, PACK_ORIGINS, type Origin } from '../core/provenance.js';
import { formatTime } from './render.js';
import type { CorePins } from './core-pins.js';
import type { CoreEntry, CoreMemory, CoreReason } from './types.js';

/**
 * The core memory block: the small resident memory an agent carries into every turn. Filled by
 * priority, never first-in-first-out:
 *   1. red lines (all of them, always),
 *   2. live corrections (newest first),
 *   3. pinned records,
 *   4. the most useful recent facts (evidence over normal, newer first).
 * Whatever does not fit overflows: it stays a record in the log, searchable, and comes back when
 * room frees up. Nothing superseded is ever in the block.
 */
export interface CoreOptions {
  /** characters for the block (default 2000, 200..100000) */
  budget: number;
  /** how far back "recent facts" reach, in days (default 30) */
  recentDays: number;
  /** longest text of one entry before it is cut with … (default 240) */
  maxEntryChars: number;
  /**
   * whose records core memory and the session-start pack take (default owner and agent; ingest and
   * imported records reach an agent only through search). core/provenance.ts
   */
  origins: Origin[];
}

export const CORE_DEFAULTS: CoreOptions = { budget: 2000, recentDays: 30, maxEntryChars: 240, origins: [...PACK_ORIGINS] };

const DAY = 86_400_000;
const HEADER = '## Core memory\n';

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : chars.slice(0, max - 1).join('') + '…';
}

export function entryLine(e: Pick<CoreEntry, 'id' | 'text' | 'time'>): string {
  return `- ${e.text} (${formatTime(e.time).slice(0, 10)}, ${e.id})\n`;
}

function toEntry(r: IndexedRecord, reason: CoreReason, maxChars: number): CoreEntry {
  const text = clip(r.text, maxChars);
  const e: CoreEntry = { id: r.id, text, reason, domain: r.domain, project: r.project, time: r.time, chars: 0 };
  e.chars = entryLine(e).length;
  return e;
}

export function selectCore(index: RecordIndex, pins: CorePins, opts: CoreOptions, scope: { project?: string | null; nowMs: number }): CoreMemory {
  const removed = new Set(pins.removed);
  const seen = new Set<string>();
  const ordered: CoreEntry[] = [];
  const push = (r: IndexedRecord, reason: CoreReason) => {
    if (seen.has(r.id) || (reason !== 'redline' && removed.has(r.id))) return;
    seen.add(r.id);
    ordered.push(toEntry(r, reason, opts.maxEntryChars));
  };
  for (const r of index.liveRedlines(scope.project)) push(r, 'redline');
  for (const r of index.liveCorrections(scope.project, 200)) push(r, 'correction');
  for (const id of pins.pinned) {
    const r = index.get(id);
    // A pin never lets a held record (quarantine) or another writer's record into the pack.
    if (r && !index.isSuperseded(id) && !index.heldIds().has(id) && index.packOrigins.includes(originOf(r))) push(r, 'pinned');
  }
  const recent = index.recentLiveFacts(scope.project, scope.nowMs - opts.recentDays * DAY, 500);
  // Evidence (and decisions, lessons) before plain notes; newer first within each.
  const useful = (r: IndexedRecord) => (r.tier === 'evidence' ? 2 : 0) + (['decision', 'lesson'].includes(r.kind) ? 1 : 0);
  recent.sort((a, b) => useful(b) - useful(a) || b.timeMs - a.timeMs);
  for (const r of recent) push(r, 'recent');

  const entries: CoreEntry[] = [];
  const overflow: CoreEntry[] = [];
  let used = HEADER.length;
  // Red lines are never dropped: if they alone would pass the budget, they are cut shorter.
  const redlines = ordered.filter((e) => e.reason === 'redline');
  const redChars = redlines.reduce((s, e) => s + e.chars, 0);
  if (used + redChars > opts.budget && redlines.length) {
    const per = Math.max(20, Math.floor((opts.budget - used) / redlines.length) - 30);
    for (const e of redlines) {
      e.text = clip(e.text, per);
      e.chars = entryLine(e).length;
    }
  }
  for (const e of ordered) {
    if (e.reason === 'redline' || used + e.chars <= opts.budget) {
      entries.push(e);
      used += e.chars;
    } else overflow.push(e);
  }
  const markdown = HEADER + entries.map(entryLine).join('');
  return { budget: opts.budget, used: markdown.length, entries, overflow, markdown };
}
