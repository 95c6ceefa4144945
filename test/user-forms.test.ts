/**
 * What users actually type, through the real CLI: corrections and red lines marked other ways
 * (更正：, Correction:, 【更正】, Red line: link and lock like 〔更正〕 and 〔红线〕), and scope filters with
 * a typo in them (said, not a bare "no results").
 */
import fs from 'node:fs';
import path from 'node:path';
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

describe('a red line that came in through ingest, however its tier came about', () => {
  it('waits for the owner even when only a later reading of its text makes it one (a file written before `Red line:` counted)', () => {
    const home = tempHome();
    ok(home, ['init']);
    const day = path.join(home, 'log', '2026', '11');
    fs.mkdirSync(day, { recursive: true });
    // as an older version wrote an ingested diary line: no tier line, no quarantine line
    fs.writeFileSync(
      path.join(day, '2026-11-20.md'),
      '# 2026-11-20\n\n## 2026-11-20T10:00:00+08:00 · diaryred0001\n- domain: hermes\n- kind: diary\n- origin: ingest\n\n[hermes] Red line: never delete the NAS snapshots\n\n---\n',
    );
    expect(JSON.parse(ok(home, ['get', 'diaryred0001', '--json'])).record).toMatchObject({ tier: 'redline', quarantine: ['ingest-redline'] });
    expect(JSON.parse(ok(home, ['search', 'snapshots', '--json'])).results).toHaveLength(0);
    ok(home, ['approve', 'diaryred0001']);
    expect(JSON.parse(ok(home, ['search', 'snapshots', '--json'])).results.map((h: { id: string }) => h.id)).toEqual(['diaryred0001']);
  });
});
