import { describe, expect, it } from 'vitest';
import { judgePair, NEAR_DUPLICATE_THRESHOLD, signatureOf } from './judge.js';

const D = ['hermes', 'code', 'openclaw'];
const sig = (text: string, tier: 'normal' | 'redline' = 'normal') => signatureOf({ text, domain: null, project: null, kind: 'note', tier }, D)!;
// The near setting: what the judge decides once two texts are near (the default links exact copies only).
const verdict = (a: string, b: string) => judgePair(sig(a), sig(b), { threshold: NEAR_DUPLICATE_THRESHOLD }).verdict;

describe('judgePair', () => {
  it('links what differs only in width, case, spacing, punctuation, Markdown, emoji and numeral form', () => {
    expect(verdict('前端 dev server 跑 5173', '- **前端 Dev Server：５１７３** 😀')).toBe('duplicate');
    expect(verdict('一句话不超过四十个字', '一句话不超过40个字')).toBe('duplicate');
    expect(verdict('The freelance fee is ¥2,000.', 'the freelance fee is ¥2000')).toBe('duplicate');
  });

  it('never links differing values, times, currencies, names or negation, nor a swapped pair', () => {
    expect(verdict('后端端口 8080', '后端端口 9090')).toBe('variant');
    expect(verdict('体检约在下午三点', '体检约在上午三点')).toBe('variant');
    expect(verdict('会员费每月 $45', '会员费每月 ¥45')).toBe('variant');
    expect(verdict('前端 3000，后端 8080', '前端 8080，后端 3000')).toBe('variant');
    expect(verdict('快递一律放门口的柜子里，不要放物业', '快递一律放物业，不要放门口的柜子里')).toBe('variant');
    expect(verdict('Python 项目统一用 uv 管理，不用 pip 和 poetry', 'Python 项目统一用 poetry 管理，不用 pip 和 uv')).toBe('variant');
    expect(verdict('稿费结算找小周，每月十号', '稿费结算找小吴，每月十号')).toBe('none');
  });

  it('never links a differing qualifier: only, all, above or below, before or after, must or may', () => {
    expect(verdict('Admins can deploy on Fridays.', 'Only admins can deploy on Fridays.')).toBe('variant');
    expect(verdict('退款 500 元以上要人工审核', '退款 500 元以下要人工审核')).toBe('variant');
    expect(verdict('You must rotate the key every 90 days.', 'You may rotate the key every 90 days.')).toBe('variant');
    expect(verdict('上线之前跑一遍 e2e', '上线之后跑一遍 e2e')).toBe('variant');
    // Synonyms of one class agree: 之后 / 以后 / 后, 所有 / 一律.
    expect(verdict('升级到 TypeScript 5.6 后 build 才过', 'TypeScript 升到 5.6 之后 build 才过')).toBe('duplicate');
    expect(verdict('所有时间字段存 UTC，前端再转本地时区', '时间字段一律存UTC，前端再转成本地时区')).toBe('duplicate');
    // 后端 and 王总是 hold no qualifier.
    expect(verdict('王总是项目负责人，预算要他签字', '预算要王总签字，他是项目负责人')).toBe('duplicate');
  });

  it('never links a name one side adds, nor values paired with other words however the clauses are ordered', () => {
    expect(verdict('备份脚本每天凌晨跑', '备份脚本每天凌晨跑 restic')).toBe('none');
    expect(verdict('Deploy the web app on Fridays.', 'Deploy the web app to Vercel on Fridays.')).toBe('none');
    expect(verdict('JWT 过期时间 15 分钟，refresh token 7 天', 'refresh token 15 天，JWT 过期时间 7 分钟')).toBe('variant');
    expect(verdict('JWT 过期时间 15 分钟，refresh token 7 天', 'refresh token 7 天，JWT 过期时间 15 分钟')).toBe('duplicate');
  });

  it('reads clock times in words and with 点 as one value: 七点半 is 7:30, not 七点', () => {
    expect(verdict('周四晚上七点开读书会', '周四晚上七点半开读书会')).toBe('variant');
    expect(verdict('孩子下午三点十分放学', '孩子下午三点五十分放学')).toBe('variant');
    expect(verdict('例会上午十点一刻开始', '例会上午十点三刻开始')).toBe('variant');
    expect(verdict('例会每天上午10点开始', '例会每天上午 10:00 开始')).toBe('duplicate');
    expect(verdict('晚上九点半关路由器', '晚上 21:30 关路由器')).toBe('variant');
    // 快一点 is "a little faster", not one o'clock.
    expect(verdict('构建再快一点就好', '构建再快一点就好了')).toBe('duplicate');
  });

  it('gives numbers in words their place: a swapped date or amount is another fact', () => {
    expect(verdict('妈妈生日三月八号，记得订蛋糕', '妈妈生日八月三号，记得订蛋糕')).toBe('variant');
    expect(verdict('房租三千五，押金两千', '房租两千，押金三千五')).toBe('variant');
    expect(verdict('扫二维码付款，满两百减二十', '满两百减二十，扫二维码付款')).toBe('duplicate');
  });

  it('never links two records whose clauses swap what a value or a negation applies to', () => {
    expect(verdict('王磊每周值班两天，赵敏每周值班三天', '赵敏每周值班两天，王磊每周值班三天')).toBe('variant');
    expect(verdict('日志只保留 nginx 的，应用日志不保留', '日志只保留应用的，nginx 日志不保留')).toBe('variant');
    // The same clauses in another order, or two clauses said as one, are the same fact.
    expect(verdict('前端评审找王磊，后端评审找赵敏', '后端评审找赵敏，前端评审找王磊')).toBe('duplicate');
    expect(verdict('每天备份数据库，不压缩', '每天备份数据库不压缩')).toBe('duplicate');
  });

  it('never links a place name with a character inserted: 人民路 / 人民东路', () => {
    expect(verdict('体检在人民路的分院', '体检在人民东路的分院')).toBe('none');
    expect(verdict('会议室在五楼', '会议室在五号楼')).toBe('none');
    // An inserted word elsewhere is wording.
    expect(verdict('定稿后先给我看一眼再排版', '定稿后先发给我看一眼再排版')).toBe('duplicate');
  });

  it('treats 记 and 说 as content except in the phrases people put in front of a note', () => {
    expect(verdict('播客名叫"慢慢记"', '播客名叫"慢慢说"')).toBe('none');
    expect(verdict('记一下：周报周五前交', '周报周五前交')).toBe('duplicate');
  });

  it('writes units one way: 72h / 72 hours, 5MB / 5 MB, 12万 / 十二万, 3rd / 3', () => {
    expect(verdict('Sessions expire after 72 hours.', 'sessions expire after 72h')).toBe('duplicate');
    expect(verdict('Upload limit is 5 MB per file.', 'upload limit is 5MB per file')).toBe('duplicate');
    expect(verdict('车已经开了十二万公里', '车已经开了12万公里')).toBe('duplicate');
    expect(verdict('The recital is on June 3rd.', 'The recital is on June 3.')).toBe('duplicate');
    expect(verdict('Sessions expire after 72 hours.', 'sessions expire after 48h')).toBe('variant');
  });

  it('links by default the same words in another form or clause order, and nothing else', () => {
    const byDefault = (a: string, b: string) => judgePair(sig(a), sig(b)).verdict;
    expect(byDefault('记一下：每周五下午三点半开周会，会议室 4B', '会议室 4B，每周五下午 3:30 开周会。')).toBe('duplicate');
    expect(byDefault('Sessions expire after 72 hours', 'sessions expire after 72h.')).toBe('duplicate');
    expect(byDefault('前端 3000，后端 8080', '后端 8080，前端 3000')).toBe('duplicate');
    // A swapped pair, other words, or another value never meet in one form.
    expect(byDefault('前端 3000，后端 8080', '前端 8080，后端 3000')).not.toBe('duplicate');
    expect(byDefault('每周五下午三点半开周会', '每周五下午开周会，三点半开始')).not.toBe('duplicate');
    expect(byDefault('每周五下午三点半开周会', '每周五下午三点开周会')).not.toBe('duplicate');
  });

  it('reports a red line restated by a record of another tier, and never links the two', () => {
    expect(judgePair(sig('生产库禁止 DROP TABLE', 'redline'), sig('生产库禁止 DROP TABLE')).verdict).toBe('redline');
  });
});
