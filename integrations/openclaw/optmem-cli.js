// Running the optmem CLI from the plugin. OpenClaw loads plugins in its own Node (24+), while
// optmem and its native SQLite module run on the Node they were installed with, so every call is
// a child process: `config.command` (written by `optmem install openclaw`) or `optmem` from PATH.
import { execFile } from 'node:child_process';
import fs from 'node:fs';

/** How to run optmem: the configured command words, else `optmem` from PATH. */
export function commandOf(cfg) {
  return Array.isArray(cfg.command) && cfg.command.length ? cfg.command : ['optmem'];
}

/**
 * Run `optmem ARGS...` and resolve with its stdout. A non-zero exit rejects with the first line of
 * stderr (optmem prints one clear line), or with the JSON error's message under `--json`.
 */
export function runOptmem(cfg, args, opts = {}) {
  const cmd = commandOf(cfg);
  const cwd = opts.cwd && fs.existsSync(opts.cwd) ? opts.cwd : undefined;
  return new Promise((resolve, reject) => {
    const child = execFile(cmd[0], [...cmd.slice(1), ...args], { cwd, timeout: cfg.timeoutMs || 15000, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const fromJson = jsonErrorMessage(stdout);
      const line = String(stderr || '').trim().split('\n')[0];
      const e = new Error(fromJson || line || err.message);
      e.exitCode = typeof err.code === 'number' ? err.code : null;
      e.stdout = stdout;
      reject(e);
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
  });
}

function jsonErrorMessage(stdout) {
  try {
    const v = JSON.parse(stdout);
    return v && v.error && typeof v.error.message === 'string' ? v.error.message : null;
  } catch {
    return null;
  }
}
