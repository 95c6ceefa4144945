/**
 * Access tokens of the HTTP server, kept in `server/tokens.json` under the home. A token is a
 * 256-bit random secret shown once at creation; the file keeps only its SHA-256, so a copy of the
 * home does not leak working tokens. Tokens are never records: not in the log, the index or an export.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { writeFileAtomic } from '../../store/durable-file.js';

/** read < write < owner; ingest writes ingest records only and reads nothing. */
export const SCOPES = ['read', 'write', 'ingest', 'owner'] as const;
export type Scope = (typeof SCOPES)[number];

export interface TokenInfo {
  /** public id, e.g. tok_3k9x…: shown in lists, the audit log and the writer field */
  id: string;
  name: string | null;
  scope: Scope;
  /** the projects it may read and write; empty: every project */
  projects: string[];
  /** the domains it may read and write; empty: every domain */
  domains: string[];
  created: string;
  revoked: string | null;
}

interface StoredToken extends TokenInfo {
  /** hex SHA-256 of the whole token string */
  hash: string;
}

interface TokenFile {
  format: 'optmem-tokens';
  version: 1;
  tokens: StoredToken[];
}

const PREFIX = 'optm_';
const WORD = /^[\p{L}\p{N}_.\-/:@+#]{1,100}$/u;

export const sha256 = (s: string): string => crypto.createHash('sha256').update(s, 'utf8').digest('hex');

/** A new random secret in the token format, with its public id. */
export function newSecret(): { id: string; token: string } {
  const id = `tok_${crypto.randomBytes(6).toString('hex')}`;
  return { id, token: `${PREFIX}${crypto.randomBytes(32).toString('base64url')}` };
}

/** Equal in time that does not depend on where two hex digests differ. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

function checkWords(list: string[] | undefined, what: string): string[] {
  const out = [...new Set((list ?? []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))];
  for (const w of out) if (!WORD.test(w)) throw new OptmemError('USAGE', `--${what}: "${w}" is not one word (letters, digits, _ . - / : @ + #)`, { field: what });
  return out;
}

export interface CreateTokenInput {
  scope: string;
  projects?: string[];
  domains?: string[];
  name?: string;
}

export class TokenStore {
  private cache: { mtimeMs: number; size: number; tokens: StoredToken[] } | null = null;

  constructor(readonly file: string) {}

  private read(): StoredToken[] {
    let st: fs.Stats;
    try {
      st = fs.statSync(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new OptmemError('IO', `cannot read ${this.file}: ${(e as Error).message}`, { file: this.file, cause: e });
    }
    // Re-read when the file changed: `optmem token revoke` in another process takes effect at once.
    if (this.cache && this.cache.mtimeMs === st.mtimeMs && this.cache.size === st.size) return this.cache.tokens;
    let data: TokenFile;
    try {
      data = JSON.parse(fs.readFileSync(this.file, 'utf8')) as TokenFile;
    } catch (e) {
      throw new OptmemError('INVALID_INPUT', `${this.file}: not a token file (${(e as Error).message})`, { file: this.file, hint: 'restore it from a backup, or move it away and create new tokens' });
    }
    if (data?.format !== 'optmem-tokens' || !Array.isArray(data.tokens)) {
      throw new OptmemError('INVALID_INPUT', `${this.file}: not a token file (no "format": "optmem-tokens")`, { file: this.file });
    }
    this.cache = { mtimeMs: st.mtimeMs, size: st.size, tokens: data.tokens };
    return data.tokens;
  }

  private write(tokens: StoredToken[]): void {
    const data: TokenFile = { format: 'optmem-tokens', version: 1, tokens };
    writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n');
    try {
      fs.chmodSync(this.file, 0o600);
    } catch {
      // a filesystem without modes: the hashes alone are not usable as tokens
    }
    this.cache = null;
  }

  /** Create a token; the secret is returned once and never stored. */
  create(input: CreateTokenInput, nowIso = new Date().toISOString()): { token: string; info: TokenInfo } {
    if (!(SCOPES as readonly string[]).includes(input.scope)) {
      throw new OptmemError('USAGE', `--scope: "${input.scope}" is not a scope (one of ${SCOPES.join(', ')})`, { field: 'scope' });
    }
    const name = input.name?.trim() || null;
    if (name !== null && (name.length > 100 || /[\u0000-\u001f\u007f]/.test(name))) throw new OptmemError('USAGE', '--name: at most 100 characters, no control characters', { field: 'name' });
    const { id, token } = newSecret();
    const info: TokenInfo = {
      id,
      name,
      scope: input.scope as Scope,
      projects: checkWords(input.projects, 'project'),
      domains: checkWords(input.domains, 'domain').map((d) => d.toLowerCase()),
      created: nowIso,
      revoked: null,
    };
    this.write([...this.read(), { ...info, hash: sha256(token) }]);
    return { token, info };
  }

  list(): TokenInfo[] {
    return this.read().map(({ hash: _hash, ...info }) => info);
  }

  /** Revoke by id; false when it was already revoked. */
  revoke(id: string, nowIso = new Date().toISOString()): boolean {
    const tokens = this.read();
    const t = tokens.find((x) => x.id === id);
    if (!t) throw new OptmemError('NOT_FOUND', `no token ${id}`, { field: 'id', hint: '`optmem token list` shows the ids' });
    if (t.revoked) return false;
    this.write(tokens.map((x) => (x.id === id ? { ...x, revoked: nowIso } : x)));
    return true;
  }

  hasOwner(): boolean {
    return this.read().some((t) => t.scope === 'owner' && !t.revoked);
  }

  /**
   * The live token a presented string is, or null (unknown, malformed or revoked). Every stored
   * digest is compared, each in constant time, so the answer's timing says nothing about which.
   */
  verify(presented: string): TokenInfo | null {
    if (!presented.startsWith(PREFIX) || presented.length > 200) return null;
    const digest = sha256(presented);
    let found: StoredToken | null = null;
    for (const t of this.read()) if (sameDigest(digest, t.hash) && !found) found = t;
    if (!found || found.revoked) return null;
    const { hash: _hash, ...info } = found;
    return info;
  }
}
