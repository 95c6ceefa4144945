import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Optmem } from '../../../optmem.js';

/** What every tool module receives from the composition root. */
export interface ToolContext {
  /** diagnostics go here (stderr): stdout carries only the protocol */
  log: (s: string) => void;
  /** the agent this server speaks for (`optmem mcp --agent NAME`), the default for records' agent */
  agent?: string;
}

/** Tools that only read: search, get, history, core_show. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** Tools that append (every write in optmem is additive: nothing is ever deleted). */
export const APPENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** Writers whose repetition changes nothing more (pin, unpin, remove). */
export const IDEMPOTENT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * What the tools use of the memory: a local handle (stdio) or a token's view of it (the HTTP
 * server's scoped memory, which checks scope, projects and domains before each call).
 */
export type ToolMemory = Pick<Optmem, 'search' | 'add' | 'get' | 'history' | 'link' | 'unlink' | 'core' | 'sessionStart' | 'sessionEnd' | 'projects' | 'handoff'>;
