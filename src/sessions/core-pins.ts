import fs from 'node:fs';
import { OptmemError } from '../core/errors.js';
import { isValidId } from '../core/ids.js';
import { writeFileAtomic } from '../store/durable-file.js';

/**
 * The core memory's hand-editable state, `core.md` in the memory home: which records are pinned
 * into the block and which were removed from it. Everything else in the block is chosen by rule.
 *
 *     # Core memory
 *     ## pinned
 *     - 01m8mq1p147rq299 后端端口是9090
 *     ## removed
 *     - 01m8mq1p2f1kdmq8
 *
 * One id a line; anything after the id is a note for people and is ignored.
 */
export interface CorePins {
  pinned: string[];
  removed: string[];
}

export function readPins(file: string): CorePins {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { pinned: [], removed: [] };
    throw new OptmemError('IO', `cannot read ${file}: ${(e as Error).message}`, { file, cause: e });
  }
  const out: CorePins = { pinned: [], removed: [] };
  let section: keyof CorePins | null = null;
  text.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (/^##\s+pinned\b/i.test(l)) section = 'pinned';
    else if (/^##\s+removed\b/i.test(l)) section = 'removed';
    else if (l.startsWith('- ')) {
      const id = l.slice(2).trim().split(/\s+/)[0] ?? '';
      if (!section || !isValidId(id)) {
        throw new OptmemError('INVALID_INPUT', `${file}:${i + 1}: expected "- <record id>" under "## pinned" or "## removed"`, { file, line: i + 1 });
      }
      if (!out[section].includes(id)) out[section].push(id);
    }
  });
  return out;
}

export function writePins(file: string, pins: CorePins, notes: Map<string, string>): void {
  const line = (id: string) => `- ${id}${notes.get(id) ? ' ' + notes.get(id)!.replace(/\s+/g, ' ').slice(0, 80) : ''}`;
  const text =
    '# Core memory\n\nRecords pinned into the core block, and records removed from it. One id a line; text after the id is a note.\n\n' +
    `## pinned\n${pins.pinned.map(line).join('\n')}${pins.pinned.length ? '\n' : ''}\n## removed\n${pins.removed.map(line).join('\n')}${pins.removed.length ? '\n' : ''}`;
  writeFileAtomic(file, text);
}
