// The conversation hooks: the project's context pack in, a handoff out.
//   before_prompt_build → prependContext: `optmem session start --json` (first prompt of a session,
//     and again after a compaction);
//   agent_end (after minNewMessages new messages), before_compaction, session_end →
//     `optmem session end --transcript FILE`, FILE being the session's messages as JSONL
//     {time, role, content, agent, session}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGENT } from './memory.js';

const sessionOf = (event, ctx) => (ctx && (ctx.sessionId || ctx.sessionKey)) || (event && (event.sessionId || event.sessionKey)) || 'default';

export const HOOK_NAMES = ['before_prompt_build', 'agent_end', 'before_compaction', 'session_end'];

export function registerHooks(api, cfg, run) {
  const log = api.logger || console;
  const primed = new Set(); // sessions that already got their context pack
  const cache = new Map(); // session → { messages, written }
  const call = (args, ctx) => run(cfg, args, { cwd: ctx && ctx.workspaceDir });
  const projectArgs = (ctx) => (cfg.project ? ['--project', cfg.project] : ctx && ctx.workspaceDir ? ['--cwd', ctx.workspaceDir] : []);

  const handoff = async (session, ctx, messages, why) => {
    const entry = cache.get(session) || { messages: [], written: 0 };
    if (Array.isArray(messages) && messages.length) entry.messages = messages;
    cache.set(session, entry);
    if (!entry.messages.length || entry.messages.length === entry.written) return;
    const minNew = typeof cfg.minNewMessages === 'number' ? cfg.minNewMessages : 6;
    if (why === 'agent_end' && entry.messages.length - entry.written < minNew) return;
    const file = writeTranscript(entry.messages, session);
    try {
      await call(['session', 'end', ...projectArgs(ctx), '--agent', AGENT, '--session', String(session), '--transcript', file], ctx);
      entry.written = entry.messages.length;
    } catch (e) {
      log.warn(`optmem: handoff on ${why} failed: ${e.message}`);
    } finally {
      fs.rm(path.dirname(file), { recursive: true, force: true }, () => {});
    }
  };

  api.on('before_prompt_build', async (event, ctx) => {
    const session = sessionOf(event, ctx);
    if (primed.has(session)) return;
    primed.add(session);
    try {
      const pack = JSON.parse(await call(['session', 'start', '--json', '--agent', AGENT, ...projectArgs(ctx)], ctx));
      if (pack && typeof pack.markdown === 'string' && pack.markdown.trim()) return { prependContext: pack.markdown };
    } catch (e) {
      log.warn(`optmem: no context pack: ${e.message}`);
    }
  });
  api.on('agent_end', (event, ctx) => handoff(sessionOf(event, ctx), ctx, event && event.messages, 'agent_end'));
  api.on('before_compaction', async (event, ctx) => {
    const session = sessionOf(event, ctx);
    await handoff(session, ctx, event && event.messages, 'before_compaction');
    primed.delete(session); // the pack goes in again after the compaction
  });
  api.on('session_end', async (event, ctx) => {
    const session = sessionOf(event, ctx);
    await handoff(session, ctx, null, 'session_end');
    cache.delete(session);
    primed.delete(session);
  });
}

/** OpenClaw messages ({role, content: string | blocks, timestamp}) as optmem's plain JSONL. */
export function toJsonl(messages, session) {
  const lines = [];
  for (const m of messages) {
    if (!m || typeof m !== 'object') continue;
    const role = m.role === 'toolResult' || m.role === 'tool' ? 'tool' : m.role === 'user' ? 'user' : m.role === 'system' ? 'system' : 'assistant';
    let content = m.content;
    if (Array.isArray(content)) {
      content = content
        .map((b) => (b && b.type === 'toolCall' ? { type: 'toolCall', name: b.name, arguments: b.arguments } : b && typeof b.text === 'string' ? { type: 'text', text: b.text } : null))
        .filter(Boolean);
    } else if (typeof content !== 'string') continue;
    const time = typeof m.timestamp === 'number' ? new Date(m.timestamp).toISOString() : typeof m.timestamp === 'string' ? m.timestamp : undefined;
    lines.push(JSON.stringify({ time, role, content: role === 'tool' ? '' : content, agent: AGENT, session: String(session) }));
  }
  return lines.join('\n') + '\n';
}

function writeTranscript(messages, session) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-openclaw-'));
  const file = path.join(dir, 'transcript.jsonl');
  fs.writeFileSync(file, toJsonl(messages, session));
  return file;
}
