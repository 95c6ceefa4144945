/**
 * Local faults. Each interface maps an OptmemError once: the CLI to an exit code, MCP to an
 * `isError` tool result with a hint, HTTP to a status. Expected outcomes (not found, superseded)
 * are return values, not exceptions.
 */
export type ErrorCode =
  | 'USAGE' // the caller asked for something malformed (bad flag, bad field): exit 2
  | 'INVALID_RECORD' // a record's field is out of range
  | 'INVALID_INPUT' // an input file (JSONL import, config) has a bad line or field
  | 'NOT_FOUND'
  | 'FORBIDDEN' // the caller's token does not allow this (scope, project or domain): HTTP 403
  | 'IO' // the files could not be read or written
  | 'INDEX'; // the SQLite index failed in a way a rebuild did not cure

export interface ErrorDetails {
  cause?: unknown;
  /** file the fault is in, relative to the memory home where possible */
  file?: string;
  /** 1-based line in `file` */
  line?: number;
  /** record or input field at fault */
  field?: string;
  /** what the caller can do about it */
  hint?: string;
}

export class OptmemError extends Error {
  readonly code: ErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(`[optmem] ${message}`, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'OptmemError';
    this.code = code;
    this.file = details.file;
    this.line = details.line;
    this.field = details.field;
    this.hint = details.hint;
  }
}

export function isOptmemError(e: unknown): e is OptmemError {
  return e instanceof OptmemError;
}

/** Where in a file something went wrong: used for malformed blocks and bad input lines. */
export interface Problem {
  file: string;
  line: number;
  message: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.message}`;
}
