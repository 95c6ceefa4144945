/**
 * Every command, by verb, loaded on demand: a command's module, and the library parts it imports,
 * are read only when that command runs or help describes it. A hook or a search on every prompt
 * must not pay for loading the installers, the eval harness or the MCP SDK.
 *
 * A new command is a module exporting a `Command`, added here; `optmem help` and `COMMAND --help`
 * are built from this table, in this order.
 */
import fs from 'node:fs';
import { packageFile } from '../../package-root.js';
import type { Command } from './types.js';

export type CommandLoader = () => Promise<Command>;

const recordCommand = (verb: string): CommandLoader => () => import('./commands.js').then((m) => m.COMMANDS[verb]!);
const sessionCommand = (verb: string): CommandLoader => () => import('./session-commands.js').then((m) => m.SESSION_COMMANDS[verb]!);

export const COMMAND_LOADERS: Record<string, CommandLoader> = {
  init: recordCommand('init'),
  add: recordCommand('add'),
  import: recordCommand('import'),
  export: recordCommand('export'),
  search: () => import('./search-commands.js').then((m) => m.searchCommand),
  recent: () => import('./search-commands.js').then((m) => m.recentCommand),
  get: recordCommand('get'),
  history: recordCommand('history'),
  link: recordCommand('link'),
  ack: () => import('./ack-command.js').then((m) => m.ackCommand),
  unlink: recordCommand('unlink'),
  archive: () => import('./archive-command.js').then((m) => m.archiveCmd),
  unarchive: () => import('./archive-command.js').then((m) => m.unarchiveCmd),
  quarantine: () => import('./quarantine-command.js').then((m) => m.quarantineCmd),
  approve: () => import('./quarantine-command.js').then((m) => m.approveCmd),
  reject: () => import('./quarantine-command.js').then((m) => m.rejectCmd),
  core: sessionCommand('core'),
  session: sessionCommand('session'),
  stats: recordCommand('stats'),
  reindex: recordCommand('reindex'),
  doctor: recordCommand('doctor'),
  consolidate: () => import('./consolidate-command.js').then((m) => m.consolidateCommand),
  verify: () => import('./verify-command.js').then((m) => m.verifyCommand),
  mcp: () => import('../mcp/command.js').then((m) => ({ ...m.mcpCommand, machineOutput: true })),
  hook: () => import('../hooks/command.js').then((m) => ({ ...m.hookCommand, machineOutput: true })),
  install: () => import('./install-commands.js').then((m) => m.installCommand),
  uninstall: () => import('./install-commands.js').then((m) => m.uninstallCommand),
  rules: () => import('./install-commands.js').then((m) => m.rulesCommand),
  eval: () => import('./eval-command.js').then((m) => m.evalCommand),
  health: () => import('./health-command.js').then((m) => m.healthCommand),
  schedule: () => import('./schedule-command.js').then((m) => m.scheduleCommand),
  ingest: () => import('./ingest-command.js').then((m) => m.ingestCommand),
  embed: () => import('./embed-command.js').then((m) => m.embedCommand),
  topics: () => import('./topics-command.js').then((m) => m.topicsCommand),
  serve: () => import('./serve-command.js').then((m) => m.serveCommand),
  token: () => import('./token-command.js').then((m) => m.tokenCommand),
  login: () => import('./token-command.js').then((m) => m.loginCommand),
};

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_LOADERS);

/** One command, or null for a verb that is not one. */
export function loadCommand(verb: string): Promise<Command | null> {
  const load = Object.hasOwn(COMMAND_LOADERS, verb) ? COMMAND_LOADERS[verb] : undefined;
  return load ? load() : Promise.resolve(null);
}

/** Every command, in the table's order: for `optmem help`. */
export async function loadAllCommands(): Promise<Record<string, Command>> {
  const loaded = await Promise.all(COMMAND_NAMES.map((v) => COMMAND_LOADERS[v]!()));
  return Object.fromEntries(COMMAND_NAMES.map((v, i) => [v, loaded[i]!]));
}

/**
 * Every command's summary, as the build wrote them (dist/cli/summaries.json, from the commands
 * themselves): the command list of `optmem help` without loading every command's module. Null when
 * the file is missing or does not name every command of this table (then help loads them).
 */
export const summariesFile = (): string => packageFile('dist', 'cli', 'summaries.json');

export function builtSummaries(): Record<string, Pick<Command, 'summary'>> | null {
  try {
    const saved = JSON.parse(fs.readFileSync(summariesFile(), 'utf8')) as Record<string, string>;
    const names = Object.keys(saved);
    if (names.length !== COMMAND_NAMES.length || names.some((n, i) => n !== COMMAND_NAMES[i] || typeof saved[n] !== 'string')) return null;
    return Object.fromEntries(names.map((n) => [n, { summary: saved[n]! }]));
  } catch {
    return null;
  }
}

/** What the build writes to summariesFile() (scripts/bundle-cli.js). */
export async function summariesJson(): Promise<string> {
  const all = await loadAllCommands();
  return `${JSON.stringify(Object.fromEntries(COMMAND_NAMES.map((n) => [n, all[n]!.summary])), null, 1)}\n`;
}
