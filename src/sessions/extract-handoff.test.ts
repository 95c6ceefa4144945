import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractHandoff, HANDOFF_CHARS, imperative, ITEM_CHARS, LIMITS } from './extract-handoff.js';
import { readTranscript, type Turn } from './transcript.js';

const FIX = path.resolve(__dirname, '../../test/fixtures/transcripts');
const fromFixture = (f: string) => extractHandoff(readTranscript(path.join(FIX, f)).turns);

describe('extractHandoff', () => {
  it('a Chinese Claude Code session: done, stuck, next, decisions and files, newest first; a blocker fixed later is gone', () => {
    expect(fromFixture('claude-code-zh.jsonl')).toEqual({
      // "端口已经改成9090了" names no key: the edits' settings, each with its file and key, are kept too
      done: [
        '测试改为读取 test/helpers/port.ts 里的 PORT，npm test 全部通过',
        '端口已经改成9090了',
        '/etc/nginx/conf.d/shop.conf: proxy_pass http://127.0.0.1:9090 (was 8080)',
        'config/server.yaml: port: 9090 (was 8080)',
      ],
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

describe('extractHandoff keeps the specifics', () => {
  const a = (text: string, line = 1): Turn => ({ role: 'assistant', text, line });
  const u = (text: string, line = 1): Turn => ({ role: 'user', text, line });
  const all = (h: ReturnType<typeof extractHandoff>) => Object.values(h).flat().join('\n');

  it('an article title, Chinese or quoted English, verbatim even with a question mark inside', () => {
    const h = extractHandoff([u('标题暂定《RAG 还是长上下文？我用 3 个真实任务测了一遍》。'), a('I changed my mind on the title: "Why Agents Forget: Notes from a File-First Memory".')]);
    expect(h.decisions).toContain('标题暂定《RAG 还是长上下文？我用 3 个真实任务测了一遍》');
    expect(all(h)).toContain('"Why Agents Forget: Notes from a File-First Memory"');
  });

  it('a file path said in passing, with no cue word', () => {
    const h = extractHandoff([a('现在的草稿在 drafts/agent-memory.md，一共五节。'), a('今天天气不错。')]);
    expect(h.done).toEqual(['现在的草稿在 drafts/agent-memory.md，一共五节']);
    expect(h.files).toEqual(['drafts/agent-memory.md']);
  });

  it('a config key and its new value, from the text and from an edit the text does not restate', () => {
    const h = extractHandoff([
      a('已把 workflows/daily-report.yaml 的 schedule 从 "0 23 * * *" 改成 "30 22 * * *"。'),
      { role: 'tool', text: 'Edit', line: 2, files: ['config/default.yaml'], changes: ['config/default.yaml: redis.pool.max: 50 (was 10)'] },
      a('改好了。', 3),
    ]);
    expect(h.done).toContain('config/default.yaml: redis.pool.max: 50 (was 10)');
    expect(all(h)).toContain('"30 22 * * *"');
  });

  it('an edit whose line a sentence already states is not repeated; a sentence that only tells the change keeps the line beside it', () => {
    const edit = { role: 'tool' as const, text: 'Edit', line: 1, changes: ['nginx/sites/app.conf: client_max_body_size 20m (was 1m)'] };
    const said = extractHandoff([edit, a('Fixed: client_max_body_size 20m in nginx/sites/app.conf, a 5 MB upload returns 200.', 2)]);
    expect(said.done).toEqual(['client_max_body_size 20m in nginx/sites/app.conf, a 5 MB upload returns 200']);
    const told = extractHandoff([edit, a('Fixed: client_max_body_size is 20m in nginx/sites/app.conf and a 5 MB upload returns 200.', 2)]);
    expect(told.done).toEqual(['client_max_body_size is 20m in nginx/sites/app.conf and a 5 MB upload returns 200', 'nginx/sites/app.conf: client_max_body_size 20m (was 1m)']);
  });

  it('a version', () => {
    const h = extractHandoff([a('Bumped clap to 4.5.31 and tagged v0.8.2 locally.'), a('线上 node 是 20.11.1，已加 .nvmrc。')]);
    expect(all(h)).toContain('4.5.31');
    expect(all(h)).toContain('v0.8.2');
    expect(all(h)).toContain('20.11.1');
  });

  it('a blocker closed by a number: the blocker is gone, the done item carries the value', () => {
    const h = extractHandoff([
      a('压测结果不好，订单接口 p99 卡在 480ms，连接池排队超时。', 1),
      u('试试把连接池加大。', 2),
      a('已解决：redis.pool.max 从 10 改成 50，p99 从 480ms 降到 95ms。', 3),
    ]);
    expect(h.stuck).toEqual([]);
    expect(h.done).toEqual(['redis.pool.max 从 10 改成 50，p99 从 480ms 降到 95ms']);
  });

  it('a blocker nothing resolves stays stuck', () => {
    const h = extractHandoff([a('封面生成报错：图床接口返回 403。', 1), a('正文改好了，现在 2480 字。', 2)]);
    expect(h.stuck).toEqual(['封面生成报错：图床接口返回 403']);
  });

  it('next items are imperatives: lead-ins cut, the step and its object kept; a label carries over its line', () => {
    const h = extractHandoff([
      a('Next, I should add a regression test in tests/json.rs.', 1),
      a('明白。下一步：把 redis.pool.max=50 同步到 config/staging.yaml；另外 src/cache/redis.ts 的默认值也要改。', 2),
      a('Still to do: push the v0.8.2 tag and run cargo publish.', 3),
    ]);
    expect(h.next).toEqual(['push the v0.8.2 tag and run cargo publish', '把 redis.pool.max=50 同步到 config/staging.yaml', '另外 src/cache/redis.ts 的默认值也要改', 'add a regression test in tests/json.rs']);
  });

  it('a done sentence that ends in a step to take gives a done item and a next item', () => {
    const h = extractHandoff([a('已把备份 cron 从 02:00 改到 01:30，还需要你执行 crontab ops/crontab.txt 装上。')]);
    expect(h.done).toEqual(['已把备份 cron 从 02:00 改到 01:30']);
    expect(h.next).toEqual(['执行 crontab ops/crontab.txt 装上']);
  });

  it('chatter is dropped: small talk, a user\'s vague "later", acknowledgements, requests', () => {
    const h = extractHandoff([
      u('帮我把端口改成 9090。', 1),
      u('thanks. by the way is it going to rain tomorrow lol', 2),
      a('I cannot check the weather from here, sorry.', 3),
      u('剩下的明天弄。', 4),
      a('好的，标题已改。', 5),
      u('哈哈，今天效率挺高的，晚上吃火锅去。', 6),
    ]);
    expect(h).toEqual({ done: [], stuck: [], next: [], decisions: [], files: [] });
  });

  it('keeps the items within the handoff budget, open items and named things first', () => {
    const turns: Turn[] = [];
    for (let i = 0; i < 40; i++) turns.push(a(`Updated the handler number ${i} in module ${i} and the logs look fine afterwards, nothing else changed there.`, i + 1));
    turns.push(a('TODO: rotate the key in deploy/api.env before Friday.', 41));
    const h = extractHandoff(turns);
    const chars = [...h.done, ...h.stuck, ...h.next, ...h.decisions].reduce((s, x) => s + x.length + 3, 0);
    expect(chars).toBeLessThanOrEqual(HANDOFF_CHARS);
    expect(h.next).toEqual(['rotate the key in deploy/api.env before Friday']);
  });
});

describe('extractHandoff: what crowds out what', () => {
  it("an edit's setting keeps its own quota when sentences fill the done items", () => {
    const turns: Turn[] = [];
    for (let i = 0; i < 20; i++) turns.push({ role: 'assistant', text: `Checked worker ${i} in src/workers/w${i}.ts, it looks fine.`, line: i + 1 });
    turns.push({ role: 'tool', text: 'Edit', changes: ['config/ledger.yaml: max_open_conns: 40 (was 10)'], line: 21 });
    const h = extractHandoff(turns);
    expect(h.done.filter((d) => !d.startsWith('config/'))).toHaveLength(LIMITS.done);
    expect(h.done).toContain('config/ledger.yaml: max_open_conns: 40 (was 10)');
  });

  it('a duration written as one word (14m05s → 2m31s) is a named number', () => {
    const h = extractHandoff([{ role: 'assistant', text: '耗时 14m05s → 2m31s。', line: 1 }]);
    expect(h.done).toEqual(['耗时 14m05s → 2m31s']);
  });

  it('a shorter item gives way to a longer one only when the longer one is kept', () => {
    // The measurement line says the same numbers but is refused (its value is said already):
    // the sentence it would have replaced must stay.
    const h = extractHandoff([
      { role: 'assistant', text: '一致：两个引擎 trades 18391 完全相同。', line: 1 },
      { role: 'assistant', text: '耗时 14m05s → 2m31s。', line: 2 },
      { role: 'tool', text: '', changes: ['[done] 2m31s trades=18391 (was 14m05s)'], line: 3 },
    ]);
    expect(h.done.join('\n')).toContain('2m31s');
  });
});

describe('extractHandoff: cues and names of everyday sessions', () => {
  const a = (text: string, line = 1): Turn => ({ role: 'assistant', text, line });
  const u = (text: string, line = 1): Turn => ({ role: 'user', text, line });

  it('a step put off ("still on the list but not today", "12 月初再删") is a next step', () => {
    expect(extractHandoff([u('sweet. OPML import is still on the list but not today.')]).next).toEqual(['OPML import is still on the list but not today']);
    expect(extractHandoff([a('好的，12 月初再删 /srv/photos/_dupes。')]).next).toEqual(['12 月初再删 /srv/photos/_dupes']);
  });

  it('a check before publishing, and a thing left untouched this time, are open items', () => {
    expect(extractHandoff([u('数字那节的表，2019 年那几个数发之前要跟统计年鉴再核一遍。')]).next).toHaveLength(1);
    expect(extractHandoff([a('另外 TestReconcileMonthly 现在还是被 t.Skip 跳过的，这次没动它。')]).next).toHaveLength(1);
    expect(extractHandoff([a('We should re-run the import before we publish the report.')]).next).toHaveLength(1);
  });

  it('keeping something for now is a decision; 去掉了 is done', () => {
    expect(extractHandoff([u('老表 dw.orders 先别删，报表还指着它。')]).decisions).toEqual(['老表 dw.orders 先别删，报表还指着它']);
    expect(extractHandoff([a('6 个京东链接都去掉了，只保留型号文字。')]).done).toEqual(['6 个京东链接都去掉了，只保留型号文字']);
  });

  it("the agent that couldn't confirm a cause leaves a blocker; the user reporting that a named thing works is done", () => {
    expect(extractHandoff([a("It reads SCREEN_TEXTURE without a filter hint; could be the cause but I couldn't confirm without a repro on AMD.")]).stuck).toHaveLength(1);
    expect(extractHandoff([u('浏览器里点开了，能进主菜单，Safari 也OK 🎉')]).done).toEqual(['浏览器里点开了，能进主菜单，Safari 也OK 🎉']);
    expect(extractHandoff([u('浏览器里点开了，还是白屏')]).done).toEqual([]);
  });

  it('an answer naming none of what the question named carries the question', () => {
    const h = extractHandoff([
      a('Before I wire it: what should the limit key on — client IP, or the install id the app sends as X-Install-Id?', 1),
      u('install id. half our users sit behind the same carrier NAT', 2),
    ]);
    expect(h.decisions).toEqual(['what should the limit key on — client IP, or the install id the app sends as X-Install-Id? → install id. half our users sit behind the same carrier NAT']);
    const named = extractHandoff([a('用 Redis 还是 Postgres 存会话？', 1), u('Postgres，少一个组件', 2)]);
    expect(named.decisions).toEqual(['Postgres，少一个组件']);
  });

  it('one edit naming a key several times lists several things; a later edit sets it again', () => {
    const edit = (line: number, ...changes: string[]): Turn => ({ role: 'tool', text: 'write', line, changes });
    const h = extractHandoff([edit(1, 'drafts/x.md: title: 第一篇', 'drafts/x.md: title: 第二篇'), edit(2, 'a.yaml: port: 1'), edit(3, 'a.yaml: port: 2')]);
    expect(h.done).toEqual(['a.yaml: port: 2', 'drafts/x.md: title: 第一篇', 'drafts/x.md: title: 第二篇']);
  });

  it('deciding not to do something is a decision', () => {
    expect(extractHandoff([u('年费 88。上线日期别写，审核还没过。')]).decisions).toEqual(['上线日期别写，审核还没过']);
    expect(extractHandoff([u('加急审核就不申请了，1.8.3 走正常审核。')]).decisions).toEqual(['加急审核就不申请了，1.8.3 走正常审核']);
    expect(extractHandoff([u("Don't email the accountant about the new date, I'll tell her on Friday.")]).decisions).toHaveLength(1);
    expect(extractHandoff([u('特别写了一段 FAQ。')]).decisions).toEqual([]);
  });

  it('a number with thousands separators is a named number', () => {
    expect(extractHandoff([a('重新导出了，扣完退款 18,107.30，和结算对上了。')]).done).toEqual(['重新导出了，扣完退款 18,107.30，和结算对上了']);
  });

  it('a person named by surname and title is a named thing: the user\'s short plan to ask them is kept', () => {
    expect(extractHandoff([u('不用，我明天直接问陈老师。')]).next).toEqual(['不用，我明天直接问陈老师']);
    expect(extractHandoff([u('不用，我明天直接问一下。')]).next).toEqual([]);
  });
});

describe('imperative', () => {
  it('cuts lead-ins in both languages', () => {
    expect(imperative('接下来还需要把 nginx 的改动同步到预发环境')).toBe('把 nginx 的改动同步到预发环境');
    expect(imperative('We still need to wire the logout endpoint')).toBe('wire the logout endpoint');
    expect(imperative('For tomorrow: deploy v2.3.0 to production')).toBe('deploy v2.3.0 to production');
    expect(imperative('Remind me to ask Lena for a pull quote')).toBe('ask Lena for a pull quote');
  });
});
