import { spawn } from 'node:child_process';
import { nodeCrypto } from '../../core/lazy-crypto.js';
import { AGENT } from '../../core/provenance.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadReading } from '../../sessions/reading.deferred.js';
import { layoutOf } from '../../store/layout.js';
import type { CommandContext } from '../cli/types.js';
import { selfCommand } from '../../install/self.js';
import { captureTranscript } from './capture.js';
import type { HookAction, HookPayload } from './hosts.js';

/**
 * What the hook actions that need the memory home do: the context pack, a capture of the finished
 * turns, a handoff (now or in a detached child). Loaded only for those actions, with the library;
 * the reminder on each prompt never loads this.
 */
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

export async function capture(ctx: CommandContext, host: string, event: string, p: HookPayload): Promise<void> {
  const transcript = transcriptOf(ctx, host, event, p);
  if (!transcript) return;
  const m = ctx.open({ create: true, provenance: AGENT });
  try {
    const s = await captureTranscript({ mem: m, home: layoutOf(ctx.home).home, config: m.config, host, transcript, env: ctx.io.env, waitMs: 5000 });
    for (const pr of s.problems) ctx.io.stderr(`optmem hook: ${host} ${event}: ${pr.file}:${pr.line}: ${pr.message}\n`);
  } finally {
    m.close();
  }
}

export function runAction(ctx: CommandContext, action: Exclude<HookAction, 'capture' | 'remind'>, host: string, event: string, p: HookPayload): void {
  const cwd = cwdOf(ctx, p);
  if (action === 'context') {
    const m = ctx.open({ create: true, provenance: AGENT });
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
  const { extractHandoff, readTranscript } = loadReading();
  const fields = extractHandoff(readTranscript(transcript).turns);
  if (Object.values(fields).every((f) => f.length === 0)) {
    ctx.io.stderr(`optmem hook: ${host} ${event}: the transcript holds nothing for a handoff; nothing written\n`);
    return;
  }
  const session = typeof p.session_id === 'string' ? p.session_id : undefined;
  // Codex's Stop fires after every turn, and PreCompact then SessionEnd may see the same state:
  // write only when the session's fields changed since its last handoff.
  const seen = seenFile(ctx.home, `${host}|${session ?? transcript}`);
  const digest = nodeCrypto().createHash('sha256').update(JSON.stringify(fields)).digest('hex');
  if (readQuiet(seen) === digest) return;
  if (action === 'handoff') {
    const m = ctx.open({ create: true, provenance: AGENT });
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

function seenFile(home: string, key: string): string {
  const h = nodeCrypto().createHash('sha256').update(`${path.resolve(home)}|${key}`).digest('hex').slice(0, 24);
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
