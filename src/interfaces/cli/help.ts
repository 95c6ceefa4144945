/** `optmem help [COMMAND]`, `COMMAND --help` and `optmem --version`: text built from the command table. */
import fs from 'node:fs';
import { packageFile } from '../../package-root.js';
import { GLOBAL_OPTIONS } from './args.js';
import type { Command, OptionDef, OptionSpec } from './types.js';

/**
 * What a few options shared by many commands mean, for commands defined elsewhere (hooks, MCP)
 * whose options carry no description of their own.
 */
const SHARED_DESCRIPTIONS: Record<string, string> = {
  agent: 'the agent name stamped on what is written (e.g. claude-code)',
  project: 'the project the records belong to',
  domain: 'the domain (one of the configured domains)',
  'dry-run': 'show what would change and write nothing',
  now: 'the clock to use, an ISO 8601 time (default: now)',
};

/** The version in the package's package.json, read at run time. */
export function version(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(packageFile('package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function describeOption(name: string, o: OptionDef): string {
  return o.description ?? SHARED_DESCRIPTIONS[name] ?? '';
}

function optionRows(spec: OptionSpec): [string, string][] {
  return Object.entries(spec).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.arg ?? 'VALUE'}` : ''}`;
    const d = describeOption(name, o);
    return [flag, d + (o.multiple && !/repeat/.test(d) ? ' (may be repeated)' : '')];
  });
}

function table(rows: [string, string][]): string {
  const width = Math.min(28, Math.max(0, ...rows.map(([a]) => a.length)));
  return rows
    .map(([a, b]) => (a.length > width ? `  ${a}\n  ${''.padEnd(width)}  ${b}` : `  ${a.padEnd(width)}  ${b}`))
    .join('\n');
}

/** The built-in verbs that are not in the command table. */
export const BUILTINS: Record<string, string> = {
  help: 'show the commands, or one command\'s options: optmem help [COMMAND]',
  version: 'print optmem\'s version',
};

export function generalHelp(commands: Record<string, Pick<Command, 'summary'>>): string {
  const rows: [string, string][] = [...Object.entries(commands).map(([k, c]): [string, string] => [k, c.summary]), ...Object.entries(BUILTINS)];
  return (
    `optmem ${version()} — shared, file-first long-term memory for AI agents\n\n` +
    'usage: optmem COMMAND [options] [--dir DIR] [--json]\n\ncommands:\n' +
    table(rows) +
    '\n\nglobal options:\n' +
    table(optionRows(GLOBAL_OPTIONS)) +
    '\n\n`optmem help COMMAND` (or `optmem COMMAND --help`) explains a command\'s options.\n' +
    '`--` ends the options: `optmem search -- -9090` searches for "-9090".\n' +
    'Only `optmem init` creates a memory home. Exit codes: 0 ok, 1 failure, 2 bad usage.\n'
  );
}

export function commandHelp(name: string, c: Command): string {
  const own = optionRows(c.options);
  return (
    `optmem ${name} — ${c.summary}\n\nusage: ${c.usage}\n` +
    (own.length ? `\noptions:\n${table(own)}\n` : '') +
    `\nglobal options:\n${table(optionRows(GLOBAL_OPTIONS))}\n` +
    (c.details ? `\n${c.details.trimEnd()}\n` : '')
  );
}

/** `optmem help --json`: every command with its options, for scripts and tests. */
export function helpJson(commands: Record<string, Command>): unknown {
  return {
    version: version(),
    commands: Object.fromEntries(
      Object.entries(commands).map(([k, c]) => [
        k,
        {
          summary: c.summary,
          usage: c.usage,
          options: Object.fromEntries(Object.entries(c.options).map(([n, o]) => [n, { type: o.type, multiple: o.multiple === true, description: describeOption(n, o) }])),
        },
      ]),
    ),
    globalOptions: Object.fromEntries(Object.entries(GLOBAL_OPTIONS).map(([n, o]) => [n, { type: o.type, description: describeOption(n, o) }])),
  };
}
