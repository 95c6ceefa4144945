import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ok, ROOT, tempDir, tempHome } from './helpers.js';

/** `optmem hook` through the real CLI, fed payloads shaped like the hosts' documented stdin JSON. */
const FIX = path.join(ROOT, 'test', 'fixtures', 'transcripts');

function project(): string {
  const dir = path.join(tempDir(), 'shop');
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true }); // a git root names the project
  return dir;
}

const payload = (event: string, cwd: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: 'sess-1', transcript_path: path.join(FIX, 'claude-code-zh.jsonl'), cwd, hook_event_name: event, ...extra });

async function eventually<T>(f: () => T | null, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > until) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('optmem hook claude-code', () => {
  it('PreCompact writes a handoff; SessionStart returns it as additionalContext', () => {
    const home = tempHome();
    ok(home, ['init']);
    const cwd = project();
    const pre = cli(['hook', 'claude-code', 'PreCompact', '--dir', home], { input: payload('PreCompact', cwd, { trigger: 'auto', custom_instructions: '' }) });
    expect(pre.code, pre.stderr).toBe(0);
    expect(pre.stdout).toBe('');

    const start = cli(['hook', 'claude-code', 'SessionStart', '--dir', home], { input: payload('SessionStart', cwd, { source: 'startup' }) });
    expect(start.code, start.stderr).toBe(0);
    const out = JSON.parse(start.stdout);
    expect(Object.keys(out)).toEqual(['hookSpecificOutput']);
    expect(out.hookSpecificOutput.hookEventName).toBe('SessionStart');
    const ctx: string = out.hookSpecificOutput.additionalContext;
    expect(ctx).toContain('找运维续签商户证书');
    expect(ctx).toContain('我们决定测试里的端口统一从环境变量 PORT 读');
  });

  it('SessionEnd returns at once and the handoff appears afterwards, written by a detached child', async () => {
    const home = tempHome();
    const cwd = project();
    ok(home, ['init']);
    const end = cli(['hook', 'claude-code', 'SessionEnd', '--dir', home], { input: payload('SessionEnd', cwd, { reason: 'prompt_input_exit' }) });
    expect(end.code, end.stderr).toBe(0);
    expect(end.stdout).toBe('');
    const found = await eventually(() => {
      const r = cli(['search', '支付回调', '--json', '--dir', home]);
      const hits = r.code === 0 ? (JSON.parse(r.stdout).results as { text: string; project: string }[]) : [];
      return hits.find((h) => h.text.includes('〔交接〕')) ?? null;
    });
    expect(found.project).toBe('shop');
    expect(found.text).toContain('卡在商户证书过期');
  });

  it('bad input: not JSON is exit 2 with a clear message; an unknown event or host is a usage error', () => {
    const home = tempHome();
    const bad = cli(['hook', 'claude-code', 'SessionStart', '--dir', home], { input: '{"session_id": ' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^optmem hook: claude-code SessionStart: the hook input on stdin is not a JSON object/);
    // exit 2 would block a compaction, so PreCompact reports bad input as a non-blocking 1
    expect(cli(['hook', 'claude-code', 'PreCompact', '--dir', home], { input: '[]' }).code).toBe(1);
    expect(cli(['hook', 'claude-code', 'Notification', '--dir', home], { input: '{}' }).stderr).toContain('no optmem hook for "Notification"');
    expect(cli(['hook', 'cursor', 'SessionStart', '--dir', home], { input: '{}' }).code).toBe(2);
  });

  it('a missing transcript or one with nothing to hand off writes nothing and still exits 0', () => {
    const home = tempHome();
    const cwd = project();
    const r = cli(['hook', 'claude-code', 'PreCompact', '--dir', home], { input: payload('PreCompact', cwd, { transcript_path: path.join(cwd, 'gone.jsonl') }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no transcript to read');
    const empty = path.join(cwd, 'empty.jsonl');
    fs.writeFileSync(empty, JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' }, cwd, sessionId: 's', timestamp: '2026-11-29T00:00:00Z' }) + '\n');
    const e = cli(['hook', 'claude-code', 'PreCompact', '--dir', home], { input: payload('PreCompact', cwd, { transcript_path: empty }) });
    expect(e.code).toBe(0);
    expect(e.stderr).toContain('nothing for a handoff');
  });
});

describe('optmem hook codex', () => {
  it('SessionStart answers in the same hookSpecificOutput shape; PreCompact reads a Codex rollout', () => {
    const home = tempHome();
    ok(home, ['init']);
    const cwd = project();
    const input = JSON.stringify({ session_id: 'c-1', transcript_path: path.join(FIX, 'codex-rollout.jsonl'), cwd, hook_event_name: 'PreCompact', model: 'gpt-5', permission_mode: 'default' });
    expect(cli(['hook', 'codex', 'PreCompact', '--dir', home], { input }).code).toBe(0);
    const start = cli(['hook', 'codex', 'SessionStart', '--dir', home], { input: input.replace('PreCompact', 'SessionStart').replace('"model"', '"source":"startup","model"') });
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('regression test in tests/json.rs');
  });
});
