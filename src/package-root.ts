import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The optmem package's own folder (where package.json, bin/, dict/, models/ and dist/ are), found by
 * walking up from this module: it is in src/ under the tests, in dist/ as compiled, and in one of the
 * CLI's bundled chunks in dist/cli/. Shipped files are named from here, never by counting `..` from a
 * module that a bundler may move.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`optmem: no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

let root: string | undefined;

export function packageRoot(): string {
  return (root ??= findRoot());
}

/** A file of the package: `packageFile('dict', 'aliases.txt')`. */
export const packageFile = (...parts: string[]): string => path.join(packageRoot(), ...parts);
