/**
 * `optmem health`: the memory's own numbers on the user's own data (docs/EVAL.md, "Memory health"):
 * last week's event recall, corrections on top, red lines first, what is piling up, and the change
 * since the last and the first run. The computation is the library's (`computeHealth`); this only
 * parses flags, formats, and appends the run to the health log.
 */
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import { collectOverride } from '../../eval/config-override.js';
import { computeHealth, DEFAULT_MAX_PROBES } from '../../health/compute.js';
import { formatHealth } from '../../health/format.js';
import { appendHealthLog, compareWithHistory, healthLine, readHealthLog } from '../../health/history.js';
import { intOption, str, strList, timeOption } from './args.js';
import type { Command } from './types.js';

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
    const v = ctx.args.values;
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', `health takes no arguments (usage: ${USAGE})`);
    const now = ms(timeOption(v.now, 'now')) ?? Date.now();
    const until = ms(timeOption(v.until, 'until'));
    const since = ms(timeOption(v.since, 'since'));
    if (since !== undefined && since > (until ?? now)) throw new OptmemError('USAGE', '--since: the window starts after it ends (--until, else --now)', { field: 'since' });
    const maxProbes = intOption(v.sample, 'sample', 10, 1_000_000);
    const override = collectOverride(str(v.config), strList(v.set) ?? [], ctx.io.cwd);
    const report = computeHealth(ctx.home, {
      nowMs: now,
      ...(since !== undefined ? { sinceMs: since } : {}),
      ...(until !== undefined ? { untilMs: until } : {}),
      ...(maxProbes !== undefined ? { maxProbes } : {}),
      override,
    });
    const log = readHealthLog(ctx.home);
    const history = compareWithHistory(report, log);
    let why = override ? 'changed settings are a what-if' : v['no-log'] === true ? '--no-log' : undefined;
    let logged = why === undefined;
    if (logged) {
      try {
        appendHealthLog(ctx.home, healthLine(report, new Date()));
      } catch (e) {
        // The numbers stand without the history (a read-only home, a full disk): say so, keep them.
        ctx.io.stderr(`optmem: warning: the health log could not be appended (${(e as Error).message}); the numbers below are not logged\n`);
        logged = false;
        why = 'the health log could not be written';
      }
    }
    ctx.io.stdout(ctx.json ? JSON.stringify({ report, history, logged }) + '\n' : formatHealth(report, history, { logged, ...(why ? { why } : {}) }));
    return 0;
  },
};
