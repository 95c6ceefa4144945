import { describe, expect, it } from 'vitest';
import { asksSomething, isQuestion, markFrames, readChangeQuestion } from './question.js';

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

describe('markFrames: a light verb before a question word frames the question', () => {
  const t = (text: string) => ({ text, surface: text, cjk: /[\u4e00-\u9fff]/.test(text), stop: false });
  const stopped = (words: string[]) => markFrames(words.map(t)).filter((x) => x.stop).map((x) => x.text);
  it('用 in "CI 用什么系统" and 用的 in "用的是哪个端口" carry no weight', () => {
    expect(stopped(['ci', '用', '什么', '系统'])).toEqual(['用', '什么']);
    expect(stopped(['后端', '用的', '是', '哪个', '端口'])).toEqual(['用的', '是', '哪个']);
  });
  it('用 that says something stays a word: 不能用, 用 docker 部署', () => {
    expect(stopped(['哪些', '词', '不能', '用'])).not.toContain('用');
    expect(stopped(['用', 'docker', '部署'])).not.toContain('用');
  });
});

describe('readChangeQuestion: asking what changed asks for the corrections', () => {
  it('reads 改了什么, 有哪些变动, what changed as 更正', () => {
    for (const q of ['最近改了什么', '上周有哪些变动', '公众号推送有什么变化', 'what changed last week', "what's changed"]) {
      expect(readChangeQuestion(q), q).toContain('更正');
    }
  });
  it('leaves a question about a value alone: 端口改成多少, 改到几点', () => {
    for (const q of ['后端端口改成多少', '备份改到几点了', 'change the port']) expect(readChangeQuestion(q), q).toBe(q);
  });
});

describe('isQuestion: weighted OR from the start, or a lookup by words', () => {
  const t = (text: string) => ({ text, surface: text, cjk: /[\u4e00-\u9fff]/.test(text), stop: false });
  const terms = (words: string[]) => words.map(t);
  it('three words typed apart that ask nothing are a lookup', () => {
    expect(isQuestion(terms(['端口', 'nginx', '配置']), 3, '端口 nginx 配置')).toBe(false);
    expect(isQuestion(terms(['deploy', 'key', 'rotates']), 3, 'deploy key rotates')).toBe(false);
  });
  it('the same words asking something, or written as one run, are a question', () => {
    expect(isQuestion(terms(['端口', 'nginx', '配置']), 3, '端口 nginx 配置是什么')).toBe(true);
    expect(isQuestion(terms(['部署', '问题', '解决']), 3, '上次那个部署问题后来解决')).toBe(true);
    expect(isQuestion(terms(['deploy', 'key', 'rotates']), 3, 'when does the deploy key rotate?')).toBe(true);
  });
  it('fewer content words than questionTerms is never a question', () => {
    expect(isQuestion(terms(['端口', '配置']), 3, '端口配置是什么')).toBe(false);
  });
});
