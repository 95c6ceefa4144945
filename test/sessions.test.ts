/**
 * Sessions that carry over, end to end through the real CLI: a session of project P leaves a
 * handoff; the next session of P starts with it and with every relevant red line, within budget;
 * a session of another project does not see it. Core memory keeps its budget and its red lines.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ok, tempDir, tempHome } from './helpers.js';

describe('session end → session start', () => {
  const home = tempHome();
  ok(home, ['init']);
  const redGlobal = ok(home, ['add', '[hermes] 〔红线〕生产库禁止直接 DROP TABLE', '--time', '2026-03-01T10:00:00+08:00']).trim();
  const redP = ok(home, ['add', '[code] 〔红线〕shop 的 main 分支只能通过 PR 合并', '--project', 'shop', '--time', '2026-04-01T10:00:00+08:00']).trim();
  const redQ = ok(home, ['add', '[code] 〔红线〕blog 不许引入新的 CSS 框架', '--project', 'blog', '--time', '2026-04-02T10:00:00+08:00']).trim();
  ok(home, ['add', '[code] shop 的支付回调走 /api/pay/notify', '--project', 'shop', '--time', '2026-11-20T10:00:00+08:00']);

  const first = cli(
    ['session', 'end', '--dir', home, '--project', 'shop', '--agent', 'claude-code', '--session', 's1',
      '--decision', '支付改用 Stripe，不再接 PayPal', '--stuck', 'webhook 签名校验一直 400', '--next', '查 Stripe 的 endpoint secret', '--done', '结账页 UI 完成',
      '--time', '2026-11-28T18:00:00+08:00'],
  );
  it('session end writes a handoff record and the project\'s current handoff file', () => {
    expect(first.code, first.stderr).toBe(0);
    const id = first.stdout.trim();
    expect(id).toMatch(/^[0-9a-z]{16}$/);
    const got = JSON.parse(ok(home, ['get', id, '--json'])).record;
    expect(got.kind).toBe('handoff');
    expect(got.project).toBe('shop');
    expect(got.text).toContain('支付改用 Stripe');
    const file = fs.readFileSync(path.join(home, 'projects', 'shop', 'HANDOFF.md'), 'utf8');
    expect(file).toContain('webhook 签名校验一直 400');
  });

  it('the next session of the project starts with that handoff and every relevant red line, within budget', () => {
    const out = ok(home, ['session', 'start', '--project', 'shop', '--agent', 'codex', '--budget', '3000', '--json', '--now', '2026-11-29T09:00:00+08:00']);
    const pack = JSON.parse(out);
    expect(pack.handoff.id).toBe(first.stdout.trim());
    expect(pack.handoff.fields.decisions).toEqual(['支付改用 Stripe，不再接 PayPal']);
    expect(pack.handoff.fields.stuck).toEqual(['webhook 签名校验一直 400']);
    expect(pack.openItems).toEqual(['stuck: webhook 签名校验一直 400', 'next: 查 Stripe 的 endpoint secret']);
    const reds = pack.redlines.map((r: { id: string }) => r.id);
    expect(reds).toContain(redGlobal);
    expect(reds).toContain(redP);
    expect(reds).not.toContain(redQ);
    expect(pack.markdown.length).toBeLessThanOrEqual(3000);
    expect(pack.used).toBe(pack.markdown.length);
    expect(pack.markdown).toContain('支付改用 Stripe');
    expect(pack.markdown).toContain('生产库禁止直接 DROP TABLE');
    // plain Markdown as-is without --json
    const md = ok(home, ['session', 'start', '--project', 'shop']);
    expect(md).toMatch(/^# optmem context · project shop/);
    expect(md).toContain('## Red lines');
    expect(md).toContain('## Last handoff');
  });

  it('a session of another project does not see P\'s handoff', () => {
    const pack = JSON.parse(ok(home, ['session', 'start', '--project', 'blog', '--json']));
    expect(pack.handoff).toBeNull();
    expect(pack.markdown).not.toContain('Stripe');
    expect(pack.redlines.map((r: { id: string }) => r.id)).toContain(redQ);
    expect(pack.redlines.map((r: { id: string }) => r.id)).not.toContain(redP);
  });

  it('a second handoff supersedes the first', () => {
    const second = JSON.parse(ok(home, ['session', 'end', '--project', 'shop', '--done', 'webhook 修好了', '--json', '--time', '2026-11-29T20:00:00+08:00']));
    expect(second.supersedes).toBe(first.stdout.trim());
    const pack = JSON.parse(ok(home, ['session', 'start', '--project', 'shop', '--json']));
    expect(pack.handoff.id).toBe(second.handoff.id);
    const hist = JSON.parse(ok(home, ['history', second.handoff.id, '--json'])).history;
    expect(hist.current).toBe(second.handoff.id);
  });

  it('finds the project from the working directory (git root name)', () => {
    const repo = path.join(tempDir(), 'shop');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.mkdirSync(path.join(repo, 'src', 'pay'), { recursive: true });
    const pack = JSON.parse(ok(home, ['session', 'start', '--json'], { cwd: path.join(repo, 'src', 'pay') }));
    expect(pack.project).toBe('shop');
    expect(pack.handoff).not.toBeNull();
  });

  it('takes the fields as JSON on stdin, and refuses bad input with exit 2', () => {
    const r = cli(['session', 'end', '--dir', home, '--project', 'blog', '--input', '-', '--json'], { input: JSON.stringify({ done: ['写完 Hono 迁移'], next: ['发布'] }) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).fields.done).toEqual(['写完 Hono 迁移']);
    const bad = cli(['session', 'end', '--dir', home, '--project', 'blog', '--input', '-'], { input: '{"done": "not a list"}' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"done" must be a list of strings');
    const noProject = cli(['session', 'end', '--dir', home, '--done', 'x'], { cwd: tempDir() });
    expect(noProject.code).toBe(2);
  });

  it('refuses a flag of the other verb instead of ignoring it (session end --now would have written the handoff at the real time), and writes nothing', () => {
    const before = ok(home, ['export']);
    const endNow = cli(['session', 'end', '--dir', home, '--project', 'blog', '--done', 'x', '--now', '2026-11-26T19:00:00+08:00']);
    expect(endNow.code).toBe(2);
    expect(endNow.stderr).toMatch(/session end: --now is not an option of session end.*--time/);
    const startDone = cli(['session', 'start', '--dir', home, '--project', 'blog', '--done', 'x']);
    expect(startDone.code).toBe(2);
    expect(startDone.stderr).toContain('--done belongs to session end');
    expect(ok(home, ['export'])).toBe(before);
  });
});

describe('core memory', () => {
  it('never exceeds its budget, never drops a red line, and what it moves out stays searchable', () => {
    const home = tempHome();
    ok(home, ['init']);
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ core: { budget: 600 } }));
    const red = ok(home, ['add', '〔红线〕不要在周五下午发版']).trim();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(JSON.parse(ok(home, ['core', 'add', `第${i}条要常驻的事实：服务 svc${i} 的负责人是 owner${i}，值班表在 wiki/oncall/${i}`, '--json'])).id);
      const core = JSON.parse(ok(home, ['core', 'show', '--json']));
      expect(core.used).toBeLessThanOrEqual(600);
      expect(core.markdown.length).toBe(core.used);
      expect(core.entries.map((e: { id: string }) => e.id)).toContain(red);
    }
    const core = JSON.parse(ok(home, ['core', 'show', '--json']));
    const inBlock = new Set(core.entries.map((e: { id: string }) => e.id));
    const out = ids.filter((id) => !inBlock.has(id));
    expect(out.length).toBeGreaterThan(0);
    for (const id of out) {
      const hit = JSON.parse(ok(home, ['search', `svc${ids.indexOf(id)}`, '--json'])).results[0];
      expect(hit.id).toBe(id);
    }
    // a red line cannot be removed; an ordinary entry can, and stays in the log
    const rm = cli(['core', 'remove', red, '--dir', home]);
    expect(rm.code).toBe(2);
    expect(rm.stderr).toContain('red line');
    const kept = [...inBlock].find((id) => id !== red) as string;
    const after = JSON.parse(ok(home, ['core', 'remove', kept, '--json']));
    expect(after.core.entries.map((e: { id: string }) => e.id)).not.toContain(kept);
    expect(JSON.parse(ok(home, ['get', kept, '--json'])).record.id).toBe(kept);
    expect(fs.readFileSync(path.join(home, 'core.md'), 'utf8')).toContain(`- ${kept}`);
  });

  it('puts red lines and live corrections before pinned and recent facts, and nothing superseded', () => {
    const home = tempHome();
    ok(home, ['init']);
    const old = ok(home, ['add', '[code] 后端端口是 8080', '--project', 'shop', '--time', '2026-11-01T10:00:00+08:00']).trim();
    ok(home, ['core', 'pin', old]);
    const fix = ok(home, ['add', '[code] 〔更正〕后端端口改为 9090，8080 作废', '--project', 'shop']).trim();
    const red = ok(home, ['add', '〔红线〕密钥不进仓库']).trim();
    const core = JSON.parse(ok(home, ['core', 'show', '--json']));
    const ids = core.entries.map((e: { id: string }) => e.id);
    expect(ids[0]).toBe(red);
    expect(ids[1]).toBe(fix);
    expect(ids).not.toContain(old);
    expect(core.entries[1].reason).toBe('correction');
  });

  it('session start keeps in view what a corrected record still says on the points its correction does not speak to', () => {
    const home = tempHome();
    ok(home, ['init']);
    const old = ok(home, ['add', '[code] shop 后端用 FastAPI，端口 8080，数据库 PostgreSQL 15', '--project', 'shop', '--time', '2026-11-01T10:00:00+08:00']).trim();
    const fix = ok(home, ['add', '[code] 〔更正〕后端端口改成 9090', '--project', 'shop', '--time', '2026-11-20T10:00:00+08:00']).trim();
    const pack = ok(home, ['session', 'start', '--project', 'shop']);
    expect(pack).toContain(`- [code] 〔更正〕后端端口改成 9090 (2026-11-20, ${fix})\n  - still current in ${old}: [code] shop 后端用 FastAPI，数据库 PostgreSQL 15\n`);
    expect(pack).not.toContain('端口 8080');
  });
});

describe('a first session, and core memory at a glance', () => {
  it('an empty home\'s session start says nothing is recorded yet (not a bare header); `optmem core` alone shows core memory', () => {
    const home = tempHome();
    ok(home, ['init']);
    const pack = ok(home, ['session', 'start', '--project', 'newproj']);
    expect(pack).toContain('Nothing recorded yet for newproj: no red lines, no handoff, no notes.');
    ok(home, ['core', 'add', '称呼我为老板']);
    expect(ok(home, ['core'])).toContain('称呼我为老板');
    expect(ok(home, ['session', 'start', '--project', 'newproj'])).not.toContain('Nothing recorded yet');
  });
});
