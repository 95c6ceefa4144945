import { EVENT_KIND } from '../core/events.js';
import { recordWord, type MemoryRecord } from '../core/record.js';
import type { Provenance } from '../core/provenance.js';
import type { InjectionScan } from './scan.js';
import { loadScanner } from './scanner.deferred.js';

/** The rule an ingested red line gets: ingest never creates a red line on its own. */
export const INGEST_REDLINE_RULE = 'ingest-redline';

/**
 * Why a non-owner write waits for the owner: the scanner rules its text trips, and for a red line
 * read from a transcript, `ingest-redline`. Empty for events (decisions, not content).
 */
export function quarantineRules(r: Pick<MemoryRecord, 'kind' | 'tier' | 'text'>, by: Provenance, scan?: (text: string) => InjectionScan): string[] {
  if (by.origin === 'owner' || r.kind === EVENT_KIND) return [];
  const rules = [...new Set((scan ?? loadScanner().scanForInjection)(r.text).hits.map((h) => h.rule))];
  if (by.origin === 'ingest' && r.tier === 'redline' && !rules.includes(INGEST_REDLINE_RULE)) rules.push(INGEST_REDLINE_RULE);
  return rules;
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
