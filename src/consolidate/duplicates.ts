import type { RecordIndex } from '../index/record-index.js';
import type { ConsolidateStep } from './run.js';

/**
 * Duplicates, never rewritten: records that say the same thing are linked (derived in the index,
 * index/duplicates.ts) and shown once with their count and first and last time. Nothing is written:
 * the links are rebuilt from the files like the rest of the index. Near duplicates whose values,
 * times or negation differ are reported as candidates for a correction; they link only under the
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

/** The consolidate step: reports groups and candidates. Dry or not, it writes nothing (the links are derived). */
export const duplicatesStep: ConsolidateStep = {
  name: 'duplicates',
  run(ctx) {
    const report = ctx.mem.duplicates();
    const lines: string[] = [];
    const more = (n: number, what: string) => n > SHOWN && lines.push(`… and ${n - SHOWN} more ${what} (--json lists every one)`);
    for (const g of report.groups.slice(0, SHOWN)) {
      lines.push(`×${g.count} ${g.representative} (${g.first.slice(0, 10)} … ${g.last.slice(0, 10)}) ${oneLine(g.text)}`);
      lines.push(`   also: ${g.ids.filter((id) => id !== g.representative).join(' ')}`);
    }
    more(report.groups.length, 'groups');
    for (const c of report.candidates.slice(0, SHOWN)) {
      lines.push(`candidate correction: ${c.newer} after ${c.older} (${c.differs.join('; ')})`);
      lines.push(`   older: ${oneLine(c.olderText)}`);
      lines.push(`   newer: ${oneLine(c.newerText)}`);
    }
    more(report.candidates.length, 'candidates');
    for (const r of report.redlines.slice(0, SHOWN)) lines.push(`red line ${r.redline} restated by ${r.other}: both kept, never collapsed`);
    more(report.redlines.length, 'red lines restated');
    const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
    return {
      name: 'duplicates',
      summary: `${s(report.groups.length, 'group')} of duplicates (${s(report.records, 'record')} shown as ${report.groups.length}), ${s(report.candidates.length, 'correction candidate')}, ${s(report.redlines.length, 'red line')} restated by another tier`,
      lines,
      data: report,
    };
  },
};

function oneLine(text: string, max = 100): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
