import { describe, expect, it } from 'vitest';
import { propersOf } from './analyze.js';

describe('propersOf: names written with a capital', () => {
  it('reads names mid-sentence, and a capital opening a Chinese text', () => {
    expect(propersOf('Correction: the Tidepool case study goes out May 6')).toEqual(['tidepool']);
    expect(propersOf("Case study 'Okra booking' publishes Apr 22")).toEqual(['okra']);
    expect(propersOf('Marta 的解约通知期是 30 天')).toEqual(['marta']);
  });

  it('skips a capital opening an English sentence, months, weekdays and function words', () => {
    expect(propersOf('Deploy runs on Thursdays. The backup is at 02:00')).toEqual([]);
    expect(propersOf('Board meets every Monday in March')).toEqual([]);
  });
});
