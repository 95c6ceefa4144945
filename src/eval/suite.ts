/**
 * The evaluation suite format (docs/EVAL.md). Two shapes:
 *
 * - records: scenarios of records written the way users write them, and queries with checks on
 *   what the ranking must do. Each scenario runs on a fresh temporary home; records refer to each
 *   other by `key`, and the runner maps keys to the ids it gives them.
 * - home: top-level `queries` run against a copy of an existing memory home (`home`, relative to
 *   the suite file, or `optmem eval --home DIR`); checks name records by id.
 *
 * A query may list `relevant` keys (or ids) for the graded metrics (hit@1, recall@k, MRR, nDCG),
 * and a `category` (else its scenario's `category`, else the scenario's rule).
 *
 * Extending: a new check is one entry in CHECK_SPECS (its fields and their validation) plus its
 * evaluator in run-suite.ts, and, when it names a record that should be found, a line in
 * metrics.ts's relevantFromChecks.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The query-time rules a suite checks; a scenario belongs to exactly one. */
export const RULES = ['supersession', 'decay', 'domains', 'tiers', 'redline'] as const;
export type Rule = (typeof RULES)[number];

export interface SuiteRecord {
  /** the scenario-local name other records and checks use */
  key: string;
  /** ISO 8601 with offset */
  time: string;
  text: string;
  domain?: string;
  project?: string;
  kind?: string;
  tier?: string;
  /** keys (in this scenario) this record corrects explicitly */
  corrects?: string | string[];
  tags?: string[];
}

/** What a query's results must show. Keys name records of the same scenario. */
export type Check =
  /** the first result */
  | { rank1: string }
  /** among the first k results */
  | { top: string; k: number }
  /** A ranks above B; both must be present */
  | { above: [string, string] }
  /** present and flagged superseded; `by`: its supersededBy is that record; `inferred`: how it was found */
  | { superseded: string; by?: string; inferred?: boolean }
  /** present and not flagged superseded */
  | { notSuperseded: string }
  /** not among the results */
  | { absent: string }
  /** at least one result, and every result is from these domains */
  | { onlyDomains: string[] }
  /** present and pinned (a red line held first) */
  | { pinned: string }
  /** present and its `conflicts` name `with` (a correction aimed at a red line, either side) */
  | { conflicts: string; with: string };

export type CheckName = 'rank1' | 'top' | 'above' | 'superseded' | 'notSuperseded' | 'absent' | 'onlyDomains' | 'pinned' | 'conflicts';

export interface SuiteQuery {
  query: string;
  /** the query's clock; the suite's `now` by default */
  now?: string;
  /** results asked for (default 10) */
  limit?: number;
  domains?: string[];
  projects?: string[];
  since?: string;
  until?: string;
  /** the checks (may be left out when `relevant` is given) */
  expect?: Check[];
  /** the records a good answer returns, for the graded metrics; derived from the checks when absent */
  relevant?: string[];
  /** the metrics' group (default: the scenario's category, else its rule; "home" in a home suite) */
  category?: string;
}

export interface Scenario {
  id: string;
  rule: Rule;
  /** what the scenario tests, in a sentence: shown when it fails */
  note?: string;
  /** the metrics' group for its queries (default: the rule) */
  category?: string;
  records: SuiteRecord[];
  queries: SuiteQuery[];
}

export interface Suite {
  name: string;
  /** the clock of every query unless the query names its own (optional in a home suite: the real clock) */
  now: string;
  /** a JSONL noise file (the `optmem import` format), relative to the suite file */
  noise?: string;
  /** records suites: the scenarios (empty in a home suite) */
  scenarios: Scenario[];
  /** home suites: an existing memory home, relative to the suite file (`--home` wins) */
  home?: string;
  /** home suites: queries over that home; checks and `relevant` name record ids */
  queries?: SuiteQuery[];
}

/** Which shape a suite has: records (scenarios) or home (top-level queries). */
export function suiteMode(s: Pick<Suite, 'queries'>): 'records' | 'home' {
  return s.queries !== undefined ? 'home' : 'records';
}

/** A loaded suite: the noise resolved to its text. */
export interface LoadedSuite extends Suite {
  /** where the suite came from, for messages */
  file: string | null;
  noiseText: string;
  /** sha256 of the suite file and its noise, so a report can tell it was made on the same suite */
  sha256?: string;
}

export class SuiteError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`${source}: ${problems.length} problem(s) in the suite:\n${problems.slice(0, 30).join('\n')}${problems.length > 30 ? `\n… and ${problems.length - 30} more` : ''}`);
    this.name = 'SuiteError';
    this.problems = problems;
  }
}

type FieldKind = 'key' | 'keys2' | 'int' | 'strings' | 'bool';
/** Each check's fields: the first is its name. `?` marks an optional field. */
const CHECK_SPECS: Record<CheckName, Record<string, FieldKind>> = {
  rank1: { rank1: 'key' },
  top: { top: 'key', k: 'int' },
  above: { above: 'keys2' },
  superseded: { superseded: 'key', 'by?': 'key', 'inferred?': 'bool' },
  notSuperseded: { notSuperseded: 'key' },
  absent: { absent: 'key' },
  onlyDomains: { onlyDomains: 'strings' },
  pinned: { pinned: 'key' },
  conflicts: { conflicts: 'key', with: 'key' },
};

/** Which check an object is: the one of its keys that names a check. */
export function checkName(c: Check): CheckName {
  return (Object.keys(c) as string[]).find((k): k is CheckName => k in CHECK_SPECS)!;
}

/** The record keys a check names. */
export function checkKeys(c: Check): string[] {
  const n = checkName(c);
  const out: string[] = [];
  for (const [f, kind] of Object.entries(CHECK_SPECS[n])) {
    const v = (c as unknown as Record<string, unknown>)[f.replace('?', '')];
    if (v === undefined) continue;
    if (kind === 'key') out.push(v as string);
    if (kind === 'keys2') out.push(...(v as string[]));
  }
  return out;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const KEY = /^[A-Za-z0-9][\w.-]{0,40}$/;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isStrList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every(isStr);

// ---------------------------------------------------------------------------------------------
// The shape of a suite, as zod schemas: every object is strict, so an unknown key anywhere is
// reported with its path. What a schema cannot say (keys that must name records of the same
// scenario, one shape or the other) is checked after it, in validateSuite.

const got = (v: unknown) => JSON.stringify(v);
/** A strict object whose unknown keys are reported one by one ("KEY" is filled in per key). */
function strict<S extends z.ZodRawShape>(shape: S, forCheck?: string) {
  const known = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (iss) => {
      if (iss.code === 'unrecognized_keys') return `unknown field "KEY"${forCheck ? ` for check "${forCheck}"` : ''} (known: ${known})`;
      if (iss.code === 'invalid_type') return 'expected an object';
      return undefined;
    },
  });
}
const nonEmpty = (msg: string | ((v: unknown) => string)) => {
  const m = typeof msg === 'string' ? () => msg : msg;
  return z.string({ error: (iss) => m(iss.input) }).min(1, { error: (iss) => m(iss.input) });
};
const iso = (msg: (v: unknown) => string) => z.string({ error: (iss) => msg(iss.input) }).regex(ISO, { error: (iss) => msg(iss.input) });
const anyOf = (ok: (v: unknown) => boolean, msg: string) => z.unknown().refine(ok, { error: msg });

const TIER_NAMES = ['redline', 'evidence', 'normal', 'chatter'];
const RecordShape = strict({
  key: z
    .string({ error: (iss) => `required, a short word of letters, digits, _ . - (got ${got(iss.input)})` })
    .regex(KEY, { error: (iss) => `required, a short word of letters, digits, _ . - (got ${got(iss.input)})` }),
  time: iso((v) => `required, an ISO 8601 time (got ${got(v)})`),
  text: nonEmpty('required, a non-empty string'),
  domain: nonEmpty('must be a string').optional(),
  project: nonEmpty('must be a string').optional(),
  kind: nonEmpty('must be a string').optional(),
  tier: z
    .string({ error: 'must be a string' })
    .refine((t) => TIER_NAMES.includes(t), { error: (iss) => `${got(iss.input)} is not one of ${TIER_NAMES.join(', ')}` })
    .optional(),
  corrects: anyOf((v) => isStr(v) || isStrList(v), 'must be a key or a list of keys').optional(),
  tags: anyOf((v) => Array.isArray(v) && v.every(isStr), 'must be a list of strings').optional(),
});
const QueryShape = strict({
  query: z.string({ error: 'required, a string' }),
  now: iso((v) => `must be an ISO 8601 time (got ${got(v)})`).optional(),
  limit: anyOf((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1000, 'must be a whole number from 1 to 1000').optional(),
  domains: anyOf(isStrList, 'must be a non-empty list of strings').optional(),
  projects: anyOf(isStrList, 'must be a non-empty list of strings').optional(),
  since: iso((v) => `must be an ISO 8601 time (got ${got(v)})`).optional(),
  until: iso((v) => `must be an ISO 8601 time (got ${got(v)})`).optional(),
  expect: z.unknown().optional(),
  relevant: z.unknown().optional(),
  category: nonEmpty('must be a non-empty string').optional(),
});

const ScenarioShape = strict({
  id: nonEmpty('required, a string'),
  rule: z.unknown().refine((r) => (RULES as readonly unknown[]).includes(r), { error: (iss) => `${got(iss.input)} is not one of ${RULES.join(', ')}` }),
  note: z.string({ error: 'must be a string' }).optional(),
  category: nonEmpty('must be a non-empty string').optional(),
  records: z.unknown(),
  queries: z.unknown(),
});

const RootShape = strict({
  name: nonEmpty('required, a string'),
  now: z.unknown().optional(),
  noise: nonEmpty('must be a path (string) relative to the suite file').optional(),
  scenarios: z.unknown().optional(),
  home: nonEmpty('must be a path (string) to a memory home, relative to the suite file').optional(),
  queries: z.unknown().optional(),
});

const FIELD_SCHEMA: Record<FieldKind, z.ZodType> = {
  key: z.unknown(),
  keys2: z.unknown(),
  int: anyOf((v) => Number.isInteger(v) && (v as number) >= 1, 'must be a whole number ≥ 1'),
  strings: anyOf(isStrList, 'must be a non-empty list of strings'),
  bool: z.boolean({ error: 'must be true or false' }),
};
const CHECK_SCHEMAS = Object.fromEntries(
  (Object.entries(CHECK_SPECS) as [CheckName, Record<string, FieldKind>][]).map(([name, spec]) => {
    const shape: Record<string, z.ZodType> = {};
    for (const [f0, kind] of Object.entries(spec)) {
      // Every field is optional to the schema: a missing required one is reported by
      // validateCheck as "required for check …", with the check's name.
      shape[f0.replace('?', '')] = FIELD_SCHEMA[kind].optional();
    }
    return [name, strict(shape, name)];
  }),
) as unknown as Record<CheckName, z.ZodType>;

/** Run a shape schema; its problems as `path: message`, each unknown key on its own line. */
function shapeProblems(schema: z.ZodType, value: unknown, at: string): string[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  const out: string[] = [];
  for (const iss of r.error.issues) {
    const where = at + iss.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    const label = where.replace(/^\(root\)\./, '');
    if (iss.code === 'unrecognized_keys') for (const k of iss.keys) out.push(`${where}: ${iss.message.replace('"KEY"', `"${k}"`)}`);
    else out.push(`${label}: ${iss.message}`);
  }
  return out;
}

/**
 * Check a parsed suite field by field. Returns every problem, each with its path
 * (`scenarios[3].queries[0].expect[1]: unknown check "rnak1"`); empty when the suite is sound.
 */
export function validateSuite(raw: unknown): string[] {
  const p: string[] = [];
  if (!isObj(raw)) return ['(root): expected a JSON object'];
  p.push(...shapeProblems(RootShape, raw, '(root)'));
  if (raw.queries !== undefined) {
    // A home suite: queries over an existing memory home; records and noise belong to records suites.
    if (raw.now !== undefined && (!isStr(raw.now) || !ISO.test(raw.now))) p.push(`now: must be an ISO 8601 time (got ${JSON.stringify(raw.now)})`);
    if (raw.scenarios !== undefined) p.push('scenarios: a suite has either scenarios (records on fresh homes) or top-level queries (over a memory home), not both');
    if (raw.noise !== undefined) p.push('noise: only a suite with scenarios imports noise; a home suite uses the home\'s own records');
    if (!Array.isArray(raw.queries) || raw.queries.length === 0) return [...p, 'queries: must be a non-empty list'];
    raw.queries.forEach((q: unknown, qi: number) => p.push(...validateQuery(q, `queries[${qi}]`, null)));
    return p;
  }
  if (!isStr(raw.now) || !ISO.test(raw.now)) p.push(`now: required, an ISO 8601 time (got ${JSON.stringify(raw.now)})`);
  if (raw.home !== undefined) p.push('home: a suite with scenarios runs its records on fresh homes; to evaluate a memory home, give top-level "queries" instead of "scenarios"');
  if (!Array.isArray(raw.scenarios) || raw.scenarios.length === 0) {
    p.push('scenarios: required, a non-empty list (or top-level "queries" with a "home")');
    return p;
  }
  const ids = new Set<string>();
  raw.scenarios.forEach((s: unknown, si: number) => {
    const at = `scenarios[${si}]`;
    if (!isObj(s)) return void p.push(`${at}: expected an object`);
    p.push(...shapeProblems(ScenarioShape, s, at));
    if (isStr(s.id)) {
      if (ids.has(s.id)) p.push(`${at}.id: "${s.id}" is used by an earlier scenario`);
      else ids.add(s.id);
    }
    const keys = new Set<string>();
    if (!Array.isArray(s.records) || s.records.length === 0) p.push(`${at}.records: required, a non-empty list`);
    else {
      s.records.forEach((r: unknown, ri: number) => {
        const rat = `${at}.records[${ri}]`;
        if (!isObj(r)) return void p.push(`${rat}: expected an object`);
        p.push(...shapeProblems(RecordShape, r, rat));
        if (isStr(r.key) && KEY.test(r.key)) {
          if (keys.has(r.key)) p.push(`${rat}.key: "${r.key}" is used twice in this scenario`);
          else keys.add(r.key);
        }
      });
      // corrects refer to earlier-declared or later keys of the same scenario
      s.records.forEach((r: unknown, ri: number) => {
        if (!isObj(r) || r.corrects === undefined) return;
        const list = typeof r.corrects === 'string' ? [r.corrects] : Array.isArray(r.corrects) ? r.corrects : [];
        list.forEach((k: unknown) => {
          if (typeof k === 'string' && !keys.has(k)) p.push(`${at}.records[${ri}].corrects: no record "${k}" in this scenario`);
        });
      });
    }
    if (!Array.isArray(s.queries) || s.queries.length === 0) return void p.push(`${at}.queries: required, a non-empty list`);
    s.queries.forEach((q: unknown, qi: number) => p.push(...validateQuery(q, `${at}.queries[${qi}]`, keys)));
  });
  return p;
}

/** One query; `keys` is the scenario's record keys, or null in a home suite (ids are checked against the home when it is open). */
function validateQuery(q: unknown, qat: string, keys: Set<string> | null): string[] {
  if (!isObj(q)) return [`${qat}: expected an object`];
  const p = shapeProblems(QueryShape, q, qat);
  if (q.relevant !== undefined) {
    if (!Array.isArray(q.relevant) || q.relevant.length === 0) p.push(`${qat}.relevant: must be a non-empty list of ${keys ? 'record keys' : 'record ids'}`);
    else q.relevant.forEach((k: unknown, i: number) => {
      if (!isStr(k)) p.push(`${qat}.relevant[${i}]: must be a ${keys ? 'record key' : 'record id'}`);
      else if (keys && !keys.has(k)) p.push(`${qat}.relevant[${i}]: no record "${k}" in this scenario`);
    });
  }
  if (q.expect === undefined && q.relevant !== undefined) return p;
  if (!Array.isArray(q.expect) || (q.expect.length === 0 && q.relevant === undefined)) return [...p, `${qat}.expect: required, a non-empty list of checks (or give "relevant")`];
  q.expect.forEach((c: unknown, ci: number) => p.push(...validateCheck(c, `${qat}.expect[${ci}]`, keys)));
  return p;
}

function validateCheck(c: unknown, at: string, keys: Set<string> | null): string[] {
  if (!isObj(c)) return [`${at}: expected a check object such as {"rank1": "key"}`];
  const names = Object.keys(c).filter((k) => k in CHECK_SPECS);
  if (names.length === 0) {
    const first = Object.keys(c)[0];
    return [`${at}: unknown check ${first === undefined ? '(empty object)' : JSON.stringify(first)} (known: ${Object.keys(CHECK_SPECS).join(', ')})`];
  }
  if (names.length > 1) return [`${at}: one check per object (found ${names.join(', ')})`];
  const name = names[0] as CheckName;
  const out = shapeProblems(CHECK_SCHEMAS[name], c, at);
  const keyOk = (v: unknown, f: string) => {
    if (!isStr(v)) out.push(`${at}.${f}: must be a record ${keys ? 'key' : 'id'}`);
    else if (keys && !keys.has(v)) out.push(`${at}.${f}: no record "${v}" in this scenario`);
  };
  for (const [f0, kind] of Object.entries(CHECK_SPECS[name])) {
    const f = f0.replace('?', '');
    const v = c[f];
    if (v === undefined) {
      if (!f0.endsWith('?')) out.push(`${at}.${f}: required for check "${name}"`);
      continue;
    }
    if (kind === 'key') keyOk(v, f);
    else if (kind === 'keys2') {
      if (!Array.isArray(v) || v.length !== 2) out.push(`${at}.${f}: must be [keyA, keyB]`);
      else v.forEach((x, i) => keyOk(x, `${f}[${i}]`));
    }
  }
  return out;
}

/** Parse and validate a suite from JSON text; throws SuiteError listing every problem. */
export function parseSuite(text: string, source = 'suite'): Suite {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SuiteError(source, [`not valid JSON (${(e as Error).message})`]);
  }
  const problems = validateSuite(raw);
  if (problems.length) throw new SuiteError(source, problems);
  const suite = raw as Suite;
  // A home suite has no scenarios and may have no clock ('' here: the runner uses the real one).
  return { ...suite, scenarios: suite.scenarios ?? [], now: suite.now ?? '' };
}

/** Read a suite file and its noise file (relative to the suite). */
export function loadSuite(file: string): LoadedSuite {
  if (/\.ya?ml$/i.test(file)) {
    throw new SuiteError(file, ['YAML suites are not supported (optmem adds no YAML parser): write the suite as JSON, see docs/EVAL.md']);
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new SuiteError(file, [`cannot read the suite: ${(e as Error).message}`]);
  }
  const suite = parseSuite(text, file);
  let noiseText = '';
  if (suite.noise) {
    const nf = path.resolve(path.dirname(file), suite.noise);
    if (!fs.existsSync(nf)) throw new SuiteError(file, [`noise: no file ${suite.noise} next to the suite`]);
    noiseText = fs.readFileSync(nf, 'utf8');
  }
  const sha256 = crypto.createHash('sha256').update(text).update('\0').update(noiseText).digest('hex');
  return { ...suite, file, noiseText, sha256 };
}
