import { nodeCrypto } from '../core/lazy-crypto.js';

/**
 * The summary tree's node files (`memory/summaries/LEVEL/KEY.md`, written by `optmem consolidate`):
 * their first line is a comment holding the node's identity, the input fingerprint it was built
 * from and a hash of the rest of the file; bullets are `- text [id id …]`. Pure: no files here.
 *
 *     <!-- optmem-summary {"level":"day","key":"2026-11-30",…,"inputs":"…","body":"…"} -->
 *     # 2026-11-30 (Mon) · day
 *     …
 *     - [code] 〔更正〕后端端口已从8080改为9090 [01m8s2q5sgkp38ds]
 */
export type Level = 'day' | 'week' | 'month' | 'domain';
export const LEVELS: readonly Level[] = ['day', 'week', 'month', 'domain'];

export interface NodeHeader {
  level: Level;
  key: string;
  /** first and last day covered, YYYY-MM-DD */
  from: string;
  to: string;
  domain: string | null;
  /** the input fingerprint the node was built from */
  inputs: string;
  /** hash of everything after the header line */
  body: string;
}

export interface ParsedBullet {
  text: string;
  ids: string[];
  redline: boolean;
}

const HEADER = /^<!-- optmem-summary (\{.*\}) -->$/;
const BULLET = /^- (.+) \[([A-Za-z0-9][A-Za-z0-9_.:-]*(?: [A-Za-z0-9][A-Za-z0-9_.:-]*)*)\]$/;

/** memory/summaries/week/2026-W48.md, relative to the home. */
export function nodePath(level: Level, key: string): string {
  return `memory/summaries/${level}/${key}.md`;
}

export const bodyHash = (body: string): string => nodeCrypto().createHash('sha256').update(body).digest('hex').slice(0, 16);

export function headerLine(h: NodeHeader): string {
  return `<!-- optmem-summary ${JSON.stringify(h)} -->`;
}

/** The header of a node file, or null when it has none or its body no longer matches it (edited by hand). */
export function readHeader(content: string): NodeHeader | null {
  const nl = content.indexOf('\n');
  if (nl < 0) return null;
  const m = HEADER.exec(content.slice(0, nl));
  if (!m) return null;
  let h: NodeHeader;
  try {
    h = JSON.parse(m[1]!) as NodeHeader;
  } catch {
    return null;
  }
  if (typeof h !== 'object' || h === null || !LEVELS.includes(h.level) || typeof h.inputs !== 'string' || typeof h.key !== 'string') return null;
  return bodyHash(content.slice(nl + 1)) === h.body ? h : null;
}

/** The bullets of a node file: `- text [ids]` lines; those under "## Red lines" are red lines. */
export function parseBullets(content: string): ParsedBullet[] {
  const out: ParsedBullet[] = [];
  let red = false;
  for (const line of content.split('\n')) {
    if (line.startsWith('## ')) red = line === '## Red lines';
    const m = BULLET.exec(line);
    if (m) out.push({ text: m[1]!, ids: m[2]!.split(' '), redline: red });
  }
  return out;
}
