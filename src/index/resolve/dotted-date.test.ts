import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze.js';
import { createJiebaSegmenter } from '../tokenizer/jieba.js';

const seg = createJiebaSegmenter(null);
const shapes = (t: string) => Object.fromEntries(analyzeText(t, (run) => seg.cutForSearch(run), ['hermes', 'code', 'openclaw']).valueShapes);

describe('a month and day written with a dot', () => {
  it('is a date where what stands around it says so', () => {
    expect(shapes('[hermes] 12.9 夜班值守：老马')).toEqual({ '12.9': 'date' });
    expect(shapes('媳妇生日 5.6')).toEqual({ '5.6': 'date' });
    expect(shapes('继续教育年度考核：3.15 上午 9 点')['3.15']).toBe('date');
    expect(shapes('〔更正〕SG 12.12 券改满 SGD 50 先用得')['12.12']).toBe('date');
    expect(shapes('〔更正〕the WeChat post moves to 12.20, 科里要先审')).toEqual({ '12.20': 'date' });
  });
  it('makes another month and day of the same text a date too', () => {
    expect(shapes('〔更正〕公众号那篇 3.20 不发了，挪到 3.27')).toEqual({ '3.20': 'date', '3.27': 'date' });
  });
  it('stays a version after a release word, and a reading stays a number', () => {
    expect(shapes('Python 统一改到 3.11')).toEqual({ '3.11': 'version' });
    expect(shapes('固件升级到 7.2 了')).toEqual({ '7.2': 'version' });
    expect(shapes('前胎 2.5 bar')['2.5']).not.toBe('date');
    expect(shapes('这周空腹血糖 6.8')['6.8']).not.toBe('date');
  });
});
