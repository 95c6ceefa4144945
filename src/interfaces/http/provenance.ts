/**
 * The one place the server hands provenance to the library: `m.add(input, { provenance })` stamps
 * origin and writer, and `AddResult.quarantined` says the record waits for the owner. Kept in one
 * adapter so the rest of the server never depends on how the library spells it.
 */
import type { RecordInput } from '../../core/record.js';
import type { AddResult, Optmem } from '../../optmem.js';
import type { Origin } from './principal.js';

export interface Provenance {
  origin: Origin;
  writer?: string;
}

type AddWithProvenance = (input: RecordInput, opts?: { provenance?: Provenance }) => AddResult;

export function addWithProvenance(m: Pick<Optmem, 'add'>, input: RecordInput, provenance: Provenance): AddResult & { quarantined: boolean } {
  const r = (m.add as AddWithProvenance)(input, { provenance });
  return { ...r, quarantined: (r as { quarantined?: boolean }).quarantined === true };
}
