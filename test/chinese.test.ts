import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { searchJson, ok, tempHome } from './helpers.js';

/**
 * Chinese has no spaces: a query must find records that share no whitespace-separated token
 * with it. English is stemmed; dotted and slashed terms match as phrases.
 */
describe('search: Chinese segmentation, English stemming, phrase-like terms', () => {
  let mem: Optmem;
  const ids: Record<string, string> = {};
  const add = (key: string, text: string) => (ids[key] = mem.add({ text, time: '2026-11-29T10:00:00+08:00' }).record.id);

  beforeAll(() => {
    mem = createOptmem({ dir: tempHome(), create: true });
    add('port', '后端端口从8080迁移到9090');
    add('draft', '公众号的稿子');
    add('deploy', 'We deployed the release to production yesterday');
    add('ip', 'the service listens on 127.0.0.1 port 9090');
    add('ipOther', 'the proxy listens on 127.0.0.2 port 80');
    add('config', 'settings live in config/server.yaml now');
    add('configOther', 'the server keeps its config in a yaml file');
    add('noise', '前端页面的样式调整');
  });
  afterAll(() => mem.close());

  const find = (query: string) => mem.search({ query, limit: 20 }).results.map((h) => h.id);

  it('端口 finds 后端端口从8080迁移到9090', () => {
    // first; the records saying "port" follow through the alias 端口 → port (query/aliases.ts)
    expect(find('端口')[0]).toBe(ids.port);
    expect(new Set(find('端口').slice(1))).toEqual(new Set([ids.ip, ids.ipOther]));
  });

  it('公众号 finds 公众号的稿子', () => {
    expect(find('公众号')).toEqual([ids.draft]);
    expect(find('稿子')).toEqual([ids.draft]);
  });

  it('a Chinese question finds the record through its words', () => {
    expect(find('后端的端口是多少')[0]).toBe(ids.port);
    expect(find('迁移')).toEqual([ids.port]);
    expect(find('9090')).toContain(ids.port);
  });

  it('English is stemmed: deploying finds deployed', () => {
    expect(find('deploying')).toEqual([ids.deploy]);
    expect(find('deploys')).toEqual([ids.deploy]);
    expect(find('releases')).toEqual([ids.deploy]);
  });

  it('127.0.0.1 matches as a phrase, not as loose numbers', () => {
    expect(find('127.0.0.1')).toEqual([ids.ip]);
    expect(find('127.0.0.2')).toEqual([ids.ipOther]);
  });

  it('config/server.yaml matches as a phrase', () => {
    expect(find('config/server.yaml')).toEqual([ids.config]);
    expect(find('server/config.yaml')).toEqual([]);
  });

  it('through the CLI as well', () => {
    const home = tempHome();
    ok(home, ['init']);
    const a = ok(home, ['add', '后端端口从8080迁移到9090']).trim();
    const b = ok(home, ['add', '公众号的稿子']).trim();
    ok(home, ['add', 'unrelated english note']);
    expect(searchJson(home, '端口').map((h) => h.id)).toEqual([a]);
    expect(searchJson(home, '公众号').map((h) => h.id)).toEqual([b]);
  });
});
