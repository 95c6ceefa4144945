import type Database from 'better-sqlite3';
import { RECORD_COLUMNS, rowToRecord, type IndexedRecord, type RecordIndex } from '../index/record-index.js';
import { rowToEdge, type Edge, type EdgeRow } from '../index/supersession.js';
import type { QueryLookup } from './types.js';

type Row = Parameters<typeof rowToRecord>[0];

/** How many steps a walk along a supersession chain takes at most (a longer chain stops there). */
const MAX_CHAIN = 64;

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
function prepare(db: Database.Database) {
  return {
    byId: db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE id = ?`),
    // The newest live successor: a chain is followed through its newest link at each step.
    newestSuccessor: db
      .prepare(
        `SELECT e.new_id FROM edges e JOIN records r ON r.id = e.new_id
         WHERE e.old_id = ? AND e.blocked = 0 ORDER BY r.time_ms DESC, r.rid DESC LIMIT 1`,
      )
      .pluck(),
    // The whole walk in one statement: the newest successor, step after step, until none is left.
    chainEnd: db.prepare(
      `WITH RECURSIVE chain(id, depth) AS (
         SELECT ?, 0
         UNION ALL
         SELECT (SELECT e.new_id FROM edges e JOIN records r ON r.id = e.new_id
                 WHERE e.old_id = chain.id AND e.blocked = 0 ORDER BY r.time_ms DESC, r.rid DESC LIMIT 1), depth + 1
         FROM chain WHERE chain.id IS NOT NULL AND depth < ${MAX_CHAIN})
       SELECT id, depth FROM chain WHERE id IS NOT NULL ORDER BY depth DESC LIMIT 1`,
    ),
    inList: new Map<number, Database.Statement>(),
  };
}

function stmts(db: Database.Database) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

/** The index behind the stages' lookups, with a per-query cache. */
export function createLookup(index: RecordIndex): QueryLookup {
  const db = index.db;
  const s = stmts(db);
  const recs = new Map<string, IndexedRecord | null>();
  const currents = new Map<string, IndexedRecord | null>();
  const get = (id: string): IndexedRecord | null => {
    if (!recs.has(id)) {
      const row = s.byId.get(id) as Row | undefined;
      recs.set(id, row ? rowToRecord(row) : null);
    }
    return recs.get(id)!;
  };
  const listStmt = (sql: (ph: string) => string, n: number, key: number) => {
    let st = s.inList.get(key * 10_000 + n);
    if (!st) {
      st = db.prepare(sql(Array.from({ length: n }, () => '?').join(',')));
      if (s.inList.size > 100) s.inList.clear();
      s.inList.set(key * 10_000 + n, st);
    }
    return st;
  };
  return {
    get,
    byRids(rids) {
      const out: IndexedRecord[] = [];
      for (let i = 0; i < rids.length; i += 500) {
        const chunk = rids.slice(i, i + 500);
        const st = listStmt((ph) => `SELECT ${RECORD_COLUMNS} FROM records WHERE rid IN (${ph})`, chunk.length, 1);
        out.push(...(st.all(...chunk) as Row[]).map(rowToRecord));
      }
      return out;
    },
    edgesTouching(ids) {
      const out: Edge[] = [];
      for (let i = 0; i < ids.length; i += 400) {
        const chunk = ids.slice(i, i + 400);
        const st = listStmt((ph) => `SELECT * FROM edges WHERE old_id IN (${ph}) UNION SELECT * FROM edges WHERE new_id IN (${ph})`, chunk.length, 2);
        out.push(...(st.all(...chunk, ...chunk) as EdgeRow[]).map(rowToEdge));
      }
      return out;
    },
    factKeys(rids) {
      const out = new Map<number, string[]>();
      for (let i = 0; i < rids.length; i += 500) {
        const chunk = rids.slice(i, i + 500);
        const st = listStmt((ph) => `SELECT rid, key FROM facts WHERE rid IN (${ph})`, chunk.length, 3);
        for (const row of st.all(...chunk) as { rid: number; key: string }[]) {
          const list = out.get(row.rid) ?? [];
          if (!list.includes(row.key)) list.push(row.key);
          out.set(row.rid, list);
        }
      }
      return out;
    },
    duplicates(ids) {
      return index.duplicates.groupsOf(ids);
    },
    hidden(q) {
      const archived = q.hideArchived ? index.archivedIds() : null;
      const held = q.hideHeld ? index.heldIds() : null;
      return (id) => (archived?.has(id) ?? false) || (held?.has(id) ?? false);
    },
    current(id) {
      // Follow the newest successor until none is left: one recursive statement per chain.
      if (currents.has(id)) return currents.get(id)!;
      const end = s.chainEnd.get(id) as { id: string; depth: number } | undefined;
      const found = end && end.depth > 0 ? get(end.id) : null;
      currents.set(id, found);
      return found;
    },
  };
}
