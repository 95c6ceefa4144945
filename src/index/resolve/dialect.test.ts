import { describe, expect, it } from 'vitest';
import { analyzeText, dialectAsMandarin } from './analyze.js';
import { createJiebaSegmenter } from '../tokenizer/jieba.js';

const seg = createJiebaSegmenter(null);
const analyse = (t: string) => analyzeText(t, (run) => seg.cutForSearch(run), ['hermes', 'code', 'openclaw']);

describe('Cantonese written forms read as Mandarin, position for position', () => {
  it('folds the function words the resolver reads, and keeps the length', () => {
    const t = '嗰个 feed 输出路径系 /srv/feed，唔好跟老豆讲，依家摆喺 NAS';
    const m = dialectAsMandarin(t);
    expect(m).toBe('那个 feed 输出路径是 /srv/feed，不要跟老爸讲，现在摆在 NAS');
    expect(m.length).toBe(t.length);
  });

  it('leaves the 系 of a word alone (系统, 联系人)', () => {
    expect(dialectAsMandarin('系统日志的联系人系 阿May')).toBe('系统日志的联系人是 阿May');
  });
});

describe('a demonstrative glued to the next word by the segmenter', () => {
  it('names nothing: 那篇缩 of 那篇缩到 (嗰篇縮到) is no subject word', () => {
    for (const t of ['[openclaw] 〔更正〕busy season 那篇缩到 800 字', '[openclaw] 〔更正〕busy season 嗰篇縮到 800 字，LinkedIn 太長冇人睇']) {
      const a = analyse(t);
      expect(a.subjects.some((w) => /^[那这]/.test(w))).toBe(false);
      expect(a.subjects).toContain('season');
    }
  });
});
