import { OptmemError } from './errors.js';
import { detectMarkers } from './markers.js';
import { newId, isValidId } from './ids.js';
import { formatIso, parseTime } from './time.js';

/** Trust tiers, highest first. See docs/RANKING.md for how they weigh. */
export const TIERS = ['redline', 'evidence', 'normal', 'chatter'] as const;
export type Tier = (typeof TIERS)[number];

/** Kinds are open-ended words; these are the ones optmem itself writes or recognizes. */
export const KNOWN_KINDS = ['note', 'correction', 'redline', 'handoff', 'diary', 'summary', 'decision', 'lesson', 'event'] as const;
export type Kind = string;

export interface RecordSource {
  /** the agent that wrote it (hermes, openclaw, claude-code, ...) */
  agent?: string;
  /** the agent's session id */
  session?: string;
  /** where it came from: a transcript path and turn, a URL */
  ref?: string;
}

/** One memory record: the unit of the log. Every field round-trips through the Markdown format. */
export interface MemoryRecord {
  id: string;
  /** ISO 8601 with UTC offset, exactly as written */
  time: string;
  domain: string | null;
  project: string | null;
  kind: Kind;
  tier: Tier;
  /** ids this record corrects (supersedes); empty when none are named */
  corrects: string[];
  source: RecordSource;
  tags: string[];
  text: string;
}

/** What a caller gives to create a record; everything but the text is optional. */
export interface RecordInput {
  id?: string;
  time?: string;
  text: string;
  domain?: string | null;
  project?: string | null;
  kind?: string;
  tier?: string;
  corrects?: string | string[];
  source?: RecordSource | string;
  tags?: string[];
}

export interface RecordContext {
  /** epoch ms used when `time` is absent */
  nowMs: number;
  /** domains recognized from a leading `[name]` prefix */
  knownDomains: readonly string[];
}

const WORD = /^[\p{L}\p{N}][\p{L}\p{N}_.\-/:@+#]*$/u;

/** Line endings folded to \n, blank lines at either end and trailing white space removed. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
}

function checkWord(value: string, field: string): string {
  const v = value.trim();
  if (!WORD.test(v) || v.length > 100) {
    throw new OptmemError(
      'INVALID_RECORD',
      `${field}: "${value}" must be one word of letters, digits or _ . - / : @ + # (at most 100 characters)`,
      { field },
    );
  }
  return v;
}

function checkFreeText(value: string, field: string): string {
  const v = value.trim();
  if (v === '' || /[\n\r]/.test(v) || v.length > 500) {
    throw new OptmemError('INVALID_RECORD', `${field}: must be one non-empty line of at most 500 characters`, { field });
  }
  return v;
}

export function isTier(v: string): v is Tier {
  return (TIERS as readonly string[]).includes(v);
}

/**
 * Build a complete, normalized record from input: the only way records come to exist, so every
 * record in the system satisfies parse(serialize(r)) == r.
 */
export function createRecord(input: RecordInput, ctx: RecordContext): MemoryRecord {
  if (typeof input.text !== 'string') throw new OptmemError('INVALID_RECORD', 'text: must be a string', { field: 'text' });
  const text = normalizeText(input.text);
  if (text === '') throw new OptmemError('INVALID_RECORD', 'text: must not be empty', { field: 'text' });

  let time: string;
  if (input.time === undefined || input.time === null) {
    time = formatIso(ctx.nowMs);
  } else {
    const t = typeof input.time === 'string' ? parseTime(input.time) : null;
    if (!t) {
      throw new OptmemError('INVALID_RECORD', `time: "${String(input.time)}" is not an ISO 8601 time`, { field: 'time' });
    }
    time = t.iso;
  }

  const id = input.id === undefined || input.id === null ? newId(ctx.nowMs) : String(input.id);
  if (!isValidId(id)) {
    throw new OptmemError('INVALID_RECORD', `id: "${id}" must be 1-64 characters of letters, digits, _ . : -`, { field: 'id' });
  }

  const markers = detectMarkers(text, ctx.knownDomains);
  const domain = input.domain ? checkWord(input.domain, 'domain').toLowerCase() : markers.domain;
  const project = input.project ? checkWord(input.project, 'project') : null;
  const kind = input.kind ? checkWord(input.kind, 'kind').toLowerCase() : markers.kind;
  let tier: Tier;
  if (input.tier) {
    const t = input.tier.trim().toLowerCase();
    if (!isTier(t)) {
      throw new OptmemError('INVALID_RECORD', `tier: "${input.tier}" must be one of ${TIERS.join(', ')}`, { field: 'tier' });
    }
    tier = t;
  } else {
    tier = kind === 'redline' ? 'redline' : markers.tier;
  }

  const correctsRaw = input.corrects === undefined || input.corrects === null ? [] : input.corrects;
  const correctsList = Array.isArray(correctsRaw) ? correctsRaw : [correctsRaw];
  const corrects: string[] = [];
  for (const c of correctsList) {
    const cid = String(c).trim();
    if (!isValidId(cid)) throw new OptmemError('INVALID_RECORD', `corrects: "${cid}" is not a record id`, { field: 'corrects' });
    if (cid === id) throw new OptmemError('INVALID_RECORD', 'corrects: a record cannot correct itself', { field: 'corrects' });
    if (!corrects.includes(cid)) corrects.push(cid);
  }
  // Naming a target makes it a correction even without the marker.
  const finalKind = corrects.length > 0 && kind === 'note' ? 'correction' : kind;
  const finalTier = corrects.length > 0 && tier === 'normal' && !input.tier ? 'evidence' : tier;

  const source: RecordSource = {};
  const src = typeof input.source === 'string' ? { agent: input.source } : (input.source ?? {});
  if (src.agent) source.agent = checkWord(src.agent, 'source.agent');
  if (src.session) source.session = checkWord(src.session, 'source.session');
  if (src.ref) source.ref = checkFreeText(src.ref, 'source.ref');

  const tags: string[] = [];
  for (const t of input.tags ?? []) {
    const tag = checkWord(String(t), 'tags').toLowerCase();
    if (!tags.includes(tag)) tags.push(tag);
  }

  return { id, time, domain, project, kind: finalKind, tier: finalTier, corrects, source, tags, text };
}
