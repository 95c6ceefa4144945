import type { MemoryRecord } from '../core/record.js';

/**
 * Sessions that carry over: the core memory block, project handoffs and the context pack a new
 * session starts with. These are the types the interfaces (CLI, MCP, hooks) program against.
 */

/** Why an entry is in core memory, highest priority first. */
export type CoreReason = 'redline' | 'correction' | 'pinned' | 'recent';

export interface CoreEntry {
  /** the record behind the entry (every core entry is a record in the log) */
  id: string;
  text: string;
  reason: CoreReason;
  domain: string | null;
  project: string | null;
  time: string;
  /** characters the entry takes in the block, its line included */
  chars: number;
}

export interface CoreMemory {
  /** the budget in characters (default 2000) */
  budget: number;
  /** characters used by `entries` as rendered */
  used: number;
  entries: CoreEntry[];
  /** candidates that did not fit, best first: still in the log, still searchable */
  overflow: CoreEntry[];
  /** the block as an agent carries it */
  markdown: string;
}

export interface CoreChange {
  core: CoreMemory;
  /** entries that were in the block before this change and are not now */
  evicted: CoreEntry[];
}

/** A handoff: what a session leaves for the next one on the same project. */
export interface HandoffFields {
  done: string[];
  stuck: string[];
  next: string[];
  decisions: string[];
  files: string[];
}

export interface SessionEndInput extends Partial<HandoffFields> {
  project: string;
  agent?: string;
  session?: string;
  /** a transcript to extract the fields from (Claude Code JSONL, plain JSONL, Markdown) */
  transcriptPath?: string;
  /** ISO time; the clock by default */
  time?: string;
}

export interface SessionEndResult {
  handoff: MemoryRecord;
  /** the previous handoff of the project it supersedes, if any */
  supersedes: string | null;
  /** the project's current handoff file, relative to the home */
  file: string;
  fields: HandoffFields;
}

export interface SessionStartInput {
  project: string | null;
  agent?: string;
  /** characters for the whole pack (default 6000) */
  budget?: number;
  now?: string;
}

export interface ContextPack {
  project: string | null;
  budget: number;
  used: number;
  redlines: MemoryRecord[];
  core: CoreEntry[];
  handoff: (MemoryRecord & { fields: HandoffFields }) | null;
  openItems: string[];
  relevant: MemoryRecord[];
  /** what did not fit, by section */
  omitted: { section: string; count: number }[];
  /** records of this scope held by the quarantine scan, waiting for the owner (their text is never in the pack) */
  waiting: number;
  markdown: string;
}
