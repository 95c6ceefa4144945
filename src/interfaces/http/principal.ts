/**
 * Who is asking: a bearer token or an inspector session. Everything the server decides about a
 * request (scope, projects, domains, the writer stamped on records) is decided from this alone.
 */
import type { Origin } from '../../core/provenance.js';
import type { Scope, TokenInfo } from './tokens.js';

export interface Principal {
  /** the token's id, or `session:<id>` for an inspector login (owner) */
  id: string;
  name: string | null;
  scope: Scope;
  /** empty: every project */
  projects: string[];
  /** empty: every domain */
  domains: string[];
  via: 'token' | 'cookie';
}

export function principalOf(t: TokenInfo): Principal {
  return { id: t.id, name: t.name, scope: t.scope, projects: t.projects, domains: t.domains, via: 'token' };
}

/** The origin a write of this principal is stamped with (docs/SERVER.md, "Scopes"). */
export function originOf(p: Principal): Origin {
  return p.scope === 'owner' ? 'owner' : p.scope === 'ingest' ? 'ingest' : 'agent';
}

/**
 * The writer line of a record written through the server: the token's id and name, as one word
 * (a record's writer and agent are words: `tok_65c9…:laptop-hermes`).
 */
export function writerOf(p: Principal): string {
  const name = (p.name ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40);
  return name ? `${p.id}:${name}` : p.id;
}

export const limited = (p: Principal): boolean => p.projects.length > 0 || p.domains.length > 0;
