import { pointsLeft } from '../query/points.js';
import type { IndexedRecord, RecordIndex } from '../index/record-index.js';
import { parseHandoff } from './handoff.js';
import { formatTime } from './render.js';
import type { ContextPack, CoreMemory, HandoffFields } from './types.js';

/**
 * The context pack a session starts with: red lines, core memory, the project's latest handoff,
 * its open items and its most relevant recent records, in that order, within a character budget.
 * Plain Markdown an agent reads as-is, phrased as what the memory holds, not as orders.
 *
 * The budget is spent by priority, not in reading order: red lines, core memory, the handoff's
 * heading, its open items (stuck, then next), its decisions, what it got done, the files it
 * touched, and last the recent records. So under a small budget what is still open survives and
 * what is already done is the first of the handoff to go. What did not fit is counted in `omitted`.
 */
export const PACK_DEFAULTS = { budget: 6000, relevant: 12 } as const;

function line(r: IndexedRecord): string {
  return `- ${r.text.replace(/\s+/g, ' ').trim()} (${formatTime(r.time).slice(0, 16)}${r.source.agent ? `, ${r.source.agent}` : ''}, ${r.id})\n`;
}

function bulletLine(item: string): string {
  return `- ${item.replace(/\s*\n\s*/g, ' ')}\n`;
}

type SectionName = 'redlines' | 'core' | 'handoff' | 'openItems' | 'relevant';

/** Spends a character budget piece by piece; a section's heading is paid with its first piece. */
class Budget {
  used: number;
  private opened = new Set<string>();
  readonly omitted = new Map<SectionName, number>();

  constructor(
    start: number,
    private readonly budget: number,
  ) {
    this.used = start;
  }

  /** Admit `pieces` in order while they fit (the first that does not fit ends it); returns those admitted. */
  take(section: SectionName, title: string, pieces: string[], label = ''): string[] {
    const out: string[] = [];
    for (const p of pieces) {
      let cost = p.length;
      if (!this.opened.has(section)) cost += heading(title).length;
      if (out.length === 0) cost += label.length;
      if (this.used + cost > this.budget) break;
      this.used += cost;
      this.opened.add(section);
      out.push(p);
    }
    this.omit(section, pieces.length - out.length);
    return out;
  }

  omit(section: SectionName, count: number): void {
    if (count > 0) this.omitted.set(section, (this.omitted.get(section) ?? 0) + count);
  }
}

const heading = (title: string) => `\n## ${title}\n`;

/** The handoff body's groups as shown, and the order the budget reaches them in. */
const BODY = [
  { key: 'done', label: 'Done:\n' },
  { key: 'decisions', label: 'Decisions:\n' },
  { key: 'files', label: 'Files touched:\n' },
] as const;
const BODY_PRIORITY = ['decisions', 'done', 'files'] as const;

export function buildContextPack(
  index: RecordIndex,
  core: CoreMemory,
  input: { project: string | null; agent?: string; budget: number; nowIso: string; topicsIndex?: string | null },
): ContextPack {
  const { project, budget } = input;
  const preamble =
    `# optmem context${project ? ` · project ${project}` : ''}\n\n` +
    `What the shared memory holds as of ${formatTime(input.nowIso).slice(0, 16)}: records written by the user's agents, newest first. ` +
    `Red lines are rules the user locked.\n`;
  const b = new Budget(preamble.length, budget);

  // Red lines first: what does not fit is reported in `omitted`, never dropped silently.
  const redlines = index.liveRedlines(project);
  const redShown = b.take('redlines', 'Red lines', redlines.map(line));

  const redIds = new Set(redlines.map((r) => r.id));
  const coreEntries = core.entries.filter((e) => !redIds.has(e.id));
  // Under a correction, what the record it replaced still says on the points it does not speak to
  // (query/points.ts, as in the topic files): "FastAPI, PostgreSQL 15" stays in view when the port changed.
  const stillSays = (id: string, text: string): string =>
    index
      .edgesFrom(id)
      .filter((e) => !e.blocked)
      .flatMap((e) => {
        const old = index.get(e.oldId);
        const left = old ? pointsLeft(old.text, text) : null;
        return left ? [`  - still current in ${e.oldId}: ${left}\n`] : [];
      })
      .join('');
  const coreShown = b.take('core', 'Core memory', coreEntries.map((e) => `- ${e.text} (${formatTime(e.time).slice(0, 10)}, ${e.id})\n${stillSays(e.id, e.text)}`));

  let handoff: ContextPack['handoff'] = null;
  let openItems: string[] = [];
  let headShown: string[] = [];
  let openShown: string[] = [];
  const bodyShown: Record<(typeof BODY)[number]['key'], string[]> = { done: [], decisions: [], files: [] };
  if (project) {
    const h = index.latestHandoff(project);
    if (h) {
      const fields: HandoffFields = parseHandoff(h.text);
      handoff = { ...h, fields };
      openItems = [...fields.stuck.map((s) => `stuck: ${s}`), ...fields.next.map((s) => `next: ${s}`)];
      const head = `Last handoff, ${formatTime(h.time).slice(0, 16)}${h.source.agent ? ` by ${h.source.agent}` : ''} (${h.id}):\n`;
      headShown = b.take('handoff', 'Last handoff', [head]);
      openShown = b.take('openItems', 'Open items', openItems.map((s) => `- ${s}\n`));
      for (const key of BODY_PRIORITY) {
        const items = fields[key].map(bulletLine);
        // The body belongs under the handoff's heading: without it, none of the body is shown.
        if (headShown.length) bodyShown[key] = b.take('handoff', 'Last handoff', items, BODY.find((g) => g.key === key)!.label);
        else b.omit('handoff', items.length);
      }
    }
  }

  const shown = new Set([...redIds, ...coreEntries.map((e) => e.id), ...(handoff ? [handoff.id] : [])]);
  const relevant = project ? index.liveProjectRecords(project, PACK_DEFAULTS.relevant * 2).filter((r) => !shown.has(r.id)).slice(0, PACK_DEFAULTS.relevant) : [];
  const relevantTitle = `Recent in ${project ?? 'memory'}`;
  const relShown = b.take('relevant', relevantTitle, relevant.map(line));

  // Shown in reading order, whatever order the budget admitted the pieces in.
  let md = preamble;
  const show = (title: string, pieces: string[]) => {
    if (pieces.length) md += heading(title) + pieces.join('');
  };
  show('Red lines', redShown);
  show('Core memory', coreShown);
  if (headShown.length) {
    md += heading('Last handoff') + headShown.join('');
    for (const g of BODY) if (bodyShown[g.key].length) md += g.label + bodyShown[g.key].join('');
  }
  show('Open items', openShown);
  show(relevantTitle, relShown);
  // Nothing at all to hand over: say so, so an empty pack does not read as a failure.
  const empty = `\nNothing recorded yet${project ? ` for ${project}` : ''}: no red lines, no handoff, no notes. What is added now (\`optmem add\`, the MCP add tool) and the handoff written at the session's end are here next time.\n`;
  if (md === preamble && md.length + empty.length <= budget) md += empty;
  // A line, when room is left: how many records wait for the owner's review. Never their text: a held
  // record may be an injection, and the count is all the agent needs to tell the user.
  const waiting = index.waitingCount(project);
  if (waiting > 0) {
    const note = `\nWaiting for the owner: ${waiting} record${waiting === 1 ? '' : 's'} held by the quarantine scan, not shown here (\`optmem quarantine\` lists them, \`optmem approve ID\` lets one in)\n`;
    if (md.length + note.length <= budget) md += note;
  }
  // Last and least: where the topic files are (`optmem topics`), when there are some and room is left.
  if (input.topicsIndex) {
    const pointer = `\nTopic files: ${input.topicsIndex} (current facts by topic; the log is the truth)\n`;
    if (md.length + pointer.length <= budget) md += pointer;
  }

  const order: SectionName[] = ['redlines', 'core', 'handoff', 'openItems', 'relevant'];
  return {
    project,
    budget,
    used: md.length,
    redlines: redlines.slice(0, redShown.length),
    core: coreEntries.slice(0, coreShown.length),
    handoff,
    openItems,
    relevant: relevant.slice(0, relShown.length),
    omitted: order.filter((s) => b.omitted.has(s)).map((s) => ({ section: s, count: b.omitted.get(s)! })),
    waiting,
    markdown: md,
  };
}
