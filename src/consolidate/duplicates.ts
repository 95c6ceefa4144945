import type { DeriveStats } from '../index/duplicates.js';
import type { RecordIndex } from '../index/record-index.js';
import type { ConsolidateStep } from './types.js';

/**
 * Duplicates, never rewritten: records that say the same thing are linked (derived state of the
 * index, index/duplicates.ts) and shown once with their count and first and last time. This step
 * compares the records no run has compared yet; nothing is written to the log or the home's files,
 * and `optmem reindex` derives the same links from the files. Near duplicates whose values, times
 * or negation differ are reported as candidates for a correction; they link only under the
 * correction rules (docs/RANKING.md, "supersede"), never from here.
 */

export interface DuplicateGroup {
  /** the newest member: its wording answers */
  representative: string;
  count: number;
  /** time of the oldest and the newest member, as written */
  first: string;
  last: string;
  /** every member, oldest first */
  ids: string[];
  text: string;
  domain: string | null;
  project: string | null;
  tier: string;
}

export interface CorrectionCandidate {
  older: string;
  newer: string;
  similarity: number;
  /** what differs: values, times or currencies, negation, values in another order */
  differs: string[];
  olderText: string;
  newerText: string;
}

/** A red line and a record of another tier that say the same thing: both stay, never collapsed. */
export interface RedlineRestatement {
  redline: string;
  other: string;
  similarity: number;
}

export interface DuplicateReport {
  groups: DuplicateGroup[];
  /** records in groups, and how many would be shown once for them */
  records: number;
  candidates: CorrectionCandidate[];
  redlines: RedlineRestatement[];
}

/** The duplicate groups, correction candidates and red lines restated, read from the index. */
export function duplicateReport(index: RecordIndex): DuplicateReport {
  const groups: DuplicateGroup[] = [];
  for (const members of index.duplicates.allGroups()) {
    const newest = members[members.length - 1]!;
    const r = index.get(newest.id);
    if (!r) continue;
    groups.push({
      representative: newest.id,
      count: members.length,
      first: members[0]!.time,
      last: newest.time,
      ids: members.map((m) => m.id),
      text: r.text,
      domain: r.domain,
      project: r.project,
      tier: r.tier,
    });
  }
  const candidates: (CorrectionCandidate & { newerTimeMs: number })[] = [];
  const redlines: RedlineRestatement[] = [];
  for (const p of index.duplicates.unlinkedPairs()) {
    const [older, newer] = p.a.timeMs < p.b.timeMs || (p.a.timeMs === p.b.timeMs && p.a.id < p.b.id) ? [p.a, p.b] : [p.b, p.a];
    if (p.verdict === 'redline') {
      const ro = index.get(older.id);
      const [red, other] = ro?.tier === 'redline' ? [older, newer] : [newer, older];
      redlines.push({ redline: red.id, other: other.id, similarity: p.similarity });
      continue;
    }
    // Already linked as a correction: nothing left to decide.
    const edge = index.edge(newer.id, older.id);
    if (edge && !edge.blocked) continue;
    candidates.push({
      older: older.id,
      newer: newer.id,
      similarity: p.similarity,
      differs: p.differs,
      olderText: index.get(older.id)?.text ?? '',
      newerText: index.get(newer.id)?.text ?? '',
      newerTimeMs: newer.timeMs,
    });
  }
  // Newest pair first: the likeliest to be a correction nobody linked yet.
  candidates.sort((x, y) => y.newerTimeMs - x.newerTimeMs || (x.newer < y.newer ? -1 : x.newer > y.newer ? 1 : 0));
  for (const c of candidates) delete (c as Partial<typeof c>).newerTimeMs;
  return { groups, records: groups.reduce((s, g) => s + g.count, 0), candidates, redlines };
}

/** Groups, candidates and red lines listed in the human report at most (each); --json has all. */
const SHOWN = 20;

const ROLLBACK = Symbol('dry run');

/**
 * Compare the records not compared yet and read the report. A dry run works the same inside a
 * transaction it then rolls back: it lists what a run would link and leaves the index as it was.
 */
export function deriveDuplicates(index: RecordIndex, dryRun: boolean): { stats: DeriveStats; report: DuplicateReport } {
  if (!dryRun) {
    const stats = index.write(() => index.duplicates.derive());
    return { stats, report: duplicateReport(index) };
  }
  let out: { stats: DeriveStats; report: DuplicateReport } | null = null;
  try {
    index.write(() => {
      out = { stats: index.duplicates.derive(), report: duplicateReport(index) };
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  } finally {
    index.duplicates.reset();
  }
  return out!;
}

/** The consolidate step: compares what is new, then reports groups, correction candidates and red lines restated. */
export const duplicatesStep: ConsolidateStep = {
  name: 'duplicates',
  run(ctx, opts) {
    const t0 = performance.now();
    const { stats, report } = deriveDuplicates(ctx.index, opts.dryRun);
    const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
    const lines: string[] = [
      `duplicates: ${s(report.groups.length, 'group')} (${s(report.records, 'record')} shown as ${report.groups.length}), ` +
        `${s(report.candidates.length, 'correction candidate')}, ${s(report.redlines.length, 'red line')} restated by another tier` +
        ` (${stats.full ? 'all ' : ''}${s(stats.records, 'record')} compared${opts.dryRun ? ' in a dry run' : ''}, ${s(stats.links, 'new link')})`,
    ];
    const more = (n: number, what: string) => n > SHOWN && lines.push(`  … and ${n - SHOWN} more ${what} (--json lists every one)`);
    for (const g of report.groups.slice(0, SHOWN)) {
      lines.push(`  ×${g.count} ${g.representative} (${g.first.slice(0, 10)} … ${g.last.slice(0, 10)}) ${oneLine(g.text)}`);
      lines.push(`     also: ${g.ids.filter((id) => id !== g.representative).join(' ')}`);
    }
    more(report.groups.length, 'groups');
    for (const c of report.candidates.slice(0, SHOWN)) {
      lines.push(`  candidate correction: ${c.newer} after ${c.older} (${c.differs.join('; ')})`);
      lines.push(`     older: ${oneLine(c.olderText)}`);
      lines.push(`     newer: ${oneLine(c.newerText)}`);
    }
    more(report.candidates.length, 'candidates');
    for (const r of report.redlines.slice(0, SHOWN)) lines.push(`  red line ${r.redline} restated by ${r.other}: both kept, never collapsed`);
    more(report.redlines.length, 'red lines restated');
    return {
      name: 'duplicates',
      ms: Math.round(performance.now() - t0),
      data: { ...report, compared: stats },
      lines,
      warnings: [],
    };
  },
};

function oneLine(text: string, max = 100): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
