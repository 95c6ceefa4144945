import type { IndexedRecord, RecordIndex } from '../index/record-index.js';
import { parseHandoff } from './handoff.js';
import { bullet, formatTime } from './render.js';
import { latestHandoff, liveRedlines, projectRecords } from './selectors.js';
import type { ContextPack, CoreMemory, HandoffFields } from './types.js';

/**
 * The context pack a session starts with: red lines, core memory, the project's latest handoff,
 * its open items and its most relevant recent records, in that order, within a character budget.
 * Plain Markdown an agent reads as-is, phrased as what the memory holds, not as orders.
 */
export const PACK_DEFAULTS = { budget: 6000, relevant: 12 } as const;

function line(r: IndexedRecord): string {
  return `- ${r.text.replace(/\s+/g, ' ').trim()} (${formatTime(r.time).slice(0, 16)}${r.source.agent ? `, ${r.source.agent}` : ''}, ${r.id})\n`;
}

export function buildContextPack(
  index: RecordIndex,
  core: CoreMemory,
  input: { project: string | null; agent?: string; budget: number; nowIso: string },
): ContextPack {
  const { project, budget } = input;
  const omitted: { section: string; count: number }[] = [];
  let md = `# optmem context${project ? ` · project ${project}` : ''}\n\n` +
    `What the shared memory holds as of ${formatTime(input.nowIso).slice(0, 16)}: records written by the user's agents, newest first. ` +
    `Red lines are rules the user locked.\n`;
  const fits = (s: string) => md.length + s.length <= budget;
  const section = (title: string, items: string[], name: string): number => {
    if (items.length === 0) return 0;
    const head = `\n## ${title}\n`;
    if (!fits(head + items[0]!)) {
      omitted.push({ section: name, count: items.length });
      return 0;
    }
    md += head;
    let n = 0;
    for (const it of items) {
      if (!fits(it)) break;
      md += it;
      n++;
    }
    if (n < items.length) omitted.push({ section: name, count: items.length - n });
    return n;
  };

  const redlines = liveRedlines(index, project);
  // Red lines first, and never silently lost: cut long ones rather than drop them.
  const redItems = redlines.map(line);
  const shownRed = section('Red lines', redItems, 'redlines');

  const redIds = new Set(redlines.map((r) => r.id));
  const coreEntries = core.entries.filter((e) => !redIds.has(e.id));
  const shownCore = section('Core memory', coreEntries.map((e) => `- ${e.text} (${formatTime(e.time).slice(0, 10)}, ${e.id})\n`), 'core');

  let handoff: ContextPack['handoff'] = null;
  let openItems: string[] = [];
  if (project) {
    const h = latestHandoff(index, project);
    if (h) {
      const fields: HandoffFields = parseHandoff(h.text);
      handoff = { ...h, fields };
      openItems = [...fields.stuck.map((s) => `stuck: ${s}`), ...fields.next.map((s) => `next: ${s}`)];
      const body = (['done', 'decisions', 'files'] as const)
        .filter((k) => fields[k].length)
        .map((k) => `${k === 'done' ? 'Done' : k === 'decisions' ? 'Decisions' : 'Files touched'}:\n${bullet(fields[k])}`);
      const head = `Last handoff, ${formatTime(h.time).slice(0, 16)}${h.source.agent ? ` by ${h.source.agent}` : ''} (${h.id}):\n`;
      section('Last handoff', [head, ...body], 'handoff');
    }
  }
  section('Open items', openItems.map((s) => `- ${s}\n`), 'openItems');

  const shown = new Set([...redIds, ...coreEntries.map((e) => e.id), ...(handoff ? [handoff.id] : [])]);
  const relevant = project ? projectRecords(index, project, PACK_DEFAULTS.relevant * 2).filter((r) => !shown.has(r.id)).slice(0, PACK_DEFAULTS.relevant) : [];
  const shownRel = section(`Recent in ${project ?? 'memory'}`, relevant.map(line), 'relevant');

  return {
    project,
    budget,
    used: md.length,
    redlines: redlines.slice(0, shownRed),
    core: coreEntries.slice(0, shownCore),
    handoff,
    openItems,
    relevant: relevant.slice(0, shownRel),
    omitted,
    markdown: md,
  };
}
