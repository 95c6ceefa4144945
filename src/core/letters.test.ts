import { describe, expect, it } from 'vitest';
import { hasLetterOrDigit, isLetterOrDigitCode, trimToLettersOrDigits } from './letters.js';

const PATTERN = /^[\p{L}\p{N}]$/u;

describe('letters and digits without the Unicode-property pattern', () => {
  it('agree with \\p{L}\\p{N} on every code point of the first four planes', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x3ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are no characters
      if (isLetterOrDigitCode(cp) !== PATTERN.test(String.fromCodePoint(cp))) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('trim what is neither at the ends, in any script, and keep the middle', () => {
    expect(trimToLettersOrDigits('(nginx.conf),')).toBe('nginx.conf');
    expect(trimToLettersOrDigits('“部署”，')).toBe('部署');
    expect(trimToLettersOrDigits('—Ölçü…')).toBe('Ölçü');
    expect(trimToLettersOrDigits('!?')).toBe('');
    expect(trimToLettersOrDigits('port')).toBe('port');
    expect(trimToLettersOrDigits('𝒜x𝒜')).toBe('𝒜x𝒜'); // outside the BMP: letters too
  });

  it('find a letter or digit anywhere, or none', () => {
    expect(hasLetterOrDigit('，。！')).toBe(false);
    expect(hasLetterOrDigit('--- ８')).toBe(true);
    expect(hasLetterOrDigit('— é')).toBe(true);
    expect(hasLetterOrDigit('')).toBe(false);
  });
});
