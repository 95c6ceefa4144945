/**
 * Provenance: who wrote a record (docs/DESIGN.md, "Provenance"). Every write is stamped by the
 * library from the way it came in, never from what the writer claims:
 *
 *   owner     the user: the local CLI, a hand-written record, the server's owner tokens
 *   agent     an agent: the stdio MCP server, host hooks (their handoffs and diary entries too),
 *             the server's read/write tokens
 *   ingest    transcripts read by `optmem ingest`, the server's ingest tokens
 *   imported  lines of `optmem import` that carry no origin of their own
 *
 * A record without an origin line is the owner's: written by hand, or before provenance existed.
 */
export const ORIGINS = ['owner', 'agent', 'ingest', 'imported'] as const;
export type Origin = (typeof ORIGINS)[number];

export interface Provenance {
  origin: Origin;
  /** who exactly, when known: a server token's id and name; absent for the local owner */
  writer?: string;
}

export const OWNER: Provenance = Object.freeze({ origin: 'owner' });
export const AGENT: Provenance = Object.freeze({ origin: 'agent' });
export const INGEST: Provenance = Object.freeze({ origin: 'ingest' });

export function isOrigin(v: unknown): v is Origin {
  return typeof v === 'string' && (ORIGINS as readonly string[]).includes(v);
}

/** A record's origin: absent means the owner. */
export function originOf(r: { origin?: Origin }): Origin {
  return r.origin ?? 'owner';
}

/** Origins whose records reach session-start packs and core memory by default. */
export const PACK_ORIGINS: readonly Origin[] = ['owner', 'agent'];

/** The hold an ingested red line always carries: ingest never creates a red line on its own (DECISIONS). */
export const INGEST_REDLINE_RULE = 'ingest-redline';

/**
 * A record's holds as the index keeps them: the ones stamped at write time, and `ingest-redline` for
 * a red line that came in through ingest however its tier came about — a marker a later version reads
 * (`Red line:` became one in derivation version 15) or a hand edit of the tier line.
 */
export function holdsOf(r: { origin?: Origin; tier: string; quarantine?: string[] }): string[] {
  const own = r.quarantine ?? [];
  return r.origin === 'ingest' && r.tier === 'redline' && !own.includes(INGEST_REDLINE_RULE) ? [...own, INGEST_REDLINE_RULE] : own;
}
