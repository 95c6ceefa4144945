/**
 * The text the scanner's rules read, so that trivial obfuscation does not pass: compatibility
 * folding (full-width → half-width, ligatures, circled and styled letters; NFKD with combining marks
 * dropped, so accents fold too), lower case, common Cyrillic/Greek look-alikes → Latin, zero-width
 * and other invisible format characters removed, and any run of whitespace → one space.
 * `map[k]` is the index in the original text of the normalized text's k-th code unit, so a hit
 * points at what the user wrote.
 */
export interface NormalizedText {
  text: string;
  map: Int32Array;
}

/** Invisible characters removed before matching (and counted by the hidden-text rules, which read the raw text). */
function invisible(cp: number): boolean {
  return (
    cp === 0xad || // soft hyphen
    cp === 0x34f || // combining grapheme joiner
    cp === 0x61c || // Arabic letter mark
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x180e || // Mongolian vowel separator
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space/non-joiner/joiner, LRM, RLM
    (cp >= 0x202a && cp <= 0x202e) || // bidi embeddings and overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x206f) || // bidi isolates, deprecated format characters
    cp === 0x3164 ||
    cp === 0xfeff || // zero-width no-break space (BOM)
    cp === 0xffa0 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0xe0000 && cp <= 0xe007f) || // tag characters
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

// Look-alikes that compatibility folding leaves alone (Cyrillic and Greek letters that render as Latin).
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
};

const COMBINING = /\p{Mn}/u;
const SPACE = /\s/u;

const decoder = new TextDecoder('utf-16le');

export function normalizeForScan(input: string): NormalizedText {
  const n = input.length;
  let buf = new Uint16Array(n + 16);
  let map = new Int32Array(n + 16);
  let len = 0;
  let lastSpace = true; // no leading space
  const grow = (need: number) => {
    if (len + need <= buf.length) return;
    const size = Math.max(buf.length * 2, len + need);
    const b = new Uint16Array(size);
    b.set(buf.subarray(0, len));
    buf = b;
    const m = new Int32Array(size);
    m.set(map.subarray(0, len));
    map = m;
  };
  const space = (from: number) => {
    if (lastSpace) return;
    grow(1);
    buf[len] = 0x20;
    map[len++] = from;
    lastSpace = true;
  };
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
        space(i);
        continue;
      }
      // ASCII never grows: the buffer holds n + 16 code units, grown only by folding below
      if (len === buf.length) grow(1);
      buf[len] = c >= 0x41 && c <= 0x5a ? c + 32 : c;
      map[len++] = i;
      lastSpace = false;
      continue;
    }
    // CJK ideographs have no compatibility form: the common Chinese case stays cheap.
    if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) {
      if (len === buf.length) grow(1);
      buf[len] = c;
      map[len++] = i;
      lastSpace = false;
      continue;
    }
    const cp = input.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const start = i;
    if (cp > 0xffff) i++;
    if (invisible(cp)) continue;
    if (SPACE.test(ch)) {
      space(start);
      continue;
    }
    let folded = '';
    for (const d of ch.normalize('NFKD').toLowerCase()) {
      if (COMBINING.test(d)) continue;
      folded += CONFUSABLES[d] ?? d;
    }
    if (!folded) continue;
    if (folded === ' ') {
      space(start);
      continue;
    }
    grow(folded.length);
    for (let k = 0; k < folded.length; k++) {
      buf[len] = folded.charCodeAt(k);
      map[len++] = start;
    }
    lastSpace = false;
  }
  return { text: decoder.decode(buf.subarray(0, len)), map: map.subarray(0, len) };
}
