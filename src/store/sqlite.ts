import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * better-sqlite3's Database class, loaded with require: it is a CommonJS package, and an ES import
 * of one costs Node a scan of its source for export names on every start. Types come from
 * `import type Database from 'better-sqlite3'`.
 */
export const SqliteDatabase = require('better-sqlite3') as typeof BetterSqlite3;
