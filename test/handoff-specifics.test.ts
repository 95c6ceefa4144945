/**
 * A handoff keeps the specifics, end to end through the real CLI: `session end --transcript` on an
 * OpenClaw session that drafts an article keeps its title, word count, paths, the blocker it closed
 * and the next steps, and the next `session start` of the project shows them within a small budget.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, ROOT, tempHome } from './helpers.js';

const TRANSCRIPT = path.join(ROOT, 'test', 'fixtures', 'transcripts', 'openclaw-zh.jsonl');

describe('a handoff from a transcript keeps its specifics', () => {
  const home = tempHome();
  ok(home, ['init']);
  const end = JSON.parse(ok(home, ['session', 'end', '--project', 'wechat-blog', '--agent', 'openclaw', '--transcript', TRANSCRIPT, '--time', '2026-11-05T14:00:00Z', '--json']));
  const pack = ok(home, ['session', 'start', '--project', 'wechat-blog', '--budget', '1200', '--now', '2026-11-06T08:00:00Z']);

  it('the handoff holds the title, the word count, the draft\'s path, the closed blocker\'s result and the next steps', () => {
    const f = end.fields;
    expect(f.decisions.join('\n')).toContain('《智能体为什么总是失忆：从上下文窗口到长期记忆》');
    expect(f.done.join('\n')).toContain('2480 字');
    expect(f.done.join('\n')).toContain('covers/agent-memory-900x383.png');
    expect(f.files).toContain('drafts/agent-memory.md');
    // the cover's 403 was fixed in the session: it is not left as stuck
    expect(f.stuck.join('\n')).not.toContain('403');
    expect(f.next.join('\n')).toContain('周四 08:00 前定稿');
    expect(f.next.join('\n')).toContain('54 字');
    // chatter is not handed off
    expect(end.handoff.text).not.toContain('火锅');
  });

  it('the next session of the project starts with them, within its budget', () => {
    expect(pack.length).toBeLessThanOrEqual(1200);
    for (const s of ['智能体为什么总是失忆：从上下文窗口到长期记忆', '2480', '周四 08:00', '54 字']) expect(pack).toContain(s);
  });
});
