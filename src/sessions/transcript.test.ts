import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OptmemError } from '../core/errors.js';
import { addedLines, applySummary, commandFacts, commitLines, ddlStatements, parseTranscript, readTranscript, remeasured, settingChanges, writtenFacts } from './transcript.js';

const FIX = path.resolve(__dirname, '../../test/fixtures/transcripts');

describe('readTranscript', () => {
  it('reads a Claude Code session: text turns, tool calls with their files, no tool output, no host chatter', () => {
    const r = readTranscript(path.join(FIX, 'claude-code-zh.jsonl'));
    expect(r.format).toBe('claude-code');
    const roles = r.turns.map((t) => t.role);
    expect(roles[0]).toBe('user');
    expect(r.turns[0]).toMatchObject({ text: '后端端口要从8080改成9090，顺便把 nginx 的配置也改掉。', time: '2026-11-28T09:00:05.000Z', line: 3 });
    expect(r.turns.some((t) => t.text.includes('command-name'))).toBe(false);
    expect(r.turns.some((t) => t.text.includes('xxxxxxxx'))).toBe(false); // the tool result's pasted output
    const files = r.turns.flatMap((t) => t.files ?? []);
    // inside the session's cwd: relative; outside it: as written; a search root is not a file
    expect(files).toEqual(['config/server.yaml', 'config/server.yaml', '/etc/nginx/conf.d/shop.conf', 'test/helpers/port.ts']);
  });

  it('reports a torn line with file:line and still reads the rest', () => {
    const file = path.join(FIX, 'claude-code-zh.jsonl');
    const r = readTranscript(file);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ file, line: 16 });
    expect(r.turns.at(-1)!.text).toContain('下一步');
  });

  it('reads plain JSONL {time, role, content}: a bad line is a problem, a tool line keeps only its files', () => {
    const r = readTranscript(path.join(FIX, 'plain.jsonl'));
    expect(r.format).toBe('jsonl');
    expect(r.problems.map((p) => p.line)).toEqual([4]);
    expect(r.turns.find((t) => t.role === 'tool' && t.files?.includes('drafts/memory-article.md'))?.text).toBe('');
    expect(r.turns.at(-1)).toMatchObject({ role: 'user', time: '2026-11-29T08:03:00+08:00', line: 6 });
  });

  it('reads a Codex CLI rollout: messages and apply_patch files, not the environment block or event echoes', () => {
    const r = readTranscript(path.join(FIX, 'codex-rollout.jsonl'));
    expect(r.turns.map((t) => t.role)).toEqual(['user', 'tool', 'assistant']);
    expect(r.turns[1]!.files).toEqual(['src/output.rs']);
  });

  it('takes a Codex session\'s folder from session_meta, so absolute file paths in patches become relative', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-codex-'));
    const file = path.join(dir, 'rollout.jsonl');
    const patch = { input: '*** Begin Patch\n*** Update File: /home/dev/cli-tool/src/main.rs\n@@\n-a\n+b\n*** End Patch' };
    fs.writeFileSync(
      file,
      [
        { timestamp: '2026-11-30T01:59:32.252Z', type: 'session_meta', payload: { id: 's1', cwd: '/home/dev/cli-tool', cli_version: '0.169.0' } },
        { timestamp: '2026-11-30T01:59:33.000Z', type: 'response_item', payload: { type: 'custom_tool_call', name: 'apply_patch', input: patch.input } },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    expect(readTranscript(file).turns[0]!.files).toEqual(['src/main.rs']);
  });

  it('reads an OpenClaw session: messages and tool calls, not the metadata lines, heartbeats or tool results', () => {
    const r = readTranscript(path.resolve(__dirname, '../../test/fixtures/ingest/openclaw/agents/main/sessions/b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e.jsonl'));
    expect(r.problems).toEqual([]);
    expect(r.turns[0]).toMatchObject({ role: 'user', text: '公众号这篇稿子就定在周五早上8点发布，我决定了。' });
    expect(r.turns.map((t) => t.role)).toContain('tool');
    const text = r.turns.map((t) => t.text).join('\n');
    expect(text).not.toContain('HEARTBEAT');
    expect(text).not.toContain('request handled'); // the tool result
  });

  it('an edit\'s changed settings: nested YAML keys, TOML tables, patches, nginx directives; code is not a setting', () => {
    expect(settingChanges({ file_path: '/home/dev/shop/config/default.yaml', old_string: 'redis:\n  pool:\n    max: 10', new_string: 'redis:\n  pool:\n    max: 50' }, '/home/dev/shop')).toEqual([
      'config/default.yaml: redis.pool.max: 50 (was 10)',
    ]);
    const patch = '*** Begin Patch\n*** Update File: nginx/sites/app.conf\n@@\n-    client_max_body_size 1m;\n+    client_max_body_size 20m;\n*** Update File: config/default.toml\n@@\n+[cache]\n+max_entries = 5000\n*** Update File: src/cache.rs\n@@\n-    entries: HashMap<PathBuf, Vec<u8>>,\n+    entries: LruCache<PathBuf, Vec<u8>>,\n*** End Patch';
    expect(settingChanges({ input: patch })).toEqual(['nginx/sites/app.conf: client_max_body_size 20m (was 1m)', 'config/default.toml: cache.max_entries = 5000']);
    expect(settingChanges({ path: 'flow.yaml', oldText: 'schedule: "0 23 * * *"', newText: 'schedule: "30 22 * * *"' })).toEqual(['flow.yaml: schedule: "30 22 * * *" (was "0 23 * * *")']);
    expect(settingChanges({ file_path: 'a.ts', old_string: 'const x = f(1);', new_string: 'const x = f(2);' })).toEqual([]);
    expect(settingChanges({ file_path: 'deploy/api.env', old_string: 'RATE_LIMIT_RPS=50', new_string: 'RATE_LIMIT_RPS=200' })).toEqual(['deploy/api.env: RATE_LIMIT_RPS=200 (was 50)']);
  });

  it('a command\'s installed versions and branches', () => {
    expect(commandFacts({ command: ['bash', '-lc', 'pip install resend==2.4.0 -q && npm i -D vite@8.3.8 && git push -q origin ci-speedup'] })).toEqual([
      'installed vite@8.3.8',
      'installed resend==2.4.0',
      'branch ci-speedup',
    ]);
    expect(commandFacts({ command: 'git checkout -b feat/auth && git push origin main' })).toEqual(['branch feat/auth']);
    expect(commandFacts({ command: 'npm test' })).toEqual([]);
  });

  it('a file a command moved, and a container it started with its image and published ports', () => {
    expect(commandFacts({ command: 'git mv bot.py rss_bot/main.py && pytest -q' })).toEqual(['moved bot.py → rss_bot/main.py']);
    expect(commandFacts({ command: 'mv -f *.log /tmp' })).toEqual([]);
    expect(commandFacts({ command: ['bash', '-lc', 'docker rm -f meili; docker run -d --name meili -p 7701:7700 -e MEILI_MASTER_KEY=$K -v meili_data:/meili_data getmeili/meilisearch:v1.12.8'] })).toEqual([
      'container meili: getmeili/meilisearch:v1.12.8, -p 7701:7700',
    ]);
    expect(commandFacts({ command: 'docker run --rm alpine echo hi' })).toEqual([]);
    expect(commandFacts({ command: 'npx wrangler deploy --env staging && curl -s https://x/health' })).toEqual(['deployed wrangler deploy --env staging']);
  });

  it('a key=value pair changed inside a directive line, and an infrastructure run\'s summary', () => {
    const patch = '*** Begin Patch\n*** Update File: conf/limit.conf\n@@\n-    limit_req zone=api burst=50;\n+    limit_req zone=api burst=20 nodelay;\n*** End Patch';
    expect(settingChanges({ input: patch })).toEqual(['conf/limit.conf: limit_req burst=20 (was 50)']);
    expect(applySummary('Plan: 3 to add, 7 to change, 0 to destroy.\n...\nApply complete! Resources: 3 added, 7 changed, 0 destroyed.\n')).toEqual([
      'Apply complete! Resources: 3 added, 7 changed, 0 destroyed',
    ]);
    expect(applySummary('3 added to the cart')).toEqual([]);
  });

  it('lines an edit only added to a list-like file; not to code, not when it removed a line', () => {
    const patch = '*** Begin Patch\n*** Update File: backup/design-filter.txt\n@@\n - **/.DS_Store\n+- **/Cache/**\n + **\n*** End Patch';
    expect(addedLines({ input: patch }).map((a) => a.text)).toEqual(['backup/design-filter.txt: added - **/Cache/**']);
    expect(addedLines({ file_path: 'src/app.ts', old_string: 'a();', new_string: 'a();\nb();' })).toEqual([]);
    expect(addedLines({ file_path: '.gitignore', old_string: 'dist/', new_string: 'build/' })).toEqual([]);
  });

  it('schema statements of SQL a file holds, and the title lines of a draft of several posts', () => {
    expect(ddlStatements('-- +goose Up\nCREATE INDEX CONCURRENTLY IF NOT EXISTS idx_checkins_user_day ON checkins (user_id, day DESC);\n-- +goose Down\nDROP INDEX idx_checkins_user_day;')).toEqual([
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS idx_checkins_user_day ON checkins (user_id, day DESC)',
    ]);
    expect(ddlStatements('ALTER TABLE users ADD COLUMN tz text;')).toEqual(['ALTER TABLE users ADD COLUMN tz text']);
    expect(writtenFacts({ file_path: '/w/migrations/0033.sql', content: 'CREATE TABLE IF NOT EXISTS streaks (id bigint);' }, '/w')).toEqual(['migrations/0033.sql: CREATE TABLE IF NOT EXISTS streaks']);
    expect(writtenFacts({ path: '/w/drafts/xhs.md', content: '发布：11/10\n\n## 第 1 篇\n标题：2027 手帐上新｜一年只做一本\n正文：…\n## 第 2 篇\n标题：打卡控必备\n' }, '/w')).toEqual([
      'drafts/xhs.md: title: 2027 手帐上新｜一年只做一本',
      'drafts/xhs.md: title: 打卡控必备',
    ]);
  });

  it('a TOML array of tables and an inline table of plain values; a key under another table is not the same setting', () => {
    const edit = { file_path: 'wrangler.toml', old_string: 'name = "x"', new_string: '[[ratelimits]]\nname = "LIMITER"\nsimple = { limit = 10, period = 60 }\n\n[env.staging]\nname = "x"' };
    expect(settingChanges(edit)).toEqual(['wrangler.toml: ratelimits.name = "LIMITER"', 'wrangler.toml: ratelimits.simple = { limit = 10, period = 60 }']);
    expect(settingChanges({ file_path: 'config.yaml', old_string: '  auth: cert', new_string: 'apns:\n  auth: token' })).toEqual(['config.yaml: apns.auth: token (was cert)']);
  });

  it('a commit git reports making', () => {
    expect(commitLines('[release/1.8 4be91c2] fix(streak): guard empty check-in history\n 3 files changed, 14 insertions(+)')).toEqual(['commit 4be91c2 (release/1.8): fix(streak): guard empty check-in history']);
    expect(commitLines('[x] done\n[ ] todo')).toEqual([]);
  });

  it('a duration written as one word is one measurement', () => {
    const measured: Parameters<typeof remeasured>[1] = [];
    expect(remeasured('[done] 14m05s sharpe=1.09', measured)).toEqual([]);
    expect(remeasured('[done] 2m31s sharpe=1.09', measured)).toEqual(['[done] 2m31s sharpe=1.09 (was 14m05s)']);
  });

  it('reads Markdown exports in **User:**, ## User and User: styles, and leaves "我觉得：" inside a turn', () => {
    const r = readTranscript(path.join(FIX, 'chat-export.md'));
    expect(r.format).toBe('markdown');
    expect(r.turns.map((t) => [t.role, t.line])).toEqual([
      ['user', 3],
      ['assistant', 5],
      ['user', 8],
      ['assistant', 11],
      ['user', 15],
    ]);
    expect(r.turns[3]!.text).toContain('我觉得：这个方案更稳');
  });

  it('drops fenced code and cuts walls of pasted text', () => {
    const wall = 'log line\n'.repeat(1000);
    const r = parseTranscript(`User: see this\n\`\`\`\n${wall}\`\`\`\nAssistant: ${'y'.repeat(5000)}\n`, 'x.md');
    expect(r.turns[0]!.text).toBe('see this');
    expect(r.turns[1]!.text.length).toBeLessThan(700);
  });

  it('a missing file is an IO error naming the path', () => {
    const p = path.join(os.tmpdir(), 'no-such-transcript-' + process.pid + '.jsonl');
    expect(fs.existsSync(p)).toBe(false);
    let err: unknown;
    try {
      readTranscript(p);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OptmemError);
    expect((err as OptmemError).code).toBe('IO');
    expect((err as OptmemError).message).toContain(p);
  });
});
