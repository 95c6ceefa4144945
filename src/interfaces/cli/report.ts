/** How the CLI reports a thrown error: one line on stderr (and JSON on stdout with --json), an exit code. */
import { describeFault, isBrokenPipe } from '../../core/faults.js';
import { isOptmemError } from '../../core/errors.js';
import { terminalSafe } from './format.js';
import type { CliIO } from './types.js';

/** Exit codes: the CLI's contract. */
export const EXIT = { OK: 0, FAILURE: 1, USAGE: 2 } as const;

export interface ReportOptions {
  json: boolean;
  /** the memory home, named when the error carries no path */
  home?: string;
}

/**
 * One line on stderr, no stack (OPTMEM_DEBUG=1 adds it); exit 2 for bad usage, 1 for the rest. A
 * stdout closed by its reader (`optmem export | head -1`) is not a failure: nothing is said, exit 0.
 */
export function reportError(e: unknown, io: CliIO, opts: ReportOptions): number {
  if (isBrokenPipe(e)) return EXIT.OK;
  const f = describeFault(e, opts.home ? { home: opts.home } : {});
  try {
    io.stderr(terminalSafe(`optmem: ${f.message}\n`));
    if (debugOn(io.env)) io.stderr(stacks(e));
    if (opts.json) {
      const o = isOptmemError(e) ? e : null;
      io.stdout(
        JSON.stringify({
          error: {
            code: o ? o.code : f.code,
            // the errno or SQLite code underneath, when there is one
            ...(o && f.code !== o.code ? { fault: f.code } : {}),
            message: f.message,
            file: o?.file ?? f.path,
            line: o?.line,
            field: o?.field,
            hint: o?.hint,
          },
        }) + '\n',
      );
    }
  } catch (inner) {
    if (!isBrokenPipe(inner)) throw inner;
  }
  return f.exitCode;
}

export function debugOn(env: Record<string, string | undefined>): boolean {
  const v = env.OPTMEM_DEBUG;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** The error's stack and its causes' stacks. */
function stacks(e: unknown): string {
  const out: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; depth < 16 && cur !== undefined && cur !== null; depth++) {
    out.push((depth ? 'caused by: ' : '') + (cur instanceof Error ? (cur.stack ?? `${cur.name}: ${cur.message}`) : String(cur)));
    cur = cur instanceof Error ? (cur as Error & { cause?: unknown }).cause : undefined;
  }
  return out.join('\n') + '\n';
}
