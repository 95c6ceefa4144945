/**
 * A throw-away copy of a memory home, for evaluating it without touching it. Only the truth is
 * copied (log/, config.json, dict.txt, core.md); the index is rebuilt in the copy when it opens.
 * The original is only ever read: no lock is taken (that would write .lock), no index is opened.
 * A record appended to the home while it is being copied may be missed, or its torn tail set aside
 * in the copy; the home itself never notices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OptmemError } from '../core/errors.js';
import { layoutOf } from '../store/layout.js';
import { adoptIndexCopy } from '../index/adopt.js';

export interface HomeCopy {
  /** the original, resolved */
  source: string;
  /** the copy's home folder */
  dir: string;
  /** files copied, relative to the home */
  files: string[];
  /** delete the copy (idempotent) */
  remove(): void;
}

/**
 * Files at the top of a home that make up its truth (and the append intent, so that the copy
 * leaves out an interrupted append exactly as the home does, and the seal, so that a write in the
 * copy does not seal the whole log anew); everything else is derived.
 */
const TOP_FILES = ['configFile', 'dictFile', 'aliasesFile', 'coreFile', 'intentFile', 'sealFile'] as const;

/**
 * Copy a home's truth into a new temporary folder. `config`, when given, replaces the copy's
 * config.json (the caller has merged and validated it).
 */
export function copyHome(
  source: string,
  opts: {
    tmpRoot?: string;
    config?: Record<string, unknown>;
    /**
     * Write a copy of the home's index to this file (the open library's `snapshotIndex`): the copy
     * then opens without re-reading day files that have not changed (index/adopt.ts).
     */
    index?: (file: string) => void;
  } = {},
): HomeCopy {
  const from = layoutOf(source);
  if (!fs.existsSync(from.logDir) || !fs.statSync(from.logDir).isDirectory()) {
    throw new OptmemError('NOT_FOUND', `no memory home at ${from.home} (it has no log/ folder)`, { hint: 'give --home the folder `optmem init` made' });
  }
  const root = fs.mkdtempSync(path.join(opts.tmpRoot ?? os.tmpdir(), 'optmem-eval-home-'));
  const dir = path.join(root, 'home');
  const to = layoutOf(dir);
  const files: string[] = [];
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    if (opts.index) {
      fs.mkdirSync(dir, { recursive: true });
      opts.index(to.indexFile);
    }
    copyTree(from.logDir, to.logDir, path.basename(from.logDir), files);
    if (opts.index) adoptIndexCopy(to.indexFile, from.home, dir);
    for (const key of TOP_FILES) {
      const f = from[key];
      if (fs.existsSync(f) && fs.statSync(f).isFile()) {
        fs.writeFileSync(to[key], fs.readFileSync(f));
        files.push(path.basename(f));
      }
    }
    if (opts.config) fs.writeFileSync(to.configFile, JSON.stringify(opts.config, null, 2) + '\n');
  } catch (e) {
    remove();
    throw new OptmemError('IO', `cannot copy the memory home ${from.home}: ${(e as Error).message}`, { cause: e });
  }
  return { source: from.home, dir, files, remove };
}

/**
 * Regular files and folders only: a symlink in log/ is followed for its content, never recreated
 * as a link. Day files sit three levels down; the depth limit stops a symlink loop.
 */
function copyTree(src: string, dst: string, rel: string, files: string[], depth = 0): void {
  if (depth > 12) throw new Error(`${rel}: folders nested too deep (a symlink loop?)`);
  fs.mkdirSync(dst, { recursive: true });
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name);
    const st = fs.statSync(s);
    if (st.isDirectory()) copyTree(s, path.join(dst, e.name), `${rel}/${e.name}`, files, depth + 1);
    else if (st.isFile()) {
      fs.writeFileSync(path.join(dst, e.name), fs.readFileSync(s));
      files.push(`${rel}/${e.name}`);
    }
  }
}

/** Whether `p` is the home or inside it (for refusing to write a report there). */
export function isInside(home: string, p: string): boolean {
  const rel = path.relative(path.resolve(home), path.resolve(p));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
