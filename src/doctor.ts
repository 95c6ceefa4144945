import fs from 'node:fs';
import type { RecordIndex } from './index/record-index.js';
import type { Layout } from './store/layout.js';
import type { LogStore } from './store/log-store.js';
import { SCHEMA_VERSION } from './index/schema.js';
import { ingestDoctorChecks } from './schedule/doctor-check.js';

export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DoctorReport {
  ok: boolean;
  checks: DoctorCheck[];
}

/**
 * Read-only health check of a memory home: every day file parsed from scratch and compared with
 * what the index holds, SQLite's own integrity check, and anything left in recovered/.
 */
export function runDoctor(deps: { layout: Layout; store: LogStore; index: () => RecordIndex; tokenizerId: string; domains: readonly string[] }): DoctorReport {
  const checks: DoctorCheck[] = [];
  const { store, layout } = deps;
  const index = deps.index();

  const files = store.listDayFiles();
  let parsedRecords = 0;
  let malformed = 0;
  let torn = 0;
  const ids = new Set<string>();
  let dupes = 0;
  const problemLines: string[] = [];
  for (const f of files) {
    const p = store.readDayFile(f.rel);
    for (const b of p.blocks) {
      if (ids.has(b.record.id)) dupes++;
      else ids.add(b.record.id);
    }
    parsedRecords += p.blocks.length;
    malformed += p.problems.length;
    if (p.partialTail) {
      torn++;
      problemLines.push(`${f.rel}:${p.partialTail.line}: unfinished record at the end of the file`);
    }
    for (const pr of p.problems) problemLines.push(`${pr.file}:${pr.line}: ${pr.message}`);
  }
  checks.push({
    name: 'log files',
    ok: malformed === 0 && torn === 0 && dupes === 0,
    detail:
      `${files.length} day files, ${parsedRecords} records` +
      (malformed ? `, ${malformed} problems` : '') +
      (torn ? `, ${torn} unfinished tails` : '') +
      (dupes ? `, ${dupes} duplicate ids` : '') +
      (problemLines.length ? '\n' + problemLines.slice(0, 50).map((l) => '  ' + l).join('\n') : ''),
  });

  let integrity = 'unknown';
  try {
    integrity = String(index.db.pragma('quick_check', { simple: true }));
  } catch (e) {
    integrity = (e as Error).message;
  }
  checks.push({ name: 'index integrity', ok: integrity === 'ok', detail: `SQLite quick_check: ${integrity}` });

  const meta = Object.fromEntries((index.db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  checks.push({
    name: 'index identity',
    ok: meta.schema === String(SCHEMA_VERSION) && meta.tokenizer === deps.tokenizerId && meta.domains === [...deps.domains].sort().join(','),
    detail: `schema ${meta.schema}, tokenizer ${meta.tokenizer}, domains ${meta.domains}, rules ${meta.rules}`,
  });

  const indexed = index.db.prepare('SELECT count(*) FROM records').pluck().get() as number;
  const ftsRows = index.db.prepare('SELECT count(*) FROM fts').pluck().get() as number;
  // Event records (link/unlink) are in the index but never full-text searched.
  const events = index.db.prepare("SELECT count(*) FROM records WHERE kind = 'event'").pluck().get() as number;
  const expected = ids.size;
  checks.push({
    name: 'index matches files',
    ok: indexed === expected && ftsRows === indexed - events,
    detail: `${indexed} records indexed, ${expected} distinct records in the files, ${ftsRows} full-text rows` + (indexed !== expected ? ' (run `optmem reindex`)' : ''),
  });

  const recovered = fs.existsSync(layout.recoveredDir) ? fs.readdirSync(layout.recoveredDir) : [];
  checks.push({
    name: 'recovered tails',
    ok: true,
    detail: recovered.length ? `${recovered.length} file(s) in recovered/ hold cut-short writes to look at: ${recovered.slice(0, 5).join(', ')}` : 'none',
  });

  // Corrections that name no id and were linked to nothing, or left ambiguous: not damage, but
  // each is two facts side by side that a person may want to link (optmem link NEW OLD).
  const res = index.resolutionCounts();
  const ambiguous = index.unresolved('ambiguous', 5);
  checks.push({
    name: 'corrections',
    ok: true,
    detail:
      `${res.linked} resolved from their words, ${res.none} correct nothing known, ${res.ambiguous} ambiguous` +
      (ambiguous.length ? `
  ambiguous (see \`optmem search … --explain\` or \`optmem history ID\`, then \`optmem link NEW OLD\`): ${ambiguous.join(', ')}` : ''),
  });

  checks.push(...ingestDoctorChecks(layout.home));

  return { ok: checks.every((c) => c.ok), checks };
}
