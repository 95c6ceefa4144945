import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isOptmemError } from '../../core/errors.js';
import { extractHandoff } from '../../sessions/extract-handoff.js';
import { readTranscript } from '../../sessions/transcript.js';
import type { Command, CommandContext } from '../cli/commands.js';
import { selfCommand } from '../../install/self.js';
import { HOOK_HOSTS, type HookAction, type HookPayload } from './hosts.js';

/**
 * `optmem hook <host> <event>`: what a host's command hook runs. It reads the host's JSON on stdin
 * and answers the way that host reads hook output (see hosts.ts for the events and docs/HOSTS.md).
 *
 * Exit codes follow the hosts' contract, not the CLI's: 0 when done (or when there was nothing to
 * do); 2 for a payload that is not JSON, on events where the host treats 2 as "show stderr" only;
 * 1 for everything else, which Claude Code and Codex report as a non-blocking hook error. A hook
 * never throws into the host, and never blocks it: exit 2 on PreCompact or Stop would stop a
 * compaction or keep a turn going, so bad input there is 1.
 */
export const hookCommand: Command = {
  summary: 'run as an agent host hook: reads the host\'s hook JSON on stdin (claude-code, codex)',
  usage: `optmem hook claude-code|codex SessionStart|PreCompact|SessionEnd|Stop < payload.json`,
  options: {},
  run(ctx) {
    const [host, event, ...rest] = ctx.args.positionals;
    const spec = host ? HOOK_HOSTS[host] : undefined;
    const fail = (code: number, msg: string) => {
      ctx.io.stderr(`optmem hook: ${msg}\n`);
      return code;
    };
    if (!spec || !event || rest.length) {
      return fail(2, `usage: ${hookCommand.usage} (OpenClaw and Hermes use their plugins in integrations/, see docs/HOSTS.md)`);
    }
    const action = spec.events[event];
    if (!action) return fail(2, `${host} has no optmem hook for "${event}" (known: ${Object.keys(spec.events).join(', ')})`);

    let payload: HookPayload;
    try {
      const raw = ctx.io.readStdin();
      const v: unknown = JSON.parse(raw.trim() || 'null');
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected a JSON object');
      payload = v as HookPayload;
    } catch (e) {
      return fail(action === 'context' || action === 'detach' ? 2 : 1, `${host} ${event}: the hook input on stdin is not a JSON object (${(e as Error).message})`);
    }
    try {
      return runAction(ctx, action, host!, event, payload);
    } catch (e) {
      const msg = isOptmemError(e) ? e.message.replace(/^\[optmem\] /, '') : (e as Error)?.message ?? String(e);
      return fail(1, `${host} ${event} failed: ${msg}`);
    }
  },
};

function runAction(ctx: CommandContext, action: HookAction, host: string, event: string, p: HookPayload): number {
  const cwd = typeof p.cwd === 'string' && p.cwd ? p.cwd : ctx.io.cwd;
  if (action === 'context') {
    const m = ctx.open({ create: true });
    try {
      const pack = m.sessionStart({ project: m.projectFor(cwd), agent: host });
      ctx.io.stdout(JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: pack.markdown } }) + '\n');
    } finally {
      m.close();
    }
    return 0;
  }
  const transcript = typeof p.transcript_path === 'string' ? p.transcript_path : '';
  if (!transcript || !fs.existsSync(transcript)) {
    ctx.io.stderr(`optmem hook: ${host} ${event}: no transcript to read (${transcript || 'transcript_path missing'}); nothing written\n`);
    return 0;
  }
  // An empty handoff would supersede a useful one: say so and write nothing.
  const fields = extractHandoff(readTranscript(transcript).turns);
  if (Object.values(fields).every((f) => f.length === 0)) {
    ctx.io.stderr(`optmem hook: ${host} ${event}: the transcript holds nothing for a handoff; nothing written\n`);
    return 0;
  }
  const session = typeof p.session_id === 'string' ? p.session_id : undefined;
  // Codex's Stop fires after every turn, and PreCompact then SessionEnd may see the same state:
  // write only when the session's fields changed since its last handoff.
  const seen = seenFile(ctx.home, `${host}|${session ?? transcript}`);
  const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
  if (readQuiet(seen) === digest) return 0;
  if (action === 'handoff') {
    const m = ctx.open({ create: true });
    try {
      const project = m.projectFor(cwd);
      if (!project) {
        ctx.io.stderr(`optmem hook: ${host} ${event}: ${cwd} is in no known project (no git repository, no "projects" entry in config.json); nothing written\n`);
        return 0;
      }
      m.sessionEnd({ project, agent: host, session, transcriptPath: transcript });
      writeQuiet(seen, digest);
    } finally {
      m.close();
    }
    return 0;
  }
  // 'detach': the host gives a session-end hook little time, so the work goes to a child of its own.
  const self = selfCommand();
  const args = [self.bin, 'session', 'end', '--dir', ctx.home, '--cwd', cwd, '--agent', host, '--transcript', transcript];
  if (session) args.push('--session', session);
  const child = spawn(self.node, args, { detached: true, stdio: 'ignore', cwd: fs.existsSync(cwd) ? cwd : undefined, env: { ...ctx.io.env } as NodeJS.ProcessEnv });
  child.on('error', () => {}); // a spawn failure must not take the hook down
  child.unref();
  writeQuiet(seen, digest);
  return 0;
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
