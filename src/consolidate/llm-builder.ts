import { extractJson, type ChatCompletion } from '../ingest/summarizers/openai.js';
import { SummarizerError } from '../ingest/types.js';
import { inTimeOrder, type Span } from './salience.js';
import type { SummaryNode } from './summary-tree.js';

/**
 * The optional model builder (`consolidate.summarizer`): a model behind an OpenAI-compatible
 * chat-completions endpoint rewrites a node's extractive choice into denser bullets, each citing
 * the records it says something about. Nothing it writes is taken on trust:
 *
 * - a bullet citing no id, or an id that is not one of the node's records, is rejected;
 * - a bullet holding a number, a date, a name (a Latin word with a capital or a digit, a path, an
 *   identifier) or a 《title》/「quote」 that none of its cited records holds is rejected;
 * - the extractive bullets stand in for what was rejected or left out: the final node is the red
 *   lines (and a day's corrections) in their own words, the accepted bullets within the budget,
 *   then every extractive bullet whose record no accepted bullet cites, within the budget.
 */
export interface RefineOutcome {
  bullets: Span[];
  accepted: number;
  rejected: { text: string; reason: string }[];
}

export const CONSOLIDATE_PROMPT = `You condense one period of a shared memory log into a few summary bullets.
You get the period and its records, each as [id] text. Write bullets that say what happened, merging records about the same thing. Each bullet must cite the ids of the records it is taken from, and use only names, numbers, dates, paths and versions that those records hold; never add a fact. Keep the language of the records.
Answer with JSON only, no prose and no code fence, exactly in this shape:
{"bullets":[{"text":"...","ids":["id1","id2"]}]}`;

const NUMBER = /\d+(?:[.:/-]\d+)*/g;
const LATIN_NAME = /[A-Za-z_][\w.\-/]*/g;
const QUOTED = /《[^》]+》|「[^」]+」|“[^”]+”/g;

/** Why a bullet is refused (numbers, dates, names or titles its cited records do not hold), or null. */
export function unsupported(text: string, cited: string): string | null {
  const hay = cited.toLowerCase();
  for (const m of text.match(NUMBER) ?? []) if (!hay.includes(m.toLowerCase())) return `the number ${m} is in none of its records`;
  for (const m of text.match(LATIN_NAME) ?? []) {
    // a name: a capital, a digit or an inner _ . - / (plain lower-case English words may be the model's own)
    if (!/[A-Z0-9_./-]/.test(m.slice(1)) && !/^[A-Z]/.test(m)) continue;
    const w = m.replace(/[.\-/]+$/, '');
    if (w && !hay.includes(w.toLowerCase())) return `the name ${w} is in none of its records`;
  }
  for (const m of text.match(QUOTED) ?? []) if (!hay.includes(m.slice(1, -1).toLowerCase())) return `${m} is in none of its records`;
  return null;
}

/** Records shown to the model per node, at most (the extractive choice first, then the rest in time order). */
export const PROMPT_RECORDS = 200;

export function promptIds(node: SummaryNode): string[] {
  return [...new Set([...node.bullets.flatMap((b) => b.ids), ...node.inputs])].slice(0, PROMPT_RECORDS);
}

export function nodePrompt(node: SummaryNode, records: Map<string, { text: string; date: string }>, budget: number): string {
  const ids = promptIds(node);
  const lines = ids.map((id) => `[${id}] ${records.get(id)?.text.replace(/\s+/g, ' ').slice(0, 600) ?? ''}`);
  return `period: ${node.level} ${node.key} (${node.from} – ${node.to})\nat most ${budget} characters of bullets in all\n\n${lines.join('\n')}`;
}

/** Ask the model for a node's bullets and check them; throws SummarizerError when the model cannot be used. */
export async function refineNode(
  node: SummaryNode,
  chat: ChatCompletion,
  records: Map<string, { text: string; date: string; timeMs: number; tier: string; kind: string }>,
  budget: number,
): Promise<RefineOutcome> {
  const known = new Set(promptIds(node));
  const answer = await chat.complete([
    { role: 'system', content: CONSOLIDATE_PROMPT },
    { role: 'user', content: nodePrompt(node, records, budget) },
  ]);
  let data: unknown;
  try {
    data = extractJson(answer.content);
  } catch {
    throw new SummarizerError(`${chat.where}: the model's answer is not JSON: ${chat.clean(answer.content.slice(0, 80))}`, true);
  }
  const raw = (data as { bullets?: unknown })?.bullets;
  if (!Array.isArray(raw)) throw new SummarizerError(`${chat.where}: the model's answer has no "bullets" list`, true);
  const rejected: RefineOutcome['rejected'] = [];
  const ok: Span[] = [];
  for (const b of raw) {
    const text = typeof (b as { text?: unknown })?.text === 'string' ? ((b as { text: string }).text.replace(/\s+/g, ' ').trim()) : '';
    const ids = Array.isArray((b as { ids?: unknown })?.ids) ? ((b as { ids: unknown[] }).ids.filter((x) => typeof x === 'string') as string[]) : [];
    if (!text) {
      rejected.push({ text: '', reason: 'no text' });
      continue;
    }
    if (ids.length === 0) {
      rejected.push({ text, reason: 'cites no record' });
      continue;
    }
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) {
      rejected.push({ text, reason: `cites ${unknown}, not a record of this node` });
      continue;
    }
    const why = unsupported(text, ids.map((id) => records.get(id)!.text).join('\n'));
    if (why) {
      rejected.push({ text, reason: why });
      continue;
    }
    const first = records.get(ids[0]!)!;
    ok.push({ text, ids: [...new Set(ids)], salience: 0, forced: false, timeMs: first.timeMs, date: first.date, redline: false });
  }
  // Red lines (and a day's corrections) keep their own words; then the model's bullets; then the
  // extractive bullets of the records no accepted bullet speaks for.
  const forced = node.bullets.filter((b) => b.forced || b.redline);
  let used = forced.reduce((s, b) => s + b.text.length, 0);
  const out: Span[] = [...forced];
  const covered = new Set(forced.flatMap((b) => b.ids));
  let accepted = 0;
  for (const b of ok) {
    if (used + b.text.length > budget) continue;
    out.push(b);
    used += b.text.length;
    accepted++;
    for (const id of b.ids) covered.add(id);
  }
  for (const b of node.bullets) {
    if (out.includes(b) || b.ids.every((id) => covered.has(id)) || used + b.text.length > budget) continue;
    out.push(b);
    used += b.text.length;
  }
  return { bullets: out.sort(inTimeOrder), accepted, rejected };
}
