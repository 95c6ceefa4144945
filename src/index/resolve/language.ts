/** What a record is written in, for telling a copy in the other language from a look-alike. */
export type Language = 'zh' | 'en';

/** Chinese when the text holds Chinese at all: a Chinese note names its tools in English, an English one has no Han. */
export function languageOf(text: string): Language {
  return /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
}
