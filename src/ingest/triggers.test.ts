import { describe, expect, it } from 'vitest';
import { detectTrigger } from './detect.js';
import type { Trigger } from './types.js';

const user = (text: string) => ({ role: 'user', text });
const assistant = (text: string) => ({ role: 'assistant', text });

describe('detectTrigger: the six triggers', () => {
  const cases: [string, { role: string; text: string }, Trigger][] = [
    ['a result the assistant reports', assistant('部署完成，v1.4.2 已上线到 prod，冒烟测试通过。'), 'task-result'],
    ['a result in English', assistant('Merged the search filters PR (#151) and released v0.5.0.'), 'task-result'],
    ['a lesson', assistant('踩了个坑：cron 里的 PATH 不包含 /usr/local/bin，导致 node 找不到。以后脚本里写绝对路径。'), 'lesson'],
    ['a lesson in English', assistant('Root cause: the runner is in UTC and the test used local time. Pin TZ in tests.'), 'lesson'],
    ['a config change', assistant('已将 nginx 的端口从 8080 改为 9090，并 reload。'), 'config-change'],
    ['a config change in English', assistant('Moved the log-rotate job from 02:00 to 01:30; crontab updated.'), 'config-change'],
    ['a decision', user('以后公众号的稿子统一用 openclaw 定稿。'), 'decision'],
    ['a decision in English', user("Let's go with Hono instead of Express for the new API."), 'decision'],
    ['an inventory change', assistant('新增了一个 skill：wechat-publish，用来推送公众号草稿。'), 'inventory-change'],
    ['an inventory change in English', assistant('Decommissioned the staging-old droplet and its floating IP.'), 'inventory-change'],
    ['an agent exchange', assistant('已把排版任务交给 openclaw，它说今晚前给初稿。'), 'agent-exchange'],
    ['an agent exchange in English', assistant('Asked hermes to rotate the staging password; hermes confirmed it is done.'), 'agent-exchange'],
  ];
  it.each(cases)('%s', (_name, turn, want) => {
    const d = detectTrigger(turn);
    expect(d.trigger).toBe(want);
    expect(d.correction).toBe(false);
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.confidence).toBeLessThanOrEqual(1);
    expect(d.cues.length).toBeGreaterThan(0);
  });
});

describe('detectTrigger: what is not kept', () => {
  const nulls: [string, { role: string; text: string }][] = [
    ['a greeting', user('早上好！')],
    ['thanks', user('thanks!')],
    ['chit-chat', user('今天天气真不错，适合出去走走')],
    ['tool output', { role: 'tool', text: 'deployed v1.4.2 to prod: ok' }],
    ['a question', user('端口现在是多少？')],
    ['a question about config', user('Is the cert auto-renewal actually enabled?')],
    ['a plan', assistant('我先看看日志。')],
    ['a plan in English', assistant("I'll try restarting the container to see if it reconnects.")],
    ['a trivial past-tense edit', assistant('顺手把 README 里的一个错别字改了。')],
    ['"decided" inside a quote', user('文章里写“公司决定裁员 10%”，这个数据来源靠谱吗')],
    ['a suggestion, not a decision', assistant('You could set the TTL to 300 if you want faster DNS changes.')],
    ['a negated result', assistant('还没修好，报错从 500 变成了 502，继续查。')],
    ['a user request not yet done', user('后端端口改一下，8080 跟别的服务冲突了')],
    [
      'a long pasted log',
      user(
        Array.from({ length: 14 }, (_, i) => `2026-11-28 09:${String(10 + i).padStart(2, '0')}:01 INFO worker ${i} deployed ok, port 9090`).join('\n'),
      ),
    ],
  ];
  it.each(nulls)('%s', (_name, turn) => {
    const d = detectTrigger(turn);
    expect(d.trigger).toBeNull();
    expect(d.correction).toBe(false);
  });
});

describe('detectTrigger: corrections', () => {
  const corrections: [string, string][] = [
    ['不对，端口是9090', 'config-change'],
    ["no, it's 9090 now", 'config-change'],
    ['记错了，应该是 /srv/www，不是 /var/www/html', 'config-change'],
    ['actually the path is /etc/nginx/conf.d/blog.conf', 'config-change'],
    ['对了，记错了，家里 NAS 的 IP 是 192.168.1.20，不是 .10', 'config-change'],
  ];
  it.each(corrections)('%s', (text, want) => {
    const d = detectTrigger(user(text), assistant('记录里写的是 8080 和 /var/www/html。'));
    expect(d.correction).toBe(true);
    expect(d.trigger).toBe(want);
  });

  it('feedback on an attempt is not a correction of a fact', () => {
    expect(detectTrigger(user('不对，再试一次')).correction).toBe(false);
    expect(detectTrigger(user('不是这个意思，我是说标题要短一点')).correction).toBe(false);
    expect(detectTrigger(user('不对劲，网页打不开了')).correction).toBe(false);
    expect(detectTrigger(user("no, archive both of them, they're dead")).correction).toBe(false);
  });

  it('an assistant does not correct the user', () => {
    expect(detectTrigger(assistant('不对，端口是9090')).correction).toBe(false);
  });
});

describe('detectTrigger: context and determinism', () => {
  it('a short choice after the assistant offered options is a decision', () => {
    const prev = assistant('两个都能用。Tailscale 配置更省事，ZeroTier 更灵活。你更在意哪一点？');
    expect(detectTrigger(user('就用 Tailscale 吧，省事'), prev).trigger).toBe('decision');
  });

  it('a decision stated in so many words stays a decision with a request in the same breath', () => {
    expect(detectTrigger(user('我们决定把备份从每天一次改成每6小时一次，帮我改一下 cron。')).trigger).toBe('decision');
  });

  it('the same turn gives the same answer', () => {
    const t = assistant('已把默认端口从 8080 改为 9090，docker-compose.yml 同步改了。');
    expect(detectTrigger(t)).toEqual(detectTrigger(t));
  });

  it('empty and odd input is nothing, not an error', () => {
    expect(detectTrigger(user('')).trigger).toBeNull();
    expect(detectTrigger({ role: 'system', text: 'You are hermes.' }).trigger).toBeNull();
    expect(detectTrigger(user('   \n  ')).trigger).toBeNull();
  });
});
