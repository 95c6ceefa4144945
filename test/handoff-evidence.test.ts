/**
 * Where a handoff's specifics hide and how they are said, one kind of evidence per test, each in
 * the host's own transcript format: an edit that corrects prose, a setting only a command's output
 * shows, a key set three times, a key added to a config file, a sed substitution, the user's answer
 * to the agent's question, the user's pick among the agent's options, a list under a label, a step
 * put off to later, a result said without a change word, the agent saying what it is doing, and the
 * named things (tags, counted things, times of day).
 */
import { describe, expect, it } from 'vitest';
import { extractHandoff } from '../src/sessions/extract-handoff.js';
import { parseTranscript } from '../src/sessions/transcript.js';
import type { HandoffFields } from '../src/sessions/types.js';

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join('\n');
const handoff = (lines: object[]): HandoffFields => extractHandoff(parseTranscript(jsonl(lines), 'session.jsonl').turns);
const all = (h: HandoffFields) => Object.values(h).flat().join('\n');

// Claude Code: {"type":"user"|"assistant","message":{"role","content"}}
const cc = (role: 'user' | 'assistant', content: unknown) => ({ type: role, message: { role, content }, timestamp: '2026-11-02T10:00:00Z', cwd: '/home/dev/shop', sessionId: 's1' });
const ccTool = (name: string, input: object, id: string) => cc('assistant', [{ type: 'tool_use', id, name, input }]);
const ccResult = (id: string, content: string) => cc('user', [{ type: 'tool_result', tool_use_id: id, content }]);
// Codex rollout: {"type":"response_item","payload":{…}}
const cx = (payload: object) => ({ timestamp: '2026-11-02T10:00:00Z', type: 'response_item', payload });
const cxSay = (role: 'user' | 'assistant', text: string) => cx({ type: 'message', role, content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }] });
const cxPatch = (patch: string) => cx({ type: 'custom_tool_call', name: 'apply_patch', call_id: 'c1', input: `*** Begin Patch\n${patch}\n*** End Patch` });
const cxShell = (cmd: string, output: string) => [
  cx({ type: 'function_call', name: 'shell', call_id: 'c2', arguments: JSON.stringify({ command: ['bash', '-lc', cmd] }) }),
  cx({ type: 'function_call_output', call_id: 'c2', output: JSON.stringify({ output, metadata: { exit_code: 0 } }) }),
];
const cxMeta = { timestamp: '2026-11-02T10:00:00Z', type: 'session_meta', payload: { id: 'x', cwd: '/home/dev/gw', cli_version: '0.169.0' } };
// OpenClaw: {"type":"message","message":{"role","content"}}
const oc = (role: string, content: unknown) => ({ type: 'message', message: { role, content } });

describe('evidence in tool calls and tool output', () => {
  it('a prose edit (a corrected figure, a new heading) is a done item with its new text', () => {
    const h = handoff([
      oc('user', [{ type: 'text', text: '引用的那篇 HippoRAG 论文，年份你查一下' }]),
      oc('assistant', [{ type: 'toolCall', id: 't1', name: 'edit', arguments: { path: 'drafts/no-vector-db.md', oldText: 'HippoRAG（2023）', newText: 'HippoRAG（2024）' } }]),
      oc('toolResult', [{ type: 'text', text: 'Successfully replaced text in drafts/no-vector-db.md.' }]),
      oc('assistant', [{ type: 'toolCall', id: 't2', name: 'edit', arguments: { path: 'drafts/no-vector-db.md', oldText: '# 旧标题', newText: '# 按意思搜不顶事，死抠字面才出结果' } }]),
    ]);
    expect(h.done).toContain('drafts/no-vector-db.md: HippoRAG（2024） (was HippoRAG（2023）)');
    expect(all(h)).toContain('按意思搜不顶事，死抠字面才出结果');
    // a code edit is not prose
    const code = handoff([ccTool('Edit', { file_path: '/home/dev/shop/src/app.ts', old_string: 'app.use(express.json());', new_string: 'app.use(express.raw());' }, 'e1')]);
    expect(all(code)).not.toContain('express.raw');
  });

  it('a setting only a command printed (`KEY=value`, one or two lines) is kept; longer output is not read', () => {
    const h = handoff([
      cxMeta,
      cxSay('user', 'hermes 的定时任务从 crontab 迁到 systemd timer'),
      ...cxShell('grep OnCalendar ~/.config/systemd/user/hermes-backup.timer', 'OnCalendar=*-*-* 00/4:00:00'),
      ...cxShell('cat .env', 'NODE_ENV=staging\nPORT=3300\nWX_APPID=wx9a1c77e0d3b2f401'),
      cxSay('assistant', '5 个 timer 都启用了。'),
    ]);
    expect(h.done).toContain('OnCalendar=*-*-* 00/4:00:00');
    expect(all(h)).not.toContain('PORT=3300');
  });

  it('a key added to a config file is a setting; a key set three times hands off only its last value, also when a patch hunk drops its section', () => {
    const h = handoff([
      cxMeta,
      cxSay('user', 'Add a per-IP limiter.'),
      cxPatch('*** Update File: config/gateway.yaml\n@@\n-ratelimit:\n-  enabled: false\n+ratelimit:\n+  enabled: true\n+  per_ip_rps: 100\n+  burst: 200'),
      cxSay('user', 'Go down to 50.'),
      cxPatch('*** Update File: config/gateway.yaml\n@@\n-per_ip_rps: 100\n+per_ip_rps: 50'),
      cxSay('user', 'Make it 80.'),
      cxPatch('*** Update File: config/gateway.yaml\n@@\n-per_ip_rps: 50\n+per_ip_rps: 80'),
    ]);
    expect(h.done).toContain('config/gateway.yaml: ratelimit.burst: 200');
    expect(h.done).toContain('config/gateway.yaml: per_ip_rps: 80 (was 50)');
    expect(all(h)).not.toMatch(/per_ip_rps: (?:100|50)\b(?! \(was)|per_ip_rps: 50 \(was 100\)/);
  });

  it('a sed substitution in place or piped back into the crontab is an edit; one that refers back to the match is not', () => {
    const h = handoff([
      cxMeta,
      cxSay('user', 'php-fpm 不够用，顺便把定时任务挪到 15:40'),
      ...cxShell("sed -i 's/^pm.max_children = 5/pm.max_children = 20/' /home/dev/gw/php/www.conf && systemctl reload php-fpm", ''),
      ...cxShell('crontab -l | sed "s/^30 16 \\* \\* 1-5/40 15 * * 1-5/" | crontab - && crontab -l', '40 15 * * 1-5 /home/dev/gw/bin/report'),
      ...cxShell('crontab -l | sed "s/^0 18 \\(.*\\)/0 21 \\1/" | crontab -', ''),
    ]);
    expect(h.done).toContain('php/www.conf: pm.max_children = 20 (was 5)');
    expect(h.done).toContain('crontab: 40 15 * * 1-5 (was 30 16 * * 1-5)');
    expect(all(h)).not.toContain('0 21');
  });

  it('a short new value is kept with its key even when a sentence says the number in other words', () => {
    const h = handoff([
      cxMeta,
      cxSay('user', '慢均线参数默认 20 改成 30 看看'),
      // a key added to a config file is a setting; a trailing comment is not part of its value
      cxPatch('*** Update File: config.toml\n@@\n-ma_slow = 20\n+ma_slow = 30\n+engine = "vectorized"  # loop for the rest'),
    ]);
    expect(h.done).toContain('config.toml: ma_slow = 30 (was 20)');
    expect(h.done).toContain('config.toml: engine = "vectorized"');
  });
});

describe('values read from the structure of tool calls and output', () => {
  it('an edit that changed only values on a line keeps the new line: a flag, a call argument, a one-line value file', () => {
    const h = handoff([
      ccTool('Edit', { file_path: '/home/dev/shop/deploy/app.service', old_string: '--port 8100 --workers 4', new_string: '--port 8090 --workers 2' }, 'e1'),
      ccTool('Edit', { file_path: '/home/dev/shop/internal/resolve.go', old_string: 'cache := lru.New[string, string](10000)', new_string: 'cache := lru.New[string, string](50000)' }, 'e2'),
      ccTool('Edit', { file_path: '/home/dev/shop/.nvmrc', old_string: '18.20.4', new_string: '22.11.0' }, 'e3'),
      // words changed too: not a value change
      ccTool('Edit', { file_path: '/home/dev/shop/src/a.ts', old_string: 'retry(3)', new_string: 'backoff(5)' }, 'e4'),
      cc('assistant', 'Done with the service and cache edits.'),
    ]);
    expect(h.done).toContain('deploy/app.service: --port 8090 --workers 2 (was 8100, 4)');
    expect(h.done).toContain('internal/resolve.go: cache := lru.New[string, string](50000) (was 10000)');
    expect(h.done).toContain('.nvmrc: 22.11.0 (was 18.20.4)');
    expect(all(h)).not.toContain('backoff(5)');
  });

  it('a file written whole gives its value, its title or its numbered settings', () => {
    const h = handoff([
      ccTool('Write', { file_path: '/home/dev/shop/systemd/clean.timer', content: '[Timer]\nOnCalendar=Sun 03:00\nPersistent=true\n' }, 'w1'),
      ccTool('Write', { file_path: '/home/dev/shop/src/big.ts', content: 'export const LIMIT = 5;\n' }, 'w3'),
    ]);
    const oh = handoff([oc('assistant', [{ type: 'toolCall', id: 'w2', name: 'write', arguments: { path: 'talks/outline.md', content: '# Memory is a writing problem\n## 三个智能体的记忆改造\n' } }])]);
    const codex = handoff([cxMeta, cxPatch('*** Add File: .python-version\n+3.12.4')]);
    const text = [all(h), all(oh), all(codex)].join('\n');
    expect(text).toContain('OnCalendar=Sun 03:00');
    expect(text).not.toContain('Persistent'); // a setting with no number in it
    expect(text).toContain('talks/outline.md: title: Memory is a writing problem');
    expect(text).toContain('.python-version: 3.12.4');
    expect(text).not.toContain('LIMIT'); // code written whole is not read
  });

  it('a version a short output shows is kept; HTTP headers and long output are not read', () => {
    const h = handoff([
      ccTool('Bash', { command: 'hugo version' }, 'b1'),
      ccResult('b1', 'hugo v0.139.0+extended linux/amd64'),
      ccTool('Bash', { command: 'curl -s localhost:7420/healthz' }, 'b2'),
      ccResult('b2', '{"status":"ok","version":"0.4.0"}'),
      ccTool('Bash', { command: 'curl -sI localhost:8060' }, 'b3'),
      ccResult('b3', 'HTTP/1.0 200 OK\nServer: SimpleHTTP/0.6 Python/3.12.6\nContent-type: text/html'),
      cc('assistant', 'Deploy checked.'),
    ]);
    const text = all(h);
    expect(text).toContain('hugo v0.139.0+extended');
    expect(text).toContain('version: 0.4.0');
    expect(text).not.toContain('3.12.6');
  });

  it('keys with a slash and quoted key-value pairs are settings', () => {
    const h = handoff([
      ccTool('Edit', { file_path: '/home/dev/game/export_presets.cfg', old_string: 'variant/thread_support=true', new_string: 'variant/thread_support=false' }, 'e1'),
      ccTool('Bash', { command: `sed -i 's/"SetLive" ".*"/"SetLive" "beta-1105"/' scripts/app_build.vdf` }, 'b1'),
      cc('assistant', 'Exported again; tell the testers about beta-1105.'),
    ]);
    const text = all(h);
    expect(text).toContain('export_presets.cfg: variant/thread_support=false (was true)');
    expect(text).toContain('scripts/app_build.vdf: SetLive "beta-1105"');
  });

  it('one or two `KEY=value` lines in a short output are kept beside other lines', () => {
    const h = handoff([cxMeta, ...cxShell('grep LOCAL_REPO restic/backup.env; ls /mnt/backup2/restic', 'LOCAL_REPO=/mnt/backup2/restic\nconfig\ndata\nindex'), cxSay('assistant', '本地仓库挪好了。')]);
    expect(h.done).toContain('LOCAL_REPO=/mnt/backup2/restic');
  });

  it('a setting whose value a sentence says of something else is still kept with its key', () => {
    const h = handoff([
      ccTool('Edit', { file_path: '/home/dev/game/build.vdf', old_string: 'SetLive=beta-1104', new_string: 'SetLive=beta-1105' }, 'e1'),
      cc('assistant', 'Noted: announce beta-1105 to testers on Discord.'),
    ]);
    expect(all(h)).toContain('SetLive=beta-1105');
  });

  it('a line an edit turned into a comment is kept as commented out; a line turned back, as uncommented', () => {
    const h = handoff([
      cxMeta,
      cxPatch('*** Update File: .github/workflows/export.yml\n@@\n-  export-mac:\n+  # export-mac: disabled until Apple Developer ID decided'),
      cxPatch('*** Update File: ops/crontab.txt\n@@\n-# 0 3 * * 0 /home/dev/bin/clean.sh\n+0 3 * * 0 /home/dev/bin/clean.sh'),
      cxSay('assistant', '已注释。'),
    ]);
    expect(h.done).toContain('.github/workflows/export.yml: commented out export-mac: disabled until Apple Developer ID decided');
    expect(h.done).toContain('ops/crontab.txt: uncommented 0 3 * * 0 /home/dev/bin/clean.sh');
  });

  it('a file a tool says it saved is one of the files the session worked on', () => {
    const h = handoff([
      cc('user', 'bake the harbor lightmaps'),
      ccTool('Bash', { command: 'godot --headless --script tools/bake.gd' }, 'b1'),
      ccResult('b1', 'Baking lightmaps…\nSaved res://scenes/harbor.lmbake (23.4 MB)\nDone.'),
      cc('assistant', 'Baked.'),
    ]);
    expect(h.files).toContain('res://scenes/harbor.lmbake');
  });

  it("a test run's summary line is kept, the last run's only", () => {
    const h = handoff([
      cxMeta,
      ...cxShell('cargo test -q 2>&1 | tail -2', 'running 30 tests\ntest result: FAILED. 29 passed; 1 failed; 0 ignored'),
      ...cxShell('cargo test -q 2>&1 | tail -2', 'running 31 tests\ntest result: ok. 31 passed; 0 failed; 0 ignored'),
      cxSay('assistant', 'Plural table fixed for ru.'),
    ]);
    expect(h.done).toContain('tests 31 passed, 0 failed');
    expect(all(h)).not.toContain('29 passed');
    // a count of failures that names no test is not a test run
    const links = handoff([cxMeta, ...cxShell('linkcheck --all', 'checked 1432 links: 23 failed'), cxSay('assistant', 'Report written.')]);
    expect(all(links)).not.toContain('tests 23 failed');
  });

  it('a measurement taken again after a change keeps its new value and the old one', () => {
    const h = handoff([
      cxMeta,
      ...cxShell("docker stats --no-stream --format '{{.Name}} {{.MemUsage}}'", 'tidesave-app-1 382MiB / 3.72GiB\ntidesave-db-1 61MiB / 3.72GiB'),
      cxSay('assistant', 'Setting cache_mb = 64 in tidesave.toml.'),
      ...cxShell("docker stats --no-stream --format '{{.Name}} {{.MemUsage}}'", 'tidesave-app-1 141MiB / 3.72GiB\ntidesave-db-1 61MiB / 3.72GiB'),
      ...cxShell('date', 'Mon Nov 10 20:00:01 CST 2026'),
      ...cxShell('date', 'Mon Nov 10 20:05:09 CST 2026'),
    ]);
    expect(h.done).toContain('tidesave-app-1 141MiB / 3.72GiB (was 382)');
    expect(all(h)).not.toContain('20:05:09'); // clock times are not measurements
  });
});

describe('how done, next and decisions are said', () => {
  it("the user's answer to the agent's question is a decision", () => {
    const h = handoff([
      cc('assistant', '找到 1284 个重复文件（611 组），占 9.7 GiB。每组保留哪张？'),
      cc('user', '保留分辨率最高的那张，一样的话保留 NAS 上已有的'),
    ]);
    expect(h.decisions).toEqual(['保留分辨率最高的那张，一样的话保留 NAS 上已有的']);
    // a bare reply says nothing without its question
    expect(handoff([cc('assistant', '要不要我顺便把日志也清了？'), cc('user', '不用了，先这样')]).decisions).toEqual([]);
  });

  it("the agent's options are not decisions; the user's pick among them is, with the option it names", () => {
    const h = handoff([
      oc('user', [{ type: 'text', text: '新稿子先起个题' }]),
      oc('assistant', [{ type: 'text', text: '备选：\n1.《我拆掉了向量数据库》\n2.《记忆系统不需要向量库》\n3.《按意思搜不顶事，死抠字面才出结果》' }]),
      oc('user', [{ type: 'text', text: '先用 2，后面再看' }]),
      oc('assistant', [{ type: 'text', text: '大纲已写入 drafts/no-vector-db.md，五节。' }]),
      oc('user', [{ type: 'text', text: '标题还是换成 3 吧，更有我的味道' }]),
    ]);
    expect(h.decisions).toEqual(['换成 3：《按意思搜不顶事，死抠字面才出结果》']);
    expect(all(h)).not.toContain('我拆掉了向量数据库');
    const en = handoff([cc('assistant', 'Options:\n- "Why Agents Forget"\n- "Memory Is a Writing Problem"'), cc('user', "let's go with the second")]);
    expect(en.decisions).toEqual(['go with the second："Memory Is a Writing Problem"']);
  });

  it('a list under a label on its own ("待办：") goes where the label says, whatever cue its items carry', () => {
    const h = handoff([cc('assistant', '明白，生产不动。待办：\n1. 22 点后把 raw body 修复发到生产\n2. 平台证书自动轮换（每 12 小时拉 /v3/certificates）')]);
    expect(h.next).toEqual(['22 点后把 raw body 修复发到生产', '平台证书自动轮换（每 12 小时拉 /v3/certificates）']);
    expect(h.done).toEqual([]);
  });

  it('"记下：X" is a step for later', () => {
    const h = handoff([cc('user', '嗯。模板 ID 还没申请下来，等审核'), cc('assistant', '记下：订阅消息模板审核通过后，接入"下单成功"通知。')]);
    expect(h.next).toContain('订阅消息模板审核通过后，接入"下单成功"通知');
  });

  it('a step put off to later ("some other day", "later", "还没…") is a next item', () => {
    const h = handoff([
      cxMeta,
      cxSay('assistant', 'Startup is now 0.21s.'),
      cxSay('user', 'pyenv init is probably next, do it some other day'),
      cxSay('user', "Make it 80 and we'll handle the office NAT with an allowlist later."),
    ]);
    expect(h.next).toEqual(expect.arrayContaining(['pyenv init is probably next, do it some other day', "Make it 80 and we'll handle the office NAT with an allowlist later"]));
    const zh = handoff([cc('user', '下单成功通知要用订阅消息，模板 ID 还没申请下来，等审核')]);
    expect(zh.next).toEqual(['下单成功通知要用订阅消息，模板 ID 还没申请下来，等审核']);
  });

  it('a result said without a change word ("全部验签通过", "all 24 packages pass") is done and closes the blocker', () => {
    const h = handoff([
      cc('user', '支付回调验签还是失败，预发环境 20 笔测试单全部卡住'),
      cc('assistant', '20 笔回调全部验签通过，订单状态都变成"已支付"了。'),
    ]);
    expect(h.done).toEqual(['20 笔回调全部验签通过，订单状态都变成"已支付"了']);
    expect(h.stuck).toEqual([]);
    const en = handoff([cxMeta, cxSay('assistant', 'per_ip_rps 80: scraper 81% rejected, all 24 packages pass.')]);
    expect(en.done).toEqual(['per_ip_rps 80: scraper 81% rejected, all 24 packages pass']);
    expect(en.stuck).toEqual([]);
    // a name with a resolving word in it does not resolve anything
    expect(handoff([cc('assistant', '启动失败：scripts/clean-downloads.sh 没有执行权限。')]).stuck).toHaveLength(1);
  });

  it('the agent saying what it is doing ("Switching nvm to lazy loading.") is done; a suggestion is not', () => {
    const h = handoff([cxMeta, cxSay('assistant', 'Switching nvm to lazy loading.'), cxSay('assistant', 'Adding a cache would be cleaner than that.')]);
    expect(h.done).toEqual(['Switching nvm to lazy loading']);
  });
  it("the user agreeing to the agent's recommendation makes it a decision", () => {
    const h = handoff([
      cxMeta,
      cxSay('user', '小周说 steam 上别的游戏都是 -14，你看呢'),
      cxSay('assistant', '那是流媒体标准。游戏里还有音效叠加，我建议 -16 LUFS，真嫌小玩家能调音量。'),
      cxSay('user', '行，-16'),
    ]);
    expect(h.decisions).toEqual(['-16 LUFS，真嫌小玩家能调音量']);
  });

  it('a step that names nothing ("do that next time") takes its object from the sentence before', () => {
    const h = handoff([
      cxMeta,
      cxSay('user', 'ship it as 0.3.1'),
      cxSay('assistant', 'Right, the zh-Hant row is missing from src/plurals.rs; noted for next time.'),
    ]);
    expect(h.next.join('\n')).toContain('src/plurals.rs');
  });

  it('a sentence opening with a decimal keeps its number ("11.2 MiB/s" is not a list item "11.")', () => {
    const h = handoff([cxMeta, cxSay('assistant', '11.2 MiB/s，快了三倍多。')]);
    expect(all(h)).toContain('11.2 MiB/s');
  });

});

describe('named things', () => {
  it('tags, counted things (20 笔) and a time of day ahead (明天早上) are named things a user item keeps', () => {
    const h = handoff([
      oc('user', [{ type: 'text', text: '话题用 #NAS #旧物改造 #数码' }]),
      oc('assistant', [{ type: 'text', text: '已保存 drafts/xhs.md。' }]),
      oc('user', [{ type: 'text', text: '好 明天早上我自己发' }]),
    ]);
    expect(all(h)).toContain('#旧物改造');
    expect(h.next).toEqual(['好 明天早上我自己发']);
  });
  it('a bare number of five digits or more (an id, an error code) is a named thing', () => {
    const h = handoff([oc('user', [{ type: 'text', text: 'final demo build went up last night, BuildID 16234567, set on the demo branch' }])]);
    expect(all(h)).toContain('16234567');
  });
  it("a string in single quotes ('web-en') is a named thing a user's statement keeps", () => {
    const h = handoff([cxMeta, cxSay('user', "done, double opt-in is on. I also tagged new signups 'web-en'")]);
    expect(all(h)).toContain('web-en');
  });
});
