/**
 * Changed settings for an evaluation: `--config JSON|FILE` (an object merged into the home's
 * config.json) and `--set PATH=VALUE` (one field). The result is validated exactly as a home's
 * config.json is, and only ever written into the evaluation's copies: trying a change before
 * keeping it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../config.js';
import { OptmemError } from '../core/errors.js';
import { DEFAULT_DOMAINS } from '../core/markers.js';
import { layoutOf } from '../store/layout.js';

export type JsonObject = Record<string, unknown>;

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a fresh home's config.json holds (see initHome). */
export const FRESH_CONFIG: JsonObject = { domains: [...DEFAULT_DOMAINS] };

/** Objects merge field by field; anything else (lists included) replaces. */
export function deepMerge(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObj(v) && isObj(out[k]) ? deepMerge(out[k] as JsonObject, v) : v;
  return out;
}

/** `--config`: inline JSON when it starts with `{`, else a JSON file's path (relative to cwd). */
export function parseConfigOption(value: string, cwd: string): JsonObject {
  let text = value;
  let source = '--config';
  if (!value.trim().startsWith('{')) {
    const file = path.resolve(cwd, value);
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new OptmemError('USAGE', `--config: "${value}" is neither a JSON object nor a readable file (${(e as Error).message})`, { field: 'config' });
    }
    source = `--config ${value}`;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new OptmemError('USAGE', `${source}: not valid JSON (${(e as Error).message})`, { field: 'config' });
  }
  if (!isObj(data)) throw new OptmemError('USAGE', `${source}: must be a JSON object such as {"ranking": {"disabledStages": ["supersede"]}}`, { field: 'config' });
  return data;
}

/**
 * `--set ranking.disabledStages=supersede`: VALUE is JSON when it parses as JSON (numbers, true,
 * lists, objects), else a string; a field that is a list in the defaults takes a comma list
 * (`=supersede,decay`; `=` alone empties it).
 */
export function parseSetOption(assignment: string, listFields: (p: string) => boolean): JsonObject {
  const eq = assignment.indexOf('=');
  const key = eq < 0 ? '' : assignment.slice(0, eq).trim();
  if (!/^[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*$/.test(key)) {
    throw new OptmemError('USAGE', `--set: "${assignment}" must look like PATH=VALUE, e.g. ranking.disabledStages=supersede`, { field: 'set' });
  }
  const raw = assignment.slice(eq + 1);
  let value: unknown;
  if (listFields(key) && !raw.trim().startsWith('[')) value = raw.split(',').map((s) => s.trim()).filter(Boolean);
  else {
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
  }
  const out: JsonObject = {};
  let at = out;
  const parts = key.split('.');
  parts.forEach((part, i) => {
    if (i === parts.length - 1) at[part] = value;
    else at = at[part] = {} as JsonObject;
  });
  return out;
}

/** The list-valued config fields, by dotted path. */
export function isListField(p: string): boolean {
  return ['domains', 'kinds', 'ranking.disabledStages'].includes(p);
}

/** The overrides of --config (first) and every --set (in order), merged; null when there are none. */
export function collectOverride(config: string | undefined, sets: string[], cwd: string): JsonObject | null {
  if (config === undefined && sets.length === 0) return null;
  let o: JsonObject = config === undefined ? {} : parseConfigOption(config, cwd);
  for (const s of sets) o = deepMerge(o, parseSetOption(s, isListField));
  return o;
}

/** Check a whole config as a home would read it; a bad field is a usage error naming it. */
export function validateConfig(cfg: JsonObject, what: string): void {
  try {
    parseConfig(cfg, 'config');
  } catch (e) {
    if (!(e instanceof OptmemError)) throw e;
    const msg = e.message.replace(/^\[optmem\] /, '').replace(/^config: /, '');
    throw new OptmemError('USAGE', `${what}: ${msg}`, { field: e.field, hint: 'see docs/EVAL.md (changed settings) and docs/CONFIG.md' });
  }
}

/** A home's config.json as JSON (the fresh defaults when it has none). */
export function readRawConfig(home: string): JsonObject {
  const f = layoutOf(home).configFile;
  if (!fs.existsSync(f)) return structuredClone(FRESH_CONFIG);
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(f, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new OptmemError('INVALID_INPUT', `${f}: not valid JSON (${(e as Error).message})`, { file: f });
  }
  if (!isObj(data)) throw new OptmemError('INVALID_INPUT', `${f}: must be a JSON object`, { file: f });
  return data;
}
