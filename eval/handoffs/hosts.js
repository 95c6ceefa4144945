// Writes a session, given as a list of steps, in a host's own on-disk transcript format:
// Claude Code session JSONL (2.1.328), Codex CLI rollout JSONL (0.169.0), OpenClaw session JSONL (v3).
// A step is ['u', text] (the user), ['a', text] (the assistant's text), or
// ['t', name, input, output] (a tool call and its result; `input` is the host's own argument object,
// or for Codex `apply_patch` the patch text).
import crypto from 'node:crypto';

const uuid = (seed, n) => {
  const h = crypto.createHash('sha256').update(`${seed}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Times a step apart: 20 s to 3 min, fixed by the step's position. */
function clock(start) {
  let ms = Date.parse(start);
  let n = 0;
  return () => {
    ms += 20_000 + ((n++ * 7919) % 160) * 1000;
    return new Date(ms).toISOString();
  };
}

export function claudeCode(c) {
  const sid = uuid(c.id, 'session');
  const tick = clock(c.start);
  const out = [];
  let parent = null;
  let n = 0;
  const base = () => ({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: c.cwd, sessionId: sid, version: '2.1.328', gitBranch: c.branch ?? 'main' });
  const push = (type, message, extra = {}) => {
    const u = uuid(c.id, n++);
    out.push({ ...base(), type, uuid: u, timestamp: tick(), message, ...extra });
    parent = u;
  };
  if (c.summary) out.push({ type: 'summary', summary: c.summary, leafUuid: uuid(c.id, 'leaf') });
  let pending = null; // assistant content blocks not yet written
  const flush = () => {
    if (!pending) return;
    push('assistant', { id: `msg_${uuid(c.id, `m${n}`).slice(0, 12)}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: pending, stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 2400, output_tokens: 310 } }, { requestId: `req_${n}` });
    pending = null;
  };
  for (const s of c.steps) {
    if (s[0] === 'u') {
      flush();
      push('user', { role: 'user', content: s[1] });
    } else if (s[0] === 'a') {
      flush();
      pending = [{ type: 'text', text: s[1] }];
    } else {
      const id = `toolu_${uuid(c.id, `t${n}`).replace(/-/g, '').slice(0, 20)}`;
      (pending ??= []).push({ type: 'tool_use', id, name: s[1], input: s[2] });
      flush();
      push('user', { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: s[3] ?? '', ...(s[4] ? { is_error: true } : {}) }] }, { toolUseResult: { type: 'text' } });
    }
  }
  flush();
  return out.map((o) => JSON.stringify(o)).join('\n') + '\n';
}

export function codex(c) {
  const sid = uuid(c.id, 'session');
  const tick = clock(c.start);
  const out = [];
  const t0 = tick();
  out.push({ timestamp: t0, type: 'session_meta', payload: { id: sid, timestamp: t0, cwd: c.cwd, originator: 'codex_cli_rs', cli_version: '0.169.0', source: 'cli', model_provider: 'openai' } });
  out.push({ timestamp: t0, type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `<environment_context>\n  <cwd>${c.cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>` }] } });
  out.push({ timestamp: t0, type: 'turn_context', payload: { cwd: c.cwd, approval_policy: 'on-request', sandbox_policy: { type: 'workspace-write' }, model: 'gpt-6.1-sol' } });
  let n = 0;
  for (const s of c.steps) {
    const ts = tick();
    if (s[0] === 'u') {
      out.push({ timestamp: ts, type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: s[1] }] } });
      out.push({ timestamp: ts, type: 'event_msg', payload: { type: 'user_message', message: s[1] } });
    } else if (s[0] === 'a') {
      out.push({ timestamp: ts, type: 'event_msg', payload: { type: 'agent_message', message: s[1] } });
      out.push({ timestamp: ts, type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: s[1] }] } });
    } else {
      const callId = `call_${uuid(c.id, `c${n++}`).replace(/-/g, '').slice(0, 16)}`;
      if (s[1] === 'apply_patch') {
        out.push({ timestamp: ts, type: 'response_item', payload: { type: 'custom_tool_call', status: 'completed', call_id: callId, name: 'apply_patch', input: s[2] } });
        out.push({ timestamp: ts, type: 'response_item', payload: { type: 'custom_tool_call_output', call_id: callId, output: s[3] ?? 'Success.' } });
      } else {
        out.push({ timestamp: ts, type: 'response_item', payload: { type: 'function_call', name: s[1], arguments: JSON.stringify(s[2]), call_id: callId } });
        out.push({ timestamp: ts, type: 'response_item', payload: { type: 'function_call_output', call_id: callId, output: JSON.stringify({ output: s[3] ?? '', metadata: { exit_code: s[4] ? 1 : 0, duration_seconds: 1.2 } }) } });
      }
    }
  }
  out.push({ timestamp: tick(), type: 'event_msg', payload: { type: 'task_complete', last_agent_message: [...c.steps].reverse().find((s) => s[0] === 'a')?.[1] ?? null } });
  return out.map((o) => JSON.stringify(o)).join('\n') + '\n';
}

export function openclaw(c) {
  const sid = uuid(c.id, 'session');
  const tick = clock(c.start);
  const out = [];
  const t0 = tick();
  out.push({ type: 'session', version: 3, id: sid, timestamp: t0, cwd: c.cwd });
  out.push({ type: 'model_change', id: 'mc000001', parentId: null, timestamp: t0, provider: 'deepseek', modelId: 'deepseek-chat' });
  out.push({ type: 'thinking_level_change', id: 'tl000001', parentId: 'mc000001', timestamp: t0, thinkingLevel: 'off' });
  let parent = null;
  let n = 0;
  const msg = (message) => {
    const id = (++n).toString(16).padStart(8, '0');
    const ts = tick();
    out.push({ type: 'message', id, parentId: parent, timestamp: ts, message: { ...message, timestamp: Date.parse(ts) } });
    parent = id;
  };
  const meta = { api: 'openai-completions', provider: 'deepseek', model: 'deepseek-chat', usage: { input: 1800, output: 240, cost: { total: 0.0009 } }, stopReason: 'stop' };
  let pending = null;
  const flush = () => {
    if (pending) msg({ role: 'assistant', content: pending, ...meta });
    pending = null;
  };
  for (const s of c.steps) {
    if (s[0] === 'u') {
      flush();
      msg({ role: 'user', content: [{ type: 'text', text: s[1] }] });
    } else if (s[0] === 'a') {
      flush();
      pending = [{ type: 'text', text: s[1] }];
    } else {
      const id = `call_${uuid(c.id, `c${n}`).replace(/-/g, '').slice(0, 12)}`;
      (pending ??= []).push({ type: 'toolCall', id, name: s[1], arguments: s[2] });
      flush();
      msg({ role: 'toolResult', toolCallId: id, toolName: s[1], content: [{ type: 'text', text: s[3] ?? '' }], isError: Boolean(s[4]) });
    }
  }
  flush();
  return out.map((o) => JSON.stringify(o)).join('\n') + '\n';
}

export const WRITERS = { 'claude-code': claudeCode, codex, openclaw };
