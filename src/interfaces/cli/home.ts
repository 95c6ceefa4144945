/** The memory home as the CLI finds it: only `init` and `install` create one on purpose. */
import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { shellWord } from '../../install/self.js';
import { createOptmem, homeExists, type Optmem } from '../../optmem.js';
import type { Provenance } from '../../core/provenance.js';

/** Refuse a home path that is a file (or has a file in its way), in one line. */
export function checkNotFile(home: string): fs.Stats | null {
  let st: fs.Stats | null = null;
  try {
    st = fs.statSync(home);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (st && !st.isDirectory()) {
    throw new OptmemError('IO', `${home} is a file, not a memory home`, { file: home, hint: 'pass --dir the folder of a memory home (`optmem init --dir FOLDER` creates one)' });
  }
  return st;
}

/**
 * Open a memory home, refusing (and creating nothing) when there is none. Only `init` and
 * `install` create a home on purpose; `mayCreate` lets the default home be created on first use
 * by hooks, the MCP server and ingest of a host, so that a capture is never lost.
 */
export function openHome(home: string, opts: { explicit: boolean; mayCreate: boolean; provenance?: Provenance }): Optmem {
  const by = opts.provenance ? { provenance: opts.provenance } : {};
  const st = checkNotFile(home);
  if (!homeExists(home)) {
    if (opts.mayCreate && !opts.explicit) return createOptmem({ dir: home, create: true, ...by });
    const what = st ? `${home} is not a memory home (it has no log/ folder)` : `no memory home at ${home}`;
    const init = `optmem init${opts.explicit ? ` --dir ${shellWord(home)}` : ''}`;
    throw new OptmemError('NOT_FOUND', what, { file: home, hint: `run \`${init}\` to create one${opts.explicit ? ', or check --dir for a typo' : ''}; nothing was written` });
  }
  return createOptmem({ dir: home, ...by });
}
