import { describe, expect, it } from 'vitest';
import { weekdayMentions, weekdaysIn } from './weekdays.js';

const days = (t: string) => [...weekdaysIn(t)].sort();

describe('weekdays', () => {
  it('reads single days in Chinese and English', () => {
    expect(days('每周四上午10点')).toEqual([4]);
    expect(days('礼拜天休息')).toEqual([0]);
    expect(days('uploads on thursdays')).toEqual([4]);
  });

  it('reads lists and ranges, and a range over the weekend wraps', () => {
    expect(days('每周二、四晚 9 点')).toEqual([2, 4]);
    expect(days('周一三五发')).toEqual([1, 3, 5]);
    expect(days('周一到周五 8 点')).toEqual([1, 2, 3, 4, 5]);
    expect(days('mon–fri standup')).toEqual([1, 2, 3, 4, 5]);
    expect(days('周五至周一')).toEqual([0, 1, 5, 6]);
  });

  it('says where the words naming a day end', () => {
    const [m] = weekdayMentions('周六长距离集合点');
    expect(m).toEqual({ day: 6, at: 0, end: 2 });
  });
});
