import { describe, expect, it } from 'vitest';
import { describedPerson } from './judge.js';

describe('describedPerson: someone a record opens with, described by their tie to another', () => {
  it('reads the person and the tie, in Chinese and in English', () => {
    expect(describedPerson('小胖（幺儿同学）周三晚上 英语补习 7 点')).toEqual({ name: '小胖', tie: '幺儿同学' });
    expect(describedPerson('[code] 老王（张三同事）负责发版')).toEqual({ name: '老王', tie: '张三同事' });
    expect(describedPerson("tom (amy's classmate) swims tuesday 5pm")).toEqual({ name: 'tom', tie: "amy's classmate" });
  });
  it('reads no person from a bracket that says something else about a thing', () => {
    expect(describedPerson('backup (nightly) runs at 02:00')).toBeNull();
    expect(describedPerson('张医生（坐诊的老中医）周三下午坐诊')).toBeNull();
    expect(describedPerson('幺儿周六上午 9 点 物理补习（小胖也去）')).toBeNull();
  });
});
