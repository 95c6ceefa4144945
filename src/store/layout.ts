import path from 'node:path';

/**
 * Where everything lives inside a memory home. Only this module knows the folder and file names:
 * every other module asks it for a path. The names are part of the on-disk format: existing homes
 * must keep working, so a name here never changes.
 */
export interface Layout {
  home: string;
  /** the log: one Markdown day file per day, the truth */
  logDir: string;
  /** the derived SQLite index */
  indexFile: string;
  /** the vector cache (embeddings enabled only): derived, kept apart so a rebuild keeps it */
  vectorsFile: string;
  /** the writers' lock (an exclusive SQLite transaction on this file) */
  lockFile: string;
  configFile: string;
  dictFile: string;
  /** the user's alias groups, added to the shipped ones (`aliases.txt`; query/aliases.ts) */
  aliasesFile: string;
  /** bytes of torn appends, set aside byte for byte */
  recoveredDir: string;
  /** what the writer is about to append, kept until the append is durable (`.append-intent`) */
  intentFile: string;
  /** the seal: what optmem appended, hashed and chained, for `verify` (`seal.jsonl`; store/seal.ts) */
  sealFile: string;
  /** core memory pins, hand-editable (`core.md`) */
  coreFile: string;
  /** each project's current handoff file, derived (`projects/P/HANDOFF.md`) */
  projectsDir: string;
  /** ingest's own state: cursors, its run lock, the scheduled job's log and state */
  ingestDir: string;
  /** one cursor per transcript file (`ingest/cursors.json`) */
  cursorsFile: string;
  /** one ingest at a time per home (`ingest/.lock`) */
  ingestLockFile: string;
  /** what the scheduled job printed, run after run (`ingest/ingest.log`) */
  ingestLogFile: string;
  /** hooks that could not do their part, one line each (`ingest/hooks.log`) */
  hooksLogFile: string;
  /** what `schedule install` wrote, for doctor (`ingest/schedule.json`) */
  scheduleStateFile: string;
  /** JSONL mirrors of OpenClaw's SQLite session stores (`ingest/openclaw-store/`) */
  openclawMirrorDir: string;
  /** derived files of consolidation (`memory/`): topic files, the index, summaries */
  memoryDir: string;
  /** the index of the topic files, derived (`memory/MEMORY.md`) */
  memoryIndexFile: string;
  /** the summary tree, derived by `optmem consolidate` (`memory/summaries/{day,week,month,domain}/`) */
  summariesDir: string;
  /** which records searches returned, for retention (`usage/recalls.jsonl`; consolidate/recall-log.ts) */
  recallsFile: string;
  /** the HTTP server's own state (`server/`): never records, never exported */
  serverDir: string;
  /** access tokens, hashed (`server/tokens.json`) */
  tokensFile: string;
  /** one-time login links for the inspector, hashed (`server/logins.json`) */
  loginsFile: string;
  /** one JSON line per request (`server/audit.jsonl`) */
  auditFile: string;
  /** where a running server listens, for `optmem login` (`server/serve.json`) */
  serveStateFile: string;
  /** evaluation reports kept for the server and the inspector (`eval/reports/*.json`) */
  evalReportsDir: string;
  /** one line per `optmem health` run, derived and safe to delete (`health/history.jsonl`; health/history.ts) */
  healthLogFile: string;
}

export function layoutOf(home: string): Layout {
  const h = path.resolve(home);
  const ingest = path.join(h, 'ingest');
  return {
    home: h,
    logDir: path.join(h, 'log'),
    indexFile: path.join(h, 'index.sqlite'),
    vectorsFile: path.join(h, 'vectors.sqlite'),
    lockFile: path.join(h, '.lock'),
    configFile: path.join(h, 'config.json'),
    dictFile: path.join(h, 'dict.txt'),
    aliasesFile: path.join(h, 'aliases.txt'),
    recoveredDir: path.join(h, 'recovered'),
    intentFile: path.join(h, '.append-intent'),
    sealFile: path.join(h, 'seal.jsonl'),
    coreFile: path.join(h, 'core.md'),
    projectsDir: path.join(h, 'projects'),
    ingestDir: ingest,
    cursorsFile: path.join(ingest, 'cursors.json'),
    ingestLockFile: path.join(ingest, '.lock'),
    ingestLogFile: path.join(ingest, 'ingest.log'),
    hooksLogFile: path.join(ingest, 'hooks.log'),
    scheduleStateFile: path.join(ingest, 'schedule.json'),
    openclawMirrorDir: path.join(ingest, 'openclaw-store'),
    memoryDir: path.join(h, 'memory'),
    memoryIndexFile: path.join(h, 'memory', 'MEMORY.md'),
    summariesDir: path.join(h, 'memory', 'summaries'),
    recallsFile: path.join(h, 'usage', 'recalls.jsonl'),
    serverDir: path.join(h, 'server'),
    tokensFile: path.join(h, 'server', 'tokens.json'),
    loginsFile: path.join(h, 'server', 'logins.json'),
    auditFile: path.join(h, 'server', 'audit.jsonl'),
    serveStateFile: path.join(h, 'server', 'serve.json'),
    evalReportsDir: path.join(h, 'eval', 'reports'),
    healthLogFile: path.join(h, 'health', 'history.jsonl'),
  };
}

/** log/2026/11/2026-11-29.md, relative to the home */
export function dayFilePath(date: string): string {
  const [y, m] = date.split('-');
  return path.posix.join('log', y!, m!, `${date}.md`);
}

const DAY_FILE = /^log\/\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2}\.md$/;
export function isDayFilePath(rel: string): boolean {
  return DAY_FILE.test(rel);
}

/**
 * projects/shop/HANDOFF.md, relative to the home: the project's current handoff. `project` is a
 * checked project name (one word of letters, digits, _ . -), never a path.
 */
export function handoffFilePath(project: string): string {
  return path.posix.join('projects', project, 'HANDOFF.md');
}

/** memory/infra.md, relative to the home: a topic's derived file. `topic` is a checked topic name. */
export function topicFilePath(topic: string): string {
  return path.posix.join('memory', `${topic}.md`);
}
