/**
 * `optmem schedule` through the real CLI, against a fake `crontab` and a fake `systemctl` (real
 * executables in a temp folder, run as child processes) and a temp folder for unit files. The
 * real user's crontab and systemd are never touched: every test points OPTMEM_CRONTAB,
 * OPTMEM_SYSTEMCTL and OPTMEM_SYSTEMD_USER_DIR somewhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, tempDir, tempHome, type CliResult } from './helpers.js';
import { cronSpec, onCalendar, parseInterval } from '../src/schedule/interval.js';
import { parseLastRun } from '../src/schedule/log.js';

const FAKE_CRONTAB = `#!/bin/sh
dir=$(dirname "$0")
echo "$*" >> "$dir/crontab-calls.log"
case "$1" in
  -l) if [ -f "$dir/table" ]; then cat "$dir/table"; else echo "no crontab for tester" >&2; exit 1; fi ;;
  -) cat > "$dir/table" ;;
  *) echo "fake crontab: unsupported $*" >&2; exit 2 ;;
esac
`;

// Keeps "enabled" timers as marker files; answers is-enabled / is-active from them.
const FAKE_SYSTEMCTL = `#!/bin/sh
dir=$(dirname "$0")
echo "$*" >> "$dir/systemctl-calls.log"
[ "$1" = "--user" ] || { echo "fake systemctl: --user only" >&2; exit 2; }
case "$2" in
  show-environment|daemon-reload) exit 0 ;;
  enable) touch "$dir/enabled-$4"; exit 0 ;;
  disable) rm -f "$dir/enabled-$4"; exit 0 ;;
  is-enabled|is-active) [ -f "$dir/enabled-$3" ] && exit 0; exit 1 ;;
esac
echo "fake systemctl: unsupported $*" >&2; exit 2
`;

function fakes(opts: { systemd: boolean; cron?: boolean; table?: string }) {
  const dir = tempDir('optmem-sched-');
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const crontab = path.join(bin, 'crontab');
  const systemctl = path.join(bin, 'systemctl');
  if (opts.cron !== false) fs.writeFileSync(crontab, FAKE_CRONTAB, { mode: 0o755 });
  if (opts.systemd) fs.writeFileSync(systemctl, FAKE_SYSTEMCTL, { mode: 0o755 });
  if (opts.table !== undefined) fs.writeFileSync(path.join(bin, 'table'), opts.table);
  const unitDir = path.join(dir, 'units');
  return {
    bin,
    unitDir,
    env: { OPTMEM_CRONTAB: crontab, OPTMEM_SYSTEMCTL: systemctl, OPTMEM_SYSTEMD_USER_DIR: unitDir },
    table: () => (fs.existsSync(path.join(bin, 'table')) ? fs.readFileSync(path.join(bin, 'table'), 'utf8') : null),
    calls: (which: 'crontab' | 'systemctl') => {
      const f = path.join(bin, `${which}-calls.log`);
      return fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim().split('\n') : [];
    },
  };
}

function sched(home: string, env: Record<string, string>, args: string[]): CliResult {
  return cli(['schedule', ...args, '--dir', home], { env });
}

function okSched(home: string, env: Record<string, string>, args: string[]): string {
  const r = sched(home, env, args);
  if (r.code !== 0) throw new Error(`schedule ${args.join(' ')} exited ${r.code}\n${r.stderr}`);
  return r.stdout;
}

const OTHER = 'MAILTO=""\n# my own job\n5 4 * * * /usr/local/bin/backup --quiet\n';

describe('schedule with crontab (systemctl --user not available)', () => {
  it('dry run, install, install again, status, remove', () => {
    const f = fakes({ systemd: false, table: OTHER });
    const home = tempHome();

    const dry = okSched(home, f.env, ['install', '--from', 'claude-code', '--from', 'codex', '--dry-run']);
    expect(dry).toMatch(/^would install \(cron\): every 3h, hosts claude-code, codex \(dry run: nothing written\)/);
    expect(dry).toContain(`${process.execPath} ${BIN} schedule run --dir ${path.resolve(home)} --every 3h --from claude-code --from codex`);
    expect(f.table()).toBe(OTHER);
    expect(fs.existsSync(home)).toBe(false);

    const first = okSched(home, f.env, ['install', '--from', 'claude-code', '--from', 'codex']);
    expect(first).toMatch(/^installed \(cron\)/);
    const table = f.table()!;
    expect(table.startsWith(OTHER)).toBe(true);
    const block = table.slice(OTHER.length).split('\n');
    expect(block[0]).toMatch(/^# >>> optmem-schedule [0-9a-f]{8} /);
    // the node and the bin of this very optmem, found at run time; silent: all output to the log
    expect(block[1]).toMatch(/^\d+ \*\/3 \* \* \* /);
    expect(block[1]).toContain(`${process.execPath} ${BIN} schedule run --dir ${path.resolve(home)} --every 3h --from claude-code --from codex >>${path.resolve(home)}/ingest/ingest.log 2>&1`);
    expect(block[2]).toMatch(/^# <<< optmem-schedule [0-9a-f]{8}$/);
    expect(JSON.parse(fs.readFileSync(path.join(home, 'ingest', 'schedule.json'), 'utf8'))).toMatchObject({ backend: 'cron', every: '3h', hosts: ['claude-code', 'codex'] });

    const writes = f.calls('crontab').filter((c) => c === '-').length;
    const again = okSched(home, f.env, ['install', '--from', 'claude-code', '--from', 'codex']);
    expect(again).toMatch(/^already installed \(cron, every 3h, hosts claude-code, codex\): nothing changed/);
    expect(f.table()).toBe(table);
    expect(f.calls('crontab').filter((c) => c === '-').length).toBe(writes);

    const status = okSched(home, f.env, ['status']);
    expect(status).toContain(`cron: ${block[1]}`);
    expect(status).toContain('every 3h, hosts claude-code, codex');
    expect(status).toContain('no run logged yet');
    const st = JSON.parse(okSched(home, f.env, ['status', '--json']));
    expect(st).toMatchObject({ systemd: null, cron: { installed: true }, lastRun: null });

    // a new interval replaces the line, it does not add a second one
    okSched(home, f.env, ['install', '--from', 'claude-code', '--from', 'codex', '--every', '30m']);
    const t2 = f.table()!;
    expect(t2.match(/optmem-schedule [0-9a-f]{8} \(/g)).toHaveLength(1);
    expect(t2).toMatch(/\n\d+-59\/30 \* \* \* \* .* --every 30m /);

    expect(okSched(home, f.env, ['remove', '--dry-run'])).toMatch(/^would remove:\n- crontab .*remove the optmem-schedule/);
    expect(f.table()).toBe(t2);
    expect(okSched(home, f.env, ['remove'])).toMatch(/^removed:/);
    expect(f.table()).toBe(OTHER);
    expect(fs.existsSync(path.join(home, 'ingest', 'schedule.json'))).toBe(false);
    expect(okSched(home, f.env, ['remove'])).toMatch(/^nothing to remove/);
    expect(okSched(home, f.env, ['status'])).toMatch(/^not installed for /);
  });

  it('two homes get two blocks; removing one leaves the other', () => {
    const f = fakes({ systemd: false });
    const a = tempHome();
    const b = tempHome();
    okSched(a, f.env, ['install', '--from', 'codex']);
    okSched(b, f.env, ['install', '--from', 'hermes']);
    expect(f.table()!.match(/^# >>> /gm)).toHaveLength(2);
    okSched(a, f.env, ['remove']);
    expect(f.table()).toContain(`--dir ${path.resolve(b)} `);
    expect(f.table()).not.toContain(`--dir ${path.resolve(a)} `);
  });

  it('finds the hosts by their transcript folders when --from is not given', () => {
    const f = fakes({ systemd: false });
    const user = tempDir('optmem-sched-user-');
    fs.mkdirSync(path.join(user, '.codex', 'sessions'), { recursive: true });
    fs.mkdirSync(path.join(user, '.hermes', 'sessions'), { recursive: true });
    const out = cli(['schedule', 'install', '--dry-run', '--dir', tempHome()], { env: { ...f.env, HOME: user, CODEX_HOME: undefined, HERMES_HOME: undefined, CLAUDE_CONFIG_DIR: undefined, OPENCLAW_STATE_DIR: undefined } });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/hosts codex, hermes/);
    const none = cli(['schedule', 'install', '--dir', tempHome()], { env: { ...f.env, HOME: tempDir() } });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no host to ingest from; hint: pass --from HOST/);
  });

  it('bad usage exits 2 and writes nothing', () => {
    const f = fakes({ systemd: false, table: OTHER });
    const home = tempHome();
    for (const args of [['install', '--from', 'codex', '--every', '7h'], ['install', '--from', 'codex', '--backend', 'launchd'], ['reinstall'], []]) {
      const r = sched(home, f.env, args);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect(f.table()).toBe(OTHER);
  });

  it('neither backend works: a clear error', () => {
    const f = fakes({ systemd: false, cron: false });
    const r = sched(tempHome(), f.env, ['install', '--from', 'codex']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/neither `systemctl --user` nor `crontab` works here/);
  });
});

describe('schedule with a systemd user timer', () => {
  it('install writes the service and timer and enables it; again changes nothing; remove undoes it', () => {
    const f = fakes({ systemd: true, table: OTHER });
    const home = tempHome();

    expect(okSched(home, f.env, ['install', '--from', 'claude-code', '--dry-run'])).toMatch(/^would install \(systemd\)/);
    expect(fs.existsSync(f.unitDir)).toBe(false);

    expect(okSched(home, f.env, ['install', '--from', 'claude-code'])).toMatch(/^installed \(systemd\): every 3h, hosts claude-code/);
    const units = fs.readdirSync(f.unitDir).sort();
    expect(units).toHaveLength(2);
    const [service, timer] = units;
    expect(service).toMatch(/^optmem-ingest-[0-9a-f]{8}\.service$/);
    expect(timer).toBe(service!.replace(/service$/, 'timer'));
    const serviceText = fs.readFileSync(path.join(f.unitDir, service!), 'utf8');
    expect(serviceText).toContain('Type=oneshot');
    expect(serviceText).toContain(`ExecStart=${process.execPath} ${BIN} schedule run --dir ${path.resolve(home)} --every 3h --from claude-code\n`);
    const timerText = fs.readFileSync(path.join(f.unitDir, timer!), 'utf8');
    expect(timerText).toMatch(/\nOnCalendar=\*-\*-\* 00\/3:\d\d:00\nPersistent=true\n/);
    expect(timerText).toContain('WantedBy=timers.target');
    expect(f.calls('systemctl')).toEqual(expect.arrayContaining(['--user daemon-reload', `--user enable --now ${timer}`]));
    // cron was left alone
    expect(f.table()).toBe(OTHER);
    expect(f.calls('crontab').filter((c) => c === '-')).toEqual([]);

    const callsBefore = f.calls('systemctl').length;
    const mtime = fs.statSync(path.join(f.unitDir, service!)).mtimeMs;
    expect(okSched(home, f.env, ['install', '--from', 'claude-code'])).toMatch(/^already installed \(systemd/);
    expect(fs.statSync(path.join(f.unitDir, service!)).mtimeMs).toBe(mtime);
    expect(f.calls('systemctl').slice(callsBefore).filter((c) => /enable --now|daemon-reload/.test(c))).toEqual([]);

    const status = okSched(home, f.env, ['status']);
    expect(status).toContain(`systemd: ${timer} installed, enabled, active`);

    expect(okSched(home, f.env, ['remove'])).toMatch(/^removed:\n- `systemctl --user disable --now optmem-ingest-/);
    expect(fs.readdirSync(f.unitDir)).toEqual([]);
    expect(f.calls('systemctl')).toContain(`--user disable --now ${timer}`);
    expect(okSched(home, f.env, ['status'])).toMatch(/^not installed/);
  });

  it('moving from cron to systemd takes the cron block out', () => {
    const f = fakes({ systemd: true, table: OTHER });
    const home = tempHome();
    okSched(home, f.env, ['install', '--from', 'codex', '--backend', 'cron']);
    expect(f.table()).toContain('optmem-schedule');
    const out = okSched(home, f.env, ['install', '--from', 'codex']);
    expect(out).toMatch(/installed \(systemd\)/);
    expect(out).toMatch(/remove the optmem-schedule [0-9a-f]{8} block/);
    expect(f.table()).toBe(OTHER);
  });
});

describe('the scheduled run, its log, status and doctor', () => {
  it('a failing run is silent, logged, and fails doctor with its message', () => {
    const f = fakes({ systemd: false });
    const home = tempHome();
    cli(['init', '--dir', home]);
    expect(cli(['doctor', '--dir', home]).stdout).toMatch(/ok {3}ingest: no run logged yet\nok {3}schedule: not installed/);

    // "no-such-host" fails whatever the ingest does with real hosts
    const r = sched(home, f.env, ['run', '--from', 'no-such-host']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: '' });
    const log = fs.readFileSync(path.join(home, 'ingest', 'ingest.log'), 'utf8');
    expect(log).toMatch(/^\S+Z run start every=3h hosts=no-such-host\n/);
    expect(log).toMatch(/\n\S+Z ingest no-such-host FAILED: exit \d: .+\n(?:.*\n)*\S+Z run end FAILED: no-such-host: exit \d: .+\n$/);
    // after ingest, the derived outputs are brought up to date (topic files, MEMORY.md, summaries)
    expect(log).toMatch(/\n\S+Z topics ok \([\d.]+ s\)\n/);
    expect(log).toMatch(/\n\S+Z consolidate ok \([\d.]+ s\)\n/);
    expect(fs.existsSync(path.join(home, 'memory', 'MEMORY.md'))).toBe(true);

    const doc = cli(['doctor', '--dir', home]);
    expect(doc.code).toBe(1);
    expect(doc.stdout).toMatch(/FAIL ingest: last run \d{4}-\d\d-\d\d [\d:]+ UTC: FAILED\n {2}no-such-host: exit \d: \S.+/);
    const json = JSON.parse(cli(['doctor', '--json', '--dir', home]).stdout) as { checks: { name: string; ok: boolean; detail: string }[] };
    expect(json.checks.find((c) => c.name === 'ingest')).toMatchObject({ ok: false });
    expect(json.checks.find((c) => c.name === 'schedule')).toMatchObject({ ok: true });

    expect(okSched(home, f.env, ['status'])).toMatch(/last run .*: FAILED\n {2}no-such-host: exit/);

    // a later good run clears it (the log line format is the contract)
    fs.appendFileSync(path.join(home, 'ingest', 'ingest.log'), '2030-01-01T00:00:00.000Z run start every=3h hosts=codex\n2030-01-01T00:00:01.000Z ingest codex ok (1.0 s)\n2030-01-01T00:00:01.000Z run end ok\n');
    const after = cli(['doctor', '--dir', home]);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('ok   ingest: last run 2030-01-01 00:00:01 UTC: ok');
  });

  it('doctor shows the schedule once installed (info only)', () => {
    const f = fakes({ systemd: false });
    const home = tempHome();
    okSched(home, f.env, ['install', '--from', 'codex', '--every', '6h']);
    expect(cli(['doctor', '--dir', home]).stdout).toMatch(/ok {3}schedule: cron, every 6h, hosts codex \(installed /);
  });

  it('parseLastRun: the last run, an unfinished one, foreign lines', () => {
    const text = [
      '2026-01-01T00:00:00.000Z run start every=3h hosts=a',
      '2026-01-01T00:00:01.000Z run end FAILED: a: exit 1: boom',
      'Error: something cron caught',
      '2026-01-01T03:00:00.000Z run start every=3h hosts=a,b',
      '2026-01-01T03:00:00.500Z   a| ingest a ok (pretend)',
      '2026-01-01T03:00:01.000Z ingest a ok (1.0 s)',
    ].join('\n');
    expect(parseLastRun(text)).toEqual({ startedAt: '2026-01-01T03:00:00.000Z', endedAt: null, ok: null, message: null, hosts: [{ host: 'a', ok: true, message: null }] });
    expect(parseLastRun('garbage\n')).toBeNull();
  });
});

describe('intervals', () => {
  it('parses what cron and systemd can both run evenly', () => {
    expect(parseInterval('3h')).toEqual({ text: '3h', minutes: 180 });
    expect(parseInterval('30m').minutes).toBe(30);
    expect(parseInterval('24h').text).toBe('1d');
    expect(() => parseInterval('7h')).toThrow(/--every/);
    expect(() => parseInterval('90m')).toThrow();
    expect(cronSpec(parseInterval('3h'), 17)).toBe('17 */3 * * *');
    expect(onCalendar(parseInterval('3h'), 17)).toBe('*-*-* 00/3:17:00');
    expect(cronSpec(parseInterval('1h'), 5)).toBe('5 * * * *');
    expect(cronSpec(parseInterval('20m'), 47)).toBe('7-59/20 * * * *');
    expect(onCalendar(parseInterval('20m'), 47)).toBe('*-*-* *:07/20:00');
    expect(cronSpec(parseInterval('1d'), 9)).toBe('9 3 * * *');
  });
});
