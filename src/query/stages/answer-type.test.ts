import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { Candidate, ParsedQuery, QueryContext } from '../types.js';
import { answerTypeOf, answerTypeStage } from './answer-type.js';

function cand(rid: number, text: string, relevance: number): Candidate {
  const rec: IndexedRecord = { id: `r${rid}`, rid, time: '', timeMs: rid, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], source: {}, tags: [], text, file: 'f', line: rid };
  return { rec, bm25: relevance, mode: 'or', matchedTerms: ['x'], relevance, score: relevance, superseded: null, conflicts: [], pinned: false, trace: [] };
}
function ctx(text: string, answerTypeWeight = RANKING_DEFAULTS.answerTypeWeight): QueryContext {
  const q: ParsedQuery = { text, terms: [], limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: false, recent: false, timePhrase: null, windowFromQuery: false, asks: true };
  return { q, options: { ...RANKING_DEFAULTS, answerTypeWeight }, lookup: { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] } };
}
const scores = (c: QueryContext, texts: string[]) => answerTypeStage.run(c, texts.map((t, i) => cand(i, t, 0.5))).map((x) => x.score);

describe('answer-type stage', () => {
  it('reads what a question asks for, English and Chinese', () => {
    expect(answerTypeOf('When did Caroline go to the support group?')).toBe('time');
    expect(answerTypeOf('备份是什么时候改的？')).toBe('time');
    expect(answerTypeOf('How many times has Melanie gone to the beach?')).toBe('number');
    expect(answerTypeOf('日志保留多少天')).toBe('number');
    expect(answerTypeOf('What did Melanie paint?')).toBeNull();
    expect(answerTypeOf('NAS 的 IP 是多少')).toBe('ip');
    expect(answerTypeOf('备份脚本放在哪')).toBe('address');
    expect(answerTypeOf("what's the URL of the status page?")).toBe('address');
    expect(answerTypeOf('What career path has Caroline decided to pursue?')).toBeNull();
  });

  it('a when-question lifts the record that says when, a how-many question the one holding a number', () => {
    const [when, plain] = scores(ctx('When did you go to the support group?'), ['I went to the support group yesterday', 'The support group was powerful']);
    expect(when).toBeCloseTo(0.5 * (1 + RANKING_DEFAULTS.answerTypeWeight), 9);
    expect(plain).toBe(0.5);
    const [zhWhen, zhPlain] = scores(ctx('备份是什么时候改的？'), ['备份上周四改到了凌晨三点', '备份脚本放在 NAS 上']);
    expect(zhWhen).toBeGreaterThan(zhPlain!);
    const [many, none] = scores(ctx('How many kids does Melanie have?'), ['Melanie: my three kids love it', 'Melanie: the kids love it']);
    expect(many).toBeGreaterThan(none!);
  });

  it('a question asking for an address lifts the record holding an IP, a host:port, a URL, a domain or a path', () => {
    const [ip, none, path] = scores(ctx('NAS 的 IP 是多少'), ['NAS 是群晖 DS920+，内网地址 192.168.1.50', 'NAS 的 volume1 用到 97%', '相册同步到 NAS 的 /volume1/photo']);
    expect(ip).toBeGreaterThan(none!);
    expect(path).toBe(none); // an IP question wants an IP, not any address
    for (const held of ['status page: https://status.example.com', 'gateway on api-gw:7000', 'dumps go to /srv/dumps', 'docs at docs.example.io']) {
      const [yes, no] = scores(ctx('地址是什么'), [held, 'nothing of the kind, 7 days']);
      expect(yes, held).toBeGreaterThan(no!);
    }
  });

  it('changes nothing for other questions, or at answerTypeWeight 0', () => {
    expect(scores(ctx('What did Melanie paint?'), ['I painted it yesterday'])).toEqual([0.5]);
    expect(scores(ctx('When did you go?', 0), ['I went yesterday'])).toEqual([0.5]);
  });
});
