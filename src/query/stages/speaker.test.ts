import { describe, expect, it } from 'vitest';
import { RANKING_DEFAULTS } from '../options.js';
import type { IndexedRecord } from '../../index/record-index.js';
import type { Candidate, ParsedQuery, QueryContext } from '../types.js';
import { speakerOf } from '../../core/speaker.js';
import { speakerStage } from './speaker.js';

function cand(rid: number, text: string, relevance: number): Candidate {
  const rec: IndexedRecord = { id: `r${rid}`, rid, time: '', timeMs: rid, domain: null, project: null, kind: 'note', tier: 'normal', corrects: [], source: {}, tags: [], text, file: 'f', line: rid };
  return { rec, bm25: relevance, mode: 'or', matchedTerms: ['x'], relevance, score: relevance, superseded: null, conflicts: [], pinned: false, trace: [] };
}
function ctx(words: string[], speakerWeight = 0.2): QueryContext {
  const terms = words.map((w) => ({ text: w, surface: w, cjk: /\p{Script=Han}/u.test(w), stop: false }));
  const q: ParsedQuery = { text: words.join(' '), terms, limit: 10, domains: null, projects: null, kinds: null, sinceMs: null, untilMs: null, nowMs: 0, explain: false, recent: false, timePhrase: null, windowFromQuery: false };
  return { q, options: { ...RANKING_DEFAULTS, speakerWeight }, lookup: { edgesTouching: () => [], current: () => null, get: () => null, byRids: () => [] } };
}

describe('speaker stage', () => {
  it('reads the speaker of a line of dialogue, English or Chinese, and nothing from plain text', () => {
    expect(speakerOf('Caroline: I went to a support group')?.name).toBe('caroline');
    expect(speakerOf('小王：周四上线')?.name).toBe('小王');
    expect(speakerOf('deploy at 10:30 today')).toBeNull();
    expect(speakerOf('A long sentence that happens to have a colon much later on: here')).toBeNull();
  });

  it('what the person asked about said ranks above what was said to them', () => {
    const [said, toHer] = speakerStage.run(ctx(['melanie', 'paint']), [cand(1, 'Melanie: I painted a sunset', 0.5), cand(2, 'Caroline: Melanie, did you paint it?', 0.5)]);
    expect(said!.score).toBeCloseTo(0.5 * 1.2, 9);
    expect(toHer!.score).toBe(0.5);
    expect(said!.trace.at(-1)).toMatchObject({ stage: 'speaker', speaker: 'melanie' });
    const [zh] = speakerStage.run(ctx(['小王', '上线']), [cand(3, '小王：周四上线', 0.5)]);
    expect(zh!.score).toBeGreaterThan(0.5);
  });

  it("is on by default (0.2) and changes nothing at speakerWeight 0", () => {
    expect(RANKING_DEFAULTS.speakerWeight).toBe(0.2);
    const [c] = speakerStage.run(ctx(['melanie'], 0), [cand(1, 'Melanie: hi', 0.5)]);
    expect(c!.score).toBe(0.5);
  });
});
