import fs from 'node:fs';
import path from 'node:path';
import { LEVELS, bodyHash, headerLine, type NodeHeader } from '../core/summary-format.js';
import type { Span } from './salience.js';
import type { SummaryNode } from './summary-tree.js';

export { nodePath, readHeader, parseBullets } from '../core/summary-format.js';

/**
 * Summary nodes as Markdown files a person can read, under `<home>/memory/summaries/LEVEL/KEY.md`
 * (format: core/summary-format.ts). The header answers "is this node up to date?" from the file
 * itself: no state database, and a file edited by hand is rebuilt like a stale one.
 */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function weekday(date: string): string {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

function title(n: SummaryNode): string {
  switch (n.level) {
    case 'day':
      return `# ${n.key} (${weekday(n.key)}) · day`;
    case 'week':
      return `# Week ${n.key} · ${n.from} – ${n.to}`;
    case 'month':
      return `# Month ${n.key}`;
    case 'domain':
      return `# Domain ${n.key} · ${n.from} – ${n.to}`;
  }
}

function bulletLine(b: Span): string {
  return `- ${b.text} [${b.ids.join(' ')}]`;
}

/** The file's bytes: a pure function of the node. */
export function renderNode(n: SummaryNode): string {
  const lines: string[] = [title(n), ''];
  lines.push(
    n.builder === 'extractive'
      ? `${n.bullets.length} line${n.bullets.length === 1 ? '' : 's'} chosen from ${n.records} record${n.records === 1 ? '' : 's'}, each in its record's own words; \`optmem get ID\` opens the record in brackets.`
      : `${n.bullets.length} line${n.bullets.length === 1 ? '' : 's'} from ${n.records} record${n.records === 1 ? '' : 's'}, written by ${n.builder} from the records in brackets (every number and name checked against them; red lines in their own words); \`optmem get ID\` opens one.`,
  );
  lines.push('Derived by `optmem consolidate` from the log and rebuilt when its records change: edits here do not last.');
  const red = n.bullets.filter((b) => b.redline);
  const rest = n.bullets.filter((b) => !b.redline);
  if (red.length) lines.push('', '## Red lines', '', ...red.map(bulletLine));
  if (n.level === 'day') {
    if (rest.length) lines.push('', '## Highlights', '', ...rest.map(bulletLine));
  } else {
    let day = '';
    for (const b of rest) {
      if (b.date !== day) {
        day = b.date;
        lines.push('', `## ${day} (${weekday(day)})`, '');
      }
      lines.push(bulletLine(b));
    }
  }
  const body = lines.join('\n') + '\n';
  const header: NodeHeader = { level: n.level, key: n.key, from: n.from, to: n.to, domain: n.domain, inputs: n.fingerprint, body: bodyHash(body) };
  return `${headerLine(header)}\n${body}`;
}

/** Node files present: relative path → content, for every LEVEL/KEY.md under the summaries folder. */
export function readNodeFiles(summariesDir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const level of LEVELS) {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(summariesDir, level));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (!name.endsWith('.md')) continue;
      try {
        out.set(path.posix.join('memory', 'summaries', level, name), fs.readFileSync(path.join(summariesDir, level, name), 'utf8'));
      } catch {
        // vanished or unreadable: rebuilt as if absent
      }
    }
  }
  return out;
}

/**
 * Write a derived file whole: a temp file in the same folder, then a rename. No fsync: a node lost
 * to a crash is rebuilt by the next run, and a reader never sees half a file.
 */
export function writeDerived(file: string, data: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}
