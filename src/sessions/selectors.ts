import { RECORD_COLUMNS, rowToRecord, type IndexedRecord, type RecordIndex } from '../index/record-index.js';

/** The index queries sessions need: live (not superseded) records by kind, tier, project and time. */
type Row = Parameters<typeof rowToRecord>[0];

const LIVE = `NOT EXISTS (SELECT 1 FROM edges e WHERE e.old_id = r.id AND e.blocked = 0)`;
const COLS = RECORD_COLUMNS.split(', ').map((c) => 'r.' + c).join(', ');

/** Red lines not superseded by a newer red line; with a project: global ones and that project's. */
export function liveRedlines(index: RecordIndex, project: string | null | undefined): IndexedRecord[] {
  const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
  const rows = index.db
    .prepare(`SELECT ${COLS} FROM records r WHERE r.tier = 'redline' AND ${LIVE}${scope} ORDER BY r.time_ms DESC, r.id`)
    .all(...(project ? [project] : [])) as Row[];
  return rows.map(rowToRecord);
}

/** Corrections that currently supersede something (they carry the fix of a past mistake). */
export function liveCorrections(index: RecordIndex, project: string | null | undefined, limit: number): IndexedRecord[] {
  const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
  const rows = index.db
    .prepare(
      `SELECT ${COLS} FROM records r WHERE r.kind = 'correction' AND ${LIVE} AND r.tier != 'redline'
       AND EXISTS (SELECT 1 FROM edges e WHERE e.new_id = r.id AND e.blocked = 0)${scope}
       ORDER BY r.time_ms DESC, r.id LIMIT ?`,
    )
    .all(...(project ? [project] : []), limit) as Row[];
  return rows.map(rowToRecord);
}

export function recordsByIds(index: RecordIndex, ids: string[]): IndexedRecord[] {
  return ids.map((id) => index.get(id)).filter((r): r is IndexedRecord => r !== null);
}

export function isSuperseded(index: RecordIndex, id: string): boolean {
  return index.db.prepare('SELECT 1 FROM edges WHERE old_id = ? AND blocked = 0').get(id) !== undefined;
}

/** Recent live records worth carrying: not chatter, not handoffs or diary, newest first. */
export function recentFacts(index: RecordIndex, project: string | null | undefined, sinceMs: number, limit: number): IndexedRecord[] {
  const scope = project ? ' AND (r.project IS NULL OR r.project = ?)' : '';
  const rows = index.db
    .prepare(
      `SELECT ${COLS} FROM records r WHERE r.time_ms >= ? AND r.tier IN ('evidence', 'normal') AND r.kind NOT IN ('handoff', 'diary', 'summary')
       AND ${LIVE}${scope} ORDER BY r.time_ms DESC, r.id LIMIT ?`,
    )
    .all(sinceMs, ...(project ? [project] : []), limit) as Row[];
  return rows.map(rowToRecord);
}

/** The project's newest live handoff. */
export function latestHandoff(index: RecordIndex, project: string): IndexedRecord | null {
  const row = index.db
    .prepare(`SELECT ${COLS} FROM records r WHERE r.kind = 'handoff' AND r.project = ? AND ${LIVE} ORDER BY r.time_ms DESC, r.rid DESC LIMIT 1`)
    .get(project) as Row | undefined;
  return row ? rowToRecord(row) : null;
}

/** Projects that have a handoff, newest first. */
export function projectsWithHandoffs(index: RecordIndex): string[] {
  return index.db
    .prepare(`SELECT r.project FROM records r WHERE r.kind = 'handoff' AND r.project IS NOT NULL GROUP BY r.project ORDER BY max(r.time_ms) DESC`)
    .pluck()
    .all() as string[];
}

/** A project's live records, newest first, for the context pack's "recent in project" section. */
export function projectRecords(index: RecordIndex, project: string, limit: number): IndexedRecord[] {
  const rows = index.db
    .prepare(
      `SELECT ${COLS} FROM records r WHERE r.project = ? AND r.kind NOT IN ('handoff') AND r.tier != 'chatter' AND ${LIVE}
       ORDER BY r.time_ms DESC, r.id LIMIT ?`,
    )
    .all(project, limit) as Row[];
  return rows.map(rowToRecord);
}
