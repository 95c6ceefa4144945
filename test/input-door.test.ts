/**
 * Input is checked at the door (docs/RECORD_FORMAT.md, "Input checks"): through the real CLI,
 * unknown domains and kinds, control characters, invalid UTF-8 and oversized records are refused
 * with exit 2 and nothing is written; an import is refused whole, naming file:line. In the
 * library: the instance's clock reaches search, and a retry never repeats an append.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { BIN, ROOT, cli, dayFiles, ok, snapshot, tempDir, tempHome } from './helpers.js';

const userHome = tempDir('optmem-test-userhome-');

/** The CLI with raw bytes on stdin (the helper's `input` is a string). */
function cliBytes(args: string[], input: Buffer): { code: number; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: userHome };
  delete env.OPTMEM_HOME;
  const r = spawnSync(process.execPath, [BIN, ...args], { input, cwd: ROOT, env });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

function setConfig(home: string, cfg: unknown): void {
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify(cfg, null, 2) + '\n');
}

const logBytes = (home: string) => snapshot(path.join(home, 'log'));

describe('domains and kinds at the door (CLI)', () => {
  let home: string;
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
  });

  it('an unknown domain is refused with exit 2, naming the field and the configured domains, and nothing is written', () => {
    const r = cli(['add', 'launch plan for the spring campaign', '--domain', 'marketing', '--dir', home]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('domain: "marketing" is not a configured domain (configured: hermes, code, openclaw)');
    expect(r.stderr).toMatch(/hint: .*"domains".*config\.json/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(dayFiles(home)).toEqual([]);
  });

  it('an unknown kind is refused with exit 2, listing the known kinds', () => {
    const r = cli(['add', 'a fruit', '--kind', 'banana', '--dir', home]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/kind: "banana" is not a known kind \(known: note, correction, redline, handoff, diary, summary, decision, lesson, event\)/);
    expect(r.stderr).toMatch(/hint: .*"kinds".*config\.json/);
    expect(dayFiles(home)).toEqual([]);
  });

  it('a domain or kind added to config.json on purpose is then accepted', () => {
    setConfig(home, { domains: ['hermes', 'code', 'openclaw', 'marketing'], kinds: ['meeting'] });
    const id = ok(home, ['add', 'launch plan for the spring campaign', '--domain', 'marketing', '--kind', 'meeting']).trim();
    const got = JSON.parse(ok(home, ['get', id, '--json'])) as { record: { domain: string; kind: string } };
    expect(got.record).toMatchObject({ domain: 'marketing', kind: 'meeting' });
    expect(cli(['add', 'still a fruit', '--kind', 'banana', '--dir', home]).code).toBe(2);
  });

  it('a hand-written record with an unknown domain and kind is still read and found', () => {
    const h = tempHome();
    ok(h, ['init']);
    fs.mkdirSync(path.join(h, 'log', '2026', '03'), { recursive: true });
    const rel = path.join('log', '2026', '03', '2026-03-02.md');
    fs.writeFileSync(
      path.join(h, rel),
      '# 2026-03-02\n\n## 2026-03-02T10:00:00+08:00 · handwritten01\n- domain: research\n- kind: banana\n\nthe lab notebook lives in the blue drawer\n\n---\n',
    );
    const before = logBytes(h);
    const r = cli(['search', 'notebook drawer', '--json', '--dir', h]);
    expect(r.code).toBe(0);
    const hits = (JSON.parse(r.stdout) as { results: { id: string; domain: string; kind: string }[] }).results;
    expect(hits.map((x) => [x.id, x.domain, x.kind])).toEqual([['handwritten01', 'research', 'banana']]);
    expect(logBytes(h)).toEqual(before);
    // Reading it does not open the door for new writes of that domain.
    const again = cli(['add', 'another note', '--domain', 'research', '--dir', h]);
    expect(again.code, again.stderr).toBe(2);
  });
});

describe('text at the door (CLI)', () => {
  let home: string;
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    ok(home, ['add', 'a first record so the day file exists', '--time', '2026-11-02T09:00:00+08:00']);
  });

  it('4 KB of random bytes holding NUL and ESC is refused with exit 2, naming the field and the position', () => {
    const bytes = crypto.randomBytes(4096);
    bytes[100] = 0x00;
    bytes[200] = 0x1b;
    const before = logBytes(home);
    const r = cliBytes(['add', '-', '--dir', home], bytes);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/text: .* at line \d+, column \d+ is not allowed/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(logBytes(home)).toEqual(before);
  });

  it('names the first control character exactly; tab and newline are text', () => {
    const r = cliBytes(['add', '-', '--dir', home], Buffer.from('first line\tok\nred \x1b[31malert\x1b[0m\n'));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('text: control character U+001B (ESC) at line 2, column 5 is not allowed');
    const nul = cliBytes(['add', '-', '--dir', home], Buffer.from('a\u0000b'));
    expect(nul.code, nul.stderr).toBe(2);
    expect(nul.stderr).toContain('U+0000 (NUL) at line 1, column 2');
    const c1 = cli(['add', 'x\u0085y', '--dir', home]);
    expect(c1.code, c1.stderr).toBe(2);
    expect(c1.stderr).toContain('U+0085');
  });

  it('bytes that are not UTF-8 are refused', () => {
    const before = logBytes(home);
    const r = cliBytes(['add', '-', '--dir', home], Buffer.concat([Buffer.from('price: 5'), Buffer.from([0xff, 0xfe]), Buffer.from(' euro')]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/text: U\+FFFD .*not valid UTF-8.* at line 1, column 9/);
    expect(logBytes(home)).toEqual(before);
  });

  it('CRLF from a pipe becomes \\n; tabs are kept', () => {
    const r = cliBytes(['add', '-', '--dir', home], Buffer.from('windows line one\r\n\tindented two\r\n'));
    expect(r.code).toBe(0);
    const id = r.stdout.trim();
    const got = JSON.parse(ok(home, ['get', id, '--json'])) as { record: { text: string } };
    expect(got.record.text).toBe('windows line one\n\tindented two');
  });

  it('a record over the size limit is refused with its size and the limit, and the limit can be raised', () => {
    const big = Buffer.from('word '.repeat(14_000)); // 70 000 bytes
    const before = logBytes(home);
    const r = cliBytes(['add', '-', '--dir', home], big);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('69999 bytes of UTF-8 is over the limit of 65536 bytes per record');
    expect(r.stderr).toContain('limits.recordBytes');
    expect(logBytes(home)).toEqual(before);
    setConfig(home, { domains: ['hermes', 'code', 'openclaw'], limits: { recordBytes: 131072 } });
    expect(cliBytes(['add', '-', '--dir', home], big).code).toBe(0);
  });

  it('an import line with a control character is refused naming file:line, and nothing is imported', () => {
    const h = tempHome();
    ok(h, ['init']);
    const file = path.join(tempDir(), 'in.jsonl');
    const lines = [
      JSON.stringify({ text: 'a clean record', time: '2026-11-01T10:00:00+08:00' }),
      JSON.stringify({ text: 'bell \u0007 here', time: '2026-11-01T11:00:00+08:00' }),
      JSON.stringify({ text: 'a record of a domain nobody configured', domain: 'marketing' }),
      JSON.stringify({ text: 'a clean record again', kind: 'decision' }),
    ];
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const r = cli(['import', file, '--dir', h]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${file}:2: text: control character U+0007 (BEL) at line 1, column 6 is not allowed`);
    expect(r.stderr).toContain(`${file}:3: domain: "marketing" is not a configured domain`);
    expect(r.stderr).not.toContain(`${file}:1:`);
    expect(dayFiles(h)).toEqual([]);
    expect(ok(h, ['export'])).toBe('');
  });
});

describe('the library: now reaches search', () => {
  let fixed: Optmem;
  let wall: Optmem;
  const NOW = '2020-01-02T12:00:00+00:00';
  beforeAll(() => {
    const home = tempHome();
    fixed = createOptmem({ dir: home, create: true, now: () => Date.parse(NOW) });
    fixed.add({ text: 'the staging server listens on port 8080', time: '2020-01-01T12:00:00+00:00' });
    fixed.add({ text: 'the staging server was moved to a new rack', time: '2019-01-01T12:00:00+00:00' });
    wall = createOptmem({ dir: home });
  });
  afterAll(() => {
    fixed.close();
    wall.close();
  });
  // Decay, even for "latest", measures against newer rivals, not `now`; a time window ("yesterday") is
  // read against `now`: the query that shows which clock a search used.
  const scores = (m: Optmem, now?: string, query = 'staging server yesterday') => m.search({ query, ...(now ? { now } : {}) }).results.map((h) => [h.id, h.score.toFixed(6)]);

  it('search with createOptmem({ now }) ranks exactly as with req.now at that time', () => {
    expect(scores(fixed).length).toBe(1);
    expect(scores(fixed)).toEqual(scores(fixed, NOW));
    expect(scores(fixed)).toEqual(scores(wall, NOW));
    expect(scores(fixed, undefined, 'latest staging server')).toEqual(scores(wall, NOW, 'latest staging server'));
  });

  it('and differs from the wall clock, where decay matters', () => {
    expect(scores(wall)).not.toEqual(scores(fixed));
  });
});

describe('the library: a retry never repeats an append', () => {
  let home: string;
  let mem: Optmem;
  beforeAll(() => {
    home = tempHome();
    mem = createOptmem({ dir: home, create: true });
    mem.add({ text: 'a record before the fault', time: '2026-11-03T09:00:00+08:00' });
  });
  afterAll(() => mem.close());

  const idCount = (id: string) =>
    dayFiles(home)
      .map((f) => fs.readFileSync(path.join(home, f), 'utf8'))
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('## ') && l.endsWith(` · ${id}`)).length;

  /** A real SQLite failure on the index's next write, after the log append: a trigger that aborts inserts. */
  const breakIndex = () => {
    const db = new Database(path.join(home, 'index.sqlite'));
    db.exec("CREATE TRIGGER test_refuse_insert BEFORE INSERT ON records BEGIN SELECT RAISE(ABORT, 'index write refused (test fault)'); END;");
    db.close();
  };
  const mendIndex = () => {
    const db = new Database(path.join(home, 'index.sqlite'));
    db.exec('DROP TRIGGER test_refuse_insert');
    db.close();
  };

  it('once the append is in the log, add() succeeds with a warning, and a retry with the same id returns the record without appending', () => {
    const input = { id: 'retry-0001', text: 'the deploy key rotates every month', time: '2026-11-03T10:00:00+08:00', tags: ['ops'] };
    breakIndex();
    const first = mem.add(input);
    expect(first.record.id).toBe('retry-0001');
    expect(first.warnings.join('\n')).toMatch(/saved in .*but the index could not be updated \(.*index write refused \(test fault\)\)/);
    expect(idCount('retry-0001')).toBe(1);
    mendIndex();
    const again = mem.add(input);
    expect(again.record).toEqual(first.record);
    expect(again.warnings.join('\n')).toContain('already in the log with the same content: nothing appended');
    expect(idCount('retry-0001')).toBe(1);
    // The next read caught up from the files.
    expect(mem.search({ query: 'deploy key rotates' }).results.map((h) => h.id)).toEqual(['retry-0001']);
    expect(mem.get('retry-0001')?.text).toBe('the deploy key rotates every month');
  });

  it('a retry without a time (the clock moved on) is still the same record', () => {
    const input = { id: 'retry-0002', text: 'backups run at three', domain: 'code' };
    mem.add(input);
    const again = mem.add(input);
    expect(again.warnings.join('\n')).toContain('nothing appended');
    expect(idCount('retry-0002')).toBe(1);
  });

  it('the same id with other content stays an error, and nothing is appended', () => {
    const before = logBytes(home);
    expect(() => mem.add({ id: 'retry-0001', text: 'the deploy key rotates every week', time: '2026-11-03T10:00:00+08:00', tags: ['ops'] })).toThrow(
      /id: retry-0001 already exists with other content/,
    );
    expect(logBytes(home)).toEqual(before);
  });
});
