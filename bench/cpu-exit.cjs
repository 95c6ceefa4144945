// Preloaded into a measured child process (node -r bench/cpu-exit.cjs …): prints the CPU time the
// process used (user + system, ms) as the last line of stderr, so a figure does not depend on how
// busy the machine was.
process.on('exit', () => {
  const u = process.cpuUsage();
  process.stderr.write(`\noptmem-bench-cpu ${((u.user + u.system) / 1000).toFixed(1)}\n`);
});
