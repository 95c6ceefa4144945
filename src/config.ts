import fs from 'node:fs';
import { OptmemError } from './core/errors.js';
import { DEFAULT_DOMAINS } from './core/markers.js';

/** The memory home's config.json. Every field is optional; defaults are below. */
export interface HomeConfig {
  /** domains recognized from a leading [name] prefix (default hermes, code, openclaw) */
  domains: string[];
}

export const DEFAULT_CONFIG: HomeConfig = { domains: [...DEFAULT_DOMAINS] };

export function readConfig(file: string): HomeConfig {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_CONFIG };
    throw new OptmemError('IO', `cannot read ${file}: ${(e as Error).message}`, { cause: e, file });
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new OptmemError('INVALID_INPUT', `${file}: not valid JSON (${(e as Error).message})`, { cause: e, file });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new OptmemError('INVALID_INPUT', `${file}: must be a JSON object`, { file });
  }
  const cfg: HomeConfig = { ...DEFAULT_CONFIG };
  const d = (data as Record<string, unknown>).domains;
  if (d !== undefined) {
    if (!Array.isArray(d) || !d.every((x) => typeof x === 'string' && /^[A-Za-z][\w-]{0,31}$/.test(x))) {
      throw new OptmemError('INVALID_INPUT', `${file}: "domains" must be a list of words like "code"`, { file, field: 'domains' });
    }
    cfg.domains = d.map((x: string) => x.toLowerCase());
  }
  return cfg;
}
