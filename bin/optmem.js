#!/usr/bin/env node
// The optmem command. Runs the built CLI (npm install / npm ci builds it through `prepare`).
// CommonJS (bin/package.json says so), like the bundled CLI it loads: an ES module entry would start
// Node's ES loader, and with it fs/promises, readline and the stream modules, for nothing.
'use strict';

// V8 flags only for the hooks (chunk-loader.js, FLAVORS): setting one takes node:v8, which loads Node's
// stream modules (3-4 ms of every start), and a search ran 10 ms slower with the hooks' flag than
// without. Each flavor has code caches of its own, made under its flags (scripts/warm-cli.js).
const argv = process.argv.slice(2);
const loader = require('./chunk-loader.js');
const flavor = loader.startFlavor(argv);

let cli;
try {
  // The bundled CLI, each chunk with the V8 code cache the build made for it (chunk-loader.js).
  cli = loader.chunkLoader(require('node:path').join(__dirname, '..', 'dist', 'cli'), { flavor }).load('main.cjs');
} catch (e) {
  // Even this fault is one line: a missing build or a native module built for another Node.
  const why = e && e.code === 'ENOENT' && String(e.message).includes('main.cjs') ? 'the built CLI is missing (run `npm run build` in the optmem package)' : `cannot load optmem: ${String(e && e.message).split('\n')[0]} (reinstall optmem with this Node)`;
  process.stderr.write(`optmem: ${why}\n`);
  if (process.env.OPTMEM_DEBUG && process.env.OPTMEM_DEBUG !== '0') process.stderr.write(`${e && e.stack}\n`);
  process.exit(1);
}
cli.runMain(argv, cli.processIO()).then((code) => {
  process.exitCode = code;
  // A search has written everything (synchronously) and left nothing running: exit at once rather
  // than have Node tear the whole heap down first (3-5 ms of CPU a search). Other commands may leave
  // work behind on purpose (a server, a detached child), so they end as Node ends them.
  if (flavor === 'search') process.exit(code);
});
