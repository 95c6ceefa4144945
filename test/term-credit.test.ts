/**
 * Which query words a result holds, for English words, is read as the full-text index reads them
 * (stemmed whole words), through the real CLI: "ip" is not held by "iphone" (no credit for a
 * substring), "adoption" is held by "adopt" (porter stems both alike), and "keep" by "kept" (an
 * irregular form, query/inflections.ts).
 */
import { describe, expect, it } from 'vitest';
import { ok, tempHome } from './helpers.js';

interface Stage { stage: string; matchedTerms?: string[] }
interface Hit { id: string; explain: { stages: Stage[] } }
const search = (home: string, query: string) =>
  (JSON.parse(ok(home, ['search', query, '--json', '--explain', '--limit', '20'])) as { results: Hit[] }).results;
const matched = (h: Hit) => h.explain.stages.find((s) => s.stage === 'retrieve')!.matchedTerms;

describe('credit for English query words', () => {
  const home = tempHome();
  ok(home, ['init']);
  const add = (text: string) => ok(home, ['add', text]).trim();
  const photos = add('[hermes] phone photos sync to the NAS share /volume1/photo/iphone every 6 hours');
  const answer = add('[hermes] the NAS sits at 192.168.1.50, ssh as admin-hermes; its ip never changes');
  const adopt = add('[hermes] we plan to adopt a second NAS next year');
  const kept = add('[hermes] the old NAS drives were kept in the cabinet after the swap');

  it('a substring of a longer word is no match: "ip" is not in "iphone"', () => {
    const hits = search(home, 'what is the NAS ip?');
    expect(matched(hits.find((h) => h.id === photos)!)).toEqual(['nas']);
    expect(matched(hits.find((h) => h.id === answer)!)).toEqual(['nas', 'ip']);
    expect(hits[0]!.id).toBe(answer);
  });

  it('a stemmed form is a match: "adoption" is held by "adopt"', () => {
    const hits = search(home, 'any news on the NAS adoption?');
    expect(matched(hits.find((h) => h.id === adopt)!)).toEqual(['nas', 'adoption']);
    expect(hits[0]!.id).toBe(adopt);
  });

  it('an irregular form is a match at full weight: "keep" is held by "kept", with no alias', () => {
    const hits = search(home, 'where do we keep the old NAS drives?');
    expect(matched(hits.find((h) => h.id === kept)!)).toEqual(['keep', 'old', 'nas', 'drives']);
    expect(hits[0]!.id).toBe(kept);
  });
});
