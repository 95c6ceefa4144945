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

  it('an amount said in Chinese numerals finds one written in digits, and the other way round', () => {
    const rent = mem.add({ text: '白沙洲冷库小间租金 2800 一个月', time: '2026-11-29T10:00:00+08:00' }).record.id;
    const copay = mem.add({ text: '爸爸透析每次自己掏一百八', time: '2026-11-29T10:00:00+08:00' }).record.id;
    expect(find('两千八')).toContain(rent);
    expect(find('180')).toContain(copay);
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

/**
 * A note written in Taipei (週報, 時間, 設定) and a question asked in Shanghai (周报, 时间, 设定)
 * meet on the same words: traditional characters are folded to simplified ones on both sides of
 * the index, in the markers and in correction resolution (core/simplified.ts).
 */
describe('traditional characters read as simplified ones', () => {
  let mem: Optmem;
  const ids: Record<string, string> = {};
  const add = (key: string, text: string, time = '2026-02-05T14:00:00+08:00') => (ids[key] = mem.add({ text, time }).record.id);

  beforeAll(() => {
    mem = createOptmem({ dir: tempHome(), create: true });
    add('weeklyTrad', '[hermes] 週報彙整 job 每週五 23:30 跑,抓 Jira 本週關掉的單');
    add('weeklySimp', '[hermes] 周报的模板放在 docs/weekly.md');
    add('noise', '[hermes] 每月 1 号提醒缴电话费');
    add(
      'long',
      '[openclaw] 這一期的稿子先寫開場,再寫三段玩家訪談,每段大約四百字,中間穿插兩張截圖,最後一段留給下個月的活動預告,' +
        '訪談對象是上次桌遊夜認識的三位玩家,錄音檔放在共用雲端的訪談資料夾裡,逐字稿請先用工具轉好再人工校對一遍,' +
        '封面圖請美術那邊出兩版讓我挑,標題先暫定為「燈籠潮汐開發日誌」',
    );
  });
  afterAll(() => mem.close());

  const find = (query: string) => mem.search({ query, limit: 20 }).results.map((h) => h.id);

  it('a simplified query finds a record in traditional characters, and the other way round', () => {
    expect(new Set(find('周报'))).toEqual(new Set([ids.weeklyTrad, ids.weeklySimp]));
    expect(new Set(find('週報'))).toEqual(new Set([ids.weeklyTrad, ids.weeklySimp]));
    expect(find('每周五')[0]).toBe(ids.weeklyTrad);
    expect(find('关掉的单')[0]).toBe(ids.weeklyTrad);
  });

  it('the snippet of a long traditional record is cut around the simplified query word, as written', () => {
    const hit = mem.search({ query: '标题', limit: 5 }).results.find((h) => h.id === ids.long)!;
    expect(hit.snippet).toContain('標題');
    expect(hit.snippet.startsWith('…')).toBe(true);
  });

  it('〔紅線〕 and 訂正： are markers as 〔红线〕 and 订正： are', () => {
    const red = mem.add({ text: '〔紅線〕任何 build 沒過 QA pass 不准推到 Steam default branch', time: '2026-02-06T10:00:00+08:00' }).record;
    expect(red.tier).toBe('redline');
    const label = mem.add({ text: '訂正：巴哈 devlog 週四中午發', time: '2026-02-06T11:00:00+08:00' }).record;
    expect(label.kind).toBe('correction');
  });

  it('a correction in traditional characters supersedes the simplified record it names, and not its neighbour', () => {
    const home = createOptmem({ dir: tempHome(), create: true });
    try {
      const old = home.add({ text: '[hermes] 周报 job 每周五 18:00 跑,发到群里', time: '2026-02-01T10:00:00+08:00' }).record.id;
      const other = home.add({ text: '[hermes] 月报 job 每月 1 号 18:00 跑', time: '2026-02-02T10:00:00+08:00' }).record.id;
      const res = home.add({ text: '[hermes] 〔更正〕週報改成週四 18:00 跑,週五大家都請假', time: '2026-03-01T10:00:00+08:00' });
      expect(res.supersedes.filter((e) => !e.blocked).map((e) => e.oldId)).toEqual([old]);
      const hits = home.search({ query: '周报几点跑', limit: 5 }).results;
      expect(hits[0]!.id).toBe(res.record.id);
      expect(hits.find((h) => h.id === old)?.superseded).toBe(true);
      expect(hits.find((h) => h.id === other)?.superseded ?? false).toBe(false);
    } finally {
      home.close();
    }
  });
});
