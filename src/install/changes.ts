import fs from 'node:fs';
import path from 'node:path';

/**
 * An install is a list of file changes computed first and applied second, so that `--dry-run`
 * shows exactly what a real run would write, and a second run finds nothing to do.
 */
export interface FileChange {
  path: string;
  /** null: the file does not exist */
  before: string | null;
  /** null: the file is to be removed */
  after: string | null;
  /** a file optmem owns outright (a plugin file): removed without a backup */
  owned?: boolean;
}

export function readOrNull(p: string): string | null {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export function change(p: string, after: string | null, owned = false): FileChange | null {
  const before = readOrNull(p);
  return before === after ? null : { path: p, before, after, ...(owned ? { owned } : {}) };
}

/** A short line diff: removed lines with "-", added with "+", a little context. */
export function diff(c: FileChange): string {
  const a = c.before === null ? [] : c.before.split('\n');
  const b = c.after === null ? [] : c.after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = c.before === null ? `+++ ${c.path} (new file)` : c.after === null ? `--- ${c.path} (removed)` : `*** ${c.path}`;
  const lines = [head];
  if (start > 0) lines.push(`  ${a[start - 1]}`);
  for (const l of a.slice(start, endA)) lines.push(`- ${l}`);
  for (const l of b.slice(start, endB)) lines.push(`+ ${l}`);
  if (endA < a.length) lines.push(`  ${a[endA]}`);
  return lines.join('\n') + '\n';
}

export function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Write the changes; every existing file that changes is first copied to `<file>.optmem-backup-<stamp>`. */
export function applyChanges(changes: FileChange[], now = new Date()): string[] {
  const backups: string[] = [];
  for (const c of changes) {
    if (c.before !== null && !(c.owned && c.after === null)) {
      const b = `${c.path}.optmem-backup-${stamp(now)}`;
      fs.copyFileSync(c.path, b);
      backups.push(b);
    }
    if (c.after === null) {
      fs.rmSync(c.path, { force: true });
      // a folder we emptied (a plugin's) goes too
      try {
        if (fs.readdirSync(path.dirname(c.path)).length === 0) fs.rmdirSync(path.dirname(c.path));
      } catch {
        // not empty, or already gone
      }
      continue;
    }
    fs.mkdirSync(path.dirname(c.path), { recursive: true });
    const tmp = `${c.path}.optmem-tmp-${process.pid}`;
    fs.writeFileSync(tmp, c.after, { mode: c.before === null ? 0o644 : fs.statSync(c.path).mode & 0o777 });
    fs.renameSync(tmp, c.path);
  }
  return backups;
}

export function parseJsonFile(p: string, text: string | null): Record<string, unknown> {
  if (text === null || !text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new Error(`${p} is not a JSON object (comments or JSON5?): fix it or add optmem by hand, see docs/HOSTS.md`);
}

export const jsonText = (v: unknown) => JSON.stringify(v, null, 2) + '\n';
