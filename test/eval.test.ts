/**
 * The evaluation gate through the real CLI (child processes): the gate catches a planted
 * regression; eval never writes to the home it evaluates; the self-test passes on realistic data
 * and reports per domain; bad suites are refused with the path of the bad field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cli, ok, snapshot, tempDir, tempHome } from './helpers.js';

const RANKING = path.join(ROOT, 'eval', 'suites', 'ranking.json');
const NOISE = path.join(ROOT, 'eval', 'suites', 'noise.jsonl');
const SUPERSEDE_OFF = '{"ranking":{"disabledStages":["supersede"]}}';

/** The lines of the gate's verdict: what it says dropped. */
function droppedLines(stdout: string): string[] {
  const at = stdout.indexOf('gate: FAILED');
  if (at < 0) return [];
  return stdout.slice(at).split('\n').slice(1).filter((l) => l.startsWith('  ')).map((l) => l.trim());
}

/**
 * The gate's mechanics run on a part of the public suite (test/ranking-suite.test.ts runs all of it):
 * every supersession scenario, where switching supersession off must show, and the first two of
 * every other rule, so each category is there.
 */
function gateSuite(dir: string): string {
  const suite = JSON.parse(fs.readFileSync(RANKING, 'utf8')) as { scenarios: { rule: string }[] };
  const seen = new Map<string, number>();
  suite.scenarios = suite.scenarios.filter((s) => {
    const n = (seen.get(s.rule) ?? 0) + 1;
    seen.set(s.rule, n);
    return s.rule === 'supersession' || n <= 2;
  });
  fs.copyFileSync(NOISE, path.join(dir, 'noise.jsonl'));
  const file = path.join(dir, 'gate-suite.json');
  fs.writeFileSync(file, JSON.stringify(suite));
  return file;
}

describe('eval: the gate catches a planted regression', () => {
  let work: string;
  let RANKING_PART: string;
  beforeAll(() => {
    work = tempDir();
    RANKING_PART = gateSuite(tempDir());
  });

  it('writes a baseline report (eval-report.json in the current directory by default) and prints the metrics', () => {
    const r = cli(['eval', RANKING_PART], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    for (const h of ['hit@1', 'R@5', 'R@10', 'MRR', 'nDCG@10', 'stale-top', 'redline', 'checks']) expect(r.stdout).toContain(h);
    for (const c of ['supersession', 'decay', 'domains', 'tiers', 'redline', 'overall']) expect(r.stdout).toMatch(new RegExp(`^${c} `, 'm'));
    expect(r.stdout).toContain('report written to eval-report.json');
    const report = JSON.parse(fs.readFileSync(path.join(work, 'eval-report.json'), 'utf8'));
    expect(report.format).toBe('optmem-eval-report');
    expect(report.overall.staleOnTop).toBe(0);
    expect(report.overall.hit1).toBeGreaterThan(0.9);
    expect(report.overall.queries).toBeGreaterThanOrEqual(20);
    expect(Object.keys(report.byCategory).sort()).toEqual(['decay', 'domains', 'redline', 'supersession', 'tiers']);
    fs.renameSync(path.join(work, 'eval-report.json'), path.join(work, 'baseline.json'));
  });

  it('with supersession switched off (--config), --gate exits 1 and names the dropped metrics', () => {
    const r = cli(['eval', RANKING_PART, '--config', SUPERSEDE_OFF, '--baseline', 'baseline.json', '--gate', '--report', 'off.json'], { cwd: work });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('gate: FAILED');
    const dropped = droppedLines(r.stdout);
    expect(dropped.some((l) => l.startsWith('hit@1 '))).toBe(true);
    expect(dropped.some((l) => /^stale-on-top 0\.000 → 0\.\d+ \(\+0\.\d+, lower is better\)$/.test(l))).toBe(true);
    expect(dropped.some((l) => l.startsWith('[supersession] hit@1'))).toBe(true);
    const off = JSON.parse(fs.readFileSync(path.join(work, 'off.json'), 'utf8'));
    const base = JSON.parse(fs.readFileSync(path.join(work, 'baseline.json'), 'utf8'));
    expect(off.config).toEqual(JSON.parse(SUPERSEDE_OFF));
    expect(off.overall.staleOnTop).toBeGreaterThan(base.overall.staleOnTop);
    expect(off.overall.hit1).toBeLessThan(base.overall.hit1);
  });

  it('--set does the same; without --gate the differences are printed and the exit is 0', () => {
    const r = cli(['eval', RANKING_PART, '--set', 'ranking.disabledStages=supersede', '--baseline', 'baseline.json', '--report', 'off2.json', '--json'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.gate).toBeNull();
    expect(out.comparison.dropped.map((d: { scope: string; metric: string }) => `${d.scope}:${d.metric}`)).toEqual(expect.arrayContaining(['overall:hit1', 'overall:staleOnTop']));
  });

  it('a run with no change passes the gate', () => {
    const r = cli(['eval', RANKING_PART, '--baseline', 'baseline.json', '--gate', '--report', 'same.json'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('gate: passed');
    expect(droppedLines(r.stdout)).toEqual([]);
  });

  it('a generous --tolerance lets a small drop through; a bad one is a usage error', () => {
    const r = cli(['eval', RANKING_PART, '--config', SUPERSEDE_OFF, '--baseline', 'baseline.json', '--gate', '--tolerance', '1', '--report', 'tol.json'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('gate: passed');
    const bad = cli(['eval', RANKING_PART, '--baseline', 'baseline.json', '--gate', '--tolerance', 'lots'], { cwd: work });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--tolerance: "lots" must be a number from 0 to 1');
  });
});

/** A home made the way a user makes one: imports, adds, corrections, a red line, core memory, a dictionary, a handoff. */
function realisticHome(domains?: string[]): string {
  const home = tempHome();
  ok(home, ['init']);
  if (domains) fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ domains }, null, 2) + '\n');
  ok(home, ['import', NOISE]);
  ok(home, ['add', '[code] 后端服务 api-server 的端口是8080，本地调试直接打 localhost:8080', '--time', '2026-08-10T14:20:00+08:00', '--id', 'home-port-old']);
  ok(home, ['add', '[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', '--time', '2026-10-02T09:15:00+08:00', '--id', 'home-port-fix']);
  ok(home, ['add', '[hermes] 〔红线〕任何对外发布都必须先经人工确认，禁止自动推送到公众号', '--time', '2026-06-01T09:00:00+08:00', '--id', 'home-redline']);
  ok(home, ['add', '[openclaw] 公众号稿件统一在周四晚上定稿，周五早上发', '--time', '2026-09-03T20:00:00+08:00', '--id', 'home-gzh']);
  ok(home, ['core', 'add', '后端端口是9090（api-server）']);
  ok(home, ['session', 'end', '--project', 'shop', '--done', '迁移了端口', '--next', '更新 nginx 配置']);
  fs.writeFileSync(path.join(home, 'dict.txt'), 'api-server 10 n\n公众号 20 n\n');
  ok(home, ['search', '端口']);
  return home;
}

function homeSuite(dir: string): string {
  const file = path.join(dir, 'home-suite.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      name: 'my home',
      now: '2026-11-20T10:00:00+08:00',
      queries: [
        { query: '后端服务端口是多少', category: 'ports', expect: [{ rank1: 'home-port-fix' }, { superseded: 'home-port-old', by: 'home-port-fix' }] },
        { query: '发布到公众号', category: 'rules', expect: [{ pinned: 'home-redline' }] },
        { query: '稿件 定稿', relevant: ['home-gzh'] },
      ],
    }),
  );
  return file;
}

describe('eval: nothing in eval writes to the home it evaluates', () => {
  it('eval --home, a suite naming its home, --gate, --config and --self-test leave every byte as it was and add no file', () => {
    const home = realisticHome();
    const work = tempDir();
    const suite = homeSuite(work);
    const before = snapshot(home);
    for (const f of ['config.json', 'core.md', 'dict.txt', 'index.sqlite']) expect(before.has(f), f).toBe(true);
    expect([...before.keys()].filter((f) => f.startsWith('log/')).length).toBeGreaterThan(50);
    const mtimes = new Map([...before.keys()].map((f) => [f, fs.statSync(path.join(home, f)).mtimeMs]));

    const runs: [string[], number][] = [
      [['eval', suite, '--home', home, '--report', 'a.json'], 0],
      [['eval', suite, '--home', home, '--report', 'b.json', '--baseline', 'a.json', '--gate'], 0],
      [['eval', suite, '--home', home, '--report', 'c.json', '--baseline', 'a.json', '--gate', '--config', SUPERSEDE_OFF], 1],
      [['eval', '--self-test', '--home', home], 0],
      [['eval', '--self-test', '--dir', home, '--report', 'self.json'], 0],
      [['eval', '--self-test', '--home', home, '--set', 'ranking.disabledStages=supersede'], 1],
      [['eval', suite, '--home', home, '--report', path.join(home, 'inside.json')], 2],
    ];
    for (const [args, code] of runs) {
      const r = cli(args, { cwd: work });
      expect(r.code, `${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(code);
    }
    // the suite may also name the home itself, relative to the suite file
    const named = JSON.parse(fs.readFileSync(suite, 'utf8'));
    named.home = path.relative(work, home);
    fs.writeFileSync(path.join(work, 'named.json'), JSON.stringify(named));
    const r = cli(['eval', 'named.json', '--report', 'd.json'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ports +1 +1\.000/m);

    const after = snapshot(home);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [f, bytes] of before) {
      expect(after.get(f)!.equals(bytes), `${f} changed`).toBe(true);
      expect(fs.statSync(path.join(home, f)).mtimeMs, `${f} touched`).toBe(mtimes.get(f));
    }
  });
});

describe('eval: a home suite', () => {
  it('grades queries by record id, per category, and refuses ids the home does not have', () => {
    const home = realisticHome();
    const work = tempDir();
    const suite = homeSuite(work);
    const r = cli(['eval', suite, '--home', home, '--report', 'h.json', '--json'], { cwd: work });
    expect(r.code, r.stderr).toBe(0);
    const { report } = JSON.parse(r.stdout);
    expect(report.suite.mode).toBe('home');
    expect(Object.keys(report.byCategory).sort()).toEqual(['home', 'ports', 'rules']);
    expect(report.byCategory.ports.hit1).toBe(1);
    expect(report.byCategory.ports.staleOnTop).toBe(0);
    expect(report.byCategory.rules.redlineRecall).toBe(1);
    expect(report.queries[2].relevantSource).toBe('listed');

    const bad = JSON.parse(fs.readFileSync(suite, 'utf8'));
    bad.queries[0].expect[1].by = 'no-such-record';
    fs.writeFileSync(path.join(work, 'bad.json'), JSON.stringify(bad));
    const b = cli(['eval', 'bad.json', '--home', home], { cwd: work });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('queries[0].expect[1].by: no record "no-such-record" in the memory home');
  });
});

describe('eval --self-test', () => {
  it('passes on a home with realistic data and reports each domain', () => {
    const home = realisticHome();
    const r = cli(['eval', '--self-test', '--home', home]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const d of ['hermes', 'code', 'openclaw']) expect(r.stdout).toMatch(new RegExp(`^ok +${d} .*correction rank 1, old record rank \\d+, superseded by the correction$`, 'm'));
    expect(r.stdout).toContain('self-test passed: 3/3 domains');
  });

  it('plants in every configured domain, and fails (exit 1, per domain) when supersession is switched off', () => {
    const home = realisticHome(['hermes', 'code', 'openclaw', 'ops']);
    const r = cli(['eval', '--self-test', '--home', home, '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.cases.map((c: { domain: string }) => c.domain)).toEqual(['hermes', 'code', 'openclaw', 'ops']);
    for (const c of rep.cases) {
      expect(c.pass, JSON.stringify(c)).toBe(true);
      expect(c.correctionRank).toBe(1);
      expect(c.oldSupersededBy).toBe(c.correctionId);
      expect(c.correctionText).toContain('〔更正〕');
    }
    const off = cli(['eval', '--self-test', '--home', home, '--config', SUPERSEDE_OFF]);
    expect(off.code).toBe(1);
    expect(off.stdout).toMatch(/^FAIL ops /m);
    expect(off.stdout).toContain('the old record is not flagged superseded');
    expect(off.stdout).toContain('self-test FAILED: 0/4 domains');
  });

  it('needs an existing home', () => {
    const r = cli(['eval', '--self-test', '--home', path.join(tempDir(), 'nothing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--home: no memory home at');
  });
});

describe('eval: bad suites and options are refused with the path of the bad field (exit 2)', () => {
  const good = () => ({
    name: 't',
    now: '2026-11-20T10:00:00+08:00',
    scenarios: [
      {
        id: 's1',
        rule: 'supersession',
        records: [
          { key: 'old', time: '2026-08-01T10:00:00+08:00', text: '[code] 端口是8080' },
          { key: 'fix', time: '2026-10-01T10:00:00+08:00', text: '[code] 〔更正〕端口改为9090' },
        ],
        queries: [{ query: '端口', expect: [{ rank1: 'fix' }] }],
      },
    ],
  });
  const run = (suite: unknown, extra: string[] = [], name = 'suite.json') => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, name), typeof suite === 'string' ? suite : JSON.stringify(suite));
    return cli(['eval', name, '--report', 'r.json', ...extra], { cwd: dir });
  };

  it('accepts the sound suite', () => {
    const r = run(good());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^supersession +1 +1\.000/m);
  });

  const cases: [string, (s: ReturnType<typeof good>) => unknown, string][] = [
    ['a misspelt check', (s) => ((s.scenarios[0]!.queries[0]!.expect as unknown[])[0] = { rnak1: 'fix' }, s), 'scenarios[0].queries[0].expect[0]: unknown check "rnak1"'],
    ['a relevant key that is no record', (s) => (Object.assign(s.scenarios[0]!.queries[0]!, { relevant: ['fix', 'nope'] }), s), 'scenarios[0].queries[0].relevant[1]: no record "nope" in this scenario'],
    ['a bad category', (s) => (Object.assign(s.scenarios[0]!, { category: 3 }), s), 'scenarios[0].category: must be a non-empty string'],
    ['a bad record time', (s) => ((s.scenarios[0]!.records[1]!.time = 'last week'), s), 'scenarios[0].records[1].time: required, an ISO 8601 time (got "last week")'],
    ['a query with neither checks nor relevant', (s) => ((s.scenarios[0]!.queries[0]!.expect = []), s), 'scenarios[0].queries[0].expect: required, a non-empty list of checks (or give "relevant")'],
    ['home beside scenarios', (s) => (Object.assign(s, { home: '../mem' }), s), 'home: a suite with scenarios runs its records on fresh homes'],
    ['scenarios and queries together', (s) => (Object.assign(s, { queries: [{ query: 'x', relevant: ['a'] }] }), s), 'scenarios: a suite has either scenarios'],
  ];
  for (const [what, mutate, message] of cases) {
    it(`refuses ${what}`, () => {
      const r = run(mutate(good()));
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toContain('suite.json:');
      expect(r.stderr).toContain(message);
    });
  }

  it('refuses text that is not JSON, YAML, a missing file, and a home suite without a home', () => {
    const notJson = run('{"name": "t",');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/suite\.json: 1 problem\(s\) in the suite:\nnot valid JSON/);
    const yaml = run('name: t\n', [], 'suite.yaml');
    expect(yaml.code).toBe(2);
    expect(yaml.stderr).toContain('YAML suites are not supported');
    const missing = cli(['eval', path.join(tempDir(), 'none.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the suite');
    const homeless = run({ name: 'h', queries: [{ query: 'x', relevant: ['a'] }] });
    expect(homeless.code).toBe(2);
    expect(homeless.stderr).toContain('name it with "home" in the suite or with --home DIR');
  });

  it('refuses bad changed settings, a report that is no report, and --gate without --baseline', () => {
    const stage = run(good(), ['--set', 'ranking.disabledStages=supersed']);
    expect(stage.code).toBe(2);
    expect(stage.stderr).toContain('"ranking.disabledStages" must list stage names');
    const field = run(good(), ['--config', '{"rankng": {}}']);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('unknown field "rankng"');
    const gate = run(good(), ['--gate']);
    expect(gate.code).toBe(2);
    expect(gate.stderr).toContain('--gate needs --baseline');
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'x.json'), '{"some": "json"}');
    const base = run(good(), ['--baseline', path.join(dir, 'x.json')]);
    expect(base.code).toBe(2);
    expect(base.stderr).toContain('not an optmem eval report');
    const home = run(good(), ['--home', dir]);
    expect(home.code).toBe(2);
    expect(home.stderr).toContain('--home: this suite has scenarios of its own records');
  });

  it('--help names the default report file and the tolerance', () => {
    const r = cli(['eval', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('default eval-report.json in the current directory');
    expect(r.stdout).toContain('(default 0.01)');
  });
});
