import { nodeCrypto } from '../core/lazy-crypto.js';
import { OptmemError } from '../core/errors.js';

/**
 * The generated block of a topic file or MEMORY.md, between two marker lines:
 *
 *   <!-- optmem:begin topic=infra hash=3f9a0c12d4e5 -->
 *   …generated lines…
 *   <!-- optmem:end -->
 *
 * `hash` is the first 12 hex digits of the SHA-256 of the lines between the markers as generated:
 * a block whose content no longer hashes to it was edited by hand. Everything outside the markers
 * belongs to the person editing the file and is kept byte for byte. One block per file.
 */
export interface GeneratedBlock {
  /** `topic=NAME` or `index` */
  name: string;
  hash: string;
  /** the lines between the markers, without line ends */
  lines: string[];
  /** 1-based line of the begin marker */
  beginLine: number;
  /** whether the content still hashes to `hash` */
  intact: boolean;
}

export interface ParsedFile {
  /** the bytes before the begin marker (all of the file when it has no block) */
  before: string;
  block: GeneratedBlock | null;
  /** the bytes after the end marker's line */
  after: string;
}

const BEGIN = /^<!-- optmem:begin (topic=[a-z][a-z0-9_-]{0,39}|index) hash=([0-9a-f]{12}) -->$/;
const END = /^<!-- optmem:end -->$/;
const ANY_MARKER = /<!--\s*optmem:/;
export const END_LINE = '<!-- optmem:end -->';

export function blockHash(content: string): string {
  return nodeCrypto().createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 12);
}

/** The block's text, markers included, for content that ends with a newline (or is empty). */
export function renderBlock(name: string, content: string): string {
  return `<!-- optmem:begin ${name} hash=${blockHash(content)} -->\n${content}${END_LINE}\n`;
}

/**
 * Split a file into what a person wrote and the generated block. A malformed marker, a begin
 * without an end, an end without a begin, nested or second blocks, or a block of another name are
 * errors naming the file and line: nothing may be written over a file we cannot read for sure.
 */
export function parseGeneratedFile(text: string, rel: string, expectName: string): ParsedFile {
  const fail = (line: number, msg: string): never => {
    throw new OptmemError('INVALID_INPUT', `${rel}:${line}: ${msg}`, {
      file: rel,
      line,
      hint: 'fix the marker lines by hand (or move the file away to have it generated again); nothing was written',
    });
  };
  let pos = 0;
  let lineNo = 0;
  let begin: { line: number; name: string; hash: string; start: number; contentStart: number } | null = null;
  let found: { block: GeneratedBlock; start: number; end: number } | null = null;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const next = nl === -1 ? text.length : nl + 1;
    const raw = text.slice(pos, nl === -1 ? text.length : nl);
    lineNo++;
    const line = raw.replace(/\r$/, '').trim();
    if (ANY_MARKER.test(line)) {
      const b = BEGIN.exec(line);
      if (b) {
        if (begin) fail(lineNo, `a begin marker inside the generated block begun at line ${begin.line} (blocks do not nest)`);
        if (found) fail(lineNo, `a second generated block (the first begins at line ${found.block.beginLine}); a file holds one`);
        if (b[1] !== expectName) fail(lineNo, `the generated block is "${b[1]}", expected "${expectName}" in this file`);
        begin = { line: lineNo, name: b[1]!, hash: b[2]!, start: pos, contentStart: next };
      } else if (END.test(line)) {
        if (!begin) fail(lineNo, 'an end marker without a begin marker');
        const content = text.slice(begin!.contentStart, pos).replace(/\r\n/g, '\n');
        const lines = content === '' ? [] : content.replace(/\n$/, '').split('\n');
        found = {
          block: { name: begin!.name, hash: begin!.hash, lines, beginLine: begin!.line, intact: blockHash(content) === begin!.hash },
          start: begin!.start,
          end: next,
        };
        begin = null;
      } else {
        fail(lineNo, `a malformed optmem marker: expected "<!-- optmem:begin ${expectName} hash=<12 hex> -->" or "${END_LINE}"`);
      }
    }
    pos = next;
  }
  if (begin) fail(begin.line, 'a begin marker without an end marker');
  if (!found) return { before: text, block: null, after: '' };
  return { before: text.slice(0, found.start), block: found.block, after: text.slice(found.end) };
}

/** The whole file: the person's text kept as it is, the block put back (or appended) in its place. */
export function assembleFile(parsed: ParsedFile | null, block: string): string {
  if (!parsed) return block;
  if (parsed.block) return parsed.before + block + parsed.after;
  const b = parsed.before;
  if (b === '') return block;
  return b + (b.endsWith('\n') ? '\n' : '\n\n') + block;
}
