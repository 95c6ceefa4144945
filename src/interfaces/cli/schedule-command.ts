import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OptmemError } from '../../core/errors.js';
import { homeExists, initHome } from '../../optmem.js';
import { selfCommand } from '../../install/self.js';
import { HOSTS, defaultRoot } from '../../ingest/sources/hosts.js';
import type { SchedulerEnv } from '../../schedule/exec.js';
import { DEFAULT_EVERY, parseInterval } from '../../schedule/interval.js';
import { ingestLogFile, jobSpec } from '../../schedule/job.js';
import { runScheduled } from '../../schedule/run.js';
import { chooseBackend, describeStatus, planInstall, planRemove, scheduleStatus, type BackendName } from '../../schedule/schedule.js';
import { readState, removeState, writeState } from '../../schedule/state.js';
import { strList, str } from './args.js';
import { checkNotFile } from './home.js';
import type { Command, CommandContext } from './types.js';
import { layoutOf } from '../../store/layout.js';

/**
 * `optmem schedule install|remove|status|run`: the every-three-hours job that keeps what matters
 * from recent conversations (the user's auto-diary), silently. The composition root for
 * src/schedule: the only place that reads the environment's overrides (OPTMEM_CRONTAB,
 * OPTMEM_SYSTEMCTL, OPTMEM_SYSTEMD_USER_DIR: tests point them at fakes).
 */
function schedulerEnv(env: Record<string, string | undefined>): SchedulerEnv {
  const home = env.HOME || os.homedir();
  return {
    crontab: env.OPTMEM_CRONTAB || 'crontab',
    systemctl: env.OPTMEM_SYSTEMCTL || 'systemctl',
    unitDir: env.OPTMEM_SYSTEMD_USER_DIR || path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'systemd', 'user'),
  };
}

/** Hosts to ingest from when --from is not given: config.json ingest.roots, and hosts whose transcripts exist. */
function configuredHosts(ctx: CommandContext): string[] {
  const found = new Set<string>();
  try {
    const raw = JSON.parse(fs.readFileSync(layoutOf(ctx.home).configFile, 'utf8')) as { ingest?: { roots?: unknown } };
    const roots = raw.ingest?.roots;
    if (roots && typeof roots === 'object' && !Array.isArray(roots)) for (const h of Object.keys(roots)) found.add(h);
  } catch {
    // no config, or not JSON: `open` reports that
  }
  const userHome = ctx.io.env.HOME || os.homedir();
  for (const h of HOSTS) if (fs.existsSync(defaultRoot(h, ctx.io.env, userHome))) found.add(h);
  const known: string[] = HOSTS.filter((h) => found.has(h));
  return known.concat([...found].filter((h) => !known.includes(h)));
}

function hostsArg(ctx: CommandContext): string[] {
  const given = strList(ctx.args.values.from)?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  if (given?.length) {
    for (const h of given) if (!/^[a-z][\w-]*$/i.test(h)) throw new OptmemError('USAGE', `--from: "${h}" is not a host name (${HOSTS.join(', ')})`, { field: 'from' });
    return [...new Set(given)];
  }
  return configuredHosts(ctx);
}

function backendArg(ctx: CommandContext): BackendName | 'auto' {
  const b = str(ctx.args.values.backend) ?? 'auto';
  if (b !== 'auto' && b !== 'systemd' && b !== 'cron') throw new OptmemError('USAGE', `--backend: "${b}" must be systemd, cron or auto`, { field: 'backend' });
  return b;
}

function install(ctx: CommandContext): number {
  const dry = ctx.args.values['dry-run'] === true;
  const every = parseInterval(str(ctx.args.values.every) ?? DEFAULT_EVERY);
  const hosts = hostsArg(ctx);
  // Like `optmem install`, scheduling creates the home the job will write to (and checks that its
  // config.json reads); a dry run writes nothing.
  if (!dry) {
    checkNotFile(ctx.home);
    initHome(ctx.home);
    ctx.open().close();
  }
  const self = selfCommand();
  const spec = jobSpec({ home: ctx.home, hosts, every, node: self.node, bin: self.bin });
  const env = schedulerEnv(ctx.io.env);
  const backend = chooseBackend(env, backendArg(ctx));
  const plan = planInstall(env, spec, backend);
  if (!dry) {
    for (const c of plan.changes) c.apply();
    if (plan.changes.length || !readState(spec.home)) writeState(spec, backend);
  }
  if (ctx.json) {
    ctx.io.stdout(JSON.stringify({ backend, dryRun: dry, changed: plan.changes.map((c) => c.what), written: plan.changes.map((c) => c.text).filter(Boolean), every: every.text, hosts, command: spec.command, log: spec.logFile }) + '\n');
    return 0;
  }
  let out = '';
  if (!plan.changes.length) out += `already installed (${backend}, every ${every.text}, hosts ${hosts.join(', ')}): nothing changed\n`;
  else {
    out += `${dry ? 'would install' : 'installed'} (${backend}): every ${every.text}, hosts ${hosts.join(', ')}${dry ? ' (dry run: nothing written)' : ''}\n`;
    for (const c of plan.changes) out += `- ${c.what}\n${c.text ? c.text.trimEnd().replace(/^/gm, '    ') + '\n' : ''}`;
  }
  out += `log: ${spec.logFile}\n`;
  ctx.io.stdout(out);
  return 0;
}

function remove(ctx: CommandContext): number {
  const dry = ctx.args.values['dry-run'] === true;
  const plan = planRemove(schedulerEnv(ctx.io.env), ctx.home);
  if (!dry) {
    for (const c of plan.changes) c.apply();
    removeState(ctx.home);
  }
  if (ctx.json) {
    ctx.io.stdout(JSON.stringify({ dryRun: dry, changed: plan.changes.map((c) => c.what) }) + '\n');
    return 0;
  }
  ctx.io.stdout(plan.changes.length ? `${dry ? 'would remove' : 'removed'}:\n${plan.changes.map((c) => `- ${c.what}\n`).join('')}` : `nothing to remove: no optmem schedule for ${ctx.home}\n`);
  return 0;
}

function status(ctx: CommandContext): number {
  const s = scheduleStatus(schedulerEnv(ctx.io.env), ctx.home);
  if (ctx.json) ctx.io.stdout(JSON.stringify(s) + '\n');
  else ctx.io.stdout(describeStatus(s));
  return 0;
}

/** What the scheduler starts. Silent: everything goes to ingest/ingest.log; exit 1 when a host failed. */
function run(ctx: CommandContext): number {
  const hosts = hostsArg(ctx);
  if (!hosts.length) throw new OptmemError('USAGE', 'schedule run: no host to ingest from (pass --from HOST)');
  // The job's log lives in the home: a home that is gone is said once, not created again.
  if (!homeExists(ctx.home)) ctx.open().close();
  const every = str(ctx.args.values.every) ?? DEFAULT_EVERY;
  const self = selfCommand();
  const r = runScheduled({ home: ctx.home, hosts, every, logFile: ingestLogFile(ctx.home), node: self.node, bin: self.bin });
  return r.ok ? 0 : 1;
}

const VERBS: Record<string, (ctx: CommandContext) => number> = { install, remove, status, run };

export const scheduleCommand: Command = {
  summary: 'run `optmem ingest` every 3 hours, silently (systemd user timer, else crontab)',
  usage: 'optmem schedule install|remove|status [--every 3h] [--from HOST]... [--backend auto|systemd|cron] [--dry-run] (`schedule run` is what the job starts)',
  options: {
    every: { type: 'string', arg: 'INTERVAL', description: `how often the job runs, e.g. 30m, 3h, 1d (default ${DEFAULT_EVERY})` },
    from: { type: 'string', multiple: true, arg: 'HOST', description: `a host to ingest from (${HOSTS.join(', ')}); default: the hosts in config.json and those whose transcripts exist` },
    backend: { type: 'string', arg: 'NAME', description: 'auto (default: a systemd user timer when systemctl --user works, else crontab), systemd or cron' },
    'dry-run': { type: 'boolean', description: 'show what would be installed or removed, and write nothing' },
  },
  details: 'schedule install creates the memory home if it is missing (like optmem install); the job logs to ingest/ingest.log in the home.',
  run(ctx) {
    const p = ctx.args.positionals;
    const verb = VERBS[p[0] ?? ''];
    if (p.length !== 1 || !verb) throw new OptmemError('USAGE', `schedule: expected install, remove, status or run (usage: ${scheduleCommand.usage})`);
    return verb(ctx);
  },
};
