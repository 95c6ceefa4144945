import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractHandoff, ITEM_CHARS, LIMITS } from './extract-handoff.js';
import { readTranscript, type Turn } from './transcript.js';

const FIX = path.resolve(__dirname, '../../test/fixtures/transcripts');
const fromFixture = (f: string) => extractHandoff(readTranscript(path.join(FIX, f)).turns);

describe('extractHandoff', () => {
  it('a Chinese Claude Code session: done, stuck, next, decisions and files, newest first; a blocker fixed later is gone', () => {
    expect(fromFixture('claude-code-zh.jsonl')).toEqual({
      done: ['测试改为读取 test/helpers/port.ts 里的 PORT，npm test 全部通过', '端口已经改成9090了'],
      // "集成测试报错：test/api.test.ts 里还写死了8080" was fixed by the done item above: not stuck any more
      stuck: ['支付回调的签名校验还是失败，卡在商户证书过期，今天先这样'],
      next: ['找运维续签商户证书，然后重跑支付回调的联调', '把 nginx 的改动同步到预发环境'],
      decisions: ['我们决定测试里的端口统一从环境变量 PORT 读，别再写死'],
      files: ['test/helpers/port.ts', '/etc/nginx/conf.d/shop.conf', 'config/server.yaml', 'test/api.test.ts'],
    });
  });

  it('an English Claude Code session: labels are dropped, negations and questions and code are ignored', () => {
    const h = fromFixture('claude-code-en.jsonl');
    expect(h.done).toEqual(['added migrations/004_sessions.sql with the sessions table', 'Refresh tokens are implemented in src/auth/tokens.ts and the rotation test passes']);
    expect(h.stuck).toEqual(['The Redis session store is still failing in CI: the container times out after 30s']);
    expect(h.next).toEqual(['wire the logout endpoint to revoke refresh tokens', 'update docs/auth.md with the new flow']);
    expect(h.decisions).toEqual(["We'll go with Postgres for sessions instead of Redis, fewer moving parts"]);
    expect(h.files).toEqual(['migrations/004_sessions.sql', 'src/auth/tokens.ts', 'docs/auth.md']);
    const all = Object.values(h).flat().join('\n');
    expect(all).not.toContain('session table done'); // a question
    expect(all).not.toContain('not done until'); // a negation
    expect(all).not.toContain('this is code'); // fenced code
  });

  it('plain JSONL, Codex rollouts and Markdown exports give the same kind of fields', () => {
    expect(fromFixture('plain.jsonl')).toEqual({
      done: ['正文第二节已完成'],
      stuck: ['配图生成失败，图床接口返回 403'],
      next: ['把第三节补完，再排版'],
      decisions: ['标题定了：《智能体为什么总失忆》'],
      files: ['drafts/cover-prompt.txt', 'drafts/memory-article.md'],
    });
    const codex = fromFixture('codex-rollout.jsonl');
    expect(codex.done).toEqual(['Fixed the crash: src/output.rs now prints [] for empty input']);
    expect(codex.next).toEqual(['add a regression test in tests/json.rs']);
    const md = fromFixture('chat-export.md');
    expect(md.next).toEqual(['下周一检查邮件是否按时发出', '在 scripts/send-mail.py 里加上收件人列表']);
    expect(md.decisions).toContain('我们决定改用邮件发周报');
    expect(md.stuck).toEqual(['不过飞书推送还是报错，token 过期导致 401']);
  });

  it('is deterministic, de-duplicates, cuts long items and caps each field', () => {
    const turns: Turn[] = [];
    for (let i = 0; i < 20; i++) turns.push({ role: 'assistant', text: `Fixed bug number ${i} in the parser module.`, line: i + 1 });
    turns.push({ role: 'user', text: 'Fixed bug number 19 in the parser module!', line: 21 });
    turns.push({ role: 'assistant', text: `下一步：${'很长的事项'.repeat(60)}`, line: 22 });
    const a = extractHandoff(turns);
    expect(extractHandoff(turns)).toEqual(a);
    expect(a.done).toHaveLength(LIMITS.done);
    expect(a.done[0]).toBe('Fixed bug number 19 in the parser module!'.replace(/!$/, '!'));
    expect(a.done.filter((d) => d.includes('number 19'))).toHaveLength(1);
    expect(a.next[0]!.length).toBe(ITEM_CHARS);
    expect(a.next[0]!.endsWith('…')).toBe(true);
  });

  it('bare acknowledgements and empty transcripts give nothing', () => {
    expect(extractHandoff([{ role: 'assistant', text: 'Done.', line: 1 }, { role: 'user', text: '搞定！', line: 2 }])).toEqual({ done: [], stuck: [], next: [], decisions: [], files: [] });
    expect(extractHandoff([])).toEqual({ done: [], stuck: [], next: [], decisions: [], files: [] });
  });

  it('a resolution beats the problem it names; tool and system turns give only files', () => {
    const h = extractHandoff([
      { role: 'system', text: 'You are blocked from nothing. Decided: ignore me.', line: 1 },
      { role: 'tool', text: 'Edit', files: ['src/a.ts'], line: 2 },
      { role: 'assistant', text: '已修复登录页的报错，原因是 cookie 域名写错。', line: 3 },
    ]);
    expect(h).toEqual({ done: ['已修复登录页的报错，原因是 cookie 域名写错'], stuck: [], next: [], decisions: [], files: ['src/a.ts'] });
  });
});
