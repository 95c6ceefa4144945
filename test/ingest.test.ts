/**
 * `optmem ingest` end to end: real transcripts shaped like each host's, the CLI as a child
 * process, real day files and a real SQLite index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, dayFiles, ok, ROOT, searchJson, tempDir, tempHome, warnings } from './helpers.js';

const FIX = path.join(ROOT, 'test', 'fixtures', 'ingest');

interface Summary {
  files: number;
  filesRead: number;
  turns: number;
  kept: Record<string, number>;
  keptTotal: number;
  written: number;
  skipped: number;
  redacted: number;
  problems: { file: string; line: number; message: string }[];
  reread: { file: string; reason: string }[];
}

/** A copy of a fixture folder in a temp dir (cursors name files by path; some tests edit them). */
function copyFixture(rel: string): string {
  const dest = path.join(tempDir('optmem-ingest-'), path.basename(rel));
  fs.cpSync(path.join(FIX, rel), dest, { recursive: true });
  return dest;
}

function ingest(home: string, args: string[], env: Record<string, string | undefined> = {}): Summary {
  const r = cli(['ingest', ...args, '--dir', home, '--json'], { env });
  if (r.code !== 0) throw new Error(`ingest exited ${r.code}\n${r.stderr}\n${r.stdout}`);
  return JSON.parse(r.stdout) as Summary;
}

function homeWith(config: object): string {
  const home = tempHome();
  ok(home, ['init']);
  const cfgFile = path.join(home, 'config.json');
  fs.writeFileSync(cfgFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(cfgFile, 'utf8')), ...config }, null, 2));
  return home;
}

function allLogText(home: string): string {
  return dayFiles(home)
    .map((f) => fs.readFileSync(path.join(home, f), 'utf8'))
    .join('\n');
}

function exportAll(home: string): { id: string; text: string; kind: string; tier: string; domain: string | null; project: string | null; source: { agent?: string; session?: string; ref?: string } }[] {
  return ok(home, ['export'])
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('ingest from each host', () => {
  it('Claude Code: keeps decisions, lessons, config changes and the correction, not the chatter; search finds them', () => {
    const root = copyFixture('claude-code/projects');
    const home = homeWith({ projects: { '/home/dev/shop': 'shop' } });
    const s = ingest(home, ['--from', 'claude-code', '--root', root]);
    expect(s.filesRead).toBe(1);
    expect(s.kept.decision).toBeGreaterThanOrEqual(1);
    expect(s.kept.lesson).toBeGreaterThanOrEqual(1);
    expect(s.kept['config-change']).toBeGreaterThanOrEqual(1);
    expect(s.kept.correction).toBe(1);
    expect(s.written).toBe(s.keptTotal);

    const log = allLogText(home);
    for (const kept of ['PostgreSQL 16', '8080', 'DB_POOL_SIZE', '〔更正〕不对，端口是9090']) expect(log).toContain(kept);
    // chatter, host noise, tool output and pasted logs stay out
    for (const noise of ['早上好', '辛苦了', 'see you', 'request handled', 'Plan mode', '/clear', 'ls -la']) expect(log).not.toContain(noise);

    const recs = exportAll(home);
    expect(recs.every((r) => r.domain === 'code' && r.project === 'shop' && r.source.agent === 'claude-code')).toBe(true);
    expect(recs.every((r) => /^-home-dev-shop\/7f3c2a10-4b5e-4c1d-9a8e-0d2f6b1c3e21\.jsonl#L\d+$/.test(r.source.ref!))).toBe(true);
    const decision = recs.find((r) => r.text.includes('PostgreSQL'))!;
    expect([decision.kind, decision.tier]).toEqual(['decision', 'evidence']);

    const hits = searchJson(home, 'PostgreSQL');
    expect(hits[0]!.text).toContain('PostgreSQL 16');
    expect(hits[0]!.kind).toBe('decision');
  });

  it('a conversational correction ("不对，端口是9090") supersedes the earlier port', () => {
    const root = copyFixture('claude-code/projects');
    const home = homeWith({ projects: { '/home/dev/shop': 'shop' } });
    ingest(home, ['--from', 'claude-code', '--root', root]);
    const hits = searchJson(home, '端口');
    expect(hits[0]!.text).toContain('〔更正〕不对，端口是9090');
    expect(hits[0]!.kind).toBe('correction');
    const old = hits.find((h) => h.text.includes('8080'))!;
    expect(old).toBeDefined();
    expect(old.superseded).toBe(true);
    expect(old.supersededBy).toBe(hits[0]!.id);
  });

  it('Codex 0.169.0 rollouts as a real run wrote them: the two turns of each session, no injected context, the correction supersedes', () => {
    // test/fixtures/ingest/codex-0.169: two `codex exec` sessions against a local stand-in model, long instruction
    // texts shortened, paths anonymised; every line type kept (developer messages, <environment_context>,
    // world_state, turn_context, item_completed echoes, token counts, task_complete).
    const root = copyFixture('codex-0.169/sessions');
    const home = homeWith({ projects: { '/home/dev/shop': 'shop' } });
    const s = ingest(home, ['--from', 'codex', '--root', root]);
    expect([s.filesRead, s.turns, s.problems.length]).toEqual([2, 4, 0]);
    expect(s.kept.decision).toBe(1);
    expect(s.kept.correction).toBe(1);
    const log = allLogText(home);
    for (const noise of ['environment_context', 'You are Codex', 'multi_agent_role', 'token_count']) expect(log).not.toContain(noise);
    expect(exportAll(home).every((r) => r.project === 'shop' && r.source.agent === 'codex')).toBe(true);
    const hits = searchJson(home, '备份');
    expect(hits[0]!.text).toContain('〔更正〕不对，备份应该是每 4 小时一次');
    expect(hits.filter((h) => h.superseded).length).toBeGreaterThanOrEqual(1);
  });

  it('Codex, OpenClaw and Hermes from their default places (host env vars), with domains from the agents map', () => {
    const codexHome = copyFixture('codex');
    const openclawState = copyFixture('openclaw');
    const hermesHome = copyFixture('hermes');
    const home = homeWith({});
    const env = { CODEX_HOME: codexHome, OPENCLAW_STATE_DIR: openclawState, HERMES_HOME: hermesHome };
    const c = ingest(home, ['--from', 'codex'], env);
    const o = ingest(home, ['--from', 'openclaw'], env);
    const h = ingest(home, ['--from', 'hermes'], env);
    for (const s of [c, o, h]) {
      expect(s.filesRead).toBe(1);
      expect(s.keptTotal).toBeGreaterThanOrEqual(2);
      expect(s.problems).toEqual([]);
    }
    const recs = exportAll(home);
    const by = (agent: string) => recs.filter((r) => r.source.agent === agent);
    expect(by('codex').every((r) => r.domain === 'code' && r.source.session === '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(by('codex')[0]!.source.ref).toMatch(/^2026\/05\/12\/rollout-2026-05-12T06-00-00-.*\.jsonl#L\d+$/);
    expect(by('openclaw').every((r) => r.domain === 'openclaw' && r.source.ref!.startsWith('main/sessions/'))).toBe(true);
    expect(by('hermes').every((r) => r.domain === 'hermes')).toBe(true);
    const log = allLogText(home);
    for (const kept of ['lockfile hash', '周五早上8点', 'access_token', 'nginx -t', '127.0.0.1:9000']) expect(log).toContain(kept);
    for (const noise of ['HEARTBEAT', '今天天气不错', 'cool, thanks', 'environment_context', 'Inspecting build', 'request handled', 'tail -n 200']) expect(log).not.toContain(noise);
    // decisions are found afterwards
    expect(searchJson(home, '发布')[0]!.text).toContain('周五');
  });

  it('plain JSONL (agent field → domain) and a Markdown chat export (fenced output dropped)', () => {
    const dir = copyFixture('plain');
    const md = copyFixture('markdown');
    const home = homeWith({});
    const s = ingest(home, [dir, md]);
    expect(s.files).toBe(2);
    const recs = exportAll(home);
    expect(recs.filter((r) => r.source.agent === 'openclaw').every((r) => r.domain === 'openclaw' && r.source.session === 's-0515')).toBe(true);
    const log = allLogText(home);
    expect(log).toContain('weekly digest on Mondays');
    expect(log).toContain('每6小时一次');
    expect(log).not.toContain('lol ok');
    expect(log).not.toContain('request handled');
    expect(recs.find((r) => r.text.includes('每6小时'))!.source.ref).toBe('export-2026-05-16.md#L7');
  });
});

describe('turns the user marked', () => {
  it('a red line said in a session is kept whole and waits for the owner; a marked correction is written as one', () => {
    const dir = tempDir('optmem-ingest-');
    const lines = [
      { time: '2026-12-01T10:00:00+08:00', role: 'user', content: '嗯，先这样吧' },
      { time: '2026-12-01T10:01:00+08:00', role: 'user', content: '〔红线〕任何时候不许删除 NAS 上的快照' },
      { time: '2026-12-01T10:02:00+08:00', role: 'user', content: '更正：周报发到飞书群，不发邮件了' },
    ];
    fs.writeFileSync(path.join(dir, 'plain.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const home = homeWith({});
    const s = ingest(home, [dir]);
    expect(s.written).toBe(2);
    const recs = exportAll(home);
    const red = recs.find((r) => r.text.includes('不许删除 NAS 上的快照'))!;
    expect(red).toMatchObject({ kind: 'redline', tier: 'redline' });
    // held: out of search and packs until the owner approves it
    expect(ok(home, ['quarantine'])).toContain('ingest-redline');
    expect(searchJson(home, '快照')).toHaveLength(0);
    expect(recs.find((r) => r.text.includes('周报发到飞书群'))!.kind).toBe('correction');
    expect(allLogText(home)).not.toContain('先这样吧');
  });
});

describe('cursors', () => {
  it('a second run adds nothing and leaves the day files byte for byte', () => {
    const dir = copyFixture('claude-code');
    const home = homeWith({});
    const first = ingest(home, [dir]);
    expect(first.written).toBeGreaterThan(0);
    const before = allLogText(home);
    const again = ingest(home, [dir]);
    expect([again.filesRead, again.turns, again.written]).toEqual([0, 0, 0]);
    expect(allLogText(home)).toBe(before);
    const cursors = JSON.parse(fs.readFileSync(path.join(home, 'ingest', 'cursors.json'), 'utf8'));
    const [cur] = Object.values(cursors.cursors) as { offset: number; size: number }[];
    expect(cur!.offset).toBe(cur!.size);
  });

  it('new turns appended later are read from the cursor on', () => {
    const dir = copyFixture('plain');
    const file = path.join(dir, 'chat.jsonl');
    const home = homeWith({});
    ingest(home, [file]);
    fs.appendFileSync(file, JSON.stringify({ time: '2026-05-15T10:00:00+08:00', role: 'user', content: 'We decided to archive the old newsletter list.', agent: 'openclaw', session: 's-0515' }) + '\n');
    const s = ingest(home, [file]);
    expect(s.turns).toBe(1);
    expect(s.written).toBe(1);
    expect(exportAll(home).filter((r) => r.text.includes('newsletter'))[0]!.source.ref).toBe('chat.jsonl#L5');
  });

  it('a rewritten transcript is read again from the start, without duplicates', () => {
    const dir = copyFixture('plain');
    const file = path.join(dir, 'chat.jsonl');
    const home = homeWith({});
    const first = ingest(home, [file]);
    // the host rewrites the file (compaction): a new first line, everything shifted, one new decision
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const extra = JSON.stringify({ time: '2026-05-15T11:00:00+08:00', role: 'user', content: 'We decided to drop the Friday edition.', agent: 'openclaw', session: 's-0515' });
    fs.writeFileSync(file, [JSON.stringify({ role: 'system', content: 'compacted' }), ...lines, extra].join('\n') + '\n');
    const s = ingest(home, [file]);
    expect(s.reread).toEqual([{ file: 'chat.jsonl', reason: 'rewritten' }]);
    expect(s.written).toBe(1);
    expect(s.skipped).toBe(first.written);
    const texts = exportAll(home).map((r) => r.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('a truncated transcript is read again from the start, without duplicates', () => {
    const dir = copyFixture('plain');
    const file = path.join(dir, 'chat.jsonl');
    const home = homeWith({});
    ingest(home, [file]);
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    fs.writeFileSync(file, lines.slice(0, 2).join('\n') + '\n');
    const s = ingest(home, [file]);
    expect(s.reread).toEqual([{ file: 'chat.jsonl', reason: 'truncated' }]);
    expect(s.written).toBe(0);
    fs.appendFileSync(file, JSON.stringify({ time: '2026-05-15T12:00:00+08:00', role: 'user', content: 'We decided to hire a second editor.', agent: 'openclaw', session: 's-0515' }) + '\n');
    expect(ingest(home, [file]).written).toBe(1);
    const texts = exportAll(home).map((r) => r.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.some((t) => t.includes('second editor'))).toBe(true);
  });
});

describe('broken and unfinished lines', () => {
  it('names broken lines by file and line, ingests the rest, and leaves a half-written last line for the next run', () => {
    const dir = copyFixture('broken');
    const file = path.join(dir, 'broken.jsonl');
    const home = homeWith({});
    const r = cli(['ingest', dir, '--dir', home]);
    expect(r.code).toBe(0);
    expect(warnings(r.stderr)).toEqual([expect.stringContaining('broken.jsonl:2: not a JSON line'), expect.stringContaining('broken.jsonl:4: not a JSON line')]);
    expect(r.stdout).toMatch(/2 problems/);
    const log = allLogText(home);
    for (const kept of ['Frankfurt.', 'never run the migration without a backup', 'staging DNS record']) expect(log).toContain(kept);
    expect(log).not.toContain('keep the ol');
    // the host finishes its line: the next run picks it up, and reports nothing again
    fs.appendFileSync(file, 'd cluster until June.","agent":"hermes","session":"s-0517"}\n');
    const s = ingest(home, [dir]);
    expect(s.problems).toEqual([]);
    expect(s.turns).toBe(1);
    expect(s.written).toBe(1);
    expect(allLogText(home)).toContain('keep the old cluster until June');
  });
});

describe('secrets', () => {
  it('never reach the memory home: no planted secret in any file of it', () => {
    const home = homeWith({});
    const s = ingest(home, [copyFixture('claude-code'), copyFixture('hermes'), copyFixture('codex')]);
    expect(s.redacted).toBeGreaterThanOrEqual(3);
    expect(allLogText(home)).toContain('[REDACTED:');
    ok(home, ['search', 'OPENAI_API_KEY']); // the index is built and queried too
    const planted = ['sk-proj-Q7fakeKEY0123456789abcdefXYZ', 'S3cretPassw0rd', 'hunter2hunter2'];
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(home);
    expect(files.some((f) => f.endsWith('index.sqlite'))).toBe(true);
    for (const f of files) {
      const bytes = fs.readFileSync(f);
      for (const secret of planted) expect(bytes.includes(Buffer.from(secret)), `${secret} in ${f}`).toBe(false);
    }
  });
});

describe('the command', () => {
  it('--dry-run writes nothing and moves no cursor; --quiet prints nothing', () => {
    const dir = copyFixture('plain');
    const home = homeWith({});
    const before = dayFiles(home);
    const dry = ingest(home, [dir, '--dry-run']);
    expect(dry.written).toBeGreaterThan(0);
    expect(dayFiles(home)).toEqual(before);
    expect(fs.existsSync(path.join(home, 'ingest', 'cursors.json'))).toBe(false);
    const q = cli(['ingest', dir, '--dir', home, '--quiet']);
    expect([q.code, q.stdout, q.stderr]).toEqual([0, '', '']);
    expect(exportAll(home).length).toBe(dry.written);
  });

  it('bad usage exits 2; a missing host root says where it looked', () => {
    const home = tempHome();
    expect(cli(['ingest', '--dir', home]).code).toBe(2);
    expect(cli(['ingest', '--from', 'vscode', '--dir', home]).code).toBe(2);
    const r = cli(['ingest', '--from', 'codex', '--dir', home], { env: { CODEX_HOME: path.join(tempDir(), 'nope') } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no codex transcripts: .*nope.sessions is not a folder/);
    expect(fs.existsSync(home)).toBe(false);
  });

  it('two ingests never run at once on one home: the second exits with a clear message', async () => {
    const home = homeWith({});
    const { IngestLock } = await import('../src/ingest/run-lock.js');
    const lock = IngestLock.acquire(home);
    try {
      const r = cli(['ingest', copyFixture('plain'), '--dir', home]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/another `optmem ingest` is running on this memory home/);
      expect(r.stderr).toMatch(/--wait/);
    } finally {
      lock.release();
    }
    expect(cli(['ingest', copyFixture('plain'), '--dir', home]).code).toBe(0);
  });

  it('rejects a bad ingest section in config.json', () => {
    const home = homeWith({ ingest: { batchLines: 0 } });
    const r = cli(['ingest', copyFixture('plain'), '--dir', home]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ingest\.batchLines/);
  });
});
