// Bundles the compiled CLI (dist/interfaces/cli/main.js and everything it imports) into a few chunks in
// dist/cli/, which bin/optmem.js runs. A hook or a search starts many times a day: loading ~130 small
// modules one by one cost more than the search itself. Each command and each lazily loaded part stays
// a chunk of its own (a dynamic import stays one), so a command still loads only what it needs.
// The chunks are CommonJS (.cjs): Node loads them with plain synchronous requires, where ES modules
// go through the ES loader's resolve, read and link steps one by one (about a third of a search's
// start-up was that). Packages (jieba, zod, the MCP SDK, hono; all ship CommonJS)
// stay outside the bundle. Runs in `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { rolldown } from 'rolldown';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'dist', 'cli');
fs.rmSync(out, { recursive: true, force: true });

const isPackage = (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');
// better-sqlite3's JavaScript (a dozen small files every command loads) goes into the bundle, and so
// into the code caches; its native addon is still required from the package (store/sqlite.ts).
const BUNDLED = new Set(['better-sqlite3']);
const external = (id) => isPackage(id) && !BUNDLED.has(id);

// Deferred modules. A file `NAME.deferred.js` (src/**/NAME.deferred.ts) is one namespace import and
// one accessor that returns it:
//   import * as m from './target.js';
//   export const loadThing = () => m;
// The library keeps it as written (the import is static). Here the target becomes an entry chunk of its
// own, `deferred-NAME.cjs`, and the accessor requires it on its first call: a synchronous load, so the
// code that calls it stays synchronous, and a search that never indexes a record never loads the
// resolver, the scanner or the transcript reader.
const DEFERRED_IMPORT = /^import \* as (\w+) from '(\.{1,2}\/[^']+)';$/m;
const DEFERRED_EXPORT = /^export const (\w+) = \(\) => (\w+);$/m;
const deferred = new Map();
(function findDeferred(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (file !== out) findDeferred(file);
    } else if (e.name.endsWith('.deferred.js')) {
      const code = fs.readFileSync(file, 'utf8');
      const imp = DEFERRED_IMPORT.exec(code);
      const exp = DEFERRED_EXPORT.exec(code);
      if (!imp || !exp || exp[2] !== imp[1]) throw new Error(`${path.relative(root, file)}: a deferred module is one \`import * as m from './x.js'\` and one \`export const loadX = () => m;\``);
      const name = `deferred-${e.name.slice(0, -'.deferred.js'.length)}`;
      if ([...deferred.values()].some((d) => d.name === name)) throw new Error(`${path.relative(root, file)}: another deferred module is also named ${name}`);
      deferred.set(file, { name, target: path.resolve(dir, imp[2]), accessor: exp[1] });
    }
  }
})(path.join(root, 'dist'));

const inputOptions = {
  input: { main: path.join(root, 'dist', 'interfaces', 'cli', 'main.js'), ...Object.fromEntries([...deferred.values()].map((d) => [d.name, d.target])) },
  platform: 'node',
  external,
  logLevel: 'warn',
  // the deferred entries may export more than their target does (the hot chunk below needs that)
  preserveEntrySignatures: 'allow-extension',
  plugins: [
    {
      name: 'optmem-deferred',
      resolveId(source) {
        if (/^\.\/deferred-[\w.-]+\.cjs$/.test(source)) return { id: source, external: true };
        return null;
      },
      load(id) {
        const d = deferred.get(id);
        return d ? `export const ${d.accessor} = () => require(${JSON.stringify(`./${d.name}.cjs`)});\n` : null;
      },
    },
  ],
};
const outputOptions = { dir: out, format: 'cjs', chunkFileNames: '[name]-[hash].cjs', entryFileNames: '[name].cjs', charset: 'ascii', comments: false };

// The hot chunk. Left to itself the bundler makes a chunk of every set of modules shared by a
// different set of commands: a search loaded 30 of them, each a file to open, read and compile
// (about a quarter of a millisecond apiece before any of its code runs). A first pass finds the
// modules a search and the opening of a memory home load beyond what every command loads (main's
// own) and what the prompt hook loads (it never opens a home); the second puts them in one chunk.
// A command that needs one of them loads them all: the commands that open a home need nearly all.
const HOT = ['interfaces/cli/search-commands.js', 'interfaces/cli/home.js'].map((f) => path.join(root, 'dist', f));
const LIGHT = ['interfaces/hooks/command.js'].map((f) => path.join(root, 'dist', f));
async function hotModules() {
  const bundle = await rolldown(inputOptions);
  const { output } = await bundle.generate(outputOptions);
  await bundle.close();
  const chunks = output.filter((o) => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const holding = (modules) => {
    const missing = modules.filter((m) => !chunks.some((c) => c.moduleIds.includes(m)));
    if (missing.length) throw new Error(`bundle-cli: ${missing.map((m) => path.relative(root, m)).join(', ')} not in the bundle (update HOT or LIGHT)`);
    return chunks.filter((c) => c.moduleIds.some((m) => modules.includes(m)));
  };
  const closure = (starts) => {
    const seen = new Set();
    const visit = (c) => {
      if (!c || seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const f of c.imports) visit(byFile.get(f));
    };
    starts.forEach(visit);
    return seen;
  };
  const keep = new Set([...closure([byFile.get('main.cjs')]), ...closure(holding(LIGHT))]);
  return new Set([...closure(holding(HOT))].filter((f) => !keep.has(f)).flatMap((f) => byFile.get(f).moduleIds));
}
const hot = await hotModules();
const bundle = await rolldown(inputOptions);
const result = await bundle.write({ ...outputOptions, codeSplitting: { groups: [{ name: 'hot', test: (id) => hot.has(id), includeDependenciesRecursively: false }] } });
await bundle.close();
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

// Every chunk is written inside the CommonJS wrapper the chunk loader compiles it in (bin/chunk-loader.js):
// wrapped at load time, V8 would first copy the whole text into a second string.
const require = createRequire(import.meta.url);
const { WRAPPER } = require('../bin/chunk-loader.js');
for (const c of chunks) {
  const file = path.join(out, c.fileName);
  fs.writeFileSync(file, `${WRAPPER}${fs.readFileSync(file, 'utf8')}\n})`);
}

// The command list of `optmem help`, from the commands themselves: help then loads no command module.
const { summariesJson, summariesFile } = await import('../dist/interfaces/cli/registry.js');
fs.writeFileSync(summariesFile(), await summariesJson());
