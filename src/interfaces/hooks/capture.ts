import os from 'node:os';
import path from 'node:path';
import type { HomeConfig } from '../../config.js';
import type { Optmem } from '../../optmem.js';
import { runIngest, type IngestSummary } from '../../ingest/pipeline.js';
import { IngestLock } from '../../ingest/run-lock.js';
import { defaultRoot, isHost } from '../../ingest/sources/hosts.js';
import { createExtractiveSummarizer } from '../../ingest/summarizers/extractive.js';

/**
 * The end of a turn, captured at once: the turns of one transcript after ingest's cursor go through
 * the trigger detector (the extractive summarizer: local, no network, within the host's hook time)
 * and land in the diary, and the cursor moves past them, so the scheduled `optmem ingest` later finds
 * nothing new in that transcript. The source is named as `ingest --from HOST` names it (its path
 * under the host's transcript root), so refs and cursors are the same whichever ran first.
 */
export interface CaptureOptions {
  mem: Optmem;
  home: string;
  config: HomeConfig;
  host: string;
  transcript: string;
  env: Record<string, string | undefined>;
  /** how long to wait for another ingest of the same home (ms) */
  waitMs: number;
}

export async function captureTranscript(o: CaptureOptions): Promise<IngestSummary> {
  const file = path.resolve(o.transcript);
  const rel = relativeName(file, o);
  const base = path.basename(file).replace(/\.jsonl$/i, '');
  // Claude Code names the file after the session; Codex says it in session_meta.
  const session = o.host === 'codex' ? null : base;
  const lock = IngestLock.acquire(o.home, o.waitMs);
  try {
    const { minConfidence, maxItemChars } = o.config.ingest;
    return await runIngest({
      mem: o.mem,
      home: o.home,
      sources: [{ file, rel, agent: o.host, session }],
      summarizer: createExtractiveSummarizer({ minConfidence, maxItemChars }),
      extractive: { minConfidence, maxItemChars },
      batchLines: o.config.ingest.batchLines,
      agentDomains: o.config.agents,
      projects: o.config.projects,
      knownDomains: o.config.domains,
    });
  } finally {
    lock.release();
  }
}

/** The path `ingest --from HOST` gives this file: relative to the host's root when under it, else its name. */
function relativeName(file: string, o: CaptureOptions): string {
  if (isHost(o.host)) {
    const root = path.resolve(o.config.ingest.roots[o.host] ?? defaultRoot(o.host, o.env, o.env.HOME || os.homedir()));
    const rel = path.relative(root, file);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  }
  return path.basename(file);
}
