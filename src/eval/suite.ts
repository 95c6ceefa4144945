/**
 * The ranking evaluation suite format: scenarios of records written the way users write them, and
 * queries with checks on what the ranking must do. JSON on disk; records refer to each other by
 * `key`, and the runner maps keys to the ids it gives them.
 *
 * Extending: a new check is one entry in CHECK_SPECS (its fields and their validation) plus its
 * evaluator in run-suite.ts. Graded metrics (hit@1, MRR, nDCG) belong beside the checks: a query
 * can later carry `relevant: key[]` / `grades`, and the report already keeps every query's full
 * ranking (ids and keys) for them. A suite may later name an existing memory home (`home`) instead
 * of records; the validator reserves the field and says so.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The rules the issue names; a scenario belongs to exactly one. */
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
  expect: Check[];
}

export interface Scenario {
  id: string;
  rule: Rule;
  /** what the scenario tests, in a sentence: shown when it fails */
  note?: string;
  records: SuiteRecord[];
  queries: SuiteQuery[];
}

export interface Suite {
  name: string;
  /** the clock of every query unless the query names its own */
  now: string;
  /** a JSONL noise file (the `optmem import` format), relative to the suite file */
  noise?: string;
  scenarios: Scenario[];
}

/** A loaded suite: the noise resolved to its text. */
export interface LoadedSuite extends Suite {
  /** where the suite came from, for messages */
  file: string | null;
  noiseText: string;
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

/**
 * Check a parsed suite field by field. Returns every problem, each with its path
 * (`scenarios[3].queries[0].expect[1]: unknown check "rnak1"`); empty when the suite is sound.
 */
export function validateSuite(raw: unknown): string[] {
  const p: string[] = [];
  if (!isObj(raw)) return ['(root): expected a JSON object'];
  const known = (obj: Record<string, unknown>, at: string, fields: string[]) => {
    for (const k of Object.keys(obj)) if (!fields.includes(k)) p.push(`${at}: unknown field "${k}" (known: ${fields.join(', ')})`);
  };
  known(raw, '(root)', ['name', 'now', 'noise', 'scenarios', 'home']);
  if (!isStr(raw.name)) p.push('name: required, a string');
  if (!isStr(raw.now) || !ISO.test(raw.now)) p.push(`now: required, an ISO 8601 time (got ${JSON.stringify(raw.now)})`);
  if (raw.noise !== undefined && !isStr(raw.noise)) p.push('noise: must be a path (string) relative to the suite file');
  if (raw.home !== undefined) p.push('home: evaluating against an existing memory home is not supported yet; give records instead');
  if (!Array.isArray(raw.scenarios) || raw.scenarios.length === 0) {
    p.push('scenarios: required, a non-empty list');
    return p;
  }
  const ids = new Set<string>();
  raw.scenarios.forEach((s: unknown, si: number) => {
    const at = `scenarios[${si}]`;
    if (!isObj(s)) return void p.push(`${at}: expected an object`);
    known(s, at, ['id', 'rule', 'note', 'records', 'queries']);
    if (!isStr(s.id)) p.push(`${at}.id: required, a string`);
    else if (ids.has(s.id)) p.push(`${at}.id: "${s.id}" is used by an earlier scenario`);
    else ids.add(s.id);
    if (!RULES.includes(s.rule as Rule)) p.push(`${at}.rule: ${JSON.stringify(s.rule)} is not one of ${RULES.join(', ')}`);
    if (s.note !== undefined && typeof s.note !== 'string') p.push(`${at}.note: must be a string`);
    const keys = new Set<string>();
    if (!Array.isArray(s.records) || s.records.length === 0) p.push(`${at}.records: required, a non-empty list`);
    else {
      s.records.forEach((r: unknown, ri: number) => {
        const rat = `${at}.records[${ri}]`;
        if (!isObj(r)) return void p.push(`${rat}: expected an object`);
        known(r, rat, ['key', 'time', 'text', 'domain', 'project', 'kind', 'tier', 'corrects', 'tags']);
        if (!isStr(r.key) || !KEY.test(r.key)) p.push(`${rat}.key: required, a short word of letters, digits, _ . - (got ${JSON.stringify(r.key)})`);
        else if (keys.has(r.key)) p.push(`${rat}.key: "${r.key}" is used twice in this scenario`);
        else keys.add(r.key);
        if (!isStr(r.time) || !ISO.test(r.time)) p.push(`${rat}.time: required, an ISO 8601 time (got ${JSON.stringify(r.time)})`);
        if (!isStr(r.text)) p.push(`${rat}.text: required, a non-empty string`);
        for (const f of ['domain', 'project', 'kind', 'tier'] as const) {
          if (r[f] !== undefined && !isStr(r[f])) p.push(`${rat}.${f}: must be a string`);
        }
        if (r.tier !== undefined && !['redline', 'evidence', 'normal', 'chatter'].includes(r.tier as string)) {
          p.push(`${rat}.tier: ${JSON.stringify(r.tier)} is not one of redline, evidence, normal, chatter`);
        }
        if (r.tags !== undefined && !(Array.isArray(r.tags) && r.tags.every(isStr))) p.push(`${rat}.tags: must be a list of strings`);
        if (r.corrects !== undefined && !isStr(r.corrects) && !isStrList(r.corrects)) p.push(`${rat}.corrects: must be a key or a list of keys`);
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
    s.queries.forEach((q: unknown, qi: number) => {
      const qat = `${at}.queries[${qi}]`;
      if (!isObj(q)) return void p.push(`${qat}: expected an object`);
      known(q, qat, ['query', 'now', 'limit', 'domains', 'projects', 'since', 'until', 'expect']);
      if (typeof q.query !== 'string') p.push(`${qat}.query: required, a string`);
      for (const f of ['now', 'since', 'until'] as const) {
        if (q[f] !== undefined && (!isStr(q[f]) || !ISO.test(q[f] as string))) p.push(`${qat}.${f}: must be an ISO 8601 time (got ${JSON.stringify(q[f])})`);
      }
      if (q.limit !== undefined && !(Number.isInteger(q.limit) && (q.limit as number) >= 1 && (q.limit as number) <= 1000)) p.push(`${qat}.limit: must be a whole number from 1 to 1000`);
      for (const f of ['domains', 'projects'] as const) if (q[f] !== undefined && !isStrList(q[f])) p.push(`${qat}.${f}: must be a non-empty list of strings`);
      if (!Array.isArray(q.expect) || q.expect.length === 0) return void p.push(`${qat}.expect: required, a non-empty list of checks`);
      q.expect.forEach((c: unknown, ci: number) => p.push(...validateCheck(c, `${qat}.expect[${ci}]`, keys)));
    });
  });
  return p;
}

function validateCheck(c: unknown, at: string, keys: Set<string>): string[] {
  if (!isObj(c)) return [`${at}: expected a check object such as {"rank1": "key"}`];
  const names = Object.keys(c).filter((k) => k in CHECK_SPECS);
  if (names.length === 0) {
    const first = Object.keys(c)[0];
    return [`${at}: unknown check ${first === undefined ? '(empty object)' : JSON.stringify(first)} (known: ${Object.keys(CHECK_SPECS).join(', ')})`];
  }
  if (names.length > 1) return [`${at}: one check per object (found ${names.join(', ')})`];
  const name = names[0] as CheckName;
  const spec = CHECK_SPECS[name];
  const fields = Object.keys(spec).map((f) => f.replace('?', ''));
  const out: string[] = [];
  for (const k of Object.keys(c)) if (!fields.includes(k)) out.push(`${at}: unknown field "${k}" for check "${name}" (known: ${fields.join(', ')})`);
  const keyOk = (v: unknown, f: string) => {
    if (!isStr(v)) out.push(`${at}.${f}: must be a record key`);
    else if (!keys.has(v)) out.push(`${at}.${f}: no record "${v}" in this scenario`);
  };
  for (const [f0, kind] of Object.entries(spec)) {
    const optional = f0.endsWith('?');
    const f = f0.replace('?', '');
    const v = c[f];
    if (v === undefined) {
      if (!optional) out.push(`${at}.${f}: required for check "${name}"`);
      continue;
    }
    if (kind === 'key') keyOk(v, f);
    else if (kind === 'keys2') {
      if (!Array.isArray(v) || v.length !== 2) out.push(`${at}.${f}: must be [keyA, keyB]`);
      else v.forEach((x, i) => keyOk(x, `${f}[${i}]`));
    } else if (kind === 'int') {
      if (!Number.isInteger(v) || (v as number) < 1) out.push(`${at}.${f}: must be a whole number ≥ 1`);
    } else if (kind === 'strings') {
      if (!isStrList(v)) out.push(`${at}.${f}: must be a non-empty list of strings`);
    } else if (kind === 'bool' && typeof v !== 'boolean') out.push(`${at}.${f}: must be true or false`);
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
  return raw as Suite;
}

/** Read a suite file and its noise file (relative to the suite). */
export function loadSuite(file: string): LoadedSuite {
  const suite = parseSuite(fs.readFileSync(file, 'utf8'), file);
  let noiseText = '';
  if (suite.noise) {
    const nf = path.resolve(path.dirname(file), suite.noise);
    if (!fs.existsSync(nf)) throw new SuiteError(file, [`noise: no file ${suite.noise} next to the suite`]);
    noiseText = fs.readFileSync(nf, 'utf8');
  }
  return { ...suite, file, noiseText };
}
