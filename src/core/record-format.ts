import { OptmemError, type Problem } from './errors.js';
import { detectMarkers } from './markers.js';
import { createRecord, type MemoryRecord, type RecordInput } from './record.js';
import { createHash } from 'node:crypto';

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

const META_KEYS = ['domain', 'project', 'kind', 'tier', 'corrects', 'agent', 'session', 'ref', 'tags'] as const;
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
  /**
   * An unterminated block at the very end of the file: the torn tail of an interrupted write (or a
   * hand-added record still missing its `---`). Byte offset where it starts.
   */
  partialTail: { offset: number; line: number } | null;
}

/** A record added by hand without an id gets one derived from its time and text. */
export function derivedId(time: string, text: string): string {
  return 'h' + createHash('sha256').update(`${time}\n${text}`).digest('hex').slice(0, 15);
}

interface RawBlock {
  line: number;
  offset: number;
  header: RegExpExecArray;
  body: string[];
  terminated: boolean;
  endLine: number;
}

/**
 * Parse a day file. Never throws on content: malformed blocks become problems (file and line) and
 * are skipped; the caller decides what to report. The file itself is never modified here.
 */
export function parseDayFile(content: string, file: string, knownDomains: readonly string[]): ParsedDayFile {
  const lines = content.split('\n');
  // A file that does not end in a newline has an unfinished last line.
  const problems: Problem[] = [];
  const raw: RawBlock[] = [];
  let cur: RawBlock | null = null;
  let offset = 0;
  let preamble = true;
  let tornHeader: ParsedDayFile['partialTail'] = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const lineNo = i + 1;
    const lineStart = offset;
    offset += Buffer.byteLength(l, 'utf8') + 1;
    const h = HEADER.exec(l);
    if (h) {
      if (cur && !cur.terminated) {
        problems.push({ file, line: cur.line, message: 'record has no closing "---" line before the next header; skipped' });
      }
      cur = { line: lineNo, offset: lineStart, header: h, body: [], terminated: false, endLine: lineNo };
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
      }
      continue;
    }
    // Outside any record: only headings and blank lines belong here.
    if (l.trim() === '' || (preamble && /^# /.test(l))) continue;
    if (i === lines.length - 1 && l === '') continue;
    if (i === lines.length - 1 && l.startsWith('#')) {
      // An unfinished last line starting like a header: a write cut short inside the header line.
      tornHeader = { offset: lineStart, line: lineNo };
      continue;
    }
    problems.push({ file, line: lineNo, message: `text outside any record: "${l.slice(0, 60)}"; left as it is` });
  }

  let partialTail: ParsedDayFile['partialTail'] = tornHeader;
  const blocks: ParsedBlock[] = [];
  for (let b = 0; b < raw.length; b++) {
    const rb = raw[b]!;
    if (!rb.terminated) {
      if (b === raw.length - 1) partialTail = { offset: rb.offset, line: rb.line };
      continue;
    }
    const parsed = parseBlock(rb, file, knownDomains);
    if ('problem' in parsed) problems.push(parsed.problem);
    else blocks.push(parsed);
  }
  if (!content.endsWith('\n') && content.length > 0 && !partialTail) {
    problems.push({ file, line: lines.length, message: 'file does not end with a newline' });
  }
  problems.sort((a, b) => a.line - b.line);
  return { blocks, problems, partialTail };
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
