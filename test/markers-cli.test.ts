/**
 * Corrections and red lines marked the other ways users write them, through the real CLI: 更正：,
 * Correction:, 【更正】, Red line: link and lock like 〔更正〕 and 〔红线〕.
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

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
