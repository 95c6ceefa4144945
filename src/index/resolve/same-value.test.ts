import { describe, expect, it } from 'vitest';
import { monthDay, monthDaysIn, namesOneThing, sameDay, sameDayOfMonth, sameLoosely, sameValue } from './same-value.js';

describe('sameValue', () => {
  it.each([
    ['20个字', '20字'],
    ['三周', '每 3周'],
    ['9:00', '09:00'],
    ['22:00', '晚上十点'],
    ['02:00', '凌晨两点'],
    ['22:00', '十点'],
    ['周一', 'mon'],
    ['weekly', '每周'],
    ['每晚', '每日'],
    ['30 days', '30天'],
    ['5 min', '5分钟'],
  ])('%s is %s written another way', (a, b) => {
    expect(sameValue(a, b)).toBe(true);
    expect(sameValue(b, a)).toBe(true);
  });

  it('an address with its scheme is the address without it', () => {
    expect(sameValue('https://grafana.example.io', 'grafana.example.io')).toBe(true);
    expect(sameValue('stg.example.org/', 'https://stg.example.org')).toBe(true);
  });

  it.each([
    ['3个月', '3月'],
    ['20字', '30字'],
    ['周一', '周二'],
    ['3 weeks', '3天'],
    ['weekly', '每天'],
    ['22:00', '23:00'],
    ['周一', 'weekly'],
    ['http://grafana.example.io', 'https://grafana.example.io'],
    ['https://grafana.example.io/v2', 'grafana.example.io'],
  ])('%s is not %s', (a, b) => {
    expect(sameValue(a, b)).toBe(false);
  });
});

describe('sameLoosely', () => {
  it('reads one value written two ways by its numbers, its hour or its day', () => {
    expect(sameLoosely('500 RMB', '¥500', 'price')).toBe(true);
    expect(sameLoosely('晚6点', '18:00', 'schedule')).toBe(true);
    expect(sameLoosely('3月28日', '3/28', 'date')).toBe(true);
    expect(sameLoosely('10am', '2pm', 'schedule')).toBe(false);
    expect(sameLoosely('3月9日', '3月16日', 'date')).toBe(false);
    expect(sameLoosely('400元', '150元', 'price')).toBe(false);
  });
  it('reads a decimal as one number: 0.25g and 0.125g share no number, though both start with 0', () => {
    expect(sameLoosely('0.25g', '0.125g', 'weight')).toBe(false);
    expect(sameLoosely('0.25g', '0.25 g', 'weight')).toBe(true);
    expect(sameLoosely('1.5l', '1.5 升', 'capacity')).toBe(true);
  });
});

describe('namesOneThing', () => {
  it.each(['2025.1.4', '192.168.1.1', 'g7501', 'golang:1.22-alpine', '1600x900', '13800001234', '0.09', '1.35', '$12.99'])('%s names one thing', (v) => {
    expect(namesOneThing(v)).toBe(true);
  });
  it.each(['17:00', '3.15', '12/25', '2026', '8081', '30', '5mg', '40', '红旺'])('%s does not', (v) => {
    expect(namesOneThing(v)).toBe(false);
  });
});

describe('monthDay / sameDay', () => {
  it.each([
    ['3月15号', '3-15'],
    ['3/15', '3-15'],
    ['2026-03-15', '3-15'],
    ['Mar 15', '3-15'],
    ['March 15th', '3-15'],
    ['15 Mar', '3-15'],
    ['3.15', '3-15'],
    ['12.20', '12-20'],
  ])('%s is %s', (v, key) => {
    expect(monthDay(v)).toBe(key);
  });
  it('tells days apart and reads no other value as a day', () => {
    expect(sameDay('Mar 15', '3月15号')).toBe(true);
    expect(sameDay('Feb 17', '2月20号')).toBe(false);
    expect(monthDay('15:30')).toBeNull();
    expect(monthDay('8080')).toBeNull();
    expect(monthDay('may be')).toBeNull();
    expect(monthDay('13.5')).toBeNull();
    expect(monthDay('3.45')).toBeNull();
  });
  it('reads a day of the month alone as that day of any month', () => {
    expect(sameDayOfMonth('20号', '12.20')).toBe(true);
    expect(sameDayOfMonth('12.20', '20 号')).toBe(true);
    expect(sameDayOfMonth('20号', '12.21')).toBe(false);
    expect(sameDayOfMonth('20号', '20日')).toBe(true);
    expect(sameDayOfMonth('12.20', '3.20')).toBe(false);
  });
  it('reads a cron schedule as the clock time or the hours between runs it says', () => {
    expect(sameValue('0 6 * * *', '06:00')).toBe(true);
    expect(sameValue('0 */6 * * *', 'every 6 hours')).toBe(true);
    expect(sameValue('0 */6 * * *', '每 6 小时')).toBe(true);
    expect(sameValue('0 6 * * *', '30 5 * * *')).toBe(false);
    expect(sameValue('0 */6 * * *', 'every 2 hours')).toBe(false);
    expect(sameValue('0 6 * * *', '6h')).toBe(false);
    expect(sameValue('*/10 * * * *', '每 10 分钟')).toBe(true);
    expect(sameValue('*/10', 'every 10 minutes')).toBe(true);
    expect(sameValue('*/10 * * * *', '每 15 分钟')).toBe(false);
    expect(sameValue('*/10 * * * *', 'every 10 hours')).toBe(false);
  });
  it('reads an English clock time and a day of the year written either way as one value', () => {
    expect(sameValue('10:00', '10am')).toBe(true);
    expect(sameValue('20:00', '8pm')).toBe(true);
    expect(sameValue('20:30', '8:30 pm')).toBe(true);
    expect(sameValue('10:00', '10pm')).toBe(false);
    expect(sameValue('3 月 15 日', '15 Mar')).toBe(true);
    expect(sameValue('7 月 12 日', '7/12')).toBe(true);
    expect(sameValue('3/15', '3/18')).toBe(false);
  });
  it('finds the days of the year a text gives, however written, and no clock time or version', () => {
    expect([...monthDaysIn('Feb 21 Saturday on-call: Li, swapped from 14 Feb')]).toEqual(['2-21', '2-14']);
    expect([...monthDaysIn('2月21日值班，2026-03-05 交接，3/8 复盘')].sort()).toEqual(['2-21', '3-5', '3-8']);
    expect([...monthDaysIn('runs at 10:30, v2.14, on 99/99')]).toEqual([]);
  });
});
