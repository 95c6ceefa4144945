// Bundles the compiled CLI (dist/interfaces/cli/main.js and everything it imports) into a few chunks in
// dist/cli/, which bin/optmem.js runs. A hook or a search starts many times a day: loading ~130 small
// modules one by one cost more than the search itself. Each command and each lazily loaded part stays
// a chunk of its own (a dynamic import stays one), so a command still loads only what it needs.
// The chunks are CommonJS (.cjs): Node loads them with plain synchronous requires, where ES modules
// go through the ES loader's resolve, read and link steps one by one (about a third of a search's
// start-up was that). Packages (better-sqlite3, jieba, zod, the MCP SDK, hono; all ship CommonJS)
// stay outside the bundle. Runs in `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'dist', 'cli');
fs.rmSync(out, { recursive: true, force: true });

const isPackage = (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');
const result = await build({
  input: { main: path.join(root, 'dist', 'interfaces', 'cli', 'main.js') },
  platform: 'node',
  external: (id) => isPackage(id),
  logLevel: 'warn',
  output: { dir: out, format: 'cjs', chunkFileNames: '[name]-[hash].cjs', entryFileNames: '[name].cjs', charset: 'ascii', comments: false },
});
const chunks = result.output.filter((o) => o.type === 'chunk');
const bytes = chunks.reduce((n, c) => n + c.code.length, 0);
console.log(`cli: ${chunks.length} chunks, ${(bytes / 1024).toFixed(0)} KB -> dist/cli/`);

// Each chunk that imports node:fs or node:path wraps it again (rolldown's __toESM copies every
// property of the module as a getter: a dozen chunks × a hundred properties on every start). A module
// object is wrapped once and the wrapper shared: the same getters, made once.
const runtime = chunks.find((c) => c.fileName.startsWith('rolldown-runtime'));
const RUNTIME_TO_ESM = 'var __toESM = (mod, isNodeMode, target) =>';
if (runtime) {
  const file = path.join(out, runtime.fileName);
  const code = fs.readFileSync(file, 'utf8');
  if (code.includes(RUNTIME_TO_ESM)) {
    const shared =
      'var __toESMShared = new WeakMap();\n' +
      'var __toESM = (mod, isNodeMode) => {\n' +
      '\tif (mod === null || (typeof mod !== "object" && typeof mod !== "function")) return __toESMFresh(mod, isNodeMode);\n' +
      '\tconst key = isNodeMode ? 1 : 0;\n' +
      '\tlet seen = __toESMShared.get(mod);\n' +
      '\tif (!seen) __toESMShared.set(mod, (seen = []));\n' +
      '\treturn seen[key] ?? (seen[key] = __toESMFresh(mod, isNodeMode));\n' +
      '};\n' +
      'var __toESMFresh = (mod, isNodeMode, target) =>';
    fs.writeFileSync(file, code.replace(RUNTIME_TO_ESM, shared));
  } else {
    console.warn('cli: rolldown runtime without the expected __toESM; its wrappers are not shared');
  }
}
