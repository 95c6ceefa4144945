import { RECORD_COLUMNS, rowToRecord, type IndexedRecord, type RecordIndex } from '../index/record-index.js';
import { rowToEdge, type Edge, type EdgeRow } from '../index/supersession.js';
import type { QueryLookup } from './types.js';

/** The index behind the stages' lookups, with a per-query cache. */
export function createLookup(index: RecordIndex): QueryLookup {
  const recs = new Map<string, IndexedRecord | null>();
  const get = (id: string): IndexedRecord | null => {
    if (!recs.has(id)) {
      const row = index.db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE id = ?`).get(id);
      recs.set(id, row ? rowToRecord(row as Parameters<typeof rowToRecord>[0]) : null);
    }
    return recs.get(id)!;
  };
  const outOf = index.db.prepare('SELECT * FROM edges WHERE old_id = ? AND blocked = 0');
  return {
    get,
    byRids(rids) {
      if (rids.length === 0) return [];
      const out: IndexedRecord[] = [];
      for (let i = 0; i < rids.length; i += 500) {
        const chunk = rids.slice(i, i + 500);
        const rows = index.db.prepare(`SELECT ${RECORD_COLUMNS} FROM records WHERE rid IN (${chunk.map(() => '?').join(',')})`).all(...chunk);
        out.push(...rows.map((r) => rowToRecord(r as Parameters<typeof rowToRecord>[0])));
      }
      return out;
    },
    edgesTouching(ids) {
      if (ids.length === 0) return [];
      const out: Edge[] = [];
      for (let i = 0; i < ids.length; i += 400) {
        const chunk = ids.slice(i, i + 400);
        const ph = chunk.map(() => '?').join(',');
        const rows = index.db.prepare(`SELECT * FROM edges WHERE old_id IN (${ph}) OR new_id IN (${ph})`).all(...chunk, ...chunk) as EdgeRow[];
        out.push(...rows.map(rowToEdge));
      }
      return out;
    },
    current(id) {
      // Walk the chain forward; the newest record with no live successor is the current version.
      const seen = new Set<string>([id]);
      let frontier = [id];
      let best: IndexedRecord | null = null;
      while (frontier.length) {
        const next: string[] = [];
        for (const f of frontier) {
          const succ = (outOf.all(f) as EdgeRow[]).map((e) => e.new_id);
          if (succ.length === 0 && f !== id) {
            const r = get(f);
            if (r && (!best || r.timeMs > best.timeMs)) best = r;
          }
          for (const s of succ) if (!seen.has(s) && seen.size < 1000) { seen.add(s); next.push(s); }
        }
        frontier = next;
      }
      return best;
    },
  };
}
