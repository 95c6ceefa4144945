/**
 * The index schema. Bump SCHEMA_VERSION on any change: an index with another version (or another
 * tokenizer id, or another set of known domains) is thrown away and rebuilt from the files.
 */
// 6: the bigram fallback table `grams`.
// 7: red lines and corrections carry their marker word in the FTS body (aliases).
// 8: archive/unarchive events and the derived archive state.
// 9: the fts table's second column `keys` (key expansion; empty unless index.keyExpansion is on).
// 10: the summary tree's tables (summary_files, summary_bullets, summary_fts).
// 11: provenance columns (origin, writer, quarantine), approve/reject events and the derived `held` table;
//     duplicate keys, bands and links, derived by `optmem consolidate` (index/duplicates.ts).
export const SCHEMA_VERSION = 11;

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
  text TEXT NOT NULL,
  origin TEXT,
  writer TEXT,
  quarantine TEXT
);
CREATE INDEX IF NOT EXISTS records_file ON records(file);
CREATE INDEX IF NOT EXISTS records_time ON records(time_ms);
CREATE INDEX IF NOT EXISTS records_domain ON records(domain, time_ms);
CREATE INDEX IF NOT EXISTS records_project ON records(project, time_ms);
CREATE INDEX IF NOT EXISTS records_kind ON records(kind, time_ms);
CREATE INDEX IF NOT EXISTS records_session ON records(session, time_ms) WHERE session IS NOT NULL;
CREATE TABLE IF NOT EXISTS problems (file TEXT NOT NULL, line INTEGER NOT NULL, message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS problems_file ON problems(file);
-- Fact slots (core/facts.ts) of each record: what inferred corrections compare.
CREATE TABLE IF NOT EXISTS facts (
  rid INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  old_value TEXT,
  domain TEXT,
  project TEXT,
  time_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_scope ON facts(key, domain, project, time_ms, rid);
CREATE INDEX IF NOT EXISTS facts_rid ON facts(rid);
-- Supersession edges (index/supersession.ts), by record id so they outlive a file's re-read.
-- blocked: an ordinary correction aimed at a red line, kept to flag it, never applied.
CREATE TABLE IF NOT EXISTS edges (
  old_id TEXT NOT NULL,
  new_id TEXT NOT NULL,
  method TEXT NOT NULL,
  inferred INTEGER NOT NULL,
  blocked INTEGER NOT NULL,
  score REAL NOT NULL,
  detail TEXT NOT NULL,
  PRIMARY KEY (old_id, new_id)
);
CREATE INDEX IF NOT EXISTS edges_new ON edges(new_id);
-- How each correction without ids was resolved: linked, none (corrects nothing known) or ambiguous,
-- with the candidates considered and why each was taken or refused.
CREATE TABLE IF NOT EXISTS resolutions (id TEXT PRIMARY KEY, status TEXT NOT NULL, candidates TEXT NOT NULL);
-- link/unlink event records (core/events.ts): the newest about a pair decides.
CREATE TABLE IF NOT EXISTS link_events (
  rid INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  verb TEXT NOT NULL,
  new_id TEXT NOT NULL,
  old_id TEXT NOT NULL,
  time_ms INTEGER NOT NULL,
  agent TEXT,
  why TEXT
);
CREATE INDEX IF NOT EXISTS link_events_pair ON link_events(new_id, old_id, time_ms);
CREATE INDEX IF NOT EXISTS link_events_old ON link_events(old_id);
CREATE INDEX IF NOT EXISTS link_events_rid ON link_events(rid);
-- Duplicates (index/duplicates.ts), derived by optmem consolidate and reindex, never on a write:
-- each compared record's exact-duplicate key (NULL: never grouped); the MinHash bands of every
-- distinct key (which keys may be near); pairs of keys judged near: duplicate (linked), variant (a
-- value, name or negation differs: a correction candidate), redline (a red line restated by a record
-- of another tier). Keys are 53-bit hashes of what is compared (index/dedup/judge.ts).
CREATE TABLE IF NOT EXISTS dup_keys (rid INTEGER PRIMARY KEY, key INTEGER);
CREATE INDEX IF NOT EXISTS dup_keys_key ON dup_keys(key);
CREATE TABLE IF NOT EXISTS dup_bands (band INTEGER NOT NULL, key INTEGER NOT NULL, PRIMARY KEY (band, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS dup_links (
  a INTEGER NOT NULL,
  b INTEGER NOT NULL,
  verdict TEXT NOT NULL,
  similarity REAL NOT NULL,
  differs TEXT NOT NULL,
  PRIMARY KEY (a, b)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS dup_links_b ON dup_links(b);
-- archive/unarchive and approve/reject event records (core/events.ts), one row per id named.
CREATE TABLE IF NOT EXISTS archive_events (
  rid INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  verb TEXT NOT NULL,
  id TEXT NOT NULL,
  time_ms INTEGER NOT NULL,
  agent TEXT,
  why TEXT
);
CREATE INDEX IF NOT EXISTS archive_events_id ON archive_events(id, time_ms, rid);
CREATE INDEX IF NOT EXISTS archive_events_rid ON archive_events(rid);
-- Derived from archive_events: ids whose newest archive/unarchive event is archive, with that event.
-- Red lines are never archived: queries keep them whatever this table says.
CREATE TABLE IF NOT EXISTS archived (id TEXT PRIMARY KEY, event_id TEXT NOT NULL, time_ms INTEGER NOT NULL) WITHOUT ROWID;
-- Derived from records.quarantine and approve/reject events: records held out of default search
-- and every pack. status: quarantined (waiting for the owner) or rejected. Red lines too.
CREATE TABLE IF NOT EXISTS held (id TEXT PRIMARY KEY, status TEXT NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
  body,
  keys,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
-- The bigram fallback (docs/RANKING.md): Han character bigrams of a record that are not among its
-- words, by the same rowid as fts. Searched only for query words the word index misses.
CREATE VIRTUAL TABLE IF NOT EXISTS grams USING fts5(
  g,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61'
);
-- The summary tree (memory/summaries/, derived by optmem consolidate), read from its files: each
-- node file's stat and header, its bullets, and their words. Only overview queries and an explicit
-- --kind summary search them; the default search never does (index/summary-index.ts).
CREATE TABLE IF NOT EXISTS summary_files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  ino INTEGER NOT NULL,
  level TEXT,
  key TEXT,
  from_date TEXT,
  to_date TEXT,
  domain TEXT
);
CREATE INDEX IF NOT EXISTS summary_files_level ON summary_files(level, to_date);
CREATE TABLE IF NOT EXISTS summary_bullets (
  sid INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  ord INTEGER NOT NULL,
  text TEXT NOT NULL,
  ids TEXT NOT NULL,
  redline INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS summary_bullets_path ON summary_bullets(path, ord);
CREATE VIRTUAL TABLE IF NOT EXISTS summary_fts USING fts5(
  body,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
-- Document frequency per indexed term: lets correction resolution skip words most records hold.
CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab(fts, 'row');
`;

/** Every table the schema creates, virtual ones included: an index missing one is rebuilt. */
export const SCHEMA_TABLES: readonly string[] = [...SCHEMA_SQL.matchAll(/CREATE (?:VIRTUAL )?TABLE IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);
