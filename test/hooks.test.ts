import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, nodeChild, ok, ROOT, searchJson, tempDir, tempHome } from './helpers.js';

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

  it('bad input: not JSON is exit 2 with a clear message; never 2 where the host would block; an unknown event or host is a usage error', () => {
    const home = tempHome();
    const bad = cli(['hook', 'claude-code', 'SessionStart', '--dir', home], { input: '{"session_id": ' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^optmem hook: claude-code SessionStart: the hook input on stdin is not a JSON object/);
    // exit 2 would block a compaction, erase the prompt or keep the turn going: a non-blocking 1 there
    for (const e of ['PreCompact', 'UserPromptSubmit', 'Stop']) expect(cli(['hook', 'claude-code', e, '--dir', home], { input: '[]' }).code).toBe(1);
    expect(cli(['hook', 'claude-code', 'Notification', '--dir', home], { input: '{}' }).stderr).toContain('no optmem hook for "Notification"');
    expect(cli(['hook', 'cursor', 'SessionStart', '--dir', home], { input: '{}' }).code).toBe(2);
  });

  it('without an event on the command line the payload\'s hook_event_name names it; without either, a non-blocking 1', () => {
    const home = tempHome();
    ok(home, ['init']);
    const cwd = project();
    expect(cli(['hook', 'claude-code', '--dir', home], { input: payload('PreCompact', cwd, { trigger: 'auto' }) }).code).toBe(0);
    const start = cli(['hook', 'claude-code', '--dir', home], { input: payload('SessionStart', cwd, { source: 'startup' }) });
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('找运维续签商户证书');
    const none = cli(['hook', 'claude-code', '--dir', home], { input: JSON.stringify({ session_id: 's', cwd }) });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no event named and the payload has no hook_event_name');
    expect(cli(['hook', 'claude-code', '--dir', home], { input: 'not json' }).code).toBe(1);
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

describe('optmem hook claude-code UserPromptSubmit: a reminder only when the prompt carries a write trigger', () => {
  it('a decision or a correction gets a short additionalContext; a request or chatter gets nothing', () => {
    const home = tempHome();
    const ask = (prompt: string) => cli(['hook', 'claude-code', 'UserPromptSubmit', '--dir', home], { input: payload('UserPromptSubmit', tempDir(), { prompt }) });
    const d = ask('我们决定支付统一改用 Stripe，不再用 PayPal');
    expect(d.code, d.stderr).toBe(0);
    const out = JSON.parse(d.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
    const ctx: string = out.hookSpecificOutput.additionalContext;
    expect(ctx).toMatch(/^optmem: the user's message carries a write trigger: a decision/);
    expect(ctx.length).toBeLessThanOrEqual(600);
    const c = JSON.parse(ask('不对，端口是 9090，不是 8080').stdout).hookSpecificOutput.additionalContext as string;
    expect(c).toContain('〔更正〕');
    for (const p of ['帮我看下昨晚的备份有没有跑成功', '这个报错是什么意思？']) {
      const r = ask(p);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
    }
    // the reminder needs no memory home: none was created
    expect(fs.existsSync(home)).toBe(false);
  });
});

/** A Claude Code transcript under a sandboxed HOME, where `ingest --from claude-code` looks. */
function claudeSession(turns: [string, string][]) {
  const userHome = tempDir('optmem-hook-home-');
  const cwd = project();
  const dir = path.join(userHome, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'sess-42.jsonl');
  const add = (more: [string, string][]) =>
    fs.appendFileSync(
      file,
      more.map(([role, text], i) => JSON.stringify({ type: role, cwd, sessionId: 'sess-42', timestamp: `2026-11-30T10:0${i}:00Z`, message: { role, content: role === 'user' ? text : [{ type: 'text', text }] } }) + '\n').join(''),
    );
  add(turns);
  return { userHome, cwd, file, add, input: JSON.stringify({ session_id: 'sess-42', transcript_path: file, cwd, hook_event_name: 'Stop', stop_hook_active: false }) };
}

describe('optmem hook claude-code Stop: the finished turn is in the diary when the hook returns', () => {
  it('captures the turns since the cursor at once; the scheduled ingest then finds nothing new', () => {
    const home = tempHome();
    ok(home, ['init']);
    const s = claudeSession([
      ['user', '我们决定以后日志统一保留 14 天，不再按 30 天'],
      ['assistant', '好的，我记下了。'],
    ]);
    const env = { HOME: s.userHome };
    const r = cli(['hook', 'claude-code', 'Stop', '--dir', home], { input: s.input, env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    // searchable as soon as the hook has exited: nothing was left to a child or a later run
    const hit = searchJson(home, '日志 保留').find((h) => h.text.includes('14 天'));
    expect(hit?.project).toBe('shop');
    expect(hit?.kind).toBe('decision');

    const again = JSON.parse(ok(home, ['ingest', '--from', 'claude-code', '--json'], { env }));
    expect(again.turns).toBe(0);
    expect(again.written).toBe(0);

    // the next turn: only what is new is read
    s.add([
      ['user', '帮我把 nginx 的端口改一下'],
      ['assistant', '已把 nginx 的监听端口从 8080 改成了 9090，并 reload 了配置。'],
    ]);
    expect(cli(['hook', 'claude-code', 'Stop', '--dir', home], { input: s.input, env }).code).toBe(0);
    const all = searchJson(home, 'nginx 9090 日志');
    expect(all.filter((h) => h.text.includes('9090'))).toHaveLength(1);
    expect(all.filter((h) => h.text.includes('14 天'))).toHaveLength(1);
    expect(JSON.parse(ok(home, ['ingest', '--from', 'claude-code', '--json'], { env })).written).toBe(0);
  });

  it('a home held by another ingest or a broken config never blocks the host: exit 0, a line on stderr and in hooks.log, and the turn is captured later', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const s = claudeSession([['user', '我们决定备份改到每天 04:30 跑']]);
    const env = { HOME: s.userHome };
    // another ingest holds the home's ingest lock
    const holder = nodeChild(
      `import { IngestLock } from ${JSON.stringify(path.join(ROOT, 'dist', 'ingest', 'run-lock.js'))};
       const l = IngestLock.acquire(process.argv[1]); console.log('held'); setTimeout(() => l.release(), 20000);`,
      [home],
    );
    await new Promise((r) => holder.child.stdout!.on('data', (d: string) => String(d).includes('held') && r(null)));
    const locked = cli(['hook', 'claude-code', 'Stop', '--dir', home], { input: s.input, env });
    holder.child.kill();
    await holder.done;
    expect(locked.code).toBe(0);
    expect(locked.stdout).toBe('');
    expect(locked.stderr).toContain('another `optmem ingest` is running');
    const log = fs.readFileSync(path.join(home, 'ingest', 'hooks.log'), 'utf8');
    expect(log).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z claude-code Stop: another `optmem ingest` is running/m);
    // nothing lost: the next Stop (or the scheduled ingest) takes the turn
    expect(cli(['hook', 'claude-code', 'Stop', '--dir', home], { input: s.input, env }).code).toBe(0);
    expect(searchJson(home, '备份 04:30').some((h) => h.text.includes('04:30'))).toBe(true);

    // a config.json that does not parse: every hook still exits 0 and says why
    fs.writeFileSync(path.join(home, 'config.json'), '{"domains": [');
    for (const e of ['SessionStart', 'Stop']) {
      const r = cli(['hook', 'claude-code', e, '--dir', home], { input: s.input.replace('"Stop"', JSON.stringify(e)), env });
      expect(r.code, `${e}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('config.json');
    }
    expect(fs.readFileSync(path.join(home, 'ingest', 'hooks.log'), 'utf8').split('\n').filter((l) => l.includes('config.json')).length).toBeGreaterThanOrEqual(2);
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

  it('Stop captures the rollout into the diary before it returns (and still leaves the handoff to a child)', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const cwd = project();
    const rollout = path.join(tempDir(), 'rollout-2026-11-28T10-00-00-c2.jsonl');
    fs.copyFileSync(path.join(FIX, 'codex-rollout.jsonl'), rollout);
    const input = JSON.stringify({ session_id: 'c-2', transcript_path: rollout, cwd, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'ok', model: 'gpt-5', turn_id: 't1' });
    const r = cli(['hook', 'codex', 'Stop', '--dir', home], { input });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const diary = ok(home, ['export'])
      .split('\n')
      .filter((l) => l.includes('"auto-diary"'));
    expect(diary).toHaveLength(1);
    await eventually(() => searchJson(home, 'tests/json.rs').find((h) => h.text.includes('〔交接〕')) ?? null);
  });
});
