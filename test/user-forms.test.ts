/**
 * What users actually type, through the real CLI: corrections and red lines marked other ways
 * (更正：, Correction:, 【更正】, Red line: link and lock like 〔更正〕 and 〔红线〕), and scope filters with
 * a typo in them (said, not a bare "no results").
 */
import { describe, expect, it } from 'vitest';
import { cli, ok, tempHome } from './helpers.js';

describe('corrections and red lines as users also mark them', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string) => ok(home, ['add', text, '--json']);

  it('"更正：" and "Correction:" link like 〔更正〕; "Red line:" is a red line', () => {
    const old = JSON.parse(add('[code] 后端服务端口 8080')).id as string;
    const fix = JSON.parse(add('[code] 更正：后端端口从 8080 改为 9090'));
    expect(fix.record.kind).toBe('correction');
    expect(fix.supersedes.map((s: { oldId: string }) => s.oldId)).toEqual([old]);
    const nl = JSON.parse(add('[openclaw] Newsletter goes out Tuesdays 08:00')).id as string;
    const en = JSON.parse(add('[openclaw] Correction: newsletter send is Thursday 08:00, not Tuesday'));
    expect(en.supersedes.map((s: { oldId: string }) => s.oldId)).toEqual([nl]);
    const red = JSON.parse(add('[hermes] Red line: never empty the NAS recycle bin without asking me first'));
    expect(red.record).toMatchObject({ kind: 'redline', tier: 'redline' });
  });
});

describe('a scope filter naming a domain or project no record has', () => {
  it('warns on stderr (and in --json warnings) instead of a bare "no results"', () => {
    const home = tempHome();
    ok(home, ['init']);
    ok(home, ['add', '[code] 后端端口 8080', '--project', 'shop']);
    const r = cli(['search', '端口', '--domain', 'hermse', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no results');
    expect(r.stderr).toContain('domain hermse: no record has this domain (known: code)');
    const j = JSON.parse(ok(home, ['search', '端口', '--project', 'shop,shoop', '--json']));
    expect(j.results).toHaveLength(1);
    expect(j.warnings).toEqual(['project shoop: no record has this project (known: shop)']);
    expect(JSON.parse(ok(home, ['search', '端口', '--project', 'shop', '--json'])).warnings).toBeUndefined();
  });
});
