import fs from 'node:fs';
import path from 'node:path';

/**
 * Where this optmem is installed, computed at run time: the package root, its `bin/optmem.js`, and
 * the Node that runs it. Configs get absolute paths to both, because a host may run hooks with
 * another Node on PATH (OpenClaw needs Node 24) and optmem's native SQLite module is built for this one.
 */
import { packageRoot } from '../package-root.js';

export { packageRoot };

export interface SelfCommand {
  node: string;
  bin: string;
}

export function selfCommand(): SelfCommand {
  return { node: process.execPath, bin: path.join(packageRoot(), 'bin', 'optmem.js') };
}

/** The folder of one shipped integration (integrations/openclaw, integrations/hermes). */
export function integrationDir(name: string): string {
  const dir = path.join(packageRoot(), 'integrations', name);
  if (!fs.existsSync(dir)) throw new Error(`the ${name} integration is missing from ${packageRoot()} (reinstall optmem)`);
  return dir;
}

/** Quote one word for a POSIX shell, only when it needs it. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export function shellCommand(words: string[]): string {
  return words.map(shellWord).join(' ');
}
