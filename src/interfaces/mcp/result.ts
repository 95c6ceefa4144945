import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isOptmemError, type ErrorCode } from '../../core/errors.js';
import { describeFault, rootCode } from '../../core/faults.js';
import { TIERS } from '../../core/record.js';

/**
 * Tool results. Three kinds of outcome are kept apart: a normal result (including "not found",
 * which is an answer, not a fault), a tool result with `isError: true` whose text tells the model
 * what to change (every OptmemError is mapped here, once), and protocol errors, which are left to
 * the SDK (unknown tool, malformed request).
 */

/** A normal result: the data as JSON text (what models read) and as structured content. */
export function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** A normal result with Markdown text first (context packs, core memory), the data after it. */
export function okMarkdown(markdown: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: markdown }], structuredContent: data };
}

/** "No record X": an expected outcome, so not an error. */
export function notFound(id: string): CallToolResult {
  return ok({ found: false, id, message: `no record ${id} in this memory (search to find the right id)` });
}

const TIME_EXAMPLE = 'ISO 8601 like 2026-11-01 or 2026-11-01T09:00:00+08:00';

/** Hints by the field at fault: what the model should send instead. */
const FIELD_HINTS: Record<string, string> = {
  since: `since must be ${TIME_EXAMPLE}`,
  until: `until must be ${TIME_EXAMPLE}, and not before since`,
  now: `now must be ${TIME_EXAMPLE} (or leave it out for the real clock)`,
  time: `time must be ${TIME_EXAMPLE} (or leave it out for now)`,
  limit: 'limit must be a whole number from 1 to 1000',
  tier: `tier must be one of ${TIERS.join(', ')} (or leave it out: markers like 〔红线〕 set it)`,
  corrects: 'corrects takes ids as returned by search or add (letters, digits, _ . : -), never the id of the new record itself',
  text: 'text must be a non-empty string',
  domain: 'domain is one word such as code, hermes or openclaw',
  project: 'project is one word (letters, digits, _ . - / : @ + #)',
  kind: 'kind is one word such as note, decision, lesson',
  tags: 'each tag is one word (letters, digits, _ . - / : @ + #)',
  'source.agent': 'agent is one word naming the agent, e.g. claude-code',
  'source.session': 'session is one word: the session id',
  id: 'ids come from search or add results',
};

/** Hints by error code, when no field says more. */
const CODE_HINTS: Record<ErrorCode, string> = {
  USAGE: 'fix the argument named in the message and call again',
  INVALID_RECORD: 'fix the field named in the message and call again; nothing was written',
  INVALID_INPUT: "a file in the memory home has a bad line (named in the message); tell the user, it needs fixing by hand",
  NOT_FOUND: 'the memory home does not exist; the user should run `optmem init` or start the server with --dir pointing at it',
  FORBIDDEN: 'your token does not allow this (its scope, projects or domains); ask the user for a token that does, or stay within its projects',
  IO: 'the memory files could not be read or written; try once more, and if it fails again tell the user to run `optmem doctor`',
  INDEX: 'the search index failed; tell the user to run `optmem reindex` then `optmem doctor`',
};

/** Map any thrown value to a tool result the model can act on. */
export function toolError(e: unknown, log: (s: string) => void): CallToolResult {
  if (isOptmemError(e)) {
    const message = e.message.replace(/^\[optmem\] /, '');
    const hint = (e.field && FIELD_HINTS[e.field]) || e.hint || CODE_HINTS[e.code];
    return {
      content: [{ type: 'text', text: `Error (${e.code}): ${message}\nHint: ${hint}` }],
      structuredContent: { error: { code: e.code, message, field: e.field ?? null, hint } },
      isError: true,
    };
  }
  // A filesystem or SQLite fault (disk full, read-only, locked): one line that says what to do.
  if (rootCode(e)) {
    const f = describeFault(e);
    log(`optmem mcp: ${f.message}\n`);
    return {
      content: [{ type: 'text', text: `Error (${f.code}): ${f.message}\nHint: this is not caused by your arguments; tell the user` }],
      structuredContent: { error: { code: f.code, message: f.message, field: null, hint: 'tell the user' } },
      isError: true,
    };
  }
  const err = e as Error;
  log(`optmem mcp: unexpected failure: ${err?.stack ?? String(e)}\n`);
  return {
    content: [{ type: 'text', text: `Error: unexpected failure: ${err?.message ?? String(e)}\nHint: this is not caused by your arguments; tell the user (details are in the server's log)` }],
    isError: true,
  };
}

/** Run a handler, turning any throw into an `isError` result. */
export function guarded<A>(log: (s: string) => void, fn: (args: A) => CallToolResult | Promise<CallToolResult>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return await fn(args);
    } catch (e) {
      return toolError(e, log);
    }
  };
}
