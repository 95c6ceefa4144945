import type { RecordIndex } from '../index/record-index.js';
import type { TreeRecord } from './summary-tree.js';

/**
 * The records the summary tree is made of, in one query: every record but events and summaries,
 * less those superseded (a correction replaced them: the replacement stands in their day), less
 * archived ones. A handoff replaced only by the project's next handoff stays: it is no longer the
 * current handoff, but what it says was done that day is still what was done.
 */
export function treeRecords(index: RecordIndex, archived: ReadonlySet<string>, uses: ReadonlyMap<string, number>): { records: TreeRecord[]; superseded: number; archived: number } {
  const supersededBy = new Map<string, Set<string>>();
  const edges = index.db
    .prepare("SELECT e.old_id AS old, n.kind AS kind FROM edges e JOIN records n ON n.id = e.new_id WHERE e.blocked = 0")
    .all() as { old: string; kind: string }[];
  for (const e of edges) {
    let s = supersededBy.get(e.old);
    if (!s) supersededBy.set(e.old, (s = new Set()));
    s.add(e.kind);
  }
  const rows = index.db
    .prepare("SELECT id, file, time, time_ms, domain, kind, tier, text FROM records WHERE kind NOT IN ('event', 'summary') ORDER BY file, line")
    .all() as { id: string; file: string; time: string; time_ms: number; domain: string | null; kind: string; tier: string; text: string }[];
  const records: TreeRecord[] = [];
  let superseded = 0;
  let archivedOut = 0;
  for (const r of rows) {
    const by = supersededBy.get(r.id);
    if (by && (r.kind !== 'handoff' || [...by].some((k) => k !== 'handoff'))) {
      superseded++;
      continue;
    }
    if (archived.has(r.id)) {
      archivedOut++;
      continue;
    }
    // log/2026/11/2026-11-30.md → 2026-11-30: the day in the record's own offset
    const date = r.file.slice(-13, -3);
    records.push({ id: r.id, date, time: r.time, timeMs: r.time_ms, domain: r.domain, kind: r.kind, tier: r.tier, text: r.text, uses: uses.get(r.id) ?? 0 });
  }
  return { records, superseded, archived: archivedOut };
}
