/**
 * The archive part of `consolidate`: list the candidates retention picks (a dry run, the default),
 * or, with `apply`, archive the first `limit` of them in one event, only after the gate passed on
 * a copy of the home (consolidate/archive-gate.ts). Never more than the bounded share per run; red
 * lines, pinned records, the heads of correction chains and each project's latest handoff are
 * never candidates.
 */
import { formatIso } from '../core/time.js';
import type { Optmem } from '../optmem.js';
import { gateArchive, type ArchiveGateResult } from './archive-gate.js';
import type { ArchiveCandidate, ExemptReason } from './retention.js';

export interface ForgetReport {
  dryRun: boolean;
  now: string;
  /** live records considered */
  live: number;
  exempt: Record<ExemptReason, number>;
  /** every candidate, most forgettable first */
  candidates: ArchiveCandidate[];
  /** the bound of one run (floor of maxShare × live) */
  limit: number;
  /** the candidates this run takes (the first `limit`) */
  chosen: string[];
  /** the gate on a copy (apply only; null on a dry run or when nothing is chosen) */
  gate: ArchiveGateResult | null;
  /** ids archived by this run (apply, gate passed) */
  archived: string[];
  /** the archive event appended, if any */
  event: string | null;
  recallLog: { lines: number; skipped: number; skippedLines: number[] };
}

export function forget(mem: Optmem, opts: { apply: boolean; now?: string | number; gate?: boolean }): ForgetReport {
  const c = mem.archiveCandidates(opts.now === undefined ? {} : { now: opts.now });
  // the gate searches at the clock retention used: the memory's own, unless `now` was given
  const nowIso = formatIso(c.nowMs);
  const chosen = c.candidates.slice(0, c.limit).map((x) => x.id);
  const report: ForgetReport = {
    dryRun: !opts.apply,
    now: nowIso,
    live: c.live,
    exempt: c.exempt,
    candidates: c.candidates,
    limit: c.limit,
    chosen,
    gate: null,
    archived: [],
    event: null,
    recallLog: c.recallLog,
  };
  if (!opts.apply || chosen.length === 0) return report;
  if (opts.gate !== false) {
    report.gate = gateArchive(mem.home, chosen, c.probes, nowIso, undefined, (file) => mem.snapshotIndex(file));
    if (!report.gate.pass) return report;
  }
  const byId = new Map(c.candidates.map((x) => [x.id, x]));
  const superseded = chosen.filter((id) => byId.get(id)?.superseded).length;
  const why = `consolidate: ${superseded} superseded, ${chosen.length - superseded} below retention ${mem.config.forgetting.threshold}` + (report.gate ? `; gate passed (known items ${report.gate.before.knownItems.found}/${report.gate.before.knownItems.asked} → ${report.gate.after.knownItems.found}/${report.gate.after.knownItems.asked})` : '');
  const r = mem.archive(chosen, { why, agent: 'consolidate' });
  report.archived = r.changed;
  report.event = r.events.map((e) => e.id).join(',') || null;
  return report;
}
