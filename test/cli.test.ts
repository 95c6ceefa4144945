import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ok, snapshot, tempDir, tempHome, type SearchHitJson } from './helpers.js';

/** The CLI's contract, through real child processes: arguments, environment, output, exit codes. */
const ID = /^[0-9a-z]{16}$/;

describe('CLI: finding the memory home', () => {
  it('init creates the home; --dir works before or after the verb, and as --dir=DIR', () => {
    const home = tempHome();
    const r = cli(['--dir', home, 'init']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(fs.existsSync(path.join(home, 'log'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8')).domains).toEqual(['hermes', 'code', 'openclaw']);
    expect(JSON.parse(cli(['init', '--json', '--dir', home]).stdout)).toEqual({ home });

    const a = cli(['--dir', home, 'add', 'before the verb']);
    const b = cli(['add', 'after the verb', '--dir', home]);
    const c = cli(['add', `--dir=${home}`, 'equals form']);
    for (const x of [a, b, c]) {
      expect(x.code, x.stderr).toBe(0);
      expect(x.stdout).toMatch(/^[0-9a-z]{16}\n$/);
    }
    expect(JSON.parse(cli(['stats', '--json', '--dir', home]).stdout).records).toBe(3);
  });

  it('uses $OPTMEM_HOME when there is no --dir (relative to the working directory), and --dir wins over it', () => {
    const base = tempDir();
    const env = { OPTMEM_HOME: 'mem' };
    expect(cli(['init'], { env, cwd: base }).code).toBe(0);
    expect(fs.existsSync(path.join(base, 'mem', 'log'))).toBe(true);
    const id = cli(['add', 'from the environment'], { env, cwd: base }).stdout.trim();
    expect(id).toMatch(ID);
    expect(JSON.parse(cli(['get', id, '--json'], { env: { OPTMEM_HOME: path.join(base, 'mem') } }).stdout).record.id).toBe(id);

    const other = tempHome();
    ok(other, ['init']);
    expect(cli(['get', id, '--dir', other], { env: { OPTMEM_HOME: path.join(base, 'mem') } }).code).toBe(1);
  });

  it('falls back to ~/.optmem', () => {
    const fakeHome = tempDir();
    expect(cli(['init'], { env: { HOME: fakeHome } }).code).toBe(0);
    expect(fs.existsSync(path.join(fakeHome, '.optmem', 'log'))).toBe(true);
  });
});

describe('CLI: commands', () => {
  let home: string;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    ids.may = ok(home, ['add', '[code] the nginx proxy listens on 8080', '--time', '2026-05-10T09:00:00+08:00', '--project', 'shop']).trim();
    ids.june = ok(home, ['add', '[hermes] the nginx proxy needs a restart after deploys', '--time', '2026-06-15T09:00:00+08:00']).trim();
    ids.nov = ok(home, ['add', 'nginx proxy logs rotate daily', '--time', '2026-11-01T09:00:00+08:00', '--project', 'ops', '--tag', 'logs', '--agent', 'claude-code']).trim();
    ids.stdin = ok(home, ['add', '-', '--time', '2026-11-02T09:00:00+08:00'], { input: 'read from stdin\n\nsecond paragraph about nginx\n' }).trim();
  });

  it('add prints the id and nothing else; --json gives the record', () => {
    for (const id of Object.values(ids)) expect(id).toMatch(ID);
    const r = cli(['add', 'json add', '--json', '--kind', 'decision', '--tier', 'evidence', '--time', '2026-11-03T09:00:00+08:00', '--dir', home]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.id).toMatch(ID);
    expect(j.record).toMatchObject({ id: j.id, text: 'json add', kind: 'decision', tier: 'evidence', time: '2026-11-03T09:00:00+08:00' });
    ids.json = j.id;
  });

  it('get shows the record with its file and line; --json gives the same as data', () => {
    const human = ok(home, ['get', ids.stdin!]);
    const [where, ...rest] = human.split('\n');
    expect(where).toBe('log/2026/11/2026-11-02.md:3');
    expect(rest.join('\n')).toContain(`## 2026-11-02T09:00:00+08:00 · ${ids.stdin}`);
    expect(rest.join('\n')).toContain('read from stdin\n\nsecond paragraph about nginx');
    const j = JSON.parse(ok(home, ['get', ids.nov!, '--json'])).record;
    expect(j).toMatchObject({
      id: ids.nov,
      text: 'nginx proxy logs rotate daily',
      time: '2026-11-01T09:00:00+08:00',
      domain: 'code', // --agent claude-code, with no domain of its own: the agent's domain
      project: 'ops',
      kind: 'note',
      tier: 'normal',
      tags: ['logs'],
      source: { agent: 'claude-code' },
      file: 'log/2026/11/2026-11-01.md',
      line: 3,
    });
    const fileLine = fs.readFileSync(path.join(home, j.file), 'utf8').split('\n')[j.line - 1];
    expect(fileLine).toBe(`## ${j.time} · ${j.id}`);
  });

  it('search --json gives the documented shape, best first', () => {
    const r = cli(['search', 'proxy', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const { results } = JSON.parse(r.stdout) as { results: SearchHitJson[] };
    expect(results.length).toBe(3);
    expect(new Set(results.map((h) => h.id))).toEqual(new Set([ids.may, ids.june, ids.nov]));
    for (const h of results) {
      expect(Object.keys(h)).toEqual(expect.arrayContaining(['id', 'text', 'time', 'domain', 'project', 'kind', 'tier', 'score', 'superseded', 'supersededBy']));
      expect(h.superseded).toBe(false);
      expect(h.supersededBy).toBeNull();
      expect(typeof h.score).toBe('number');
    }
    for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
    const may = results.find((h) => h.id === ids.may)!;
    expect(may).toMatchObject({ text: '[code] the nginx proxy listens on 8080', time: '2026-05-10T09:00:00+08:00', domain: 'code', project: 'shop', kind: 'note', tier: 'normal' });
  });

  it('search without --json prints the hits, and "no results" when there are none', () => {
    const out = ok(home, ['search', 'rotate']);
    expect(out).toContain('nginx proxy logs rotate daily');
    expect(out).toContain(ids.nov);
    expect(ok(home, ['search', 'zebra'])).toBe('no results\n');
    expect(JSON.parse(ok(home, ['search', 'zebra', '--json'])).results).toEqual([]);
  });

  it('search --since / --until restrict by time (inclusive)', () => {
    const q = (extra: string[]) => JSON.parse(ok(home, ['search', 'nginx', '--json', ...extra])).results.map((h: SearchHitJson) => h.id).sort();
    expect(q(['--since', '2026-06-01'])).toEqual([ids.june, ids.nov, ids.stdin].sort());
    expect(q(['--until', '2026-06-15T09:00:00+08:00'])).toEqual([ids.may, ids.june].sort());
    expect(q(['--since', '2026-06-15T01:00:00Z', '--until', '2026-11-01T09:00:00+08:00'])).toEqual([ids.june, ids.nov].sort());
    expect(q(['--since', '2026-12-01'])).toEqual([]);
  });

  it('search --project and --limit', () => {
    const q = (extra: string[]) => JSON.parse(ok(home, ['search', 'nginx', '--json', ...extra])).results.map((h: SearchHitJson) => h.id);
    expect(q(['--project', 'shop'])).toEqual([ids.may]);
    expect(q(['--project', 'shop', '--project', 'ops']).sort()).toEqual([ids.may, ids.nov].sort());
    expect(q(['--project', 'nope'])).toEqual([]);
    expect(q(['--limit', '2']).length).toBe(2);
    expect(q(['-k', '1']).length).toBe(1);
  });

  it('stats, reindex and doctor', () => {
    const s = JSON.parse(ok(home, ['stats', '--json']));
    expect(s).toMatchObject({ records: 5, files: 5, problems: 0, first: '2026-05-10T09:00:00+08:00' });
    expect(s.byDomain).toMatchObject({ code: 2, hermes: 1 });
    expect(ok(home, ['stats'])).toMatch(/records\s+5 in 5 day files/);
    const r = cli(['reindex', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ records: 5, files: 5, problems: [] });
    expect(ok(home, ['reindex'])).toMatch(/reindexed 5 records from 5 day files/);
    const d = cli(['doctor', '--dir', home]);
    expect(d.code).toBe(0);
    expect(d.stdout).not.toMatch(/FAIL/);
    expect(JSON.parse(cli(['doctor', '--json', '--dir', home]).stdout).ok).toBe(true);
  });

  it('export prints one JSON line per record in the order written', () => {
    const lines = ok(home, ['export']).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual([ids.may, ids.june, ids.nov, ids.stdin, ids.json]);
  });
});

describe('CLI: exit codes and errors', () => {
  let home: string;
  let id: string;
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    id = ok(home, ['add', 'something to find']).trim();
  });

  function expectFailure(args: string[], code: 1 | 2, message: RegExp) {
    const before = snapshot(home);
    const r = cli(args);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
    expect(r.stdout, args.join(' ')).toBe('');
    expect(r.stderr, args.join(' ')).toMatch(/^optmem: /);
    expect(r.stderr, args.join(' ')).toMatch(message);
    // a failed command writes nothing to the log
    const after = snapshot(home);
    for (const [k, v] of before) if (k.startsWith('log/')) expect(after.get(k)!.equals(v), k).toBe(true);
    expect([...after.keys()].filter((k) => k.startsWith('log/'))).toEqual([...before.keys()].filter((k) => k.startsWith('log/')));
  }

  it('1 for runtime failures: unknown id, missing home', () => {
    expectFailure(['get', 'no-such-id', '--dir', home], 1, /no record no-such-id/);
    const missing = path.join(tempDir(), 'nowhere');
    for (const verb of ['search', 'get', 'stats', 'doctor', 'export', 'reindex']) {
      const args = verb === 'search' ? [verb, 'x'] : verb === 'get' ? [verb, id] : [verb];
      expectFailure([...args, '--dir', missing], 1, /no memory home/);
    }
    expect(fs.existsSync(missing)).toBe(false);
    const r = cli(['get', 'no-such-id', '--json', '--dir', home]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({ record: null });
  });

  it('2 for bad usage', () => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['search', 'x', '--bogus'], /--bogus/],
      [['add', 'x', '--colour', 'red'], /--colour/],
      [['search', 'x', '--limit', '0'], /--limit/],
      [['search', 'x', '--limit', 'ten'], /--limit/],
      [['search', 'x', '--limit', '1001'], /--limit/],
      [['search', 'x', '--limit'], /limit/],
      [['add', 'x', '--tier', 'supreme'], /tier/],
      [['add', 'x', '--time', 'yesterday'], /time/],
      [['add', 'x', '--time', '2026-02-30T10:00:00+08:00'], /time/],
      [['search', 'x', '--since', 'last week'], /since/],
      [['search', 'x', '--until', '2026-13-01'], /until/],
      [['search', 'x', '--since', '2026-12-01', '--until', '2026-11-01'], /since/],
      [['add'], /text/],
      [['add', 'x', '--domain', 'two words'], /domain/],
      [['get'], /record id/],
      [['get', 'a', 'b'], /record id/],
      [['export', 'extra'], /no arguments/],
      [['import'], /JSONL/],
    ];
    for (const [args, msg] of cases) expectFailure([...args, '--dir', home], 2, msg);
  });

  it('--json errors are data on stdout too, with the exit code unchanged', () => {
    const r = cli(['search', 'x', '--limit', '0', '--json', '--dir', home]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'USAGE' });
    expect(r.stderr).toMatch(/^optmem: /);
  });

  it('--help is not an error', () => {
    const r = cli(['search', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/usage: optmem search/);
    expect(cli(['--help']).code).toBe(0);
  });
});
