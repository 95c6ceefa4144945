import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { findVerb, parseCommandLine } from './args.js';
import { terminalSafe } from './format.js';
import { BUILTINS, commandHelp, generalHelp, helpJson, version } from './help.js';
import { COMMAND_NAMES, builtSummaries, loadAllCommands, loadCommand } from './registry.js';
import { EXIT, reportError } from './report.js';
import type { CliIO, Command, CommandContext, OptionSpec } from './types.js';

export { EXIT } from './report.js';
export type { CliIO } from './types.js';

export function resolveHome(dir: string | undefined, env: Record<string, string | undefined>, cwd: string): string {
  if (dir) return path.resolve(cwd, dir);
  if (env.OPTMEM_HOME) return path.resolve(cwd, env.OPTMEM_HOME);
  return path.join(env.HOME || os.homedir(), '.optmem');
}

/** Human output goes through terminalSafe; machine output (JSON, protocols) is left as it is. */
function outputFor(io: CliIO, cmd: Command, json: boolean): CliIO {
  if (json || cmd.machineOutput) return io;
  return {
    ...io,
    stdout: (s) => io.stdout(terminalSafe(s)),
    stderr: cmd.drawsOnStderr ? io.stderr : (s) => io.stderr(terminalSafe(s)),
  };
}

const isBuiltin = (verb: string) => Object.hasOwn(BUILTINS, verb);
const ALL_NAMES = [...COMMAND_NAMES, ...Object.keys(BUILTINS)];

/** The options of the verbs known so far: the built-ins' (none) and the loaded command's. */
const optionsOf = (verb: string | null, cmd: Command | null) => (v: string): OptionSpec | null =>
  isBuiltin(v) ? {} : v === verb && cmd ? cmd.options : null;

/**
 * The CLI's only entry: parses argv, runs a command, maps errors to exit codes. Never exits.
 * Only the named command's module is loaded (help loads them all).
 */
export async function runMain(argv: string[], io: CliIO): Promise<number> {
  let json = argv.includes('--json');
  let home: string | undefined;
  try {
    const verb = findVerb(argv);
    const cmd = verb === null || isBuiltin(verb) ? null : await loadCommand(verb);
    const args = parseCommandLine(argv, optionsOf(verb, cmd), ALL_NAMES);
    json = args.values.json === true;
    if (args.values.version || args.verb === 'version') {
      if (args.verb && args.verb !== 'version' && !args.values.help) throw new OptmemError('USAGE', `--version takes no command (try \`optmem --version\`)`);
      io.stdout(json ? JSON.stringify({ version: version() }) + '\n' : `optmem ${version()}\n`);
      return EXIT.OK;
    }
    if (!args.verb) {
      if (args.positionals.length) throw new OptmemError('USAGE', `"${args.positionals[0]}" is not a command (\`optmem help\` lists them)`);
      io.stdout(json ? JSON.stringify(helpJson(await loadAllCommands())) + '\n' : generalHelp(builtSummaries() ?? (await loadAllCommands())));
      return args.values.help ? EXIT.OK : EXIT.USAGE;
    }
    if (args.verb === 'help') return await help(args.positionals, io, json);
    if (!cmd) throw new OptmemError('USAGE', `unknown command "${args.verb}" (\`optmem help\` lists the commands)`);
    if (args.values.help) {
      io.stdout(commandHelp(args.verb, cmd));
      return EXIT.OK;
    }
    const explicit = typeof args.values.dir === 'string';
    home = resolveHome(args.values.dir as string | undefined, io.env, io.cwd);
    const cmdIO = outputFor(io, cmd, json);
    // A server named on the command line, or in $OPTMEM_SERVER for the client commands.
    const serverFlag = typeof args.values.server === 'string' ? args.values.server : undefined;
    if (serverFlag !== undefined && !cmd.remote) {
      throw new OptmemError('USAGE', `${args.verb} runs where the memory files are and takes no --server (the client commands are add, search, get, history, core, session, import, export, health and mcp)`, {
        field: 'server',
      });
    }
    const serverUrl = serverFlag ?? (cmd.remote ? io.env.OPTMEM_SERVER || undefined : undefined);
    if (serverUrl !== undefined && cmd.remote) {
      if (explicit) throw new OptmemError('USAGE', `give either --dir (a local home) or --server (a server), not both`, { field: 'server' });
      const { serverClient } = await import('../http/client.js');
      const client = serverClient(serverUrl, io.env.OPTMEM_TOKEN);
      const remoteCtx: CommandContext = {
        args,
        io: cmdIO,
        home,
        json,
        loadLibrary: async () => {},
        open: () => {
          throw new OptmemError('USAGE', `${args.verb} --server: this command has no local home to open`);
        },
      };
      return await cmd.remote(remoteCtx, client);
    }
    // The library (SQLite, the index, the query pipeline) is loaded here, once a command is to run,
    // or by the command itself on the paths that need it.
    let library: typeof import('./home.js') | null = null;
    const loadLibrary = async () => {
      library ??= await import('./home.js');
    };
    if (!cmd.loadsLibraryItself) await loadLibrary();
    const where = home;
    const ctx: CommandContext = {
      args,
      io: cmdIO,
      home,
      json,
      loadLibrary,
      open: (opts) => {
        if (!library) throw new Error('the library was opened before ctx.loadLibrary() finished');
        const m = library.openHome(where, { explicit, mayCreate: opts?.create === true, ...(opts?.provenance ? { provenance: opts.provenance } : {}) });
        for (const p of m.openReport.problems) cmdIO.stderr(`optmem: warning: ${p.file}:${p.line}: ${p.message}\n`);
        return m;
      },
    };
    return await cmd.run(ctx);
  } catch (e) {
    return reportError(e, io, { json, ...(home ? { home } : {}) });
  }
}

async function help(positionals: string[], io: CliIO, json: boolean): Promise<number> {
  if (positionals.length > 1) throw new OptmemError('USAGE', 'help: name one command (usage: optmem help [COMMAND])');
  const name = positionals[0];
  if (name === undefined) {
    io.stdout(json ? JSON.stringify(helpJson(await loadAllCommands())) + '\n' : generalHelp(builtSummaries() ?? (await loadAllCommands())));
    return EXIT.OK;
  }
  if (isBuiltin(name)) {
    io.stdout(`optmem ${name} — ${BUILTINS[name]}\n`);
    return EXIT.OK;
  }
  const cmd = await loadCommand(name);
  // An unknown name is reported, with a suggestion, by the same parser as an unknown command.
  if (!cmd) {
    parseCommandLine([name], optionsOf(null, null), ALL_NAMES);
    throw new OptmemError('USAGE', `unknown command "${name}" (\`optmem help\` lists the commands)`);
  }
  if (json) {
    const all = helpJson({ [name]: cmd }) as { commands: Record<string, unknown> };
    io.stdout(JSON.stringify(all.commands[name]) + '\n');
  } else io.stdout(commandHelp(name, cmd));
  return EXIT.OK;
}

/** Wait a little without spinning: for a non-blocking stdout that is full (EAGAIN). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Write all of `s`, retrying while a non-blocking descriptor is full. */
function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') pause(2);
      else throw e;
    }
  }
}

export function processIO(): CliIO {
  let stdoutClosed: Error | null = null;
  return {
    stdout: (s) => {
      // After EPIPE every write fails the same way: the command stops, and runMain ends with 0.
      if (stdoutClosed) throw stdoutClosed;
      try {
        writeAll(1, s);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EPIPE') stdoutClosed = e as Error;
        throw e;
      }
    },
    stderr: (s) => {
      try {
        writeAll(2, s);
      } catch {
        // nowhere left to say it
      }
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
