import { describe, expect, it } from 'vitest';
import { backReferences, refersInto } from './back-references.js';

const OFF = 480;
const at = (iso: string) => Date.parse(iso);
const days = (text: string, written: string) =>
  backReferences(text, at(written), OFF).map((r) => [r.phrase, new Date(r.sinceMs + OFF * 60_000).toISOString().slice(0, 10), new Date(r.untilMs - 1 + OFF * 60_000).toISOString().slice(0, 10)]);

describe('backReferences', () => {
  it('reads 昨晚 / yesterday / last night / 前天 from the record\'s own local day', () => {
    // written 00:30 on the 17th in UTC+8 (16:30 on the 16th in UTC): yesterday is the 16th
    expect(days('昨晚 NAS 备份失败', '2026-11-17T00:30:00+08:00')).toEqual([['昨晚', '2026-11-16', '2026-11-16']]);
    expect(days('My mom and I made dinner together last night!', '2026-11-17T09:00:00+08:00')).toEqual([['last night', '2026-11-16', '2026-11-16']]);
    expect(days('前天的部署回滚了', '2026-11-17T09:00:00+08:00')).toEqual([['前天', '2026-11-15', '2026-11-15']]);
  });

  it('上周五 is the Friday of the week before; last Friday the latest Friday before today', () => {
    // Wednesday 18 November 2026
    expect(days('上周五 NAS 挂载脚本改了', '2026-11-18T09:00:00+08:00')).toEqual([['上周五', '2026-11-13', '2026-11-13']]);
    expect(days('I won the tournament last Friday', '2026-11-18T09:00:00+08:00')).toEqual([['last Friday', '2026-11-13', '2026-11-13']]);
    // said on a Saturday: the day before; said on a Friday: a week before
    expect(days('last friday', '2026-11-21T09:00:00+08:00')[0]![1]).toBe('2026-11-20');
    expect(days('last friday', '2026-11-20T09:00:00+08:00')[0]![1]).toBe('2026-11-13');
  });

  it('上周 and last week are the calendar week before; 上周末 / last weekend its Saturday and Sunday; 上周五 is not also all of 上周', () => {
    expect(days('上周 rss 抓取一直超时', '2026-11-18T09:00:00+08:00')).toEqual([['上周', '2026-11-09', '2026-11-15']]);
    expect(days('went hiking last weekend', '2026-11-18T09:00:00+08:00')).toEqual([['last weekend', '2026-11-14', '2026-11-15']]);
    expect(days('上周五发版', '2026-11-18T09:00:00+08:00').map((d) => d[0])).toEqual(['上周五']);
  });

  it('last month, 去年, N days ago, a few days ago', () => {
    expect(days('went to a convention last month', '2026-04-03T09:00:00+08:00')).toEqual([['last month', '2026-03-01', '2026-03-31']]);
    expect(days('上个月换了 NAS 硬盘', '2026-01-10T09:00:00+08:00')).toEqual([['上个月', '2025-12-01', '2025-12-31']]);
    expect(days('去年的年会', '2026-03-10T09:00:00+08:00')).toEqual([['去年', '2025-01-01', '2025-12-31']]);
    expect(days('3天前 换了证书', '2026-11-18T09:00:00+08:00')).toEqual([['3天前', '2026-11-15', '2026-11-15']]);
    expect(days('two days ago the build broke', '2026-11-18T09:00:00+08:00')).toEqual([['two days ago', '2026-11-16', '2026-11-16']]);
    expect(days('前几天 NAS 重启过', '2026-11-18T09:00:00+08:00')).toEqual([['前几天', '2026-11-11', '2026-11-17']]);
  });

  it('a plan or today is no back-reference; nor is a record without relative time words', () => {
    expect(days('明天发版，下周 review', '2026-11-18T09:00:00+08:00')).toEqual([]);
    expect(days('NAS 备份今天正常', '2026-11-18T09:00:00+08:00')).toEqual([]);
    expect(days('we will meet next month', '2026-11-18T09:00:00+08:00')).toEqual([]);
  });

  it('refersInto: the first phrase landing in the window, else null', () => {
    const since = at('2026-11-16T00:00:00+08:00');
    const until = at('2026-11-17T00:00:00+08:00') - 1;
    expect(refersInto('昨晚 NAS 备份失败', at('2026-11-17T09:00:00+08:00'), OFF, since, until)?.phrase).toBe('昨晚');
    expect(refersInto('前天 NAS 备份失败', at('2026-11-17T09:00:00+08:00'), OFF, since, until)).toBeNull();
    expect(refersInto('NAS 备份脚本加了重试', at('2026-11-17T09:00:00+08:00'), OFF, since, until)).toBeNull();
  });
});
