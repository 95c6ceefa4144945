import { describe, expect, it } from 'vitest';
import { frequenciesIn } from './frequency.js';

const f = (t: string) => [...frequenciesIn(t)].sort();

describe('frequency', () => {
  it('reads explicit words in Chinese and English', () => {
    expect(f('每晚 23:00 同步')).toEqual(['day']);
    expect(f('nightly backup runs at 03:00')).toEqual(['day']);
    expect(f('weekly full backup sun 04:00')).toEqual(['week']);
    expect(f('每周日 4 点全量备份')).toEqual(['week']);
    expect(f('每月 1 号导出账单')).toEqual(['month']);
    expect(f('hourly sync, plus a daily digest')).toEqual(['day', 'hour']);
  });

  it('a weekday or a report name alone is no frequency', () => {
    expect(f('周日 14:00 那场')).toEqual([]);
    expect(f('周报模板在 reports/oncall.md')).toEqual([]);
  });
  it('a quarter, in words or as every three months, is one frequency', () => {
    expect(f('烟感每季度测一次')).toEqual(['quarter']);
    expect(f('extinguishers: check every 3 months')).toEqual(['quarter']);
    expect(f('inspected quarterly')).toEqual(['quarter']);
  });
});
