import { parseArgs, type ParseArgsConfig } from 'node:util';
import { OptmemError } from '../../core/errors.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS: OptionSpec = {
  dir: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export interface ParsedArgs {
  verb: string | null;
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

/**
 * Find the verb (the first word that is not an option or an option's value), then parse the
 * rest strictly against the global options plus that verb's own. Global options may stand before
 * or after the verb.
 */
export function parseCommandLine(argv: string[], commandOptions: (verb: string) => OptionSpec | null): ParsedArgs {
  const valueTaking = new Set<string>(['--dir']);
  let verbAt = -1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('-')) {
      if (valueTaking.has(a)) i++;
      continue;
    }
    verbAt = i;
    break;
  }
  const verb = verbAt === -1 ? null : argv[verbAt]!;
  const rest = verbAt === -1 ? argv : [...argv.slice(0, verbAt), ...argv.slice(verbAt + 1)];
  const own = verb ? commandOptions(verb) : {};
  if (verb && own === null) throw new OptmemError('USAGE', `unknown command "${verb}" (see optmem --help)`);
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...own },
      allowPositionals: true,
      strict: true,
    });
    return { verb, positionals, values: values as ParsedArgs['values'] };
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new OptmemError('USAGE', `${verb ?? 'optmem'}: ${msg}`);
  }
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function strList(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? (v as string[]) : [String(v)];
}

export function intOption(v: unknown, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v);
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) {
    throw new OptmemError('USAGE', `--${name}: "${s}" must be a whole number from ${min} to ${max}`, { field: name });
  }
  return Number(s);
}
