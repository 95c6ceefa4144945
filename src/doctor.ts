import fs from 'node:fs';
import type { RecordIndex } from './index/record-index.js';
import { duplicateReport } from './consolidate/duplicates.js';
import { doorFieldProblems, type DoorRules } from './core/record.js';
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
export function runDoctor(deps: { layout: Layout; store: LogStore; index: () => RecordIndex; tokenizerId: string; domains: readonly string[]; door?: Pick<DoorRules, 'domains' | 'kinds'> }): DoctorReport {
  const checks: DoctorCheck[] = [];
  const { store, layout } = deps;
  const index = deps.index();

  const files = store.listDayFiles();
  let parsedRecords = 0;
  let malformed = 0;
  const ids = new Set<string>();
  let dupes = 0;
  const problemLines: string[] = [];
  for (const f of files) {
    const p = store.readDayFile(f.rel);
    for (const b of p.blocks) {
      if (ids.has(b.record.id)) dupes++;
      else ids.add(b.record.id);
      // A hand-typed domain or kind the config does not know: read as written, but likely a typo.
      for (const d of deps.door ? doorFieldProblems(b.record, deps.door) : []) {
        malformed++;
        problemLines.push(`${f.rel}:${b.line}: ${d.message} (read as written; fix the record, or ${d.hint.replace(/^to add/, 'add')})`);
      }
    }
    parsedRecords += p.blocks.length;
    malformed += p.problems.length;
    for (const pr of p.problems) problemLines.push(`${pr.file}:${pr.line}: ${pr.message}`);
  }
  checks.push({
    name: 'log files',
    ok: malformed === 0 && dupes === 0,
    detail:
      `${files.length} day files, ${parsedRecords} records` +
      (malformed ? `, ${malformed} problems` : '') +
      (dupes ? `, ${dupes} duplicate ids` : '') +
      (problemLines.length ? '\n' + problemLines.slice(0, 50).map((l) => '  ' + l).join('\n') : ''),
  });

  const integrity = index.quickCheck();
  checks.push({ name: 'index integrity', ok: integrity === 'ok', detail: `SQLite quick_check: ${integrity}` });

  const meta = index.identity();
  checks.push({
    name: 'index identity',
    ok: meta.schema === String(SCHEMA_VERSION) && meta.tokenizer === deps.tokenizerId && meta.domains === [...deps.domains].sort().join(','),
    detail: `schema ${meta.schema}, tokenizer ${meta.tokenizer}, domains ${meta.domains}, rules ${meta.rules}`,
  });

  // Event records (link/unlink/acknowledge) are in the index but never full-text searched.
  const n = index.counts();
  const expected = ids.size;
  checks.push({
    name: 'index matches files',
    ok: n.records === expected && n.fts === n.records - n.events,
    detail: `${n.records} records indexed, ${expected} distinct records in the files, ${n.fts} full-text rows` + (n.records !== expected ? ' (run `optmem reindex`)' : ''),
  });

  // Bytes set aside from torn appends: each waits until the owner has looked at it.
  const recovered = fs.existsSync(layout.recoveredDir) ? fs.readdirSync(layout.recoveredDir).sort() : [];
  const acked = index.acknowledgedTargets();
  const open = recovered.filter((f) => !acked.has(`recovered/${f}`));
  checks.push({
    name: 'recovered tails',
    ok: open.length === 0,
    detail:
      recovered.length === 0
        ? 'none'
        : open.length === 0
          ? `${recovered.length} file(s) in recovered/, all acknowledged`
          : `${open.length} file(s) in recovered/ hold writes cut short by a crash, not yet acknowledged:\n` +
            open.slice(0, 10).map((f) => `  recovered/${f}`).join('\n') +
            `\n  look at each (it is the exact bytes cut from the end of its day file; re-add what is worth keeping), then: optmem ack recovered/NAME`,
  });

  // Corrections that name no id and were linked to nothing, or left ambiguous: not damage, but
  // each is two facts side by side that a person may want to link (optmem link NEW OLD).
  const res = index.resolutionCounts();
  const ambiguous = index.unresolved('ambiguous', 5);
  // Links on words alone (no id, no quoted old value) were wrong one time in three on correction
  // text nobody had read: worth a look, newest first.
  const words = index.wordOnlyLinks(5);
  checks.push({
    name: 'corrections',
    ok: true,
    detail:
      `${res.linked} resolved from their words, ${res.none} correct nothing known, ${res.ambiguous} ambiguous; ${words.total} live link(s) rest on words alone` +
      (ambiguous.length ? `
  ambiguous (see \`optmem search … --explain\` or \`optmem history ID\`, then \`optmem link NEW OLD\`): ${ambiguous.join(', ')}` : '') +
      (words.newest.length ? `
  on words alone, newest first (check each with \`optmem history NEW\`; if one is about something else: \`optmem unlink NEW OLD\`): ${words.newest.map((l) => `${l.newId} → ${l.oldId}`).join(', ')}` : ''),
  });

  // Duplicate links are derived by `optmem consolidate`: records added since its last run are not compared yet.
  const dup = duplicateReport(index);
  const pending = index.duplicates.pending();
  const n_ = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  checks.push({
    name: 'duplicates',
    ok: true,
    detail:
      `${n_(dup.groups.length, 'group')} (${n_(dup.records, 'record')} shown as ${dup.groups.length}), ${n_(dup.candidates.length, 'correction candidate')}, ` +
      `${n_(dup.redlines.length, 'red line')} restated by another tier` +
      (pending ? `; ${n_(pending, 'record')} not compared yet (optmem consolidate compares them)` : ''),
  });

  checks.push(...ingestDoctorChecks(layout.home));

  return { ok: checks.every((c) => c.ok), checks };
}
