/**
 * The hook events optmem answers, per host, and what it does on each:
 * - `context`: print the project's context pack as `hookSpecificOutput.additionalContext`;
 * - `handoff`: turn `transcript_path` into a handoff now (the host waits; compaction is about to
 *   drop detail);
 * - `detach`: the same in a detached child, returning at once (session end: the host is exiting).
 *
 * Claude Code 2.1.328 (hooks reference): SessionStart / PreCompact / SessionEnd, stdin JSON
 * `{session_id, transcript_path, cwd, hook_event_name, source|trigger|reason}`.
 * Codex CLI 0.169.0: hooks.json in the same shape; SessionStart takes the same output; it has no
 * SessionEnd, so the handoff follows Stop (the end of each turn) and PreCompact.
 */
export type HookAction = 'context' | 'handoff' | 'detach';

export interface HookPayload {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  [k: string]: unknown;
}

export interface HookHost {
  events: Record<string, HookAction>;
}

export const HOOK_HOSTS: Record<string, HookHost> = {
  'claude-code': { events: { SessionStart: 'context', PreCompact: 'handoff', SessionEnd: 'detach' } },
  codex: { events: { SessionStart: 'context', PreCompact: 'handoff', Stop: 'detach' } },
};
