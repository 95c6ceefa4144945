/**
 * The index schema. Bump SCHEMA_VERSION on any change: an index with another version (or another
 * tokenizer id, or another set of known domains) is thrown away and rebuilt from the files.
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  ino INTEGER NOT NULL,
  lines INTEGER NOT NULL,
  records INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
  rid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  time TEXT NOT NULL,
  time_ms INTEGER NOT NULL,
  domain TEXT,
  project TEXT,
  kind TEXT NOT NULL,
  tier TEXT NOT NULL,
  corrects TEXT,
  agent TEXT,
  session TEXT,
  ref TEXT,
  tags TEXT,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_file ON records(file);
CREATE INDEX IF NOT EXISTS records_time ON records(time_ms);
CREATE INDEX IF NOT EXISTS records_domain ON records(domain, time_ms);
CREATE INDEX IF NOT EXISTS records_project ON records(project, time_ms);
CREATE INDEX IF NOT EXISTS records_kind ON records(kind, time_ms);
CREATE TABLE IF NOT EXISTS problems (file TEXT NOT NULL, line INTEGER NOT NULL, message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS problems_file ON problems(file);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`;
