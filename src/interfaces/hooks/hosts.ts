/**
 * The hook events optmem answers, per host, and what it does on each:
 * - `context`: print the project's context pack as `hookSpecificOutput.additionalContext`;
 * - `remind`: when the user's prompt carries a write trigger, print a short reminder as
 *   `hookSpecificOutput.additionalContext`; print nothing otherwise;
 * - `capture`: read the transcript's turns since ingest's cursor, keep what the trigger detector
 *   keeps as diary records and move the cursor, now (the host waits: a kill right after loses nothing);
 * - `handoff`: turn `transcript_path` into a handoff now (the host waits; compaction is about to
 *   drop detail);
 * - `detach`: the same in a detached child, returning at once (session end: the host is exiting).
 *
 * Claude Code 2.1.328 (hooks reference): SessionStart / UserPromptSubmit / Stop / PreCompact /
 * SessionEnd, stdin JSON `{session_id, transcript_path, cwd, hook_event_name, source|prompt|trigger|reason}`.
 * Codex CLI 0.169.0: hooks.json in the same shape and the same output; it has no SessionEnd, so
 * the handoff follows Stop (the end of each turn, after the capture) and PreCompact.
 */
export type HookAction = 'context' | 'remind' | 'capture' | 'handoff' | 'detach';

export interface HookPayload {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  hook_event_name?: unknown;
  prompt?: unknown;
  [k: string]: unknown;
}

export interface HookHost {
  /** event → the actions run for it, in order */
  events: Record<string, HookAction[]>;
}

export const HOOK_HOSTS: Record<string, HookHost> = {
  'claude-code': {
    events: { SessionStart: ['context'], UserPromptSubmit: ['remind'], Stop: ['capture'], PreCompact: ['handoff'], SessionEnd: ['detach'] },
  },
  codex: {
    events: { SessionStart: ['context'], UserPromptSubmit: ['remind'], Stop: ['capture', 'detach'], PreCompact: ['handoff'] },
  },
};

/**
 * Events on which the hosts read exit code 2 as "block": the prompt is erased (UserPromptSubmit),
 * the turn goes on (Stop), the compaction stops (PreCompact). optmem never answers 2 there.
 */
export const BLOCKS_ON_2 = new Set(['UserPromptSubmit', 'Stop', 'PreCompact', 'PreToolUse', 'PermissionRequest', 'SubagentStop']);
