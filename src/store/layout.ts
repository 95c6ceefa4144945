import path from 'node:path';

/** Where everything lives inside a memory home. Only this module knows the folder names. */
export interface Layout {
  home: string;
  logDir: string;
  indexFile: string;
  lockFile: string;
  configFile: string;
  dictFile: string;
  recoveredDir: string;
}

export function layoutOf(home: string): Layout {
  const h = path.resolve(home);
  return {
    home: h,
    logDir: path.join(h, 'log'),
    indexFile: path.join(h, 'index.sqlite'),
    lockFile: path.join(h, '.lock'),
    configFile: path.join(h, 'config.json'),
    dictFile: path.join(h, 'dict.txt'),
    recoveredDir: path.join(h, 'recovered'),
  };
}

/** log/2026/11/2026-11-29.md, relative to the home */
export function dayFilePath(date: string): string {
  const [y, m] = date.split('-');
  return path.posix.join('log', y!, m!, `${date}.md`);
}

const DAY_FILE = /^log\/\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2}\.md$/;
export function isDayFilePath(rel: string): boolean {
  return DAY_FILE.test(rel);
}
