#!/usr/bin/env node
// The optmem command. Runs the built CLI (npm install / npm ci builds it through `prepare`).
let cli;
try {
  cli = await import('../dist/cli/main.js');
} catch (e) {
  // Even this fault is one line: a missing build or a native module built for another Node.
  const why = e && e.code === 'ERR_MODULE_NOT_FOUND' ? 'the built CLI is missing (run `npm run build` in the optmem package)' : `cannot load optmem: ${String(e && e.message).split('\n')[0]} (reinstall optmem with this Node)`;
  process.stderr.write(`optmem: ${why}\n`);
  if (process.env.OPTMEM_DEBUG && process.env.OPTMEM_DEBUG !== '0') process.stderr.write(`${e && e.stack}\n`);
  process.exit(1);
}
process.exitCode = await cli.runMain(process.argv.slice(2), cli.processIO());
