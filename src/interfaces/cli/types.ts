/**
 * The CLI's command contract. Commands live under src/interfaces/ (cli, hooks, mcp); nothing below
 * the interfaces imports from here: installers, ingest and the library export plain functions.
 */
import type { Optmem } from '../../optmem.js';

/** What a command may touch of the process: only runMain and processIO know the real one. */
export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => string;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** One option of a command: node:util parseArgs' fields plus what `--help` says about it. */
export interface OptionDef {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** one sentence: what the option does (with its default and range when it has them) */
  description?: string;
  /** the value's name in help, e.g. N, ISO, DIR (default: VALUE) */
  arg?: string;
}

export type OptionSpec = Record<string, OptionDef>;

export interface ParsedArgs {
  verb: string | null;
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface CommandContext {
  args: ParsedArgs;
  io: CliIO;
  home: string;
  json: boolean;
  /**
   * Open the memory home. A missing home is refused with a hint to run `optmem init`, and nothing is
   * created; `create: true` lets the default home ($OPTMEM_HOME, else ~/.optmem) be created on first
   * use (hooks, the MCP server, ingest of a host), never a home named by --dir.
   */
  open: (opts?: { create?: boolean }) => Optmem;
  /**
   * Load the library so that `open` works. Done before `run` for every command but those marked
   * `loadsLibraryItself`, which call this first on the paths that need a home.
   */
  loadLibrary: () => Promise<void>;
}

export interface Command {
  /** one line for `optmem help` */
  summary: string;
  /** the synopsis line(s) after "usage:" */
  usage: string;
  options: OptionSpec;
  /** more help after the options: positional arguments, examples, exit codes */
  details?: string;
  /**
   * The output is data or a protocol (JSON lines, hook JSON, MCP), printed byte for byte; other
   * commands' human output has control sequences taken out before it reaches a terminal.
   */
  machineOutput?: boolean;
  /** the command draws on stderr itself (a progress line): its stderr is not filtered */
  drawsOnStderr?: boolean;
  /**
   * The command loads the library (SQLite, the index, the query pipeline) itself, only on the paths
   * that need it (`ctx.loadLibrary()`): a hook that answers every prompt must start like bare Node.
   */
  loadsLibraryItself?: boolean;
  /** the exit code (a command that waits on the network returns it as a promise) */
  run(ctx: CommandContext): number | Promise<number>;
}
