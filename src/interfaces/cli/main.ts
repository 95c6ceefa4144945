import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { OptmemError, isOptmemError } from '../../core/errors.js';
import { createOptmem } from '../../optmem.js';
import { parseCommandLine } from './args.js';
import { COMMANDS, type CliIO, type CommandContext } from './commands.js';

/** Exit codes: the CLI's contract. */
export const EXIT = { OK: 0, FAILURE: 1, USAGE: 2 } as const;

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return (
    'optmem — shared, file-first long-term memory for AI agents\n\n' +
    'usage: optmem <command> [options] [--dir DIR] [--json]\n\ncommands:\n' +
    Object.entries(COMMANDS)
      .map(([k, c]) => `  ${k.padEnd(width)}  ${c.summary}`)
      .join('\n') +
    '\n\nglobal options:\n  --dir DIR   the memory home (else $OPTMEM_HOME, else ~/.optmem)\n  --json      machine output on stdout\n' +
    '\nexit codes: 0 ok, 1 failure, 2 bad usage. `optmem <command> --help` for a command\'s options.\n'
  );
}

export function resolveHome(dir: string | undefined, env: Record<string, string | undefined>, cwd: string): string {
  if (dir) return path.resolve(cwd, dir);
  if (env.OPTMEM_HOME) return path.resolve(cwd, env.OPTMEM_HOME);
  return path.join(env.HOME || os.homedir(), '.optmem');
}

/** The CLI's only entry: parses argv, runs a command, maps errors to exit codes. Never exits. */
export function runMain(argv: string[], io: CliIO): number {
  let json = argv.includes('--json');
  try {
    const args = parseCommandLine(argv, (verb) => COMMANDS[verb]?.options ?? null);
    json = args.values.json === true;
    if (!args.verb) {
      io.stdout(help());
      return args.values.help ? EXIT.OK : EXIT.USAGE;
    }
    const cmd = COMMANDS[args.verb]!;
    if (args.values.help) {
      io.stdout(`${cmd.summary}\nusage: ${cmd.usage}\n`);
      return EXIT.OK;
    }
    const home = resolveHome(args.values.dir as string | undefined, io.env, io.cwd);
    const ctx: CommandContext = {
      args,
      io,
      home,
      json,
      open: (opts) => {
        const m = createOptmem({ dir: home, create: opts?.create });
        for (const p of m.openReport.problems) io.stderr(`optmem: warning: ${p.file}:${p.line}: ${p.message}\n`);
        return m;
      },
    };
    return cmd.run(ctx);
  } catch (e) {
    return reportError(e, io, json);
  }
}

function reportError(e: unknown, io: CliIO, json: boolean): number {
  if (isOptmemError(e)) {
    const code = e.code === 'USAGE' || e.code === 'INVALID_RECORD' ? EXIT.USAGE : EXIT.FAILURE;
    io.stderr(`optmem: ${e.message.replace(/^\[optmem\] /, '')}${e.hint ? `\nhint: ${e.hint}` : ''}\n`);
    if (json) io.stdout(JSON.stringify({ error: { code: e.code, message: e.message.replace(/^\[optmem\] /, ''), file: e.file, line: e.line, field: e.field, hint: e.hint } }) + '\n');
    return code;
  }
  const err = e as Error;
  io.stderr(`optmem: unexpected failure: ${err?.stack ?? String(e)}\n`);
  return EXIT.FAILURE;
}

export function processIO(): CliIO {
  return {
    stdout: (s) => {
      fs.writeSync(1, s);
    },
    stderr: (s) => {
      fs.writeSync(2, s);
    },
    readStdin: () => {
      try {
        return fs.readFileSync(0, 'utf8');
      } catch (e) {
        throw new OptmemError('IO', `cannot read standard input: ${(e as Error).message}`);
      }
    },
    env: process.env,
    cwd: process.cwd(),
  };
}
