import { describe, expect, it } from 'vitest';
import { sameFact, siblings, type Judged } from './choose.js';

const j = (plain: string, things: string[], language: 'zh' | 'en' = 'zh'): Judged =>
  ({ id: plain, timeMs: 0, supersededBy: [], text: plain, plain, things, lead: [], language, verdict: {} as Judged['verdict'] }) as Judged;

describe('siblings: one template, another thing named', () => {
  it('one word swapped in the subject is two items', () => {
    expect(siblings(j('照片 sync 每天凌晨4:00到 nas', ['照片', 'nas']), j('视频 sync 每天凌晨4:00到 nas', ['视频', 'nas']))).toBe(true);
    expect(siblings(j('api 服务端口 8080', ['api', '服务']), j('webhook 服务端口 8080', ['webhook', '服务']))).toBe(true);
    // (One side's word read as an attribute's, no thing: 容量.)
    expect(siblings(j('周一 09:00 自动约变更评审会，会议室 a301', ['自动', '变更', '评审', '会议']), j('周一 09:00 自动约容量评审会，会议室 a301', ['自动', '评审', '会议']))).toBe(true);
    // (Two English words each, none in common.)
    expect(siblings(j('image cdn cache ttl for product photos is 3600s.', ['image', 'cdn'], 'en'), j('image cdn cache ttl for homepage banners is 3600s.', ['image', 'cdn'], 'en'))).toBe(true);
  });

  it('a reworded copy, a copy in another language, and a value swapped are not', () => {
    expect(siblings(j('weekly_digest posts to #news', ['weekly_digest'], 'en'), j('weekly_digest output channel: #news', ['weekly_digest', 'channel'], 'en'))).toBe(false);
    expect(siblings(j('cab 3 显示器 chassis:hantarex', ['cab', '显示器', 'hantarex']), j('cab 3 monitor chassis:hantarex', ['cab', 'monitor', 'hantarex'], 'en'))).toBe(false);
    expect(siblings(j('nas 每晚 01:00 备份', ['nas']), j('nas 每晚 02:00 备份', ['nas']))).toBe(false);
    // (Two words each, in common but in another order: one thing reworded.)
    expect(siblings(j('the nightly full backup runs at 02:00', ['backup'], 'en'), j('the full nightly backup runs at 02:00', ['backup'], 'en'))).toBe(false);
    expect(siblings(j('nas 每天 01:00 备份', ['nas', '备份']), j('nas 每日 01:00 备份', ['nas', '备份']))).toBe(false);
  });
});

describe('sameFact: one fact written twice, or two facts', () => {
  const f = (plain: string, language: 'zh' | 'en' = 'en'): Judged =>
    ({ ...j(plain, ['preset', 'gain'], language), lead: ['interface', 'preset'], verdict: { shared: ['preset', 'gain'], tokens: ['32 db'], quoted: [] } as unknown as Judged['verdict'] }) as Judged;
  it('two titles of their own in quotes, in one script, are two things; a title and its translation may be one', () => {
    expect(sameFact(f("interface preset 'podcast': input gain 32 db"), f("interface preset 'podcast': input gain 32 db, phantom on"))).toBe(true);
    expect(sameFact(f("interface preset 'podcast': input gain 32 db, phantom on"), f("interface preset 'audiobook': input gain 32 db, phantom on, pad off"))).toBe(false);
    expect(sameFact(f("interface preset 'podcast': input gain 32 db"), f('interface preset 《播客》: input gain 32 db'))).toBe(true);
  });
});
