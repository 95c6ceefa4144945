/**
 * `optmem ingest`: the auto-diary job (docs/INGEST.md). Reads agents' transcripts from where each
 * host keeps them (or the paths given), keeps what matters as diary records in the day's log,
 * remembers where it stopped, and says nothing but a summary (`--quiet`: nothing unless something
 * failed). Meant for cron: `0 *\/3 * * * optmem ingest --from claude-code --quiet`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig, type HomeConfig } from '../../config.js';
import { OptmemError, type Problem } from '../../core/errors.js';
import { homeExists, type Optmem } from '../../optmem.js';
import { layoutOf } from '../../store/layout.js';
import { IngestLock } from '../../ingest/run-lock.js';
import { runIngest, type IngestSource, type IngestSummary } from '../../ingest/pipeline.js';
import { defaultRoot, folderFiles, hermesCaptureDir, hermesCaptureFiles, hostFiles, isHost, HOSTS, type Host } from '../../ingest/sources/hosts.js';
import { mirrorOpenclawStores, openclawStores } from '../../ingest/sources/openclaw-store.js';
import { createExtractiveSummarizer } from '../../ingest/summarizers/extractive.js';
import { createSummarizer } from '../../ingest/summarizers/index.js';
import type { Summarizer } from '../../ingest/types.js';
import { str } from './args.js';
import { reportError } from './report.js';
import { terminalSafe } from './format.js';
import type { Command, CommandContext } from './types.js';

const USAGE = 'optmem ingest [PATH...] [--from HOST] [--root DIR] [--dry-run] [--quiet] [--wait SECONDS] [--json]';

const DETAILS = `PATH is a transcript file or folder (JSONL of any host, plain {time,role,content} JSONL, Markdown chat exports).
With --from HOST and the default home, the home is created on first use; a home named by --dir must exist.`;

export const ingestCommand: Command = {
  summary: 'keep what matters from agents\' transcripts as diary records (the auto-diary job)',
  usage: USAGE,
  details: DETAILS,
  // The progress line redraws itself on a terminal's stderr; warnings are made safe one by one.
  drawsOnStderr: true,
  options: {
    from: { type: 'string', arg: 'HOST', description: `read that host's transcripts from where it keeps them (${HOSTS.join(', ')})` },
    root: { type: 'string', arg: 'DIR', description: "with --from: where the host's transcripts are (default: config ingest.roots.HOST, the host's env, ~/.claude/projects, $CODEX_HOME/sessions, $OPENCLAW_STATE_DIR/agents, $HERMES_HOME/sessions)" },
    'dry-run': { type: 'boolean', description: 'read and count, write nothing, move no cursor' },
    quiet: { type: 'boolean', short: 'q', description: 'print nothing unless something failed (for cron)' },
    wait: { type: 'string', arg: 'SECONDS', description: 'wait this long for another ingest on the same home to finish (default 0: exit at once)' },
  },
  run(ctx) {
    // Everything that can be wrong with the request fails here, synchronously, through runMain.
    const prepared = prepare(ctx);
    execute(ctx, prepared).then(
      (code) => {
        if (code !== 0) process.exitCode = code;
      },
      (e) => {
        process.exitCode = reportAsync(ctx, e);
      },
    );
    return 0;
  },
};

/** The same command as a promise of its exit code: for callers that can wait (tests, the API). */
export async function runIngestCommand(ctx: CommandContext): Promise<number> {
  try {
    return await execute(ctx, prepare(ctx));
  } catch (e) {
    return reportAsync(ctx, e);
  }
}

interface Prepared {
  sources: IngestSource[];
  config: HomeConfig;
  dryRun: boolean;
  quiet: boolean;
  mem: Optmem | null;
  lock: IngestLock | null;
  summarizer: Summarizer;
  /** problems met before the run: an OpenClaw store that could not be read, rows it could not decode */
  problems: Problem[];
  /** said once before the run: a host root with no transcripts in it */
  warnings: string[];
}

function prepare(ctx: CommandContext): Prepared {
  const v = ctx.args.values;
  const from = str(v.from);
  if (from !== undefined && !isHost(from)) throw new OptmemError('USAGE', `--from: "${from}" is not a host (${HOSTS.join(', ')})`, { field: 'from' });
  if (v.root !== undefined && from === undefined) throw new OptmemError('USAGE', '--root needs --from HOST (it says where that host keeps its transcripts)', { field: 'root' });
  const paths = ctx.args.positionals;
  if (!from && paths.length === 0) throw new OptmemError('USAGE', `ingest: give transcript paths or --from HOST (usage: ${USAGE})`);
  let waitMs = 0;
  if (v.wait !== undefined) {
    const s = String(v.wait);
    if (!/^\d+(\.\d+)?$/.test(s) || Number(s) > 86_400) throw new OptmemError('USAGE', `--wait: "${s}" must be a number of seconds from 0 to 86400`, { field: 'wait' });
    waitMs = Number(s) * 1000;
  }
  const dryRun = v['dry-run'] === true;
  const config = readConfig(layoutOf(ctx.home).configFile);
  const host = from as Host | undefined;
  const sources: IngestSource[] = [];
  const stores: string[] = [];
  const warnings: string[] = [];
  const problems: Problem[] = [];
  if (host && paths.length === 0) {
    const root = path.resolve(ctx.io.cwd, str(v.root) ?? config.ingest.roots[host] ?? defaultRoot(host, ctx.io.env, ctx.io.env.HOME || os.homedir()));
    // A Hermes CLI user may have no gateway sessions/ folder and still the provider's captured turns.
    if (!isDir(root) && !(host === 'hermes' && hermesCaptureFiles(root).length)) {
      throw new OptmemError('NOT_FOUND', `no ${host} transcripts: ${root} is not a folder`, { hint: `pass --root DIR, or set ingest.roots.${host} in config.json` });
    }
    for (const rel of hostFiles(host, root)) sources.push(source(path.join(root, rel), rel, host));
    if (host === 'hermes') {
      const capture = hermesCaptureDir(root);
      for (const rel of hermesCaptureFiles(root)) sources.push(source(path.join(capture, rel), rel, host));
    }
    if (host === 'openclaw') stores.push(root);
    if (sources.length === 0 && !(host === 'openclaw' && openclawStores(root).length)) {
      warnings.push(`no ${host} transcripts under ${root} (${LOOKS_FOR[host]}); nothing to read`);
    }
  }
  for (const p of paths) {
    const abs = path.resolve(ctx.io.cwd, p);
    if (isDir(abs)) {
      const files = host ? hostFiles(host, abs) : folderFiles(abs);
      for (const rel of files) sources.push(source(path.join(abs, rel), rel, host ?? null));
      if (host === 'openclaw') stores.push(abs);
    } else if (fs.existsSync(abs)) sources.push(source(abs, path.basename(abs), host ?? null));
    else throw new OptmemError('USAGE', `ingest: no such file or folder: ${p}`, { file: p });
  }
  const summarizer = createSummarizer(config.ingest.summarizer, { env: ctx.io.env, warn: (m: string) => ctx.io.stderr(terminalSafe(`optmem: warning: ${m}\n`)) });
  let lock: IngestLock | null = null;
  let mem: Optmem | null = null;
  try {
    if (!dryRun) {
      // Ingest of a host may create the default home on first use (nothing is lost); any other
      // missing home is refused here, before the lock or anything else is written.
      if (!homeExists(ctx.home)) ctx.open({ create: host !== undefined }).close();
      lock = IngestLock.acquire(layoutOf(ctx.home).home, waitMs);
      mem = ctx.open();
    } else if (homeExists(ctx.home)) mem = ctx.open();
    // OpenClaw's SQLite stores are mirrored into JSONL (under the lock; a dry run mirrors into a
    // temporary folder, never into the home).
    if (stores.length) {
      const mirrorDir = dryRun ? fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-openclaw-')) : layoutOf(ctx.home).openclawMirrorDir;
      if (dryRun) process.once('exit', () => fs.rmSync(mirrorDir, { recursive: true, force: true }));
      for (const root of stores) {
        for (const s of mirrorOpenclawStores(root, mirrorDir, (pr) => problems.push(pr))) sources.push({ file: s.file, rel: s.rel, agent: 'openclaw', session: s.session });
      }
    }
  } catch (e) {
    lock?.release();
    throw e;
  }
  return { sources, config, dryRun, quiet: v.quiet === true, mem, lock, summarizer, problems, warnings };
}

/** What `--from HOST` looks for under its root, for the "nothing found" warning. */
const LOOKS_FOR: Record<Host, string> = {
  'claude-code': '<project>/<session>.jsonl',
  codex: 'YYYY/MM/DD/rollout-*.jsonl',
  openclaw: '<agent>/agent/openclaw-agent.sqlite or <agent>/sessions/<session>.jsonl',
  hermes: '<session>.jsonl, or ../optmem/turns/<session>.jsonl (the optmem provider)',
};

function source(file: string, rel: string, host: Host | null): IngestSource {
  const base = path.basename(file).replace(/\.jsonl$/i, '');
  // Claude Code, OpenClaw and Hermes name the file after the session; Codex says it in session_meta.
  const session = host && host !== 'codex' ? base : null;
  return { file, rel: rel.split(path.sep).join('/'), agent: host, session };
}

async function execute(ctx: CommandContext, p: Prepared): Promise<number> {
  const { io } = ctx;
  const tty = !ctx.json && !p.quiet && process.stderr.isTTY === true;
  let lastProgress = 0;
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) io.stderr('\r\x1b[K');
    progressShown = false;
  };
  for (const w of p.warnings) io.stderr(terminalSafe(`optmem: warning: ${w}\n`));
  for (const pr of p.problems) io.stderr(terminalSafe(`optmem: warning: ${pr.file}:${pr.line}: ${pr.message}\n`));
  try {
    const summary = await runIngest({
      mem: p.mem,
      home: layoutOf(ctx.home).home,
      sources: p.sources,
      summarizer: p.summarizer.id === 'extractive' ? createExtractiveSummarizer({ minConfidence: p.config.ingest.minConfidence, maxItemChars: p.config.ingest.maxItemChars }) : p.summarizer,
      extractive: { minConfidence: p.config.ingest.minConfidence, maxItemChars: p.config.ingest.maxItemChars },
      batchLines: p.config.ingest.batchLines,
      dryRun: p.dryRun,
      agentDomains: p.config.agents,
      projects: p.config.projects,
      knownDomains: p.config.domains,
      onProblem: (pr: Problem) => {
        clearProgress();
        io.stderr(terminalSafe(`optmem: warning: ${pr.file}:${pr.line}: ${pr.message}\n`));
      },
      onWarning: (m) => {
        clearProgress();
        io.stderr(terminalSafe(`optmem: warning: ${m}\n`));
      },
      onProgress: (pr) => {
        if (!tty || Date.now() - lastProgress < 200) return;
        lastProgress = Date.now();
        progressShown = true;
        io.stderr(`\r\x1b[Kingest: file ${pr.filesDone + 1}/${pr.files}, ${pr.turns} turns read, ${pr.kept} kept …`);
      },
    });
    clearProgress();
    summary.problems.unshift(...p.problems);
    if (ctx.json) io.stdout(JSON.stringify(summary) + '\n');
    else if (!p.quiet) io.stdout(formatSummary(summary));
    return 0;
  } finally {
    clearProgress();
    p.mem?.close();
    p.lock?.release();
  }
}

export function formatSummary(s: IngestSummary): string {
  const kept = Object.entries(s.kept)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const lines = [
    `${s.dryRun ? 'dry run: ' : ''}read ${s.filesRead} of ${s.files} transcript file${s.files === 1 ? '' : 's'}, ${s.turns} turn${s.turns === 1 ? '' : 's'} (${s.summarizer}, ${(s.ms / 1000).toFixed(1)} s)`,
    `kept ${s.keptTotal}${kept ? ` (${kept})` : ''}; ${s.dryRun ? 'would write' : 'wrote'} ${s.written} record${s.written === 1 ? '' : 's'}, skipped ${s.skipped} already in memory`,
  ];
  const extra: string[] = [];
  if (s.redacted) extra.push(`${s.redacted} secret${s.redacted === 1 ? '' : 's'} redacted`);
  if (s.reread.length) extra.push(`re-read from the start: ${s.reread.map((r) => `${r.file} (${r.reason})`).join(', ')}`);
  if (s.fallbacks) extra.push(`${s.fallbacks} batch${s.fallbacks === 1 ? '' : 'es'} fell back to extractive`);
  extra.push(`${s.problems.length} problem${s.problems.length === 1 ? '' : 's'}${s.problems.length ? ' (see warnings above)' : ''}`);
  lines.push(extra.join('; '));
  return lines.join('\n') + '\n';
}

function reportAsync(ctx: CommandContext, e: unknown): number {
  return reportError(e, ctx.io, { json: ctx.json, home: ctx.home });
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
