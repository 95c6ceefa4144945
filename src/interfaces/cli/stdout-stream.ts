import fs from 'node:fs';
import { faultLine } from '../../core/faults.js';

/**
 * For commands that write through the process.stdout stream (the MCP server): a closed stdout means
 * the reader went away and there is no one left to answer, so end quietly. Other commands write with
 * writeSync and never create the stream (creating it loads Node's stream modules: start-up time).
 */
export function endOnStdoutError(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    try {
      fs.writeSync(2, `optmem: cannot write to standard output: ${faultLine(e)}\n`);
    } finally {
      process.exit(1);
    }
  });
}
