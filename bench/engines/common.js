// What the in-memory engines share: the words of a text as FTS5's unicode61 tokenizer would cut
// the already-segmented body (letters and digits, lower case; everything else separates), and the
// version of an installed package, for the output.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const SEPARATOR = /[^\p{L}\p{N}]+/u;

/** Words of a body or query term segmented by optmem's tokenizer (jieba spaces Chinese words apart). */
export function words(text) {
  return text.toLowerCase().split(SEPARATOR).filter(Boolean);
}

/**
 * The query words for one query: optmem's active terms (the floor's AND terms), each cut like the
 * bodies. A phrase term such as `127.0.0.1` or `config/server.yaml` becomes its words, ANDed: the
 * engines have no phrase match.
 */
export function queryWords(terms) {
  return [...new Set(terms.flatMap(words))];
}

const require = createRequire(import.meta.url);

export function packageVersion(name) {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return '?';
}
