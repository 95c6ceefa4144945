import fs from 'node:fs';
import path from 'node:path';

/**
 * Which project a working directory belongs to: the longest matching prefix in the configured map
 * (config.json "projects": {"/path/prefix": "name"}), else the name of the git repository's root
 * folder, else null.
 */
export function projectForDir(cwd: string, map: Record<string, string>): string | null {
  const abs = path.resolve(cwd);
  let best: [string, string] | null = null;
  for (const [prefix, name] of Object.entries(map)) {
    const p = path.resolve(prefix);
    if ((abs === p || abs.startsWith(p + path.sep)) && (!best || p.length > best[0].length)) best = [p, name];
  }
  if (best) return best[1];
  for (let dir = abs; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return sanitize(path.basename(dir));
    if (path.dirname(dir) === dir) return null;
  }
}

/** Project names are record words: keep letters, digits and _ . - */
export function sanitize(name: string): string | null {
  const s = name.replace(/[^\p{L}\p{N}_.-]+/gu, '-').replace(/^[-.]+|-+$/g, '');
  return s ? s.slice(0, 100) : null;
}
