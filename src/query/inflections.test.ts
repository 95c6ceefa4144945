import { describe, expect, it } from 'vitest';
import { inflectionsOf, termFts } from './inflections.js';

describe('inflections', () => {
  it('an irregular verb or plural stands for its other forms', () => {
    expect(inflectionsOf('feel')).toEqual(['felt']);
    expect(inflectionsOf('go').sort()).toEqual(['goes', 'going', 'gone', 'went']);
    expect(inflectionsOf('went')).toContain('go');
    expect(inflectionsOf('children')).toEqual(['child']);
  });

  it('a form that is also another word is found from its group, but as a query word stands alone', () => {
    expect(inflectionsOf('see')).toContain('saw');
    expect(inflectionsOf('saw')).toEqual([]);
    expect(inflectionsOf('left')).toEqual([]);
    expect(inflectionsOf('leave')).toContain('left');
  });

  it('words the stemmer already joins, and Chinese words, have no forms; the FTS string is an OR group only when there are', () => {
    expect(inflectionsOf('deploy')).toEqual([]);
    expect(termFts({ text: 'deploy', cjk: false })).toBe('"deploy"');
    expect(termFts({ text: '端口', cjk: true })).toBe('"端口"');
    expect(termFts({ text: 'feel', cjk: false })).toBe('("feel" OR "felt")');
  });
});
