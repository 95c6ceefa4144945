/**
 * Sessions under faults, through the real CLI and real child processes: an empty `session end`
 * (by hand, from a broken transcript, from a hook) never replaces the real handoff; a small pack
 * keeps what is open before what is done; two processes pinning core memory at once lose nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, DIST_INDEX, nodeChild, ok, snapshot, tempDir, tempHome } from './helpers.js';

function gitProject(name: string): string {
  const dir = path.join(tempDir(), name);
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true }); // a git root names the project
  return dir;
}

function currentHandoff(home: string, project: string): { id: string; fields: Record<string, string[]> } {
  return JSON.parse(ok(home, ['session', 'start', '--project', project, '--json'])).handoff;
}

describe('an empty session end is refused and the previous handoff stays current', () => {
  const home = tempHome();
  ok(home, ['init']);
  const real = JSON.parse(ok(home, ['session', 'end', '--project', 'demo', '--done', '登录页改完了', '--next', '接支付回调', '--json'])).handoff.id as string;
  const handoffFile = path.join(home, 'projects', 'demo', 'HANDOFF.md');
  const logBefore = snapshot(path.join(home, 'log'));
  const fileBefore = fs.readFileSync(handoffFile, 'utf8');

  const unchanged = () => {
    expect(currentHandoff(home, 'demo').id).toBe(real);
    expect(currentHandoff(home, 'demo').fields.next).toEqual(['接支付回调']);
    expect(snapshot(path.join(home, 'log'))).toEqual(logBefore);
    expect(fs.readFileSync(handoffFile, 'utf8')).toBe(fileBefore);
  };

  it('with no item at all: exit 2, says what to pass, writes nothing', () => {
    const r = cli(['session', 'end', '--project', 'demo', '--dir', home]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('nothing to hand off');
    expect(r.stderr).toContain('--done');
    expect(r.stderr).not.toMatch(/\n\s+at /); // one message, no stack trace
    expect(r.stdout).toBe('');
    unchanged();
  });

  it('with only blank items, or an empty JSON object on stdin: exit 2', () => {
    const blank = cli(['session', 'end', '--project', 'demo', '--done', '   ', '--next', '', '--dir', home]);
    expect(blank.code, blank.stderr).toBe(2);
    const json = cli(['session', 'end', '--project', 'demo', '--input', '-', '--json', '--dir', home], { input: '{"done": [], "stuck": ["  "]}' });
    expect(json.code, json.stderr).toBe(2);
    expect(JSON.parse(json.stdout).error.code).toBe('USAGE');
    unchanged();
  });

  it('with a transcript that holds nothing (empty, garbage): exit 2', () => {
    const dir = tempDir();
    for (const [name, text] of [['empty.jsonl', ''], ['garbage.jsonl', '\u0000\u0001 not json {{{\n]]]\n'], ['tools-only.jsonl', '{"role":"tool","content":"ok"}\n']] as const) {
      const t = path.join(dir, name);
      fs.writeFileSync(t, text);
      const r = cli(['session', 'end', '--project', 'demo', '--transcript', t, '--dir', home]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(name);
    }
    unchanged();
  });

  it('a hook with an empty or broken transcript writes nothing, says so, and does not fail the host', () => {
    const cwd = gitProject('demo');
    const dir = tempDir();
    const broken = path.join(dir, 'broken.jsonl');
    fs.writeFileSync(broken, '{"type":"user","message":{"role":"user","content":[{"type":"tool_result"');
    const empty = path.join(dir, 'empty.jsonl');
    fs.writeFileSync(empty, '');
    for (const event of ['PreCompact', 'SessionEnd']) {
      for (const t of [broken, empty, path.join(dir, 'missing.jsonl')]) {
        const input = JSON.stringify({ session_id: `s-${event}-${path.basename(t)}`, transcript_path: t, cwd, hook_event_name: event });
        const r = cli(['hook', 'claude-code', event, '--dir', home], { input });
        expect(r.code, `${event} ${t}: ${r.stderr}`).toBe(0);
        expect(r.stderr).toContain('nothing written');
      }
    }
    unchanged();
  });

  it('a real session end afterwards still supersedes the real handoff', () => {
    const next = JSON.parse(ok(home, ['session', 'end', '--project', 'demo', '--stuck', '回调签名 400', '--json']));
    expect(next.supersedes).toBe(real);
    expect(currentHandoff(home, 'demo').id).toBe(next.handoff.id);
  });
});

describe('the context pack under a small budget', () => {
  it('keeps the handoff\'s stuck and next items; the done items are what is trimmed', () => {
    const home = tempHome();
    ok(home, ['init']);
    const done = Array.from({ length: 8 }, (_, i) => `完成了第${i}项工作：把 service-${i} 的配置迁到新集群并验证了回滚脚本，耗时一下午`);
    const args = ['session', 'end', '--project', 'shop', '--stuck', 'webhook 签名 400', '--next', '查 endpoint secret', '--next', '补回调测试'];
    for (const d of done) args.push('--done', d);
    ok(home, args);

    // With room, everything is there.
    const big = JSON.parse(ok(home, ['session', 'start', '--project', 'shop', '--budget', '6000', '--json']));
    for (const d of done) expect(big.markdown).toContain(d);
    expect(big.omitted).toEqual([]);

    // A budget where the whole done list would fit, but not the open items after it: filling the
    // pack in reading order would lose stuck and next. They must survive; done is what gives.
    const openLen = big.markdown.length - big.markdown.indexOf('\n## Open items\n');
    const budget = big.used - Math.ceil(openLen / 2);
    expect(budget).toBeGreaterThanOrEqual(500);
    const pack = JSON.parse(ok(home, ['session', 'start', '--project', 'shop', '--budget', String(budget), '--json']));
    expect(pack.markdown.length).toBeLessThanOrEqual(budget);
    expect(pack.used).toBe(pack.markdown.length);
    for (const s of ['stuck: webhook 签名 400', 'next: 查 endpoint secret', 'next: 补回调测试']) expect(pack.markdown).toContain(s);
    const doneShown = done.filter((d) => pack.markdown.includes(d)).length;
    expect(doneShown).toBeLessThan(done.length);
    expect(pack.omitted).toEqual([{ section: 'handoff', count: done.length - doneShown }]);
    // still in reading order: the handoff (with what was done) before its open items
    expect(pack.markdown.indexOf('## Last handoff')).toBeGreaterThan(-1);
    expect(pack.markdown.indexOf('## Last handoff')).toBeLessThan(pack.markdown.indexOf('## Open items'));

    // The smallest budget still carries the open items.
    const tiny = JSON.parse(ok(home, ['session', 'start', '--project', 'shop', '--budget', '500', '--json']));
    expect(tiny.markdown.length).toBeLessThanOrEqual(500);
    for (const s of ['stuck: webhook 签名 400', 'next: 查 endpoint secret', 'next: 补回调测试']) expect(tiny.markdown).toContain(s);
  });
});

describe('core.md under the writer lock', () => {
  it('two processes pinning and unpinning at once lose no change', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const N = 20;
    const jsonl = path.join(tempDir(), 'facts.jsonl');
    fs.writeFileSync(jsonl, Array.from({ length: 2 * N }, (_, i) => JSON.stringify({ text: `第${i}条要钉住的事实 fact-${i}`, time: '2026-01-01T00:00:00Z' })).join('\n') + '\n');
    ok(home, ['import', jsonl]);
    const all: string[] = ok(home, ['export'])
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(all.length).toBe(2 * N);
    const a = all.slice(0, N);
    const b = all.slice(N);

    // Each child opens its own memory and pins its own ids one by one; B then unpins its first half.
    const script = `
      import { createOptmem } from ${JSON.stringify(DIST_INDEX)};
      const [home, pins, unpins] = process.argv.slice(1);
      const mem = createOptmem({ dir: home, refreshMs: 0 });
      for (const id of JSON.parse(pins)) mem.core.pin(id);
      for (const id of JSON.parse(unpins)) mem.core.unpin(id);
      mem.close();
    `;
    const A = nodeChild(script, [home, JSON.stringify(a), '[]']);
    const B = nodeChild(script, [home, JSON.stringify(b), JSON.stringify(b.slice(0, N / 2))]);
    const [ra, rb] = await Promise.all([A.done, B.done]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);

    const core = fs.readFileSync(path.join(home, 'core.md'), 'utf8');
    const pinned = core.split('## removed')[0]!.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2).split(' ')[0]);
    expect(new Set(pinned)).toEqual(new Set([...a, ...b.slice(N / 2)]));

    // and the CLI, two at once, as two agents would
    const cliPin = (id: string) => nodeChild(
      `import { spawnSync } from 'node:child_process';
       const r = spawnSync(process.execPath, [${JSON.stringify(BIN)}, 'core', 'pin', process.argv[1], '--dir', process.argv[2]], { encoding: 'utf8' });
       process.stderr.write(r.stderr); process.exit(r.status ?? 1);`,
      [id, home],
    ).done;
    const results = await Promise.all(b.slice(0, 4).map(cliPin));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const after = fs.readFileSync(path.join(home, 'core.md'), 'utf8');
    for (const id of [...a, ...b.slice(0, 4), ...b.slice(N / 2)]) expect(after).toContain(`- ${id}`);
    expect(fs.readdirSync(home).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
