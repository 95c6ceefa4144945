#!/usr/bin/env node
// The optmem command. Runs the built CLI (npm install / npm ci builds it through `prepare`).
// CommonJS (bin/package.json says so), like the bundled CLI it loads: an ES module entry would start
// Node's ES loader, and with it fs/promises, readline and the stream modules, for nothing.
'use strict';

// A hook or a search runs once per process, and most of optmem's large patterns (the trigger cues, the
// resolver's lexicon) run a handful of times: V8's default first builds each as bytecode, then compiles
// it again to machine code on its second run. Compiling once, straight away, is several times cheaper
// here (a hook's trigger check: 57-68 ms -> 14-38 ms measured). Matching is the same either way.
require('node:v8').setFlagsFromString('--no-regexp-tier-up');

let cli;
try {
  // The bundled CLI, each chunk with the V8 code cache the build made for it (chunk-loader.js).
  cli = require('./chunk-loader.js').chunkLoader(require('node:path').join(__dirname, '..', 'dist', 'cli')).load('main.cjs');
} catch (e) {
  // Even this fault is one line: a missing build or a native module built for another Node.
  const why = e && e.code === 'ENOENT' && String(e.message).includes('main.cjs') ? 'the built CLI is missing (run `npm run build` in the optmem package)' : `cannot load optmem: ${String(e && e.message).split('\n')[0]} (reinstall optmem with this Node)`;
  process.stderr.write(`optmem: ${why}\n`);
  if (process.env.OPTMEM_DEBUG && process.env.OPTMEM_DEBUG !== '0') process.stderr.write(`${e && e.stack}\n`);
  process.exit(1);
}
cli.runMain(process.argv.slice(2), cli.processIO()).then((code) => {
  process.exitCode = code;
});
