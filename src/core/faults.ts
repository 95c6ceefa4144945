/**
 * Every fault as one line. Turns anything thrown (an OptmemError, a Node errno error, a
 * better-sqlite3 SqliteError, wrapped in each other through `cause`) into one sentence that names
 * the path and says what to do. Each interface prints it its own way: the CLI on stderr with an
 * exit code, MCP as an `isError` result. Pure: it reads the error objects and nothing else.
 */
import { OptmemError } from './errors.js';

export interface FaultContext {
  /** the memory home, named when the error carries no path of its own */
  home?: string;
  /** the index file, named for SQLite errors (they carry no path) */
  indexFile?: string;
}

export interface Fault {
  /** one line, without a trailing newline or an "optmem: " prefix */
  message: string;
  /** the errno or SQLite code found in the error or its causes, else the OptmemError code, else "UNEXPECTED" */
  code: string;
  /** 2 when the caller asked for something malformed, 1 for everything else */
  exitCode: 1 | 2;
  /** the path the fault is about, when one is known */
  path?: string;
}

interface Coded {
  code: string;
  path?: string;
  dest?: string;
  syscall?: string;
  message?: string;
}

/** Follow `cause` from the outside in; the first errno or SQLite error found is the root fault. */
export function rootCode(err: unknown): Coded | null {
  let e: unknown = err;
  for (let depth = 0; depth < 16 && e && typeof e === 'object'; depth++) {
    const c = (e as { code?: unknown }).code;
    if (!(e instanceof OptmemError) && typeof c === 'string' && (/^E[A-Z0-9]+$/.test(c) || /^SQLITE_[A-Z_]+$/.test(c))) return e as Coded;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A closed stdout (the reader of a pipe went away): not a fault, the command just ends. */
export function isBrokenPipe(err: unknown): boolean {
  return rootCode(err)?.code === 'EPIPE';
}

function joinPath(home: string, file: string): string {
  if (/^([a-zA-Z]:)?[\\/]/.test(file)) return file;
  return `${home.replace(/[\\/]+$/, '')}/${file}`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

function errnoMessage(c: Coded, p: string): string {
  const code = c.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied on ${p}: nothing was written; give this user access to it (chown/chmod) or run as its owner`;
    case 'EROFS':
      return `${p} is on a read-only file system: nothing was written; remount it read-write, or copy the home elsewhere and pass --dir`;
    case 'ENOTDIR':
      return `${p}: a file stands where a folder should be; pass --dir a folder (\`optmem init --dir FOLDER\` creates a memory home)`;
    case 'ENOENT':
      return `${p} does not exist: check the path and retry`;
    case 'ENOSPC':
      return `disk full while writing ${p}: free space and retry; nothing was half-written`;
    case 'EDQUOT':
      return `disk quota exceeded while writing ${p}: free space or raise the quota and retry; nothing was half-written`;
    case 'EISDIR':
      return `${p} is a folder where a file should be: move it away and retry`;
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files (opening ${p}): close other programs or raise the limit (ulimit -n), then retry`;
    case 'EIO':
      return `input/output error on ${p}: the disk may be failing; check it, then run \`optmem doctor\``;
    case 'EBUSY':
      return `${p} is busy (held by another program): retry when it is free`;
    case 'EEXIST':
      return `${p} already exists: move it away and retry`;
    default:
      return `${code} on ${p}${c.syscall ? ` (${c.syscall})` : ''}: ${oneLine(stripCodePrefix(c.message ?? ''))}`;
  }
}

function sqliteMessage(c: Coded, p: string, home: string | undefined): string {
  const code = c.code;
  const where = home ? ` ${home}` : '';
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) {
    return `the index ${p} is locked by another process: wait for it to finish and retry`;
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return `the index ${p} cannot be written (read-only): give this user write access to the memory home${where}, or run as its owner`;
  }
  if (code === 'SQLITE_FULL') return `disk full while writing the index ${p}: free space and retry; nothing was half-written`;
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB') {
    return `the index ${p} is damaged: delete it and run \`optmem reindex\` (the index is rebuilt from the day files, which are untouched)`;
  }
  if (code.startsWith('SQLITE_CANTOPEN')) return `cannot open the index ${p}: check that the memory home${where} is a folder this user can read and write`;
  if (code.startsWith('SQLITE_IOERR')) return `disk I/O error on the index ${p} (${code}): check the disk and its free space, then retry`;
  if (code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return `permission denied on the index ${p}: give this user access to it, or run as its owner`;
  return `the index ${p} failed (${code}): ${oneLine(c.message ?? '')}; \`optmem doctor\` checks it, \`optmem reindex\` rebuilds it`;
}

function stripCodePrefix(m: string): string {
  // "EACCES: permission denied, open '/x'": the code and path are said already.
  return m.replace(/^[A-Z]+: /, '');
}

function optmemText(e: OptmemError): string {
  const m = e.message.replace(/^\[optmem\] /, '');
  return e.hint ? `${m}; hint: ${e.hint}` : m;
}

/** Describe any thrown value as one line with a path and a next step. */
export function describeFault(err: unknown, ctx: FaultContext = {}): Fault {
  const home = ctx.home;
  // An OptmemError with a hint was written for this very fault ("another ingest is running"): its
  // words win over the generic ones for the errno or SQLite code underneath.
  const deliberate = err instanceof OptmemError && err.hint !== undefined;
  const root = deliberate ? null : rootCode(err);
  if (root) {
    const isSqlite = root.code.startsWith('SQLITE_');
    const file = err instanceof OptmemError && err.file ? (home ? joinPath(home, err.file) : err.file) : undefined;
    const p = isSqlite ? (ctx.indexFile ?? (home ? joinPath(home, 'index.sqlite') : 'the memory home')) : (root.path ?? file ?? home ?? 'the memory home');
    return { message: isSqlite ? sqliteMessage(root, p, home) : errnoMessage(root, p), code: root.code, exitCode: 1, path: p };
  }
  if (err instanceof OptmemError) {
    const usage = err.code === 'USAGE' || err.code === 'INVALID_RECORD';
    const under = rootCode(err)?.code;
    return { message: optmemText(err), code: under ?? err.code, exitCode: usage ? 2 : 1, ...(err.file ? { path: err.file } : {}) };
  }
  const msg = err instanceof Error ? err.message : String(err);
  return { message: `unexpected failure: ${oneLine(msg) || 'no message'} (OPTMEM_DEBUG=1 shows where)`, code: 'UNEXPECTED', exitCode: 1 };
}

/** The one line alone. */
export function faultLine(err: unknown, ctx: FaultContext = {}): string {
  return describeFault(err, ctx).message;
}
