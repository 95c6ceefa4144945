/** Query-string and body values, checked with one-line errors that name the parameter. */
import { OptmemError } from '../../core/errors.js';
import { parseTime } from '../../core/time.js';
import type { Ctx } from './types.js';

const bad = (name: string, message: string) => new OptmemError('USAGE', `${name}: ${message}`, { field: name });

/** Every value of a repeated or comma-separated parameter (?project=a&project=b, ?project=a,b). */
export function listParam(c: Ctx, name: string): string[] | undefined {
  const all = (c.req.queries(name) ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  return all.length ? all : undefined;
}

export function intParam(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw bad(name, `"${v}" must be a whole number from ${min} to ${max}`);
  return Number(v);
}

export function timeParam(v: string | undefined, name: string): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (!parseTime(v)) throw bad(name, `"${v}" is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:00:00+08:00)`);
  return v;
}

export function boolParam(v: string | undefined, name: string, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (['1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  throw bad(name, `"${v}" must be true or false`);
}

/** The JSON body as an object, or a 400 that says what is wrong with it. */
export async function jsonBody(c: Ctx): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (e) {
    throw new OptmemError('USAGE', `the body is not valid JSON (${(e as Error).message})`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OptmemError('USAGE', 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

export function strField(o: Record<string, unknown>, name: string): string | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(name, 'must be a string');
  return v;
}

export function listField(o: Record<string, unknown>, name: string): string[] | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw bad(name, 'must be a list of strings');
  return v as string[];
}

export function intField(o: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bad(name, `must be a whole number from ${min} to ${max}`);
  return v;
}

export function boolField(o: Record<string, unknown>, name: string): boolean | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw bad(name, 'must be true or false');
  return v;
}

/** Refuse fields a route does not know, naming the first. */
export function onlyFields(o: Record<string, unknown>, known: readonly string[]): void {
  const extra = Object.keys(o).find((k) => !known.includes(k));
  if (extra !== undefined) throw bad(extra, `unknown field (known: ${known.join(', ')})`);
}
