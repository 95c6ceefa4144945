/** The health report as text: what `optmem health` prints. */
import type { HealthHistory } from './history.js';
import type { HealthReport, ProbeCounts } from './types.js';

const pct = (x: number | null) => (x === null ? '-' : x.toFixed(3));
const num = (x: number | null, ratio: boolean) => (x === null ? '-' : ratio ? x.toFixed(3) : String(x));

function counts(c: ProbeCounts, what: string): string {
  const parts = [`${c.probed} probed of ${c.eligible} ${what}`];
  if (c.unprobeable) parts.push(`${c.unprobeable} not probeable (fewer than 2 of its words held by another record)`);
  if (c.sampled) parts.push(`a stable sample of ${c.probed} of ${c.eligible - c.unprobeable} probeable`);
  return parts.join('; ');
}

const RATIOS = new Set(['recall5', 'recall1', 'mrr', 'onTop', 'staleOnTop', 'redlineFirst']);

export function formatHealth(r: HealthReport, h: HealthHistory | null, opts: { logged: boolean; why?: string }): string {
  const e = r.eventRecall;
  const c = r.corrections;
  const rl = r.redlines;
  const p = r.pilingUp;
  const out: string[] = [];
  out.push(`memory health of ${r.home} at ${r.now}${r.config ? ` with changed settings ${JSON.stringify(r.config)}` : ''}`);
  out.push(`${r.records.total} records: ${r.records.live} live, ${r.records.superseded} superseded, ${r.records.archived} archived (+${r.records.events} events)`);
  out.push('');
  out.push(`event recall, ${e.since.slice(0, 10)} .. ${e.until.slice(0, 10)}: recall@5 ${pct(e.recall5)}, recall@1 ${pct(e.recall1)}, MRR ${pct(e.mrr)}`);
  out.push(`  ${counts(e, 'live records in the window (chatter, handoffs excluded)')}`);
  out.push(`corrections on top: ${pct(c.onTop)} (stale on top ${pct(c.staleOnTop)}, lower is better)`);
  out.push(`  ${counts(c, 'supersession chains')}; ${c.found} found (a record of the chain in the first 10), ${c.both} with the head and a replaced record both returned`);
  out.push(`red lines first: ${pct(rl.first)}`);
  out.push(`  ${counts(rl, 'live red lines')}`);
  out.push('');
  out.push('piling up:');
  out.push(`  corrections unresolved ${p.unresolvedCorrections}, ambiguous ${p.ambiguousCorrections}`);
  out.push(`  near-duplicates ${p.nearDuplicates.records} records in ${p.nearDuplicates.groups} groups`);
  out.push(`  over the size limit (${p.overSizeLimit.limitBytes} bytes) ${p.overSizeLimit.records}`);
  out.push(`  doctor problems ${p.doctorProblems.length}${p.doctorProblems.length ? ` (${p.doctorProblems.join(', ')}: run optmem doctor)` : ''}`);
  out.push(`  core memory ${p.core.used} of ${p.core.budget} characters${p.core.overflow ? `, ${p.core.overflow} entries did not fit` : ''}`);
  const misses = [...e.misses.map((m) => ({ ...m, what: 'event' })), ...c.misses.map((m) => ({ ...m, what: 'chain' })), ...rl.misses.map((m) => ({ ...m, what: 'red line' }))].slice(0, 5);
  if (misses.length) {
    out.push('');
    out.push('some probes that missed (optmem search "QUERY" --explain shows why):');
    for (const m of misses) out.push(`  ${m.what} ${m.id}: "${m.query}" → ${m.rank === null ? 'not in the first 10' : `rank ${m.rank}`}`);
  }
  if (h) {
    out.push('');
    if (h.runs === 0) out.push('history: this is the first run logged');
    else {
      out.push(`history: ${h.runs} run(s) logged; last ${h.last!.at.slice(0, 10)}, first ${h.first!.at.slice(0, 10)}`);
      out.push(`  ${'metric'.padEnd(24)} ${'now'.padStart(8)} ${'vs last'.padStart(9)} ${'vs first'.padStart(9)}`);
      for (const x of h.changes) {
        const ratio = RATIOS.has(x.key);
        const d = (b: number | null) => (x.now === null || b === null ? '-' : `${x.now - b >= 0 ? '+' : ''}${ratio ? (x.now - b).toFixed(3) : x.now - b}`);
        out.push(`  ${x.label.padEnd(24)} ${num(x.now, ratio).padStart(8)} ${d(x.last).padStart(9)} ${d(x.first).padStart(9)}${x.better === 'lower' ? '  (lower is better)' : ''}`);
      }
    }
  }
  out.push('');
  out.push(opts.logged ? `logged to health/history.jsonl (${r.ms} ms)` : `not logged (${opts.why ?? 'asked not to'}; ${r.ms} ms)`);
  return out.join('\n') + '\n';
}
