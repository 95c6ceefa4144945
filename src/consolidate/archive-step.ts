import type { ForgetReport } from './forget.js';
import type { ConsolidateContext, ConsolidateStep, StepOptions, StepReport } from './types.js';

/** Candidates listed in the human report (the JSON report has all of them). */
const SHOWN = 20;

/**
 * The `archive` step: the archive candidates retention picks (consolidate/retention.ts). It lists
 * them; with `archive` (and not a dry run) it archives this run's bounded share in one event, after
 * the gate passed on a copy of the home (consolidate/forget.ts).
 */
export const archiveStep: ConsolidateStep = {
  name: 'archive',
  run(ctx: ConsolidateContext, opts: StepOptions): StepReport {
    const t0 = performance.now();
    const r = ctx.forget({ apply: opts.archive === true && !opts.dryRun, ...(opts.now !== undefined ? { now: opts.now } : {}) });
    return { name: 'archive', ms: Math.round(performance.now() - t0), data: reportData(r), lines: reportLines(r, opts), warnings: warningsOf(r) };
  },
};

function reportData(r: ForgetReport): Record<string, unknown> {
  return {
    now: r.now,
    live: r.live,
    exempt: r.exempt,
    limit: r.limit,
    candidates: r.candidates,
    chosen: r.chosen,
    applied: !r.dryRun,
    gate: r.gate,
    archived: r.archived,
    event: r.event,
    recallLog: r.recallLog,
  };
}

function warningsOf(r: ForgetReport): string[] {
  const w: string[] = [];
  if (r.recallLog.skipped) w.push(`the recall log has ${r.recallLog.skipped} unreadable line(s) (first: ${r.recallLog.skippedLines.slice(0, 5).join(', ')}); skipped`);
  if (r.gate && !r.gate.pass) w.push(`nothing archived: the gate refused (${r.gate.problems.join('; ')})`);
  return w;
}

function reportLines(r: ForgetReport, opts: StepOptions): string[] {
  const exempt = Object.entries(r.exempt)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `archive: ${r.candidates.length} candidate(s) among ${r.live} live records; this run's bound ${r.limit} (forgetting.maxShare)` + (exempt ? `; kept by rule: ${exempt}` : ''),
  ];
  for (const c of r.candidates.slice(0, SHOWN)) lines.push(`  ${r.chosen.includes(c.id) ? '*' : ' '} ${c.id}  ${c.reason}`);
  if (r.candidates.length > SHOWN) lines.push(`    … ${r.candidates.length - SHOWN} more (--json lists them all)`);
  if (r.gate) {
    const g = r.gate;
    lines.push(
      `  gate on a copy (${(g.ms / 1000).toFixed(1)} s): ${g.pass ? 'passed' : 'REFUSED'} · records that stay found ${g.before.knownItems.found}/${g.before.knownItems.asked} → ${g.after.knownItems.found}/${g.after.knownItems.asked}` +
        ` · red lines ${g.before.redLines.found}/${g.before.redLines.asked} → ${g.after.redLines.found}/${g.after.redLines.asked} · stale on top ${g.before.staleOnTop.stale} → ${g.after.staleOnTop.stale}`,
    );
  }
  if (r.archived.length) lines.push(`  archived ${r.archived.length} (event ${r.event}); optmem unarchive ID brings one back`);
  else if (r.chosen.length && !opts.archive) lines.push(`  * = this run's share; \`optmem consolidate --archive\` archives them (after the gate on a copy)`);
  return lines;
}
