import { describe, expect, it } from 'vitest';
import { clockTimes } from './clock-times.js';

describe('clock times', () => {
  it('reads Chinese and digital clock times as HH:MM', () => {
    expect(clockTimes('为什么备份时间从两点半挪走了')).toEqual(['02:30', '14:30']);
    expect(clockTimes('每晚备份改到凌晨一点四十五')).toEqual(['01:45']);
    expect(clockTimes('公众号晚上8点推送')).toEqual(['20:00']);
    expect(clockTimes('下午五点发周报')).toEqual(['17:00']);
    expect(clockTimes('backup_daily 改到3点')).toEqual(['03:00', '15:00']);
    expect(clockTimes('nightly at 2:30, weekly at 04:00')).toEqual(['02:30']);
    expect(clockTimes('中午12点吃饭，23点睡觉')).toEqual(['12:00', '23:00']);
    expect(clockTimes('每周四上午10点检查')).toEqual(['10:00']);
    expect(clockTimes('九点一刻开会')).toEqual(['09:15', '21:15']); // no time word before 九, but 一刻 after it
  });

  it('leaves "a little" and "two points" alone, and numbers that are no clock', () => {
    expect(clockTimes('快一点，多写一点细节')).toEqual([]);
    expect(clockTimes('提了两点建议')).toEqual([]);
    expect(clockTimes('v1.2:30 build 12:345, 版本 3.5')).toEqual([]);
  });
});
