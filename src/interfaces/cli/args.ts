import { parseArgs, type ParseArgsConfig } from 'node:util';
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import type { OptionSpec, ParsedArgs } from './types.js';

export type { OptionDef, OptionSpec, ParsedArgs } from './types.js';

/** Options every command takes, before or after the verb. */
export const GLOBAL_OPTIONS: OptionSpec = {
  dir: { type: 'string', arg: 'DIR', description: 'the memory home to use (else $OPTMEM_HOME, else ~/.optmem); it must exist (`optmem init --dir DIR` creates it)' },
  json: { type: 'boolean', description: 'print machine-readable JSON on stdout (errors too)' },
  help: { type: 'boolean', short: 'h', description: 'show this help and exit' },
  version: { type: 'boolean', description: 'print the version and exit' },
};

/** Edit distance (Levenshtein), for "did you mean". */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest candidate within a third of the word's length (at least 1, at most 3 edits), or null. */
export function closest(word: string, candidates: readonly string[]): string | null {
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD || (d === bestD && best !== null && c < best)) {
      best = c;
      bestD = d;
    }
  }
  if (best !== null && (bestD <= limit || (word.length >= 3 && best.startsWith(word.toLowerCase())))) return best;
  return null;
}

/** parseArgs takes only its own fields; descriptions stay with us. */
function nodeOptions(spec: OptionSpec): NonNullable<ParseArgsConfig['options']> {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const [k, o] of Object.entries(spec)) {
    out[k] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  }
  return out;
}

/** Where the verb stands: the first word that is not an option or an option's value (-1: none). */
function verbIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('-')) {
      if (a === '--dir') i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** The verb of a command line, before it is parsed (to load that command's module first), or null. */
export function findVerb(argv: readonly string[]): string | null {
  const i = verbIndex(argv);
  return i === -1 ? null : argv[i]!;
}

/** An argument that reads as a negative number (-9090, -1.5) is a value, not an option. */
const NEGATIVE = /^-\d/;
const MARK = '\u0000optmem-arg-';

/**
 * Find the verb (the first word that is not an option or an option's value), then parse the
 * rest strictly against the global options plus that verb's own. Global options may stand before
 * or after the verb. `--` ends the options: everything after it is an argument, so a query may
 * start with "-". An argument that looks like a negative number is an argument too.
 */
export function parseCommandLine(argv: string[], commandOptions: (verb: string) => OptionSpec | null, commandNames: readonly string[] = []): ParsedArgs {
  const verbAt = verbIndex(argv);
  const verb = verbAt === -1 ? null : argv[verbAt]!;
  let rest = verbAt === -1 ? argv : [...argv.slice(0, verbAt), ...argv.slice(verbAt + 1)];
  const own = verb ? commandOptions(verb) : {};
  if (verb && own === null) {
    const near = closest(verb, commandNames);
    throw new OptmemError('USAGE', `unknown command "${verb}"${near ? `; did you mean "${near}"?` : ''} (\`optmem help\` lists the commands)`);
  }
  const spec: OptionSpec = { ...GLOBAL_OPTIONS, ...own };
  const held: string[] = [];
  const end = rest.indexOf('--');
  rest = rest.map((a, i) => {
    if ((end === -1 || i < end) && NEGATIVE.test(a)) {
      held.push(a);
      return `${MARK}${held.length - 1}`;
    }
    return a;
  });
  const restore = (s: string) => (s.startsWith(MARK) ? held[Number(s.slice(MARK.length))]! : s);
  try {
    const { values, positionals } = parseArgs({ args: rest, options: nodeOptions(spec), allowPositionals: true, strict: true });
    const vals: ParsedArgs['values'] = {};
    for (const [k, v] of Object.entries(values)) vals[k] = typeof v === 'string' ? restore(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? restore(x) : x)) as string[] : v;
    return { verb, positionals: positionals.map(restore), values: vals };
  } catch (e) {
    throw new OptmemError('USAGE', `${verb ? `${verb}: ` : ''}${explainParseError((e as Error).message, argv, spec, verb)}`);
  }
}

function explainParseError(message: string, argv: string[], spec: OptionSpec, verb: string | null): string {
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) {
    const opt = unknown[1]!;
    if (opt.startsWith('--')) {
      const name = opt.slice(2).split('=')[0]!;
      const near = closest(name, Object.keys(spec));
      return `unknown option "--${name}"${near ? `; did you mean "--${near}"?` : ''} (\`optmem help${verb ? ` ${verb}` : ''}\` lists the options)`;
    }
    // "-foo" is read as the short options -f -o -o: most likely a word that starts with "-".
    const word = argv.find((a) => a.startsWith(opt) && !a.startsWith('--')) ?? opt;
    return `unknown option "${opt}" in "${word}"; to pass an argument that starts with "-", put -- before it: optmem ${verb ?? 'COMMAND'} -- ${word}`;
  }
  return message
    .replace(/\. To specify a positional argument.*$/s, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
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

/** An ISO 8601 time option, checked; undefined when not given. */
export function timeOption(v: unknown, name: string): string | undefined {
  const s = str(v);
  if (s !== undefined && !parseTime(s)) {
    throw new OptmemError('USAGE', `--${name}: "${s}" is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:00:00+08:00)`, { field: name });
  }
  return s;
}
