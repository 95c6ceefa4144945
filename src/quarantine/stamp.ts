import { EVENT_KIND } from '../core/events.js';
import { recordWord, type MemoryRecord } from '../core/record.js';
import { INGEST_REDLINE_RULE, type Provenance } from '../core/provenance.js';
import { isHandoffLayout } from '../sessions/handoff.js';
import type { InjectionScan } from './scan.js';
import { loadScanner } from './scanner.deferred.js';

export { INGEST_REDLINE_RULE };

/**
 * Why a non-owner write waits for the owner: the scanner rules its text trips, and for a red line
 * read from a transcript, `ingest-redline`. Empty for events (decisions, not content).
 */
export function quarantineRules(r: Pick<MemoryRecord, 'kind' | 'tier' | 'text'>, by: Provenance, scan?: (text: string) => InjectionScan): string[] {
  if (by.origin === 'owner' || r.kind === EVENT_KIND) return [];
  const scanner = scan ?? loadScanner().scanForInjection;
  const rules = r.kind === 'handoff' ? handoffHits(r.text, scanner) : [...new Set(scanner(r.text).hits.map((h) => h.rule))];
  if (by.origin === 'ingest' && r.tier === 'redline' && !rules.includes(INGEST_REDLINE_RULE)) rules.push(INGEST_REDLINE_RULE);
  return rules;
}

/**
 * The learned scorer's least probability for a handoff item to hold its handoff. A record is one
 * text and one chance to misfire; a handoff is a dozen items and a dozen chances, so an item needs a
 * surer score than a record. The rule: the lowest threshold, in steps of 0.05, that holds at most one
 * development handoff in thirty (4 of 134). The model trained with nine writers (session 15) scores
 * higher overall: 0.7 held 5 of 134, 0.75 held 3; the shipped model of twelve writers holds 4 at 0.75
 * (at the model's own threshold, 0.5, about one in ten). A home's `quarantine.modelThreshold` above
 * this raises it for items too.
 */
export const HANDOFF_ITEM_THRESHOLD = 0.75;

/**
 * A handoff is judged item by item: each line of its sections is a note lifted from a session, while its
 * headings and first line, exactly as optmem renders them (isHandoffLayout), are its own layout (### Next 下一步 …), which the learned scorer would read
 * as a list of instructions (on the labelled sessions it held about one handoff in three for its layout;
 * item by item, about one in fifty). The rules also run over the items as one text, so a pattern split
 * across items is still seen; of several scorer hits the highest is kept, when it reaches
 * HANDOFF_ITEM_THRESHOLD.
 */
function handoffHits(text: string, scanner: (text: string) => InjectionScan): string[] {
  const parts = text
    .split('\n')
    .map((l) => l.replace(/^- /, '').trim())
    .filter((l) => l && !isHandoffLayout(l));
  // The rules over the items as one text (bullets and headings out), so a pattern split across items is seen.
  const hits = scanner(parts.join('\n')).hits.filter((h) => h.probability === undefined).map((h) => h.rule);
  let model: { rule: string; probability: number } | null = null;
  for (const p of parts) {
    for (const h of scanner(p).hits) {
      if (h.probability === undefined) hits.push(h.rule);
      else if (h.probability >= HANDOFF_ITEM_THRESHOLD && h.probability > (model?.probability ?? 0)) model = { rule: h.rule, probability: h.probability };
    }
  }
  return [...new Set([...hits, ...(model ? [model.rule] : [])])];
}

/**
 * The record as the library writes it: origin and writer from the way it came in, never from what
 * the payload says, and the quarantine rules it tripped (docs/QUARANTINE.md).
 */
export function stampRecord(record: MemoryRecord, by: Provenance, scan?: (text: string) => InjectionScan): MemoryRecord {
  const { origin: _o, writer: _w, quarantine: _q, ...rest } = record;
  const out: MemoryRecord = rest;
  if (by.origin !== 'owner') out.origin = by.origin;
  // The writer is a meta line: one word, or the day file could not be read back.
  if (by.writer) out.writer = recordWord(by.writer, 'writer');
  const rules = quarantineRules(out, by, scan);
  if (rules.length) out.quarantine = rules;
  return out;
}
