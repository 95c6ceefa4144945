/**
 * Errors as HTTP answers, mapped once: a status and `{"error": {"code", "message", "field"?,
 * "hint"?}}`. Never a stack trace, never a path of the server's machine for a filesystem fault.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isOptmemError, type ErrorCode } from '../../core/errors.js';
import { rootCode } from '../../core/faults.js';

export const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  USAGE: 400,
  INVALID_RECORD: 400,
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  IO: 500,
  INDEX: 500,
};

export interface ErrorBody {
  error: { code: string; message: string; field?: string; hint?: string };
}

export function errorBody(code: string, message: string, extra: { field?: string; hint?: string } = {}): ErrorBody {
  return { error: { code, message, ...(extra.field ? { field: extra.field } : {}), ...(extra.hint ? { hint: extra.hint } : {}) } };
}

/** The status and body for anything thrown by a route; `log` hears the details of a server fault. */
export function errorResponse(e: unknown, log: (s: string) => void): { status: ContentfulStatusCode; body: ErrorBody; headers?: Record<string, string> } {
  if (e instanceof HTTPException) {
    const status = e.status as ContentfulStatusCode;
    const code = status === 413 ? 'TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : status === 429 ? 'RATE_LIMITED' : 'HTTP';
    return { status, body: errorBody(code, e.message || 'request refused') };
  }
  if (isOptmemError(e) && !(rootCode(e) && (e.code === 'IO' || e.code === 'INDEX'))) {
    const message = e.message.replace(/^\[optmem\] /, '');
    const status = STATUS[e.code] ?? 500;
    if (status >= 500) log(`optmem serve: ${e.code}: ${message}\n`);
    return { status, body: errorBody(e.code, message, { ...(e.field ? { field: e.field } : {}), ...(e.hint ? { hint: e.hint } : {}) }) };
  }
  const root = rootCode(e);
  const err = e as Error;
  log(`optmem serve: ${root ? `${root.code}: ` : 'unexpected failure: '}${err?.stack ?? String(e)}\n`);
  return {
    status: 500,
    body: errorBody(root ? 'IO' : 'UNEXPECTED', root ? `the server could not read or write its memory files (${root.code}); the server's log says more` : "unexpected failure; the server's log says more"),
  };
}
