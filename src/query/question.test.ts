import { describe, expect, it } from 'vitest';
import { asksSomething } from './question.js';

describe('asksSomething: is a query phrased as a question?', () => {
  it('a question mark or a question word, Chinese or English', () => {
    for (const q of ['日报发到哪里？', '后端端口是多少', '备份几点跑', '你还记得那个部署问题吗', 'When did Caroline go to the support group?', 'how do I rotate the deploy key', 'what port']) {
      expect(asksSomething(q), q).toBe(true);
    }
  });
  it('a lookup by words is not', () => {
    for (const q of ['deploy key rotates', '日报 飞书', '后端 端口 9090', 'nginx 配置', 'the showcase of what we built']) {
      expect(asksSomething(q), q).toBe(false);
    }
  });
});
