import fs from 'node:fs';
import path from 'node:path';

/**
 * Where each host keeps its transcripts, and which files under that root are transcripts.
 * Versions followed are in docs/INGEST.md. The root is, first to last: `--root`, config.json
 * `ingest.roots.<host>`, the host's own environment variable, the default under `$HOME`.
 */
export const HOSTS = ['claude-code', 'codex', 'openclaw', 'hermes'] as const;
export type Host = (typeof HOSTS)[number];

export function isHost(s: string): s is Host {
  return (HOSTS as readonly string[]).includes(s);
}

export function defaultRoot(host: Host, env: Record<string, string | undefined>, home: string): string {
  switch (host) {
    case 'claude-code':
      return path.join(env.CLAUDE_CONFIG_DIR || path.join(home, '.claude'), 'projects');
    case 'codex':
      return path.join(env.CODEX_HOME || path.join(home, '.codex'), 'sessions');
    case 'openclaw':
      return path.join(env.OPENCLAW_STATE_DIR || path.join(home, '.openclaw'), 'agents');
    case 'hermes':
      return path.join(env.HERMES_HOME || path.join(home, '.hermes'), 'sessions');
  }
}

/** The transcript files of a host under its root, relative to the root, sorted. */
export function hostFiles(host: Host, root: string): string[] {
  const keep = (rel: string): boolean => {
    const parts = rel.split('/');
    const name = parts[parts.length - 1]!;
    if (!name.endsWith('.jsonl')) return false;
    switch (host) {
      case 'claude-code':
        return parts.length === 2; // <cwd-slug>/<session>.jsonl (subagent side chains sit deeper)
      case 'codex':
        return name.startsWith('rollout-');
      case 'openclaw':
        return parts.length === 3 && parts[1] === 'sessions'; // <agent>/sessions/<session>.jsonl
      case 'hermes':
        // A session the optmem memory provider captured turn by turn is read from that capture
        // (hermesCaptureFiles): its gateway transcript would only repeat it.
        return parts.length === 1 && !fs.existsSync(path.join(hermesCaptureDir(root), 'turns', name));
    }
  };
  return walk(root, host === 'codex' ? 5 : 3).filter(keep);
}

/**
 * Where the optmem memory provider for Hermes keeps the turns it captured: `<HERMES_HOME>/optmem/`,
 * beside the `sessions/` root. The provider ingests this folder after every turn; `--from hermes`
 * reads it too, with the same refs (`turns/<session>.jsonl`) and cursors, so a turn whose ingest
 * was cut short is caught up by the schedule and nothing is read twice.
 */
export function hermesCaptureDir(root: string): string {
  return path.join(root, '..', 'optmem');
}

/** The provider's captured turns under `hermesCaptureDir(root)`, relative to it, sorted. */
export function hermesCaptureFiles(root: string): string[] {
  return walk(path.join(hermesCaptureDir(root), 'turns'), 1)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => `turns/${f}`);
}

/** Transcript files in a folder given on the command line: JSONL and Markdown, any depth. */
export function folderFiles(dir: string): string[] {
  return walk(dir, 8).filter((f) => /\.(jsonl|md|markdown)$/i.test(f));
}

function walk(root: string, maxDepth: number): string[] {
  const out: string[] = [];
  const visit = (dir: string, rel: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (depth < maxDepth) visit(path.join(dir, e.name), r, depth + 1);
      } else if (e.isFile()) out.push(r);
    }
  };
  visit(root, '', 1);
  return out.sort();
}

