/** What a record is written in, for telling a copy in the other language from a look-alike. */
export type Language = 'zh' | 'en';

/** Chinese when the text holds Chinese at all: a Chinese note names its tools in English, an English one has no Han. */
export function languageOf(text: string): Language {
  return /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
}

/**
 * The language that carries a text, by count: English when its Latin words outnumber its Han characters (WeChat account
 * 黔南油茶: posts go out Fridays 8pm names a thing in Chinese and is written in English). For finding a copy of a fact
 * written in the other language; languageOf still tells look-alikes apart.
 */
export function carriedBy(text: string): Language {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  if (han === 0) return 'en';
  return (text.match(/[a-z]{2,}/gi)?.length ?? 0) > han ? 'en' : 'zh';
}
