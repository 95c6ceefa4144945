// Builds the segmentation dictionary optmem ships: jieba's own dictionary cut to its most
// frequent words (loading all 349k words costs ~170 ms per process, 60k words ~12 ms, and
// segments this domain's text as well or better), plus dict/optmem-user.txt. Runs in `npm run build`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TOP = 60000;
const src = path.join(path.dirname(require.resolve('@node-rs/jieba/package.json')), 'dict.txt');
const rows = fs
  .readFileSync(src, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split(' '))
  .sort((a, b) => Number(b[1]) - Number(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  .slice(0, TOP);
const out = path.join(root, 'dist', 'dict');
fs.mkdirSync(out, { recursive: true });
const text = rows.map((r) => r.join(' ')).join('\n') + '\n';
fs.writeFileSync(path.join(out, 'jieba-top.txt'), text);
// Its digest, so that opening a home need not read and hash the dictionary to know which it is.
fs.writeFileSync(path.join(out, 'jieba-top.txt.sha256'), createHash('sha256').update(text).digest('hex') + '\n');
console.log(`dict: ${rows.length} words from jieba -> dist/dict/jieba-top.txt`);

// The same words, and jieba's HMM model (dict/jieba-hmm.model), as binary files the TypeScript port of
// jieba's cut reads without parsing (src/index/tokenizer/jieba-port.ts): small cuts need no native load.
// The shipped user dictionary (dict/optmem-user.txt) is merged in as the segmenter takes it (a word's
// last frequency counts), so a process applies only a home's own dict.txt.
const { encodeBaseWords, encodeHmm, mergedEntries } = await import('../dist/index/tokenizer/jieba-port.js');
const { readShippedUserDict } = await import('../dist/index/tokenizer/jieba.js');
fs.writeFileSync(path.join(out, 'jieba-top.bin'), encodeBaseWords(mergedEntries(rows.map((r) => [r[0], Number(r[1])]), readShippedUserDict())));
fs.writeFileSync(path.join(out, 'jieba-hmm.bin'), encodeHmm(fs.readFileSync(path.join(root, 'dict', 'jieba-hmm.model'), 'utf8')));
console.log('dict: the same words with optmem-user.txt merged in, and the HMM model, as binary -> dist/dict/jieba-top.bin, jieba-hmm.bin');

// The plain cuts of the shipped alias words' Han runs, with these dictionaries: a query in English
// whose aliases are Chinese then does not load jieba (src/index/tokenizer/jieba.ts, "known cuts").
const { createJiebaSegmenter } = await import('../dist/index/tokenizer/jieba.js');
const { parseAliasText, DEFAULT_ALIAS_FILE } = await import('../dist/query/aliases.js');
const { CJK_RUN } = await import('../dist/index/tokenizer/cjk.js');
fs.rmSync(path.join(out, 'known-cuts.json'), { force: true });
const segmenter = createJiebaSegmenter(null);
const groups = [];
parseAliasText(fs.readFileSync(DEFAULT_ALIAS_FILE, 'utf8'), 'dict/aliases.txt', groups, []);
const cut = {};
for (const g of groups) for (const w of g.words) for (const run of w.match(CJK_RUN) ?? []) cut[run] ??= segmenter.cut(run);
fs.writeFileSync(path.join(out, 'known-cuts.json'), JSON.stringify({ id: segmenter.id, cut }) + '\n');
console.log(`dict: ${Object.keys(cut).length} alias cuts -> dist/dict/known-cuts.json`);

// The shipped alias list, parsed: a search reads it instead of parsing the text again.
const { parsedDefaultsJson, PARSED_DEFAULTS_FILE } = await import('../dist/query/aliases.js');
const parsed = parsedDefaultsJson(fs.readFileSync(DEFAULT_ALIAS_FILE, 'utf8'));
fs.rmSync(PARSED_DEFAULTS_FILE, { force: true });
if (parsed) fs.writeFileSync(PARSED_DEFAULTS_FILE, parsed);
console.log(parsed ? `dict: ${groups.length} alias groups -> dist/dict/aliases.json` : 'dict: dict/aliases.txt has problems; parsed at run time');
