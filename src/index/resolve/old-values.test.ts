import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze.js';
import { createJiebaSegmenter } from '../tokenizer/jieba.js';

const seg = createJiebaSegmenter(null);
const oldValues = (text: string) => analyzeText(text, (run) => seg.cutForSearch(run), ['hermes', 'code', 'openclaw']).oldValues;

describe('old values a correction names', () => {
  it('reads a value written by itself, then that it is void or what it became', () => {
    expect(oldValues('〔更正〕飞机那个 v01.00.0600 已经升成 v01.00.0700')).toContain('v01.00.0600');
    expect(oldValues('〔更正〕258013 那个作废了，客人走了就换，新的 741963')).toContain('258013');
  });

  it('takes no Chinese words in with the value: a date in brackets opening the text is no old value', () => {
    const read = oldValues('〔更正〕（11月11日）朵朵的英语课挪到周五晚上7点，老师那边排课冲突。');
    expect(read.some((v) => v.includes('英语课'))).toBe(false);
  });

  it('reads a date written in Chinese as the old value it is void or changed from (4月18日作废, 4月18日改成 4月25日)', () => {
    expect(oldValues('〔更正〕蟳埔那篇 4月18日作废，改 4月25日')).toContain('4月18日');
    expect(oldValues('〔更正〕截稿 4月18日改成 4月25日')).toContain('4月18日');
    expect(oldValues('〔更正〕截稿 4月18日改成 4月25日')).not.toContain('4月25日');
  });
});
