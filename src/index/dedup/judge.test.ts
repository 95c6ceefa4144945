import { describe, expect, it } from 'vitest';
import { judgePair, NEAR_DUPLICATE_THRESHOLD, signatureOf } from './judge.js';

const D = ['hermes', 'code', 'openclaw'];
const sig = (text: string, tier: 'normal' | 'redline' = 'normal') => signatureOf({ text, domain: null, project: null, kind: 'note', tier }, D)!;
// The near setting: what the judge decides once two texts are near (the default links exact copies only).
const verdict = (a: string, b: string) => judgePair(sig(a), sig(b), { threshold: NEAR_DUPLICATE_THRESHOLD }).verdict;

describe('judgePair', () => {
  it('links what differs only in width, case, spacing, punctuation, Markdown, emoji and numeral form', () => {
    expect(verdict('前端 dev server 跑 5173', '- **前端 Dev Server：５１７３** 😀')).toBe('duplicate');
    expect(verdict('一句话不超过四十个字', '一句话不超过40个字')).toBe('duplicate');
    expect(verdict('The freelance fee is ¥2,000.', 'the freelance fee is ¥2000')).toBe('duplicate');
  });

  it('never links differing values, times, currencies, names or negation, nor a swapped pair', () => {
    expect(verdict('后端端口 8080', '后端端口 9090')).toBe('variant');
    expect(verdict('体检约在下午三点', '体检约在上午三点')).toBe('variant');
    expect(verdict('会员费每月 $45', '会员费每月 ¥45')).toBe('variant');
    expect(verdict('前端 3000，后端 8080', '前端 8080，后端 3000')).toBe('variant');
    expect(verdict('快递一律放门口的柜子里，不要放物业', '快递一律放物业，不要放门口的柜子里')).toBe('variant');
    expect(verdict('Python 项目统一用 uv 管理，不用 pip 和 poetry', 'Python 项目统一用 poetry 管理，不用 pip 和 uv')).toBe('variant');
    expect(verdict('稿费结算找小周，每月十号', '稿费结算找小吴，每月十号')).toBe('none');
  });

  it('never links a differing qualifier: only, all, above or below, before or after, must or may', () => {
    expect(verdict('Admins can deploy on Fridays.', 'Only admins can deploy on Fridays.')).toBe('variant');
    expect(verdict('退款 500 元以上要人工审核', '退款 500 元以下要人工审核')).toBe('variant');
    expect(verdict('You must rotate the key every 90 days.', 'You may rotate the key every 90 days.')).toBe('variant');
    expect(verdict('上线之前跑一遍 e2e', '上线之后跑一遍 e2e')).toBe('variant');
    // Synonyms of one class agree: 之后 / 以后 / 后, 所有 / 一律.
    expect(verdict('升级到 TypeScript 5.6 后 build 才过', 'TypeScript 升到 5.6 之后 build 才过')).toBe('duplicate');
    expect(verdict('所有时间字段存 UTC，前端再转本地时区', '时间字段一律存UTC，前端再转成本地时区')).toBe('duplicate');
    // 后端 and 王总是 hold no qualifier.
    expect(verdict('王总是项目负责人，预算要他签字', '预算要王总签字，他是项目负责人')).toBe('duplicate');
  });

  it('never links a name one side adds, nor values paired with other words however the clauses are ordered', () => {
    expect(verdict('备份脚本每天凌晨跑', '备份脚本每天凌晨跑 restic')).toBe('none');
    expect(verdict('Deploy the web app on Fridays.', 'Deploy the web app to Vercel on Fridays.')).toBe('none');
    expect(verdict('JWT 过期时间 15 分钟，refresh token 7 天', 'refresh token 15 天，JWT 过期时间 7 分钟')).toBe('variant');
    expect(verdict('JWT 过期时间 15 分钟，refresh token 7 天', 'refresh token 7 天，JWT 过期时间 15 分钟')).toBe('duplicate');
  });

  it('reports a red line restated by a record of another tier, and never links the two', () => {
    expect(judgePair(sig('生产库禁止 DROP TABLE', 'redline'), sig('生产库禁止 DROP TABLE')).verdict).toBe('redline');
  });
});
