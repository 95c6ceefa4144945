/**
 * The labelled-case runner (src/eval/link-cases.ts) on a real home: what it reports beside the correction's own links.
 */
import { describe, expect, it } from 'vitest';
import { runLinkCase, type LinkCase } from '../src/eval/link-cases.js';

const base = (kind: string): LinkCase => ({
  id: 'x-001',
  split: 'x',
  lang: 'zh',
  kind,
  records: [
    { ref: 'r1', time: '2026-03-01T10:00:00+08:00', text: '[code] 后端服务的端口是 8080' },
    { ref: 'r2', time: '2026-03-20T10:00:00+08:00', text: '[code] 后端服务的端口现在是 9090' },
    { ref: 'b1', time: '2026-03-05T10:00:00+08:00', text: '[hermes] 周报每周五 17:00 生成' },
  ],
  correction: { time: '2026-04-01T10:00:00+08:00', text: '[code] 〔更正〕前端开发服务器的端口改为 3000' },
  links: [],
  hard: ['r1', 'r2'],
  ok: [],
});

describe('runLinkCase', () => {
  it('reports edges among the other records (r2 restating r1), which no score of the correction shows', () => {
    const r = runLinkCase(base('other-subject'));
    expect(r.linked).toEqual([]);
    expect(r.stray).toEqual(['r2 → r1']);
  });

  it('leaves a chain out: there the older links are the case itself', () => {
    expect(runLinkCase(base('chain')).stray).toEqual([]);
  });
});
