import { describe, expect, it } from 'vitest';
import { judgePair, signatureOf } from './judge.js';

const D = ['hermes', 'code', 'openclaw'];
const sig = (text: string, tier: 'normal' | 'redline' = 'normal') => signatureOf({ text, domain: null, project: null, kind: 'note', tier }, D)!;
const verdict = (a: string, b: string) => judgePair(sig(a), sig(b)).verdict;

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

  it('reports a red line restated by a record of another tier, and never links the two', () => {
    expect(judgePair(sig('生产库禁止 DROP TABLE', 'redline'), sig('生产库禁止 DROP TABLE')).verdict).toBe('redline');
  });
});
