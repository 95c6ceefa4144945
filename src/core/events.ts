import { OptmemError } from './errors.js';
import { isValidId } from './ids.js';

/**
 * Event records: one kind for every decision about other records (docs/RECORD_FORMAT.md, "Events").
 * An event is an ordinary record of the log with `kind: event`, so it is appended, exported,
 * imported and shown by `history` like any other; it is never a search result. Its text is one
 * line `VERB ID [ID…]`, optionally followed by `why: …`. Who is the record's agent, when is its time.
 *
 *   link NEW OLD      NEW supersedes OLD (a correction link made by hand)
 *   unlink NEW OLD    NEW does not supersede OLD, however it was linked (explicit, resolved, inferred)
 *   acknowledge WHAT  the owner has looked at WHAT: a file set aside in recovered/ (`recovered/NAME`)
 *                     or a record id; `doctor` stops failing on it
 *   archive ID…       the records leave default search (forgetting); they stay in the log and are
 *                     found with `search --archived`. Red lines are never archived.
 *   unarchive ID…     they come back
 *   approve ID…       the owner lets quarantined records in: default search and packs take them
 *   reject ID…        the owner keeps quarantined records out for good (they stay in the log)
 *
 * For two records, the newest event about the pair decides; for one record's archive state, the
 * newest archive or unarchive event naming it; for its quarantine state, the newest approve or reject.
 */
export const EVENT_KIND = 'event';
/** Most ids one archive or unarchive event names (a longer list is split over several events). */
export const MAX_ARCHIVE_IDS = 200;
export const EVENT_VERBS = ['link', 'unlink', 'acknowledge', 'archive', 'unarchive', 'approve', 'reject'] as const;
export type EventVerb = (typeof EVENT_VERBS)[number];

export interface MemoryEvent {
  verb: EventVerb;
  /** the records it is about; for link/unlink: [new, old]; for archive/unarchive/approve/reject: one or more */
  ids: string[];
  why: string | null;
  /** acknowledge of a record: the hash of the record as acknowledged (`hash: H`; see `optmem verify`) */
  hash?: string | null;
}

/** How many ids each verb takes: [least, most]. */
const ARITY: Record<EventVerb, [number, number]> = {
  link: [2, 2],
  unlink: [2, 2],
  acknowledge: [1, 1],
  archive: [1, MAX_ARCHIVE_IDS],
  unarchive: [1, MAX_ARCHIVE_IDS],
  approve: [1, MAX_ARCHIVE_IDS],
  reject: [1, MAX_ARCHIVE_IDS],
};

/** What `acknowledge` may name besides a record id: a file set aside in recovered/. */
const RECOVERED_TARGET = /^recovered\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function validTarget(verb: EventVerb, t: string): boolean {
  return isValidId(t) || (verb === 'acknowledge' && RECOVERED_TARGET.test(t));
}

/** The text of an event record. */
export function eventText(e: MemoryEvent): string {
  const head = `${e.verb} ${e.ids.join(' ')}`;
  const why = e.why?.replace(/\s+/g, ' ').trim();
  const lines = why ? `${head}\nwhy: ${why}` : head;
  return e.hash ? `${lines}\nhash: ${e.hash}` : lines;
}

/** Check an event's verb and ids; throws a USAGE error naming the field. */
export function checkEvent(e: MemoryEvent): MemoryEvent {
  if (!(EVENT_VERBS as readonly string[]).includes(e.verb)) {
    throw new OptmemError('USAGE', `event verb "${e.verb}" must be one of ${EVENT_VERBS.join(', ')}`, { field: 'verb' });
  }
  const [least, most] = ARITY[e.verb];
  if (e.ids.length < least || e.ids.length > most) {
    const what =
      e.verb === 'acknowledge' ? 'one target (recovered/NAME or a record id)' : least === most ? `${least} record ids (NEW OLD)` : `${least} to ${most} record ids`;
    throw new OptmemError('USAGE', `${e.verb} takes ${what}, got ${e.ids.length}`, { field: 'ids' });
  }
  for (const id of e.ids) {
    if (!validTarget(e.verb, id)) throw new OptmemError('USAGE', `"${id}" is not ${e.verb === 'acknowledge' ? 'recovered/NAME or a record id' : 'a record id'}`, { field: 'ids' });
  }
  if (least > 1 && e.ids[0] === e.ids[1]) throw new OptmemError('USAGE', `${e.verb}: a record cannot supersede itself`, { field: 'ids' });
  return e;
}

/** Read an event record's text; null when it is not a well-formed event. */
export function parseEvent(text: string): MemoryEvent | null {
  const [head = '', ...rest] = text.split('\n');
  const parts = head.trim().split(/\s+/);
  const verb = parts[0] as EventVerb;
  if (!(EVENT_VERBS as readonly string[]).includes(verb)) return null;
  const ids = parts.slice(1);
  const [least, most] = ARITY[verb];
  if (ids.length < least || ids.length > most || !ids.every((t) => validTarget(verb, t)) || (least > 1 && ids[0] === ids[1])) return null;
  const whyLine = rest.find((l) => /^why:\s*/i.test(l));
  const hashLine = rest.find((l) => /^hash:\s*[0-9a-z]+\s*$/.test(l));
  return { verb, ids, why: whyLine ? whyLine.replace(/^why:\s*/i, '').trim() || null : null, ...(hashLine ? { hash: hashLine.slice(5).trim() } : {}) };
}
