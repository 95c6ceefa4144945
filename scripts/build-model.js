// Compiles models/triggers.json (the trigger detector's weights) into dist/models/triggers.bin, which
// loads without parsing the JSON (src/ingest/trigger-model-file.ts). Runs in `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModel } from '../dist/ingest/trigger-model.js';
import { compileModel, readCompiledModel } from '../dist/ingest/trigger-model-file.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const json = path.join(root, 'models', 'triggers.json');
const out = path.join(root, 'dist', 'models', 'triggers.bin');
fs.rmSync(out, { force: true });
if (fs.existsSync(json)) {
  const model = parseModel(fs.readFileSync(json, 'utf8'), 'models/triggers.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, compileModel(model, fs.statSync(json)));
  const back = readCompiledModel(out, json);
  const same = back && Object.keys(model.weights).every((n) => model.weights[n].every((x, i) => back.weights[n][i] === x));
  if (!same) throw new Error('build-model: the compiled trigger model does not read back as models/triggers.json');
  console.log(`model: ${Object.keys(model.weights).length} trigger features -> dist/models/triggers.bin`);
}
