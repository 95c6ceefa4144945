import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isOptmemError } from '../../core/errors.js';
import { homeExists } from '../../optmem.js';
import { extractHandoff } from '../../sessions/extract-handoff.js';
import { readTranscript } from '../../sessions/transcript.js';
import { layoutOf } from '../../store/layout.js';
import type { Command, CommandContext } from '../cli/commands.js';
import { selfCommand } from '../../install/self.js';
import { captureTranscript } from './capture.js';
import { BLOCKS_ON_2, HOOK_HOSTS, type HookAction, type HookPayload } from './hosts.js';
import { appendHookLog } from './log.js';
import { reminderFor } from './remind.js';

/**
 * `optmem hook <host> <event>`: what a host's command hook runs. It reads the host's JSON on stdin
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
  usage: `optmem hook claude-code|codex SessionStart|UserPromptSubmit|Stop|PreCompact|SessionEnd < payload.json`,
  options: {},
  machineOutput: true,
  run(ctx) {
    const [host, event, ...rest] = ctx.args.positionals;
    const spec = host ? HOOK_HOSTS[host] : undefined;
    const fail = (code: number, msg: string) => {
      ctx.io.stderr(`optmem hook: ${msg}\n`);
      return code;
    };
    const usageCode = event && BLOCKS_ON_2.has(event) ? 1 : 2;
    if (!spec || !event || rest.length) {
      return fail(usageCode, `usage: ${hookCommand.usage} (OpenClaw and Hermes use their plugins in integrations/, see docs/HOSTS.md)`);
    }
    const actions = spec.events[event];
    if (!actions) return fail(usageCode, `${host} has no optmem hook for "${event}" (known: ${Object.keys(spec.events).join(', ')})`);

    let payload: HookPayload;
    try {
      const raw = ctx.io.readStdin();
      const v: unknown = JSON.parse(raw.trim() || 'null');
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected a JSON object');
      payload = v as HookPayload;
    } catch (e) {
      const msg = `${host} ${event}: the hook input on stdin is not a JSON object (${(e as Error).message})`;
      logQuiet(ctx, msg);
      return fail(BLOCKS_ON_2.has(event) ? 1 : 2, msg);
    }
    const failed = (e: unknown) => {
      const why = isOptmemError(e) ? e.message.replace(/^\[optmem\] /, '') : (e as Error)?.message ?? String(e);
      const msg = `${host} ${event}: ${why}; nothing was done, the session goes on`;
      logQuiet(ctx, msg);
      ctx.io.stderr(`optmem hook: ${msg}\n`);
    };
    // Actions run in order; an async one (capture) holds the ones after it until it is done.
    const runFrom = (i: number): void => {
      for (let k = i; k < actions.length; k++) {
        const a = actions[k]!;
        try {
          if (a === 'capture') {
            capture(ctx, host!, event, payload).then(
              () => runFrom(k + 1),
              (e) => {
                failed(e);
                runFrom(k + 1);
              },
            );
            return;
          }
          runAction(ctx, a, host!, event, payload);
        } catch (e) {
          failed(e);
        }
      }
    };
    runFrom(0);
    return 0;
  },
};

function cwdOf(ctx: CommandContext, p: HookPayload): string {
  return typeof p.cwd === 'string' && p.cwd ? p.cwd : ctx.io.cwd;
}

function transcriptOf(ctx: CommandContext, host: string, event: string, p: HookPayload): string | null {
  const transcript = typeof p.transcript_path === 'string' ? p.transcript_path : '';
  if (!transcript || !fs.existsSync(transcript)) {
    ctx.io.stderr(`optmem hook: ${host} ${event}: no transcript to read (${transcript || 'transcript_path missing'}); nothing written\n`);
    return null;
  }
  return transcript;
}

async function capture(ctx: CommandContext, host: string, event: string, p: HookPayload): Promise<void> {
  const transcript = transcriptOf(ctx, host, event, p);
  if (!transcript) return;
  const m = ctx.open({ create: true });
  try {
    const s = await captureTranscript({ mem: m, home: layoutOf(ctx.home).home, config: m.config, host, transcript, env: ctx.io.env, waitMs: 5000 });
    for (const pr of s.problems) ctx.io.stderr(`optmem hook: ${host} ${event}: ${pr.file}:${pr.line}: ${pr.message}\n`);
  } finally {
    m.close();
  }
}

function runAction(ctx: CommandContext, action: Exclude<HookAction, 'capture'>, host: string, event: string, p: HookPayload): void {
  const cwd = cwdOf(ctx, p);
  if (action === 'remind') {
    const prompt = typeof p.prompt === 'string' ? p.prompt : '';
    const reminder = prompt ? reminderFor(prompt) : null;
    if (reminder) ctx.io.stdout(JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: reminder } }) + '\n');
    return;
  }
  if (action === 'context') {
    const m = ctx.open({ create: true });
    try {
      const pack = m.sessionStart({ project: m.projectFor(cwd), agent: host });
      ctx.io.stdout(JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: pack.markdown } }) + '\n');
    } finally {
      m.close();
    }
    return;
  }
  const transcript = transcriptOf(ctx, host, event, p);
  if (!transcript) return;
  // An empty handoff would supersede a useful one: say so and write nothing.
  const fields = extractHandoff(readTranscript(transcript).turns);
  if (Object.values(fields).every((f) => f.length === 0)) {
    ctx.io.stderr(`optmem hook: ${host} ${event}: the transcript holds nothing for a handoff; nothing written\n`);
    return;
  }
  const session = typeof p.session_id === 'string' ? p.session_id : undefined;
  // Codex's Stop fires after every turn, and PreCompact then SessionEnd may see the same state:
  // write only when the session's fields changed since its last handoff.
  const seen = seenFile(ctx.home, `${host}|${session ?? transcript}`);
  const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
  if (readQuiet(seen) === digest) return;
  if (action === 'handoff') {
    const m = ctx.open({ create: true });
    try {
      const project = m.projectFor(cwd);
      if (!project) {
        ctx.io.stderr(`optmem hook: ${host} ${event}: ${cwd} is in no known project (no git repository, no "projects" entry in config.json); nothing written\n`);
        return;
      }
      m.sessionEnd({ project, agent: host, session, transcriptPath: transcript });
      writeQuiet(seen, digest);
    } finally {
      m.close();
    }
    return;
  }
  // 'detach': the host gives a session-end hook little time, so the work goes to a child of its own.
  const self = selfCommand();
  const args = [self.bin, 'session', 'end', '--dir', ctx.home, '--cwd', cwd, '--agent', host, '--transcript', transcript];
  if (session) args.push('--session', session);
  const child = spawn(self.node, args, { detached: true, stdio: 'ignore', cwd: fs.existsSync(cwd) ? cwd : undefined, env: { ...ctx.io.env } as NodeJS.ProcessEnv });
  child.on('error', () => {}); // a spawn failure must not take the hook down
  child.unref();
  writeQuiet(seen, digest);
}

/** One line in the home's hook log, when there is a home to hold it (never creates one). */
function logQuiet(ctx: CommandContext, msg: string): void {
  try {
    if (homeExists(ctx.home)) appendHookLog(layoutOf(ctx.home).hooksLogFile, msg);
  } catch {
    // the line went to stderr as well
  }
}

function seenFile(home: string, key: string): string {
  const h = createHash('sha256').update(`${path.resolve(home)}|${key}`).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), 'optmem-hooks', h);
}

function readQuiet(f: string): string | null {
  try {
    return fs.readFileSync(f, 'utf8');
  } catch {
    return null;
  }
}

function writeQuiet(f: string, s: string): void {
  try {
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, s);
  } catch {
    // only an optimisation: a failed note means at worst one repeated handoff
  }
}
