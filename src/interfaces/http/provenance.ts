/**
 * Who a principal writes as. The server holds one memory handle, opened with the agent's
 * provenance (the least trusted that may write through pipes: a handoff or link event stamped with
 * it is quarantined like any agent write); every record a principal adds is stamped with the
 * principal's own provenance per call. One handle, not one per token: each handle caches derived
 * state (held and archived records), and one handle sees its own writes at once.
 */
import type { Provenance } from '../../core/provenance.js';
import { originOf, writerOf, type Principal } from './principal.js';

export function provenanceOf(p: Principal): Provenance {
  return { origin: originOf(p), writer: writerOf(p) };
}
