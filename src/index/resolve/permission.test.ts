import { describe, expect, it } from 'vitest';
import { grantsPermission, permitsInBareClause, statesRule } from './permission.js';

describe('permission and rule', () => {
  it('reads a permission in Chinese and English, and not a name or a thing retired', () => {
    for (const t of ['小红书笔记可以直接发', '不用等我确认了', '无需审批', 'answer key can go out before class', 'no need to ask me first', 'you may skip the review'])
      expect(grantsPermission(t), t).toBe(true);
    for (const t of ['售后换成阿may', 'telegram 那个不用了', '旧的不用的文件删掉', 'the maybe list', 'backend port is 9090'])
      expect(grantsPermission(t), t).toBe(false);
  });

  it('reads a rule, and not a plain fact', () => {
    for (const t of ['任何平台的文章没经我确认不准发布', '逆变器 firmware 绝不自动升级，只能手动', 'never give mom her pills after 22:00', 'slides must not go out'])
      expect(statesRule(t), t).toBe(true);
    for (const t of ['n3 的 answer key 放在 google drive', '小红书每周发 3 篇，周一三五', 'board slides live in the shared drive'])
      expect(statesRule(t), t).toBe(false);
  });

  it('tells a permission in a clause of its own, its condition after it, from one given with a value or as a reason', () => {
    expect(permitsInBareClause('采收期间可以排会了，下午 4 点以后就行', ['下午4点'])).toBe(true);
    expect(permitsInBareClause('周报可以周五 18:00 再发', ['周五', '18:00'])).toBe(false);
    expect(permitsInBareClause('夜班那篇篇幅放宽到3000字，编辑讲可以多放照片', ['3000字'])).toBe(false);
  });
});
