import { CORRECTION_MARK, REDLINE_MARK } from '../../core/markers.js';
import { detectTrigger } from '../detect.js';
import type { DiaryItem, IngestTurn, SummarizeContext, Summarizer } from '../types.js';

/**
 * The default summarizer: deterministic, local, no network. Each user or assistant turn goes
 * through the trigger detector (with the turn before it, so "不对，端口是9090" is read as a
 * correction of what came before); a turn that fires becomes one item made of the sentence(s)
 * carrying the cue, trimmed and cut to `maxItemChars`. A user turn the user marked (〔红线〕, 〔更正〕)
 * is kept whole. Chatter, tool calls and host noise fire nothing and leave nothing.
 */
export interface ExtractiveOptions {
  /** items whose detection is less sure than this are dropped (0..1, default 0) */
  minConfidence?: number;
  /** an item's text is cut to this many characters (default 280, 80..2000) */
  maxItemChars?: number;
}

export const EXTRACTIVE_DEFAULTS: Required<ExtractiveOptions> = { minConfidence: 0, maxItemChars: 280 };

export function createExtractiveSummarizer(options: ExtractiveOptions = {}): Summarizer {
  const o = { ...EXTRACTIVE_DEFAULTS, ...options };
  return {
    id: 'extractive',
    async summarize(turns: IngestTurn[], _ctx: SummarizeContext): Promise<DiaryItem[]> {
      return extractItems(turns, o);
    },
  };
}

/** The synchronous core, also used as the fallback when another summarizer fails. */
export function extractItems(turns: IngestTurn[], options: ExtractiveOptions = {}): DiaryItem[] {
  const o = { ...EXTRACTIVE_DEFAULTS, ...options };
  const items: DiaryItem[] = [];
  let prev: { role: IngestTurn['role']; text: string } | undefined;
  for (const t of turns) {
    if (t.role !== 'user' && t.role !== 'assistant') continue;
    const turn = { role: t.role, text: t.text };
    const d = detectTrigger(turn, prev);
    prev = turn;
    // The user marking a turn (〔红线〕, 〔更正〕, "Red line:", "更正：") says it is to be kept, whatever the
    // detector reads: the whole turn is the item, marker and all. A red line read from a transcript
    // then waits for the owner (quarantine/stamp.ts, ingest-redline); a correction is written as one.
    const said = t.text.trim();
    const redline = t.role === 'user' && REDLINE_MARK.test(said);
    if (redline || (t.role === 'user' && CORRECTION_MARK.test(said))) {
      items.push({ text: cut(said.replace(/\s+/g, ' '), o.maxItemChars), trigger: d.trigger ?? 'decision', correction: !redline, line: t.line, time: t.time });
      continue;
    }
    if ((!d.trigger && !d.correction) || d.confidence < o.minConfidence) continue;
    const text = excerpt(t.text, d.cues, o.maxItemChars);
    if (!text) continue;
    items.push({ text, trigger: d.trigger ?? 'decision', correction: d.correction, line: t.line, time: t.time });
  }
  return items;
}

/** The sentence(s) carrying the cue words, else the first sentence; one line, at most `max` chars. */
export function excerpt(text: string, cues: string[], max: number): string {
  const flat = text.replace(/\r/g, '');
  const sentences = splitSentences(flat);
  if (!sentences.length) return '';
  const lc = cues.map((c) => c.toLowerCase()).filter(Boolean);
  const hit = sentences.findIndex((s) => lc.some((c) => s.toLowerCase().includes(c)));
  const at = hit === -1 ? 0 : hit;
  let out = sentences[at]!;
  // A short cue sentence ("不对，", "Lesson learned:") says little alone: take the next one too.
  if (Array.from(out).length < 40 && sentences[at + 1]) out = `${out} ${sentences[at + 1]}`;
  out = out.replace(/\s+/g, ' ').replace(/^[-*>#\s]+/, '').trim();
  return cut(out, max);
}

function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    // English sentence ends need a space after the stop, so 127.0.0.1 and v1.2 stay whole.
    for (const s of para.split(/(?<=[。！？])|(?<=[.!?])\s+/)) {
      const t = s.trim();
      if (t) out.push(t);
    }
  }
  return out;
}

function cut(s: string, max: number): string {
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  return chars.slice(0, max - 1).join('').trimEnd() + '…';
}
