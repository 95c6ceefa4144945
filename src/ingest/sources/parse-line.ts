import type { IngestTurn } from '../types.js';

/**
 * One transcript line (already JSON-parsed) → zero or more turns. Every host's JSONL is one event
 * per line, so the shape of the line says which host wrote it; a file may even mix shapes (a
 * plain JSONL written by a shim). Shapes understood (versions in docs/INGEST.md):
 *
 * - Claude Code: `{"type":"user"|"assistant","message":{"role","content"},"timestamp","cwd","sessionId"}`;
 *   other types (`summary`, `system`, `file-history-snapshot`, …) carry no conversation.
 * - Codex CLI rollout: `{"timestamp","type":"session_meta"|"turn_context"|"response_item"|"event_msg","payload":{…}}`;
 *   the conversation is in `response_item` (`event_msg` repeats it for the UI and is skipped).
 * - OpenClaw: a `{"type":"session","version","id","timestamp","cwd"}` header, then
 *   `{"type":"message","timestamp","message":{"role":"user"|"assistant"|"toolResult","content":[…]}}`.
 * - Hermes gateway transcript: OpenAI-style `{"role","content","timestamp",…}` messages after a
 *   `{"role":"session_meta",…}` line.
 * - Plain JSONL: `{"time","role","content","agent","session"}` (also `cwd`).
 *
 * Tool results are never kept (they are where pasted output and secrets live); a tool call keeps
 * only its name and the files it names.
 */
export interface LineState {
  cwd: string | null;
  session: string | null;
  agent: string | null;
}

export type ParsedLine = { turns: Omit<IngestTurn, 'line' | 'endOffset'>[] } | { problem: string };

/** Text longer than this is pasted output: keep its head only. */
export const MAX_TURN_CHARS = 4000;
const HEAD_CHARS = 600;

export function parseLine(v: unknown, state: LineState): ParsedLine {
  if (!isObj(v)) return { problem: 'a line must be a JSON object' };
  const type = typeof v.type === 'string' ? v.type : null;
  if (typeof v.cwd === 'string' && v.cwd) state.cwd = v.cwd;

  // OpenClaw header and messages
  if (type === 'session' && (typeof v.version === 'number' || typeof v.version === 'string')) {
    state.agent ??= 'openclaw';
    if (typeof v.id === 'string') state.session = v.id;
    return { turns: [] };
  }
  if (type === 'message' && isObj(v.message)) {
    const m = v.message;
    state.agent ??= 'openclaw';
    const time = iso(v.timestamp) ?? iso(m.timestamp);
    const role = str(m.role);
    if (role === 'toolResult' || role === 'tool') return { turns: [] };
    return { turns: messageTurns(role, m.content, time, state) };
  }
  // Claude Code events
  if ((type === 'user' || type === 'assistant') && isObj(v.message)) {
    if (typeof v.sessionId === 'string') state.session = v.sessionId;
    state.agent ??= 'claude-code';
    if (v.isMeta === true || v.isSidechain === true || v.isCompactSummary === true) return { turns: [] };
    return { turns: messageTurns(type, v.message.content, iso(v.timestamp), state) };
  }
  // Codex rollout lines
  if (type && isObj(v.payload)) {
    const p = v.payload;
    const time = iso(v.timestamp);
    if (type === 'session_meta' || type === 'response_item') state.agent ??= 'codex';
    if (type === 'session_meta') {
      if (typeof p.id === 'string') state.session = p.id;
      if (typeof p.cwd === 'string') state.cwd = p.cwd;
      return { turns: [] };
    }
    if (type === 'turn_context') {
      if (typeof p.cwd === 'string') state.cwd = p.cwd;
      return { turns: [] };
    }
    if (type !== 'response_item') return { turns: [] };
    if (p.type === 'message') return { turns: messageTurns(str(p.role), p.content, time, state) };
    if (p.type === 'function_call' || p.type === 'custom_tool_call' || p.type === 'local_shell_call') {
      return { turns: [toolTurn(String(p.name ?? 'shell'), maybeJson(p.arguments ?? p.input ?? p.action), time, state)] };
    }
    return { turns: [] };
  }
  if (type && !('role' in v)) return { turns: [] }; // another host's bookkeeping line
  // Plain JSONL, Hermes, OpenAI-style messages
  const role = str(v.role);
  if (role === 'session_meta') {
    state.agent ??= 'hermes';
    if (typeof v.session_id === 'string') state.session = v.session_id;
    return { turns: [] };
  }
  if (role === undefined && !('content' in v) && !('text' in v)) return { problem: 'no role and content (expected {"role","content"} or a host event)' };
  if (typeof v.agent === 'string') state.agent = v.agent;
  if (typeof v.session === 'string') state.session = v.session;
  else if (typeof v.session_id === 'string') state.session = v.session_id;
  const time = iso(v.time) ?? iso(v.timestamp) ?? iso(v.created_at);
  if (role === 'tool' || role === 'toolResult' || role === 'function') return { turns: [] };
  const turns = messageTurns(role, v.content ?? v.text, time, state);
  if (Array.isArray(v.tool_calls)) {
    for (const c of v.tool_calls) {
      const fn = isObj(c) && isObj(c.function) ? c.function : null;
      if (fn) turns.push(toolTurn(String(fn.name ?? 'tool'), maybeJson(fn.arguments), time, state));
    }
  }
  return { turns };
}

type RawTurn = Omit<IngestTurn, 'line' | 'endOffset'>;

function messageTurns(roleIn: string | undefined, content: unknown, time: string | null, state: LineState): RawTurn[] {
  const role = normalizeRole(roleIn);
  if (role === 'system' || role === 'tool') return [];
  const out: RawTurn[] = [];
  const texts: string[] = [];
  const blocks = typeof content === 'string' ? [content] : Array.isArray(content) ? content : [];
  for (const b of blocks) {
    if (typeof b === 'string') texts.push(b);
    else if (!isObj(b)) continue;
    else if (b.type === 'tool_use' || b.type === 'toolCall' || b.type === 'tool_call') {
      out.push(toolTurn(String(b.name ?? 'tool'), b.input ?? b.arguments, time, state));
    } else if (typeof b.text === 'string' && !/^(tool_?result|toolResult|thinking|reasoning)$/.test(String(b.type))) texts.push(b.text);
  }
  const text = cleanText(texts.join('\n'));
  if (text && !isHostChatter(text)) out.unshift({ role, text, time, agent: state.agent, session: state.session, cwd: state.cwd });
  return out;
}

const FILE_KEYS = ['file_path', 'notebook_path', 'filePath', 'path', 'file'];

function toolTurn(name: string, input: unknown, time: string | null, state: LineState): RawTurn {
  const files = new Set<string>();
  if (isObj(input)) {
    for (const k of FILE_KEYS) if (typeof input[k] === 'string' && !String(input[k]).includes('\n')) files.add(String(input[k]));
  }
  const patch = typeof input === 'string' ? input : isObj(input) && typeof input.input === 'string' ? input.input : '';
  for (const m of patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) files.add(m[1]!.trim());
  return { role: 'tool', text: name, time, agent: state.agent, session: state.session, cwd: state.cwd, ...(files.size ? { files: [...files] } : {}) };
}

function normalizeRole(r: string | undefined): IngestTurn['role'] {
  const s = (r ?? '').toLowerCase();
  if (s === 'user' || s === 'human') return 'user';
  if (s === 'system' || s === 'developer') return 'system';
  if (s === 'tool' || s === 'toolresult' || s === 'function') return 'tool';
  return 'assistant';
}

/** Drop fenced code, collapse blank runs, and cut pasted walls of text to their head. */
export function cleanText(t: string): string {
  let s = t.replace(/(```|~~~)[^\n]*\n[\s\S]*?(\1|$)/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
  if (s.length > MAX_TURN_CHARS) s = s.slice(0, HEAD_CHARS).trimEnd() + ' …';
  return s;
}

/** What hosts inject into user turns: command echoes, reminders, environment blocks. */
export function isHostChatter(t: string): boolean {
  return (
    /^<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder|environment_context|user_instructions|user-prompt-submit-hook|turn_aborted)>/.test(t) ||
    t.startsWith('Caveat: The messages below were generated by the user while running local commands') ||
    t.startsWith('[Request interrupted by user') ||
    t.startsWith('# AGENTS.md instructions') ||
    /^HEARTBEAT(_OK)?\b/.test(t)
  );
}

function iso(v: unknown): string | null {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v;
  // numbers: epoch ms (OpenClaw) or epoch seconds (Hermes)
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return new Date(v < 1e11 ? v * 1000 : v).toISOString();
  return null;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function maybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
