// The floor: the same records, segmented by optmem's own tokenizer, in a plain FTS5 table, queried
// with the same AND strings optmem builds. What SQLite alone costs; optmem can only add to it.
// It also hands back the segmented bodies and the query terms, for the in-memory engines.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createJiebaSegmenter } from '../dist/index/tokenizer/jieba.js';
import { createTokenizer } from '../dist/index/tokenizer/tokenizer.js';
import { stripMarkers } from '../dist/core/markers.js';
import { activeTerms, ftsString } from '../dist/query/retrieve.js';
import { now, summarize } from './stats.js';

const DOMAINS = ['hermes', 'code', 'openclaw'];

export function runFloor({ jsonl, dir, queries, passes }) {
  const tokenizer = createTokenizer(createJiebaSegmenter(null));
  tokenizer.indexText('预热'); // load jieba outside the timings
  const db = new Database(path.join(dir, 'floor.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')");
  const ins = db.prepare('INSERT INTO t (rowid, body) VALUES (?, ?)');

  // Same body as the index: text without prefix and markers, plus tags.
  let t0 = now();
  const bodies = [];
  for (const line of jsonl.split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line);
    const text = stripMarkers(r.text, DOMAINS);
    bodies.push(tokenizer.indexText(r.tags?.length ? `${text}\n${r.tags.join(' ')}` : text));
  }
  const segmentMs = now() - t0;
  t0 = now();
  db.transaction(() => bodies.forEach((b, i) => ins.run(i + 1, b)))();
  const insertMs = now() - t0;

  const stmt = db.prepare('SELECT rowid, bm25(t) FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 10');
  const queryTerms = queries.map((q) => activeTerms(tokenizer.queryTerms(q)).map((x) => x.text)).filter((t) => t.length);
  const matches = queryTerms.map((terms) => terms.map(ftsString).join(' '));
  let hitQueries = 0;
  for (const m of matches) if (stmt.all(m).length) hitQueries++; // warm-up, and the hit count
  const samples = [];
  for (let p = 0; p < passes; p++) {
    for (const m of matches) {
      const s = now();
      stmt.all(m);
      samples.push(now() - s);
    }
  }
  db.close();
  const bytes = fs.statSync(path.join(dir, 'floor.sqlite')).size;
  const result = { segmentMs, insertMs, records: bodies.length, bytes, queries: matches.length, hitQueries, search: summarize(samples) };
  // Not enumerable: handed to the engines, kept out of .bench/last.json.
  Object.defineProperties(result, { bodies: { value: bodies, configurable: true }, queryTerms: { value: queryTerms, configurable: true } });
  return result;
}
