import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ok, searchJson, tempHome } from './helpers.js';

/**
 * Query analysis and the bigram fallback, through the CLI: question frames carry no
 * weight, a long conversational question finds its answer, a word the segmenter cuts differently
 * in the record is still found (below whole-word hits), and a query no record holds returns
 * nothing rather than an unrelated record.
 */
describe('search: Chinese questions and the bigram fallback (CLI)', () => {
  const home = tempHome();
  const ids: Record<string, string> = {};
  const add = (key: string, text: string) => (ids[key] = ok(home, ['add', text]).trim());

  beforeAll(() => {
    ok(home, ['init']);
    add('weekly', 'Hermes 的周报工作流每周四上午10点跑，汇总本周工单');
    add('thursday', '周四 下午和设计师过封面');
    add('deploy', '部署问题：容器起不来是因为 .env 里 DATABASE_URL 少了 sslmode=require，加上后就好了');
    add('port', '后端服务端口改成 9090，8080 留给旧版网关');
    add('chat1', '我上次跟你说过的那个问题后来再看看');
    add('chat2', '你还记得那个事情吗？后来怎么样了');
    add('chat3', '部署的事情下周再说');
  });

  it('周四 finds 每周四上午10点 through the bigram fallback, below the whole-word hit', () => {
    const hits = searchJson(home, '周四');
    expect(hits.map((h) => h.id)).toEqual([ids.thursday, ids.weekly]);
  });

  it('a long conversational question finds its answer first', () => {
    expect(searchJson(home, '我上次跟你说过的那个部署问题后来怎么解决的？')[0]?.id).toBe(ids.deploy);
    expect(searchJson(home, '你还记得后端端口是多少吗')[0]?.id).toBe(ids.port);
  });

  it('a question no record holds a word of (nor an alias) returns nothing: exit 0, "no results"', () => {
    const r = cli(['search', 'what colour was the zebra umbrella yesterday?', '--dir', home]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('no results\n');
    expect(searchJson(home, 'what colour was the zebra umbrella yesterday?')).toEqual([]);
    // with aliases, the English question reaches the Chinese record that answers it
    expect(searchJson(home, 'what port does the backend use now?')[0]?.id).toBe(ids.port);
  });

  it('--explain shows the fallback that fired, as a typed trace entry', () => {
    const text = ok(home, ['search', '周四', '--explain']);
    expect(text).toMatch(/fallback: bigram \[周四\]/);
    const out = JSON.parse(ok(home, ['search', '周四', '--explain', '--json'])) as {
      results: { id: string; explain: { stages: { stage: string; kind?: string; terms?: string[] }[] } }[];
    };
    const weekly = out.results.find((h) => h.id === ids.weekly)!;
    expect(weekly.explain.stages).toContainEqual({ stage: 'fallback', kind: 'bigram', terms: ['周四'], weight: 0.5 });
    const whole = out.results.find((h) => h.id === ids.thursday)!;
    expect(whole.explain.stages.some((s) => s.stage === 'fallback')).toBe(false);
  });
});

describe('search: a lookup by words returns only records holding them (CLI)', () => {
  const home = tempHome();
  const ids: Record<string, string> = {};
  beforeAll(() => {
    ok(home, ['init']);
    ids.backup = ok(home, ['add', '〔更正〕不对，备份是 4 点半跑，不是 3 点', '--session', 's1']).trim();
    ids.report = ok(home, ['add', '我们决定日报改成每天 18:00 发到飞书群', '--session', 's1']).trim();
  });

  it('a record of the same session that holds none of the words is not a result', () => {
    expect(searchJson(home, '日报 飞书').map((h) => h.id)).toEqual([ids.report]);
  });

  it('--explain says what the session added', () => {
    ok(home, ['add', '日报的模板放在 docs/daily.md', '--session', 's1']);
    const out = ok(home, ['search', '日报 飞书', '--explain']);
    expect(out).toMatch(/context: \+0\.\d{3} \(best neighbour 0\.\d{3}(, best in its session 0\.\d{3})?\)/);
    expect(out).not.toContain('{"neighbour"');
  });
});
