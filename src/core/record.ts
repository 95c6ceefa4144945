import { OptmemError } from './errors.js';
import { detectMarkers } from './markers.js';
import { newId, isValidId } from './ids.js';
import { formatIso, parseTime } from './time.js';
import { isOrigin, ORIGINS, type Origin } from './provenance.js';

/** Trust tiers, highest first. See docs/RANKING.md for how they weigh. */
export const TIERS = ['redline', 'evidence', 'normal', 'chatter'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * The built-in kinds: those optmem itself writes or recognizes (docs/RECORD_FORMAT.md, "Input
 * checks"). A new write of any other kind is refused unless the home's config lists it in `kinds`.
 */
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
  /** who wrote it (core/provenance.ts); absent: the owner */
  origin?: Origin;
  /** who exactly: a server token's id and name; absent for the local owner */
  writer?: string;
  /**
   * the quarantine rules that flagged it when it was written (a non-owner write that reads like an
   * instruction to the model); absent when none did. It stays out of default search and every
   * pack until the owner approves it (docs/QUARANTINE.md).
   */
  quarantine?: string[];
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
  origin?: string;
  writer?: string;
  quarantine?: string[];
}

export interface RecordContext {
  /** epoch ms used when `time` is absent */
  nowMs: number;
  /** domains recognized from a leading `[name]` prefix */
  knownDomains: readonly string[];
  /**
   * Set for a new write (add, import, session end, ingest, events): the record must pass the
   * checks at the door. Left out when reading files, which are read as written.
   */
  door?: DoorRules;
  /**
   * agent name → domain (config `agents`): a new record written by a known agent, with neither a
   * domain given nor a `[name]` prefix, takes its agent's domain. Left out when reading files.
   */
  agentDomains?: Readonly<Record<string, string>>;
}

/** The domain of what an agent writes (config `agents`, matched as written, then in lower case), or null. */
export function agentDomain(agent: string | null | undefined, map: Readonly<Record<string, string>> | undefined): string | null {
  if (!agent || !map) return null;
  return map[agent] ?? map[agent.toLowerCase()] ?? null;
}

/** What a new write must satisfy (docs/RECORD_FORMAT.md, "Input checks"); built from the config by doorRules(). */
export interface DoorRules {
  /** the configured domains; a record may also have none */
  domains: readonly string[];
  /** the built-in kinds and those the config adds */
  kinds: readonly string[];
  /** largest text, in bytes of UTF-8 */
  recordBytes: number;
}

/** `limits.recordBytes`: default 64 KiB, range 1 KiB to 4 MiB. */
export const RECORD_BYTES_DEFAULT = 65_536;
export const RECORD_BYTES_MIN = 1024;
export const RECORD_BYTES_MAX = 4 * 1024 * 1024;

const CONTROL_NAMES: Record<number, string> = { 0: 'NUL', 7: 'BEL', 8: 'BS', 0x0b: 'VT', 0x0c: 'FF', 0x1b: 'ESC', 0x7f: 'DEL' };
// C0 controls but tab (09) and newline (0a); DEL and C1; U+FFFD; a surrogate not in a pair.
const REFUSED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first character a record may not hold, with its 1-based line and column (in characters),
 * or null. `text` has its line endings folded to \n already.
 */
export function findRefusedChar(text: string): { line: number; column: number; code: number; why: string } | null {
  const m = REFUSED.exec(text);
  if (!m) return null;
  const before = text.slice(0, m.index);
  const line = before.split('\n').length;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
  const code = m[0].charCodeAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  let why: string;
  if (code === 0xfffd) why = `${hex} (the replacement character: the input was not valid UTF-8)`;
  else if (code >= 0xd800 && code <= 0xdfff) why = `a lone surrogate ${hex} (not valid Unicode, so not valid UTF-8)`;
  else why = `control character ${hex}${CONTROL_NAMES[code] ? ` (${CONTROL_NAMES[code]})` : ''}`;
  return { line, column, code, why };
}

/**
 * The text with every character the door refuses taken out (control characters but tab and
 * newline, U+FFFD, lone surrogates) and line endings folded to \n: for writers that copy text
 * they did not type (transcripts), so that a stray escape code never costs a capture.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(ANSI_SEQUENCE, '')
    .replace(new RegExp(REFUSED.source, 'g'), '');
}

/** Terminal escape sequences as whole units (CSI such as colours, OSC such as titles and links), so none leaves "[31m" behind. */
// eslint-disable-next-line no-control-regex
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u009b[0-?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/g;

/** Bytes of a string in UTF-8, without encoding it. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function checkChars(value: string, field: string): void {
  const bad = findRefusedChar(value);
  if (!bad) return;
  throw new OptmemError(
    'INVALID_RECORD',
    `${field}: ${bad.why} at line ${bad.line}, column ${bad.column} is not allowed: a record holds valid UTF-8 text, and newline and tab are its only control characters`,
    { field, hint: 'remove the character (terminal colour codes and binary data are not memory); `optmem add -` reads text from a pipe' },
  );
}

/**
 * Refusals that are about this home rather than the record's shape: unknown domain or kind.
 * Empty when the record passes. Also used to report such records found in files written by hand.
 */
export function doorFieldProblems(r: Pick<MemoryRecord, 'domain' | 'kind'>, rules: Pick<DoorRules, 'domains' | 'kinds'>): { field: 'domain' | 'kind'; message: string; hint: string }[] {
  const out: { field: 'domain' | 'kind'; message: string; hint: string }[] = [];
  if (r.domain !== null && !rules.domains.includes(r.domain)) {
    out.push({
      field: 'domain',
      message: `domain: "${r.domain}" is not a configured domain (configured: ${rules.domains.join(', ') || 'none'})`,
      hint: `to add the domain on purpose, list it in "domains" in the home's config.json, e.g. "domains": [${[...rules.domains, r.domain].map((d) => `"${d}"`).join(', ')}]`,
    });
  }
  if (!rules.kinds.includes(r.kind)) {
    out.push({
      field: 'kind',
      message: `kind: "${r.kind}" is not a known kind (known: ${rules.kinds.join(', ')})`,
      hint: `to add the kind on purpose, list it in "kinds" in the home's config.json, e.g. "kinds": ["${r.kind}"]`,
    });
  }
  return out;
}

const WORD = /^[\p{L}\p{N}][\p{L}\p{N}_.\-/:@+#]*$/u;

/** Line endings folded to \n, blank lines at either end and trailing white space removed. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
}

/** A word as record fields take it (see checkWord); throws INVALID_RECORD naming the field. */
export function recordWord(value: string, field: string): string {
  return checkWord(value, field);
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
  const door = ctx.door;
  // CRLF and a lone CR are line endings: folded to \n before the check, so positions count lines as the writer saw them.
  if (door) checkChars(input.text.replace(/\r\n?/g, '\n'), 'text');
  const text = normalizeText(input.text);
  if (text === '') throw new OptmemError('INVALID_RECORD', 'text: must not be empty', { field: 'text' });
  if (door) {
    const bytes = utf8Length(text);
    if (bytes > door.recordBytes) {
      throw new OptmemError('INVALID_RECORD', `text: ${bytes} bytes of UTF-8 is over the limit of ${door.recordBytes} bytes per record`, {
        field: 'text',
        hint: `split it into several records, or raise "limits.recordBytes" in the home's config.json (at most ${RECORD_BYTES_MAX})`,
      });
    }
  }

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
  const agentName = typeof input.source === 'string' ? input.source : input.source?.agent;
  const domain = input.domain ? checkWord(input.domain, 'domain').toLowerCase() : (markers.domain ?? agentDomain(agentName, ctx.agentDomains));
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
  if (src.ref) {
    if (door) checkChars(src.ref, 'source.ref');
    source.ref = checkFreeText(src.ref, 'source.ref');
  }

  const tags: string[] = [];
  for (const t of input.tags ?? []) {
    const tag = checkWord(String(t), 'tags').toLowerCase();
    if (!tags.includes(tag)) tags.push(tag);
  }

  if (door) {
    const p = doorFieldProblems({ domain, kind: finalKind }, door)[0];
    if (p) throw new OptmemError('INVALID_RECORD', p.message, { field: p.field, hint: p.hint });
  }
  const record: MemoryRecord = { id, time, domain, project, kind: finalKind, tier: finalTier, corrects, source, tags, text };
  if (input.origin !== undefined && input.origin !== null) {
    const o = String(input.origin).trim().toLowerCase();
    if (!isOrigin(o)) throw new OptmemError('INVALID_RECORD', `origin: "${input.origin}" must be one of ${ORIGINS.join(', ')}`, { field: 'origin' });
    // The owner is the default: never written out, so a hand-written record and an owner's write read the same.
    if (o !== 'owner') record.origin = o;
  }
  if (input.writer !== undefined && input.writer !== null) record.writer = checkWord(String(input.writer), 'writer');
  if (input.quarantine !== undefined && input.quarantine !== null) {
    const rules: string[] = [];
    for (const q of input.quarantine) {
      const rule = checkWord(String(q), 'quarantine').toLowerCase();
      if (!rules.includes(rule)) rules.push(rule);
    }
    if (rules.length) record.quarantine = rules;
  }
  return record;
}

/** The record's own fields, without whatever a reader added (file, line, index ids). */
export function plainRecord(r: MemoryRecord): MemoryRecord {
  const { id, time, domain, project, kind, tier, corrects, source, tags, text } = r;
  const out: MemoryRecord = { id, time, domain, project, kind, tier, corrects: [...corrects], source: { ...source }, tags: [...tags], text };
  if (r.origin) out.origin = r.origin;
  if (r.writer) out.writer = r.writer;
  if (r.quarantine?.length) out.quarantine = [...r.quarantine];
  return out;
}

/**
 * Do two records say the same thing? Everything but the time, which counts only when the writer
 * gave one (a retry without a time gets a new one from the clock).
 */
export function sameContent(a: MemoryRecord, b: MemoryRecord, compareTime: boolean): boolean {
  const src = (s: RecordSource) => [s.agent ?? '', s.session ?? '', s.ref ?? ''].join('\u0000');
  return (
    a.id === b.id &&
    a.text === b.text &&
    a.domain === b.domain &&
    a.project === b.project &&
    a.kind === b.kind &&
    a.tier === b.tier &&
    a.corrects.join(',') === b.corrects.join(',') &&
    a.tags.join(',') === b.tags.join(',') &&
    src(a.source) === src(b.source) &&
    (a.origin ?? '') === (b.origin ?? '') &&
    (a.writer ?? '') === (b.writer ?? '') &&
    (a.quarantine ?? []).join(',') === (b.quarantine ?? []).join(',') &&
    (!compareTime || a.time === b.time)
  );
}
