// Writes eval/injection/ordinary/handoff-items.jsonl: the items of the handoffs optmem extracts from the
// development sessions of eval/handoffs (never a test split), one line each. They are ordinary records of
// the kind the hooks write as an agent, so the injection scorer trains on half of them and its false
// positives are measured on the other half (scripts/injection-data.js). A snapshot: regenerate it on
// purpose (after the build) when the extractor changes, then retrain (scripts/train-injection.js).
//   npm run build && node scripts/make-handoff-items.js
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestSet, loadHandoffCases } from '../bench/handoff-cases.js';
import { extractHandoff } from '../dist/sessions/extract-handoff.js';
import { readTranscript } from '../dist/sessions/transcript.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = [];
for (const c of loadHandoffCases(path.join(root, 'eval', 'handoffs')).filter((x) => !isTestSet(x.set))) {
  const f = extractHandoff(readTranscript(c.transcript).turns);
  for (const field of ['done', 'stuck', 'next', 'decisions']) for (const text of f[field]) out.push({ case: c.id, field, text });
}
const file = path.join(root, 'eval', 'injection', 'ordinary', 'handoff-items.jsonl');
fs.writeFileSync(file, out.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(`${path.relative(root, file)}: ${out.length} items of ${new Set(out.map((r) => r.case)).size} handoffs`);
