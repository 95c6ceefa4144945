import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, cli, ok, snapshot, tempDir, tempHome, type CliResult } from './helpers.js';

/** The CLI's front door, through real child processes: help, version, search usage, recent, homes. */

/** The CLI without waiting for it, so that many help texts can be read at once. */
function cliAsync(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: tempDir('optmem-usage-user-') };
    delete env.OPTMEM_HOME;
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

interface HelpJson {
  version: string;
  commands: Record<string, { summary: string; usage: string; options: Record<string, { type: string; description: string }> }>;
  globalOptions: Record<string, { type: string; description: string }>;
}

describe('help, version, did you mean', () => {
  it('`optmem help` lists every command with its summary; `help COMMAND` equals `COMMAND --help`', () => {
    const h = cli(['help']);
    expect(h.code).toBe(0);
    expect(h.stderr).toBe('');
    const table = JSON.parse(cli(['help', '--json']).stdout) as HelpJson;
    for (const [name, c] of Object.entries(table.commands)) expect(h.stdout).toMatch(new RegExp(`^  ${name}\\s+${c.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    expect(h.stdout).toMatch(/^ {2}recent\s/m);
    expect(h.stdout).toMatch(/^ {2}help\s/m);

    const one = cli(['help', 'search']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/usage: optmem search QUERY/);
    expect(cli(['search', '--help']).stdout).toBe(one.stdout);

    const typo = cli(['help', 'serch']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "search"?');
  });

  it('the command list `optmem help` reads is the commands\' own summaries, saved by the build', async () => {
    const { summariesJson } = await import('../src/interfaces/cli/registry.js');
    expect(fs.readFileSync(path.join(ROOT, 'dist', 'cli', 'summaries.json'), 'utf8')).toBe(await summariesJson());
  });

  it('--version and `version` print the version in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const args of [['--version'], ['version']]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toBe(`optmem ${pkg.version}\n`);
    }
    expect(JSON.parse(cli(['--version', '--json']).stdout)).toEqual({ version: pkg.version });
  });

  it('a typo\'d command gets a suggestion and exit 2; a typo\'d option too', () => {
    const r = cli(['serch', 'nginx']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('optmem: unknown command "serch"; did you mean "search"? (`optmem help` lists the commands)\n');
    expect(cli(['recnet']).stderr).toContain('did you mean "recent"?');
    const far = cli(['frobnicate']);
    expect(far.code).toBe(2);
    expect(far.stderr).not.toContain('did you mean');
    const opt = cli(['search', 'x', '--limt', '3']);
    expect(opt.code).toBe(2);
    expect(opt.stderr).toContain('unknown option "--limt"; did you mean "--limit"?');
  });

  it('every command\'s --help lists each of its flags with a sentence saying what it does', async () => {
    const table = JSON.parse(cli(['help', '--json']).stdout) as HelpJson;
    const names = Object.keys(table.commands);
    expect(names.length).toBeGreaterThan(15);
    const texts = await Promise.all(names.map((n) => cliAsync([n, '--help'])));
    names.forEach((name, i) => {
      const r = texts[i]!;
      expect(r.code, `${name} --help: ${r.stderr}`).toBe(0);
      const lines = r.stdout.split('\n');
      for (const [flag, o] of [...Object.entries(table.commands[name]!.options), ...Object.entries(table.globalOptions)]) {
        // a sentence: several words, not just the flag's name
        expect(o.description.split(' ').length, `${name} --${flag}`).toBeGreaterThanOrEqual(3);
        const at = lines.findIndex((l) => new RegExp(`^\\s+(-\\w, )?--${flag}(\\s|$)`).test(l));
        expect(at, `${name} --help lists --${flag}`).toBeGreaterThanOrEqual(0);
        // the description is on the flag's line, or on the next one when the flag is long
        expect(`${lines[at]} ${lines[at + 1] ?? ''}`, `${name} --${flag}`).toContain(o.description.slice(0, 30));
      }
    });
  });
});

describe('search needs a query; recent browses', () => {
  let home: string;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    ids.port = ok(home, ['add', 'the firewall rejects port -9090 on the staging box', '--time', '2026-11-01T09:00:00+08:00', '--domain', 'code', '--project', 'shop']).trim();
    ids.backup = ok(home, ['add', 'backups run at 02:00 every night', '--time', '2026-11-02T09:00:00+08:00', '--domain', 'hermes']).trim();
    ids.deploy = ok(home, ['add', 'deploys go out on Thursdays', '--time', '2026-11-03T09:00:00+08:00', '--domain', 'code', '--project', 'ops']).trim();
  });

  it('a bare search is bad usage (exit 2) that says what to do, and lists nothing', () => {
    const r = cli(['search', '--dir', home]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/give a query/);
    expect(r.stderr).toMatch(/optmem recent/);
  });

  it('a query of only whitespace, punctuation or emoji is bad usage (exit 2)', () => {
    for (const q of ['   ', '!!!', '?.,;--', '🎉🎉', '… — ！？']) {
      const r = cli(['search', '--dir', home, '--', q]);
      expect(r.code, JSON.stringify(q)).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr, JSON.stringify(q)).toMatch(/no letter, digit or CJK character|give a query/);
    }
    // a CJK query is a query
    expect(cli(['search', '端口', '--dir', home]).code).toBe(0);
  });

  it('`--` ends the options, so a query may start with "-"; a negative number works without it', () => {
    const a = cli(['search', '--dir', home, '--json', '--', '-9090']);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout).results.map((h: { id: string }) => h.id)).toEqual([ids.port]);
    const b = cli(['search', '-9090', '--json', '--dir', home]);
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(b.stdout).results.map((h: { id: string }) => h.id)).toEqual([ids.port]);
    // a word starting with "-" that is not a number: the error says to use --
    const c = cli(['search', '-firewall', '--dir', home]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('put -- before it: optmem search -- -firewall');
  });

  it('`recent` lists the newest records first, with --limit, --domain, --project and --json', () => {
    const all = JSON.parse(ok(home, ['recent', '--json'])).records.map((r: { id: string }) => r.id);
    expect(all).toEqual([ids.deploy, ids.backup, ids.port]);
    expect(JSON.parse(ok(home, ['recent', '--limit', '2', '--json'])).records.map((r: { id: string }) => r.id)).toEqual([ids.deploy, ids.backup]);
    expect(JSON.parse(ok(home, ['recent', '--domain', 'code', '--json'])).records.map((r: { id: string }) => r.id)).toEqual([ids.deploy, ids.port]);
    expect(JSON.parse(ok(home, ['recent', '--project', 'shop', '--json'])).records.map((r: { id: string }) => r.id)).toEqual([ids.backup, ids.port]);
    const plain = ok(home, ['recent', '--limit', '1']);
    expect(plain).toContain('deploys go out on Thursdays');
    expect(plain).toContain(ids.deploy);
    const bad = cli(['recent', 'deploys', '--dir', home]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('optmem search deploys');
    expect(cli(['recent', '--limit', '0', '--dir', home]).code).toBe(2);
  });
});

describe('homes: only init creates one', () => {
  const verbs: string[][] = [
    ['search', 'x'],
    ['recent'],
    ['add', 'a fact'],
    ['import', '-'],
    ['export'],
    ['stats'],
    ['doctor'],
    ['core', 'add', 'pinned'],
    ['core', 'show'],
    ['session', 'end', '--project', 'p', '--done', 'x'],
    ['session', 'start', '--project', 'p'],
    ['get', 'someid'],
  ];

  it('every command on a missing --dir refuses with a hint to run init, exit 1, and creates nothing', () => {
    const parent = tempDir();
    const missing = path.join(parent, 'typo-home');
    for (const args of verbs) {
      const r = cli([...args, '--dir', missing], { input: '{"text":"imported"}\n' });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.stderr, args.join(' ')).toContain('no memory home at');
      expect(r.stderr, args.join(' ')).toContain(`optmem init --dir ${missing}`);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(fs.existsSync(missing), args.join(' ')).toBe(false);
    }
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('the default home is not created by add or search either', () => {
    const user = tempDir();
    for (const args of [['add', 'a fact'], ['search', 'x']]) {
      const r = cli(args, { env: { HOME: user } });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/no memory home at .*run `optmem init`/);
    }
    expect(fs.readdirSync(user)).toEqual([]);
  });

  it('usage errors are found before the home is opened: no home, no index, no lock file', () => {
    const cases: [string[], RegExp][] = [
      [['core', 'add'], /text is missing/],
      [['session', 'end', '--project', 'p'], /nothing to hand off/],
      [['session', 'end', '--project', 'p', '--done', ''], /nothing to hand off/],
      [['session', 'start', '--budget', 'lots'], /--budget/],
      [['search', 'x', '--limit', 'ten'], /--limit/],
      [['search', 'x', '--since', 'last week'], /--since/],
      [['add'], /text is missing/],
      [['recent', '--limit', '-3'], /--limit/],
    ];
    const missing = path.join(tempDir(), 'home');
    for (const [args, msg] of cases) {
      const r = cli([...args, '--dir', missing]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(fs.existsSync(missing), args.join(' ')).toBe(false);
    }
    // on an existing home they change no byte and add no file
    const home = tempHome();
    ok(home, ['init']);
    const before = snapshot(home);
    for (const [args] of cases) expect(cli([...args, '--dir', home]).code, args.join(' ')).toBe(2);
    expect(snapshot(home)).toEqual(before);
  });
});
