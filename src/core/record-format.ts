import { OptmemError, type Problem } from './errors.js';
import { detectMarkers } from './markers.js';
import { createRecord, type MemoryRecord, type RecordInput } from './record.js';
import { nodeCrypto } from './lazy-crypto.js';

/**
 * The Markdown record format (docs/RECORD_FORMAT.md). A day file holds records in the order
 * written:
 *
 *     ## 2026-11-29T10:15:00+08:00 · 01jd3k8m2qx7ab
 *     - domain: code
 *     - corrects: 01jd0000000000
 *
 *     〔更正〕后端端口已从8080改为9090
 *
 *     ---
 *
 * A header line, optional `- key: value` lines, a blank line, the text, a blank line and a `---`
 * terminator. The terminator is what tells a complete record from the torn tail of a crashed
 * write. Text lines that would read as a header or a terminator get one leading backslash
 * (which Markdown also renders as the literal line).
 */

export const HEADER = /^## (\d{4}-\d{2}-\d{2}T\S+?)(?: · (\S+))?\s*$/;
const HEADER_LIKE = /^\\*## \d{4}-\d{2}-\d{2}T/;
const TERMINATOR_LIKE = /^\\*---\s*$/;
const TERMINATOR = /^---\s*$/;
const META = /^- ([a-z][a-z_.]*):[ \t]?(.*)$/;

const META_KEYS = ['domain', 'project', 'kind', 'tier', 'corrects', 'agent', 'session', 'ref', 'tags', 'origin', 'writer', 'quarantine'] as const;
type MetaKey = (typeof META_KEYS)[number];

function escapeLine(line: string): string {
  return HEADER_LIKE.test(line) || TERMINATOR_LIKE.test(line) ? `\\${line}` : line;
}

function unescapeLine(line: string): string {
  return (HEADER_LIKE.test(line) || TERMINATOR_LIKE.test(line)) && line.startsWith('\\') ? line.slice(1) : line;
}

/** One record as a Markdown block, ending in "---\n". */
export function serializeRecord(r: MemoryRecord, knownDomains: readonly string[]): string {
  const lines = [`## ${r.time} · ${r.id}`];
  const markers = detectMarkers(r.text, knownDomains);
  if (r.domain !== null) lines.push(`- domain: ${r.domain}`);
  if (r.project !== null) lines.push(`- project: ${r.project}`);
  if (r.kind !== markers.kind) lines.push(`- kind: ${r.kind}`);
  // Omit the tier only when a reader would derive the same one (createRecord's rule: a redline
  // kind implies the redline tier, naming targets lifts normal to evidence).
  let impliedTier = r.kind === 'redline' ? 'redline' : markers.tier;
  if (r.corrects.length && impliedTier === 'normal') impliedTier = 'evidence';
  if (r.tier !== impliedTier) lines.push(`- tier: ${r.tier}`);
  if (r.corrects.length) lines.push(`- corrects: ${r.corrects.join(', ')}`);
  if (r.source.agent) lines.push(`- agent: ${r.source.agent}`);
  if (r.source.session) lines.push(`- session: ${r.source.session}`);
  if (r.source.ref) lines.push(`- ref: ${r.source.ref}`);
  if (r.tags.length) lines.push(`- tags: ${r.tags.join(', ')}`);
  if (r.origin) lines.push(`- origin: ${r.origin}`);
  if (r.writer) lines.push(`- writer: ${r.writer}`);
  if (r.quarantine?.length) lines.push(`- quarantine: ${r.quarantine.join(', ')}`);
  lines.push('');
  for (const l of r.text.split('\n')) lines.push(escapeLine(l));
  lines.push('', '---', '');
  return lines.join('\n');
}

export function dayFileHeading(date: string): string {
  return `# ${date}\n`;
}

export interface ParsedBlock {
  record: MemoryRecord;
  /** 1-based line of the header */
  line: number;
  /** 1-based line of the terminator */
  endLine: number;
  /** the id was derived from the content because the header names none */
  derivedId: boolean;
}

export interface ParsedDayFile {
  blocks: ParsedBlock[];
  problems: Problem[];
}

/** A record added by hand without an id gets one derived from its time and text. */
export function derivedId(time: string, text: string): string {
  return 'h' + nodeCrypto().createHash('sha256').update(`${time}\n${text}`).digest('hex').slice(0, 15);
}

interface RawBlock {
  line: number;
  header: RegExpExecArray;
  body: string[];
  terminated: boolean;
  endLine: number;
}

/**
 * Parse a day file as an editor saved it: a UTF-8 byte order mark, CRLF line ends, trailing spaces
 * and a missing final newline are all read as written. Never throws on content: malformed blocks
 * become problems (file and line) and are skipped; a block without its closing `---` is still read
 * (up to the next header or the end of the file) and reported. The file itself is never modified.
 */
export function parseDayFile(content: string, file: string, knownDomains: readonly string[]): ParsedDayFile {
  if (content.charCodeAt(0) === 0xfeff) content = content.slice(1);
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i]!.endsWith('\r')) lines[i] = lines[i]!.slice(0, -1);
  const problems: Problem[] = [];
  const raw: RawBlock[] = [];
  let cur: RawBlock | null = null;
  let preamble = true;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const lineNo = i + 1;
    const h = HEADER.exec(l);
    if (h) {
      cur = { line: lineNo, header: h, body: [], terminated: false, endLine: lineNo };
      raw.push(cur);
      preamble = false;
      continue;
    }
    if (cur && !cur.terminated) {
      if (TERMINATOR.test(l)) {
        cur.terminated = true;
        cur.endLine = lineNo;
      } else {
        cur.body.push(l);
        cur.endLine = lineNo;
      }
      continue;
    }
    // Outside any record: only headings and blank lines belong here.
    if (l.trim() === '' || (preamble && /^# /.test(l))) continue;
    problems.push({ file, line: lineNo, message: `text outside any record: "${printable(l.slice(0, 60))}"; left as it is` });
  }

  const blocks: ParsedBlock[] = [];
  for (let b = 0; b < raw.length; b++) {
    const rb = raw[b]!;
    if (!rb.terminated) {
      problems.push({
        file,
        line: rb.line,
        message: b === raw.length - 1 ? 'record has no closing "---" line; read to the end of the file (add "---" after it)' : 'record has no closing "---" line; read up to the next header (add "---" before it)',
      });
      // The text ends at the last non-blank line.
      while (rb.body.length && rb.body[rb.body.length - 1]!.trim() === '') rb.body.pop();
      rb.body.push('');
    }
    const parsed = parseBlock(rb, file, knownDomains);
    if ('problem' in parsed) problems.push(parsed.problem);
    else blocks.push(parsed);
  }
  problems.sort((a, b) => a.line - b.line);
  return { blocks, problems };
}

/** A line as it may be shown in a message: control characters made visible. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function parseBlock(rb: RawBlock, file: string, knownDomains: readonly string[]): ParsedBlock | { problem: Problem } {
  const fail = (line: number, message: string) => ({ problem: { file, line, message: `${message}; record skipped` } });
  const meta: Partial<Record<MetaKey, string>> = {};
  let i = 0;
  for (; i < rb.body.length; i++) {
    const l = rb.body[i]!;
    if (l.trim() === '') break;
    const m = META.exec(l);
    const lineNo = rb.line + 1 + i;
    if (!m) return fail(lineNo, `expected "- key: value" or a blank line after the header, found "${l.slice(0, 60)}"`);
    const key = m[1] as MetaKey;
    if (!META_KEYS.includes(key)) return fail(lineNo, `unknown field "${m[1]}" (known: ${META_KEYS.join(', ')})`);
    if (meta[key] !== undefined) return fail(lineNo, `field "${key}" given twice`);
    meta[key] = m[2]!.trim();
  }
  const textLines = rb.body.slice(i + 1).map(unescapeLine);
  const text = textLines.join('\n');
  const [, time, id] = rb.header;
  const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined);
  const input: RecordInput = {
    id: id ?? derivedId(time!, text.trim()),
    time: time!,
    text,
    domain: meta.domain || undefined,
    project: meta.project || undefined,
    kind: meta.kind || undefined,
    tier: meta.tier || undefined,
    corrects: list(meta.corrects),
    source: { agent: meta.agent || undefined, session: meta.session || undefined, ref: meta.ref || undefined },
    tags: list(meta.tags),
    origin: meta.origin || undefined,
    writer: meta.writer || undefined,
    quarantine: list(meta.quarantine),
  };
  try {
    const record = createRecord(input, { nowMs: 0, knownDomains });
    return { record, line: rb.line, endLine: rb.endLine, derivedId: id === undefined };
  } catch (e) {
    if (e instanceof OptmemError) {
      const field = e.field ?? '';
      const metaIdx = field ? rb.body.findIndex((l) => l.startsWith(`- ${field.split('.').pop()}:`)) : -1;
      return fail(metaIdx >= 0 ? rb.line + 1 + metaIdx : rb.line, e.message.replace(/^\[optmem\] /, ''));
    }
    throw e;
  }
}
