import fs from 'node:fs';
import { isOptmemError } from '../../core/errors.js';
import { layoutOf } from '../../store/layout.js';
import type { Command, CommandContext } from '../cli/types.js';
import { BLOCKS_ON_2, HOOK_HOSTS, type HookAction, type HookPayload } from './hosts.js';
import { appendHookLog } from './log.js';

/**
 * `optmem hook <host> [event]`: what a host's command hook runs (the event defaults to the payload's
 * `hook_event_name`). It reads the host's JSON on stdin
 * and answers the way that host reads hook output (see hosts.ts for the events and docs/HOSTS.md).
 *
 * A hook never blocks the host and never nags it. Exit codes follow the hosts' contract, not the
 * CLI's: 0 when done, when there was nothing to do, and when optmem itself could not do its part (a
 * locked or broken home: one line on stderr and in `<home>/ingest/hooks.log`, and the turn goes on);
 * for a payload that is not a JSON object, 2 on SessionStart/SessionEnd (the host shows stderr and
 * carries on) and 1 elsewhere, because exit 2 on UserPromptSubmit, Stop or PreCompact would erase
 * the prompt, keep the turn going or stop a compaction.
 */
export const hookCommand: Command = {
  summary: 'run as an agent host hook: reads the host\'s hook JSON on stdin (claude-code, codex)',
  usage: `optmem hook claude-code|codex [SessionStart|UserPromptSubmit|Stop|PreCompact|SessionEnd] < payload.json (the event defaults to the payload's hook_event_name)`,
  options: {},
  machineOutput: true,
  loadsLibraryItself: true,
  run(ctx) {
    const [host, named, ...rest] = ctx.args.positionals;
    const spec = host ? HOOK_HOSTS[host] : undefined;
    const fail = (code: number, msg: string) => {
      ctx.io.stderr(`optmem hook: ${msg}\n`);
      return code;
    };
    // Without a named event, one that may block on exit 2 is possible: 1, which never blocks.
    const safeCode = (ev: string | undefined) => (!ev || BLOCKS_ON_2.has(ev) ? 1 : 2);
    if (!spec || rest.length) {
      return fail(safeCode(named), `usage: ${hookCommand.usage} (OpenClaw and Hermes use their plugins in integrations/, see docs/HOSTS.md)`);
    }
    if (named && !spec.events[named]) return fail(safeCode(named), `${host} has no optmem hook for "${named}" (known: ${Object.keys(spec.events).join(', ')})`);

    let payload: HookPayload;
    try {
      const raw = ctx.io.readStdin();
      const v: unknown = JSON.parse(raw.trim() || 'null');
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected a JSON object');
      payload = v as HookPayload;
    } catch (e) {
      const msg = `${host} ${named ?? '(event from the payload)'}: the hook input on stdin is not a JSON object (${(e as Error).message})`;
      logQuiet(ctx, msg);
      return fail(safeCode(named), msg);
    }
    // The event named on the command line, else the payload's own hook_event_name (both hosts send it).
    const event = named ?? (typeof payload.hook_event_name === 'string' ? payload.hook_event_name : undefined);
    if (!event) return fail(1, `${host}: no event named and the payload has no hook_event_name (usage: ${hookCommand.usage})`);
    const actions = spec.events[event];
    if (!actions) return fail(safeCode(event), `${host} has no optmem hook for "${event}" (known: ${Object.keys(spec.events).join(', ')})`);
    const failed = (e: unknown) => {
      const why = isOptmemError(e) ? e.message.replace(/^\[optmem\] /, '') : (e as Error)?.message ?? String(e);
      const msg = `${host} ${event}: ${why}; nothing was done, the session goes on`;
      logQuiet(ctx, msg);
      ctx.io.stderr(`optmem hook: ${msg}\n`);
    };
    // Actions run in order, each after the one before it is done (capture is asynchronous).
    const runFrom = (i: number): void => {
      if (i >= actions.length) return;
      runOne(ctx, actions[i]!, host!, event, payload).then(
        () => runFrom(i + 1),
        (e) => {
          failed(e);
          runFrom(i + 1);
        },
      );
    };
    runFrom(0);
    return 0;
  },
};

/**
 * One action. The reminder reads the prompt alone and loads only the trigger detector; the others
 * need the memory home, so they load the library and the actions module first.
 */
async function runOne(ctx: CommandContext, action: HookAction, host: string, event: string, p: HookPayload): Promise<void> {
  if (action === 'remind') {
    const prompt = typeof p.prompt === 'string' ? p.prompt : '';
    if (!prompt) return;
    const { reminderFor } = await import('./remind.js');
    const reminder = reminderFor(prompt);
    if (reminder) ctx.io.stdout(JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: reminder } }) + '\n');
    return;
  }
  await ctx.loadLibrary();
  const actions = await import('./actions.js');
  if (action === 'capture') await actions.capture(ctx, host, event, p);
  else actions.runAction(ctx, action, host, event, p);
}

/** One line in the home's hook log, when there is a home to hold it (never creates one). */
function logQuiet(ctx: CommandContext, msg: string): void {
  try {
    if (fs.existsSync(layoutOf(ctx.home).logDir)) appendHookLog(layoutOf(ctx.home).hooksLogFile, msg);
  } catch {
    // the line went to stderr as well
  }
}

