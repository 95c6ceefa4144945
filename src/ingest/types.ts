/**
 * Memory that writes itself: the contracts between the ingest pieces. Sources read new turns from
 * agents' transcripts; a detector names the write trigger a turn carries (or none); a summarizer
 * turns a batch of turns into diary items; the pipeline redacts secrets, writes diary records and
 * moves the source's cursor only past what was written.
 */

/** The six write triggers: the moments in a session worth recording (`optmem rules` prints them). */
export const TRIGGERS = [
  'task-result', // a task finished with a real result (deployed, fixed, configured)
  'lesson', // a pitfall hit or a lesson learned
  'config-change', // a configuration changed (cron, service, firewall, DNS, ports, versions)
  'decision', // the user decided something
  'inventory-change', // a service, project or skill added or removed
  'agent-exchange', // an important exchange with another agent
] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** One conversation turn as read from a source, with where it sits in that source. */
export interface IngestTurn {
  /** 1-based line (JSONL) or line where the turn starts (Markdown) in the source file */
  line: number;
  /** byte offset just past the turn's last byte: where a cursor moves once the turn is handled */
  endOffset: number;
  role: 'user' | 'assistant' | 'tool' | 'system';
  text: string;
  /** ISO 8601 with offset, when the source says */
  time: string | null;
  agent: string | null;
  session: string | null;
  /** the session's working directory, when the source says (→ project) */
  cwd: string | null;
  files?: string[];
}

/** What the detector says of one turn. */
export interface Detection {
  trigger: Trigger | null;
  /** the user correcting an earlier fact ("不对，端口是9090", "no, it's 9090 now") */
  correction: boolean;
  /** 0..1 */
  confidence: number;
  /** the cue words that fired, for explanations and tests */
  cues: string[];
}

/** One thing worth keeping, as a summarizer returns it. */
export interface DiaryItem {
  /** the diary text, one or two sentences (secrets are redacted by the pipeline, not here) */
  text: string;
  trigger: Trigger;
  correction: boolean;
  /** the turn it came from (its line in the source) */
  line: number;
  time: string | null;
}

export interface SummarizeContext {
  /** the source file, for messages */
  source: string;
  agent: string | null;
  session: string | null;
}

/**
 * A summarizer: turns in, items out. The extractive one is deterministic and local; an
 * OpenAI-compatible one asks a model and validates its answer. A summarizer that fails (network,
 * rate limit, malformed answer, after its retries) throws `SummarizerError`; the pipeline then
 * uses the extractive path for that batch.
 */
export interface Summarizer {
  readonly id: string;
  summarize(turns: IngestTurn[], ctx: SummarizeContext): Promise<DiaryItem[]>;
}

export class SummarizerError extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SummarizerError';
  }
}

/** What `redact` did to a text. */
export interface Redaction {
  text: string;
  /** how many secrets were replaced */
  count: number;
  /** which kinds (api-key, token, password, private-key, connection-string, …) */
  kinds: string[];
}
