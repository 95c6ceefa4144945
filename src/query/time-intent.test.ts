import { describe, expect, it } from 'vitest';
import { parseTimeIntent } from './time-intent.js';

// Friday 2026-11-20, 10:00 in UTC+8.
const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const OFF = 480;
const at = (iso: string) => Date.parse(iso);
const win = (since: string, until: string) => ({ sinceMs: at(since), untilMs: at(until) - 1 });

describe('parseTimeIntent', () => {
  it('passes a query without time words through unchanged', () => {
    expect(parseTimeIntent('后端端口', NOW, OFF)).toEqual({ rest: '后端端口', phrase: null, window: null, recent: false });
  });

  it('最近进展: recency without a window, the time word taken out', () => {
    const t = parseTimeIntent('公众号改版最近进展', NOW, OFF);
    expect(t).toMatchObject({ rest: '公众号改版 进展', phrase: '最近', window: null, recent: true });
  });

  it('latest / recent in English', () => {
    expect(parseTimeIntent('latest migration progress', NOW, OFF)).toMatchObject({ rest: 'migration progress', recent: true, window: null });
    expect(parseTimeIntent('what changed recently in the deploy', NOW, OFF)).toMatchObject({ recent: true, window: null });
  });

  it('昨天 / yesterday: the local calendar day before', () => {
    const y = win('2026-11-19T00:00:00+08:00', '2026-11-20T00:00:00+08:00');
    expect(parseTimeIntent('昨天 jieba 词典', NOW, OFF)).toMatchObject({ rest: 'jieba 词典', window: y, recent: true });
    expect(parseTimeIntent('what broke yesterday', NOW, OFF).window).toEqual(y);
  });

  it('今天 is today up to its end', () => {
    expect(parseTimeIntent('今天的日报', NOW, OFF).window).toEqual(win('2026-11-20T00:00:00+08:00', '2026-11-21T00:00:00+08:00'));
  });

  it('上周 / last week: Monday to Sunday of the week before', () => {
    const w = win('2026-11-09T00:00:00+08:00', '2026-11-16T00:00:00+08:00');
    expect(parseTimeIntent('上周 rss 抓取故障', NOW, OFF)).toMatchObject({ window: w, recent: true, rest: 'rss 抓取故障' });
    expect(parseTimeIntent('what broke last week', NOW, OFF).window).toEqual(w);
    expect(parseTimeIntent('上个星期的部署', NOW, OFF).window).toEqual(w);
  });

  it('这个月 / this month: from the 1st to the end of today', () => {
    const w = win('2026-11-01T00:00:00+08:00', '2026-11-21T00:00:00+08:00');
    expect(parseTimeIntent('这个月 投稿合作', NOW, OFF).window).toEqual(w);
    expect(parseTimeIntent('本月 投稿', NOW, OFF).window).toEqual(w);
    expect(parseTimeIntent('this month', NOW, OFF).window).toEqual(w);
  });

  it('上个月 / last month, across a year boundary too', () => {
    expect(parseTimeIntent('上个月的稿子', NOW, OFF).window).toEqual(win('2026-10-01T00:00:00+08:00', '2026-11-01T00:00:00+08:00'));
    const jan = Date.parse('2027-01-10T10:00:00+08:00');
    expect(parseTimeIntent('last month', jan, OFF).window).toEqual(win('2026-12-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00'));
  });

  it('in March / 9月: the last such month that has begun, a window without recency', () => {
    expect(parseTimeIntent('logo decision in September', NOW, OFF)).toMatchObject({
      window: win('2026-09-01T00:00:00+08:00', '2026-10-01T00:00:00+08:00'),
      recent: false,
      rest: 'logo decision',
    });
    // March has not begun yet in February: last year's March.
    const feb = Date.parse('2027-02-10T10:00:00+08:00');
    expect(parseTimeIntent('in March', feb, OFF).window).toEqual(win('2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00'));
    expect(parseTimeIntent('9月 NAS 换硬盘', NOW, OFF).window).toEqual(win('2026-09-01T00:00:00+08:00', '2026-10-01T00:00:00+08:00'));
    expect(parseTimeIntent('十二月的计划', NOW, OFF).window).toEqual(win('2025-12-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00'));
  });

  it('a date such as 9月3日 is not a month window, and a bare date is left to the words', () => {
    expect(parseTimeIntent('9月3日上线', NOW, OFF).window).toBeNull();
  });

  it('在5月6号 / 5月4日这天 / on October 13, 2023: that local day, the last one up to today without a year', () => {
    const day = (d: string) => win(`${d}T00:00:00+08:00`, `${d.slice(0, 8)}${String(Number(d.slice(8)) + 1).padStart(2, '0')}T00:00:00+08:00`);
    expect(parseTimeIntent('在5月6号，我和你分享了哪些书？', NOW, OFF)).toMatchObject({ window: day('2026-05-06'), recent: false, phrase: '在5月6号' });
    expect(parseTimeIntent('5月4日这天我遇到的麻烦', NOW, OFF).window).toEqual(day('2026-05-04'));
    // December 3 has not come yet this year: last year's.
    expect(parseTimeIntent('在十二月三日的会议', NOW, OFF).window).toEqual(day('2025-12-03'));
    expect(parseTimeIntent('在2024年2月二十九日', NOW, OFF).window).toEqual(day('2024-02-29'));
    expect(parseTimeIntent('What did Melanie show on October 13, 2023?', NOW, OFF)).toMatchObject({ window: day('2023-10-13'), rest: 'What did Melanie show ?' });
    expect(parseTimeIntent('what was decided on 1 February', NOW, OFF).window).toEqual(day('2026-02-01'));
  });

  it('a day that does not exist, or "on may 3" in lower case make no day window; a range is the range, not its first day', () => {
    expect(parseTimeIntent('在2月30日', NOW, OFF).window).toBeNull();
    expect(parseTimeIntent('在5月6号到5月8号', NOW, OFF).window).toEqual(win('2026-05-06T00:00:00+08:00', '2026-05-09T00:00:00+08:00'));
    expect(parseTimeIntent('you can count on may 3 things', NOW, OFF).window).toBeNull();
  });

  it('最近3天 / past 2 weeks: a window ending today', () => {
    expect(parseTimeIntent('最近3天的告警', NOW, OFF).window).toEqual(win('2026-11-18T00:00:00+08:00', '2026-11-21T00:00:00+08:00'));
    expect(parseTimeIntent('errors in the past 2 weeks', NOW, OFF).window).toEqual(win('2026-11-07T00:00:00+08:00', '2026-11-21T00:00:00+08:00'));
    const both = parseTimeIntent('最近一周的最新进展', NOW, OFF);
    expect(both).toMatchObject({ recent: true, window: win('2026-11-14T00:00:00+08:00', '2026-11-21T00:00:00+08:00') });
    expect(both.rest).not.toMatch(/最近|最新/);
  });

  it('去年 is a window but not a recency request', () => {
    expect(parseTimeIntent('去年的预算', NOW, OFF)).toMatchObject({ window: win('2025-01-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00'), recent: false });
  });

  it('windows follow the offset: the same instant is another day in UTC', () => {
    // 2026-11-20T10:00+08:00 is 02:00 UTC on the 20th: yesterday in UTC is the 19th UTC.
    expect(parseTimeIntent('yesterday', NOW, 0).window).toEqual(win('2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z'));
  });
});

describe('a relative time anchored to a named day', () => {
  const day = (ms: number) => new Date(ms + OFF * 60_000).toISOString().slice(0, 10);
  const span = (q: string) => {
    const t = parseTimeIntent(q, NOW, OFF);
    return t.window ? [day(t.window.sinceMs), day(t.window.untilMs), t.rest] : null;
  };
  it('"last week, as mentioned on November 6, 2023" and "the week before 16 November 2023" are the seven days before that day, not before now', () => {
    expect(span("What was Tim's huge writing issue last week,as mentioned on November 6, 2023?")).toEqual(['2023-10-30', '2023-11-05', "What was Tim's huge writing issue ?"]);
    expect(span('Where was Tim in the week before 16 November 2023?')).toEqual(['2023-11-09', '2023-11-15', 'Where was Tim ?']);
    expect(span('What did Audrey do with her pups over the weekend before 4th October, 2023?')?.slice(0, 2)).toEqual(['2023-09-27', '2023-10-03']);
    expect(span('what did Joanna finish yesterday on 23 January, 2022')?.slice(0, 2)).toEqual(['2022-01-22', '2022-01-22']);
  });
  it('the last week of a month is its last seven days (8月最后一周 too)', () => {
    expect(span('Which country was Jolene located in during the last week of August 2023?')?.slice(0, 2)).toEqual(['2023-08-25', '2023-08-31']);
    expect(span('8月最后一周做了什么')).toEqual(['2026-08-25', '2026-08-31', '做了什么']);
  });
  it('without a named day, last week is still read from now', () => {
    expect(span('what broke last week')?.slice(0, 2)).toEqual(['2026-11-09', '2026-11-15']);
  });
});

describe('ranges of days and weeks of a month', () => {
  const day = (ms: number) => new Date(ms + OFF * 60_000).toISOString().slice(0, 10);
  const span = (q: string) => {
    const t = parseTimeIntent(q, NOW, OFF);
    return t.window ? [day(t.window.sinceMs), day(t.window.untilMs), t.rest] : null;
  };
  it('between … and …, from … to …, 11月3日到11月10日: every day of the range', () => {
    expect(span('Where was John between August 11 and August 15 2023?')).toEqual(['2023-08-11', '2023-08-15', 'Where was John ?']);
    expect(span('from 3 May to 9 May 2023 what happened')?.slice(0, 2)).toEqual(['2023-05-03', '2023-05-09']);
    expect(span('11月3日到11月10日 NAS 出了什么事')).toEqual(['2026-11-03', '2026-11-10', 'NAS 出了什么事']);
  });
  it('the second week of November, 11月第二周: days 8 to 14; during March: the month', () => {
    expect(span('Which country was Tim visiting in the second week of November 2023?')?.slice(0, 2)).toEqual(['2023-11-08', '2023-11-14']);
    expect(span('11月第二周做了什么')).toEqual(['2026-11-08', '2026-11-14', '做了什么']);
    expect(span('Did Andrew have a pet dog during March 2023?')?.slice(0, 2)).toEqual(['2023-03-01', '2023-03-31']);
  });
  it('from / between without days are words', () => {
    expect(span('from the backend to the frontend')).toBeNull();
    expect(span('between the two releases')).toBeNull();
  });
});

describe('years, parts of a month, a weekday near a named day', () => {
  const day = (ms: number) => new Date(ms + OFF * 60_000).toISOString().slice(0, 10);
  const span = (q: string) => {
    const t = parseTimeIntent(q, NOW, OFF);
    return t.window ? [day(t.window.sinceMs), day(t.window.untilMs)] : null;
  };
  it('in 2023, 2025年 (not 2025年3月): the year', () => {
    expect(span('How many times has Melanie gone to the beach in 2023?')).toEqual(['2023-01-01', '2023-12-31']);
    expect(span('2025年的备份')).toEqual(['2025-01-01', '2025-12-31']);
    expect(span('2025年3月的备份')).toEqual(['2025-03-01', '2025-03-31']);
    expect(span('Cyberpunk 2077 game')).toBeNull();
  });
  it('the beginning / end / first half of a month, 3月初, 3月下旬', () => {
    expect(span('what happened in the beginning of November 2022')).toEqual(['2022-11-01', '2022-11-10']);
    expect(span('the first half of September 2022')).toEqual(['2022-09-01', '2022-09-15']);
    expect(span('3月初有一次备份花了多长时间')).toEqual(['2026-03-01', '2026-03-10']);
    expect(span('3月下旬的发版')).toEqual(['2026-03-21', '2026-03-31']);
    expect(span('the end of the day')).toBeNull();
  });
  it('the Sunday before October 25, 2022; the Saturday after October 28, 2023; the evening of 7 July, 2023', () => {
    expect(span('What did Joanna do on the Sunday before October 25, 2022?')).toEqual(['2022-10-23', '2022-10-23']);
    expect(span('What did they plan on the Saturday after October 28, 2023?')).toEqual(['2023-11-04', '2023-11-04']);
    expect(span('What did Maria plan later on the evening of 7 July, 2023?')).toEqual(['2023-07-07', '2023-07-07']);
  });

  it('今年6月 / 去年12月: the year word names the month\'s year; 今年 alone is a window, not a wish for the newest', () => {
    expect(parseTimeIntent('今年6月发了哪篇公众号文章', NOW, OFF)).toMatchObject({ rest: '发了哪篇公众号文章', window: win('2026-06-01T00:00:00+08:00', '2026-07-01T00:00:00+08:00'), recent: false });
    expect(parseTimeIntent('去年 12 月的备份', NOW, OFF).window).toEqual(win('2025-12-01T00:00:00+08:00', '2026-01-01T00:00:00+08:00'));
    expect(parseTimeIntent('今年发了哪些文章', NOW, OFF)).toMatchObject({ window: win('2026-01-01T00:00:00+08:00', '2026-11-21T00:00:00+08:00'), recent: false });
  });
});
