/**
 * `optmem health`: the memory's own numbers on the user's own data (docs/EVAL.md, "Memory health"):
 * last week's event recall, corrections on top, red lines first, what is piling up, and the change
 * since the last and the first run. The computation is the library's (`computeHealth`); this only
 * parses flags, formats, and appends the run to the health log.
 */
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import { collectOverride } from '../../eval/config-override.js';
import { DEFAULT_MAX_PROBES } from '../../health/compute.js';
import { formatHealth } from '../../health/format.js';
import { runHealth, type HealthRun, type HealthRunOptions } from '../../health/run.js';
import { intOption, str, strList, timeOption } from './args.js';
import type { Command, CommandContext } from './types.js';

const USAGE = 'optmem health [--since ISO] [--until ISO] [--now ISO] [--sample N] [--config JSON|FILE] [--set PATH=VALUE]... [--no-log] [--json]';

const ms = (v: string | undefined) => (v === undefined ? undefined : parseTime(v)!.ms);

export const healthCommand: Command = {
  summary: "memory health on your own data: last week's recall, corrections on top, red lines, what is piling up",
  usage: USAGE,
  options: {
    since: { type: 'string', arg: 'ISO', description: 'start of the event window (default: 7 days before --until)' },
    until: { type: 'string', arg: 'ISO', description: 'end of the event window (default: --now)' },
    now: { type: 'string', arg: 'ISO', description: 'the clock the probes are asked at (default: now)' },
    sample: { type: 'string', arg: 'N', description: `probes per metric before a stable sample is taken (default ${DEFAULT_MAX_PROBES}, 10..1000000)` },
    config: { type: 'string', arg: 'JSON|FILE', description: "changed settings tried on the copy, merged into its config.json" },
    set: { type: 'string', multiple: true, arg: 'PATH=VALUE', description: 'one changed setting tried on the copy, e.g. ranking.disabledStages=supersede' },
    'no-log': { type: 'boolean', description: 'do not append this run to the health log' },
  },
  details:
    'Probes are asked on a throw-away copy of the home; the log is never written. Each run is appended to\n' +
    'health/history.jsonl in the home (derived, safe to delete) unless settings were changed or --no-log is given.\n' +
    'exit: 0 measured (the numbers never fail it); 1 the home could not be read; 2 bad usage or bad changed settings.',
  run(ctx) {
    const run = runHealth(ctx.home, healthOptions(ctx));
    printRun(ctx, run);
    return 0;
  },
  async remote(ctx, client) {
    const o = healthOptions(ctx);
    const { data } = await client.json<HealthRun>('POST', '/api/memory-health', {
      now: o.nowMs,
      ...(o.sinceMs !== undefined ? { since: o.sinceMs } : {}),
      ...(o.untilMs !== undefined ? { until: o.untilMs } : {}),
      ...(o.maxProbes !== undefined ? { sample: o.maxProbes } : {}),
      ...(o.override ? { override: o.override } : {}),
      ...(o.noLog ? { noLog: true } : {}),
    });
    printRun(ctx, data);
    return 0;
  },
};

/** The flags, checked before anything is opened or sent. */
function healthOptions(ctx: CommandContext): HealthRunOptions {
  const v = ctx.args.values;
  if (ctx.args.positionals.length) throw new OptmemError('USAGE', `health takes no arguments (usage: ${USAGE})`);
  const now = ms(timeOption(v.now, 'now')) ?? Date.now();
  const until = ms(timeOption(v.until, 'until'));
  const since = ms(timeOption(v.since, 'since'));
  if (since !== undefined && since > (until ?? now)) throw new OptmemError('USAGE', '--since: the window starts after it ends (--until, else --now)', { field: 'since' });
  const maxProbes = intOption(v.sample, 'sample', 10, 1_000_000);
  const override = collectOverride(str(v.config), strList(v.set) ?? [], ctx.io.cwd);
  return {
    nowMs: now,
    ...(since !== undefined ? { sinceMs: since } : {}),
    ...(until !== undefined ? { untilMs: until } : {}),
    ...(maxProbes !== undefined ? { maxProbes } : {}),
    override,
    noLog: v['no-log'] === true,
  };
}

function printRun(ctx: CommandContext, run: HealthRun): void {
  for (const w of run.warnings ?? []) ctx.io.stderr(`optmem: warning: ${w}\n`);
  ctx.io.stdout(
    ctx.json
      ? JSON.stringify({ report: run.report, history: run.history, logged: run.logged }) + '\n'
      : formatHealth(run.report, run.history, { logged: run.logged, ...(run.why ? { why: run.why } : {}) }),
  );
}
