import { describe, expect, it } from 'vitest';
import { amountsAsDigits, hanAmounts, hanNumber } from './han-amounts.js';

describe('amounts in Chinese numerals', () => {
  it('reads spoken amounts, the short forms included', () => {
    expect(hanNumber('一百八')).toBe(180);
    expect(hanNumber('两千八')).toBe(2800);
    expect(hanNumber('三千五百')).toBe(3500);
    expect(hanNumber('一百零八')).toBe(108);
    expect(hanNumber('一万二')).toBe(12000);
    expect(hanNumber('一千二百五十')).toBe(1250);
    expect(hanNumber('三十五万')).toBe(350000);
  });

  it('writes them as digits in a text, with tens before a unit and a month with its day', () => {
    expect(amountsAsDigits('自己掏的钱是一百八 不是两百')).toBe('自己掏的钱是180 不是200');
    expect(amountsAsDigits('冷机设零下十八度')).toBe('冷机设零下18度');
    expect(amountsAsDigits('是八月十二号到期')).toBe('是8月12号到期');
    expect(hanAmounts('租金从五月份起三千五')).toEqual(['3500']);
  });

  it('leaves words, shares, months alone and rough counts as written', () => {
    for (const t of ['千万别忘了', '万一下雨', '百分之二十', '二十四节气', '十万火急', '五六百', '三明治', '五月份起', '农历八月十五']) {
      expect(amountsAsDigits(t)).toBe(t);
    }
  });
});
