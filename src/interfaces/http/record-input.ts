/**
 * A JSON body in the import line shape (`optmem export` prints one per line) as the input of a
 * write. Provenance fields (origin, writer, quarantine) are the server's to stamp: they are
 * dropped from the payload, never trusted.
 */
import { OptmemError } from '../../core/errors.js';
import type { RecordInput, RecordSource } from '../../core/record.js';

const FIELDS = new Set(['id', 'time', 'text', 'domain', 'project', 'kind', 'tier', 'corrects', 'tags', 'source']);
const STAMPED = new Set(['origin', 'writer', 'quarantine']);

const bad = (field: string, message: string) => new OptmemError('USAGE', `${field}: ${message}`, { field });

export function recordInputOf(body: unknown): RecordInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OptmemError('USAGE', 'the body must be a JSON object: one record in the import line shape');
  const o = body as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !FIELDS.has(k) && !STAMPED.has(k));
  if (unknown.length) throw bad(unknown[0]!, `unknown field (known: ${[...FIELDS].join(', ')})`);
  for (const k of ['id', 'time', 'text', 'domain', 'project', 'kind', 'tier'] as const) {
    if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'string') throw bad(k, 'must be a string');
  }
  if (typeof o.text !== 'string') throw bad('text', 'is required');
  const list = (k: 'tags' | 'corrects'): string[] | undefined => {
    const v = o[k];
    if (v === undefined || v === null) return undefined;
    if (k === 'corrects' && typeof v === 'string') return [v];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw bad(k, 'must be a list of strings');
    return v as string[];
  };
  const s = o.source;
  let source: RecordSource | undefined;
  if (typeof s === 'string') source = { agent: s };
  else if (s !== undefined && s !== null) {
    if (typeof s !== 'object' || Array.isArray(s)) throw bad('source', 'must be an agent name or {agent, session, ref}');
    const so = s as Record<string, unknown>;
    for (const k of Object.keys(so)) if (!['agent', 'session', 'ref'].includes(k)) throw bad(`source.${k}`, 'unknown field (known: agent, session, ref)');
    for (const k of ['agent', 'session', 'ref'] as const) if (so[k] !== undefined && so[k] !== null && typeof so[k] !== 'string') throw bad(`source.${k}`, 'must be a string');
    source = { agent: (so.agent as string | undefined) ?? undefined, session: (so.session as string | undefined) ?? undefined, ref: (so.ref as string | undefined) ?? undefined };
  }
  return {
    text: o.text,
    id: (o.id as string | null | undefined) ?? undefined,
    time: (o.time as string | null | undefined) ?? undefined,
    domain: o.domain as string | null | undefined,
    project: o.project as string | null | undefined,
    kind: (o.kind as string | null | undefined) ?? undefined,
    tier: (o.tier as string | null | undefined) ?? undefined,
    corrects: list('corrects'),
    tags: list('tags'),
    ...(source ? { source } : {}),
  };
}
