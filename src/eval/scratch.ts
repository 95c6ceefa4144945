/**
 * Where throw-away evaluation homes go (the link cases' homes, a ranking suite's scenario homes).
 */
import fs from 'node:fs';
import os from 'node:os';

/** Room a memory-backed scratch directory must have before the cases' homes go there (each is a few KiB, removed after). */
const SCRATCH_MIN_FREE = 64 * 1024 * 1024;
let scratch: string | undefined;

/**
 * Where the cases' homes go: a memory-backed directory (/dev/shm on Linux) when there is one that is
 * writable and has room, else the system's temporary directory. The homes are real files and a real
 * SQLite file either way; on tmpfs their creation, fsync and removal cost less (a third of the run
 * time on a two-core machine), which matters when thousands of cases (or a suite's scenarios) each get a home of their own.
 */
export function scratchRoot(): string {
  if (scratch !== undefined) return scratch;
  scratch = os.tmpdir();
  const shm = '/dev/shm';
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    const st = fs.statfsSync(shm);
    if (st.bavail * st.bsize >= SCRATCH_MIN_FREE) scratch = shm;
  } catch {
    /* no such directory or not ours to write: the system's temporary directory */
  }
  return scratch;
}
