import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { packageFile } from '../package-root.js';

const require = createRequire(import.meta.url);

let addon: object | null | undefined;

/**
 * The native addon, required straight from its build folder: by default better-sqlite3 looks for it
 * with the `bindings` package, which reads a stack trace and tries a dozen paths on every start.
 * Null when it is not where a normal install puts it (then better-sqlite3 looks for it itself).
 */
function nativeAddon(): object | null {
  if (addon === undefined) {
    try {
      // Where an install of optmem puts it, else wherever Node resolves the package (a hoisted install):
      // the resolution walks node_modules folders, a millisecond or two of every start.
      const nested = packageFile('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
      addon = require(fs.existsSync(nested) ? nested : path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node')) as object;
    } catch {
      addon = null;
    }
  }
  return addon;
}

/**
 * `new SqliteDatabase(file, options)`, as better-sqlite3's Database, with its addon found directly.
 * Every database optmem opens goes through here: the CLI bundles better-sqlite3's JavaScript, where its
 * own search for the addon (the `bindings` package, from the caller's file) would not find it.
 */
export const SqliteDatabase = function SqliteDatabase(file: string, options: BetterSqlite3.Options = {}) {
  if (options.nativeBinding) return new Database(file, options);
  const a = nativeAddon();
  if (a) return new Database(file, { ...options, nativeBinding: a as never });
  // No addon where installs put it: the package, loaded from its own folder, looks for it itself.
  const Own = require('better-sqlite3') as typeof BetterSqlite3;
  return new Own(file, options);
} as unknown as typeof BetterSqlite3;
