import { describe, expect, it } from 'vitest';
import { foldText, simplified } from './simplified.js';

describe('simplified', () => {
  it('folds traditional characters to simplified ones, character for character', () => {
    const t = '週報彙整 job 每週五 23:30 跑,抓 Jira 本週關掉的單';
    expect(simplified(t)).toBe('周报汇整 job 每周五 23:30 跑,抓 Jira 本周关掉的单');
    expect(simplified(t)).toHaveLength(t.length);
    expect(simplified('時間設定後來')).toBe('时间设定后来');
  });

  it('leaves simplified text, and characters the simplified standard writes as they are, alone', () => {
    const s = '后端端口从 8080 改成 9090';
    expect(simplified(s)).toBe(s);
    expect(simplified('乾隆 著名 哪吒')).toBe('乾隆 著名 哪吒');
  });

  it('foldText applies NFKC first: full-width forms become ASCII', () => {
    expect(foldText('ＡＰＩ 埠號：８０８０')).toBe('API 埠号:8080');
  });
});
