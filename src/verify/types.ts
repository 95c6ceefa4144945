import type { SealProblem } from '../store/seal.js';

/**
 * What `verify` can find about one record:
 *   edited                 its bytes differ from what was sealed
 *   removed                sealed, no longer in the log
 *   moved                  in another day file than sealed, or out of the order it was written in
 *   added                  in the log, never sealed: added by hand (or by another program)
 *   appended-not-sealed    appended by optmem, whose seal lines a crash lost: not tampering
 *   duplicate              a second block with the id of a record already read
 */
export type FindingKind = 'edited' | 'removed' | 'moved' | 'added' | 'appended-not-sealed' | 'duplicate';

/** One line of an edit's diff. The old text is not kept (only a hash per line): a removed line has no text. */
export interface DiffLine {
  op: ' ' | '-' | '+';
  /** the line now (for ' ' and '+'); null for '-' */
  text: string | null;
  /** 1-based line within the sealed block (for ' ' and '-') */
  oldLine: number | null;
}

export interface Finding {
  kind: FindingKind;
  id: string;
  /** where the record is now (for removed: where it was sealed) */
  file: string;
  /** 1-based line of its header now; null when removed */
  line: number | null;
  /** where it was sealed, when it was */
  sealedFile: string | null;
  /** the record's time (now, or as sealed) */
  time: string;
  /** what an acknowledgement must name: the hash of the record's block now, or "removed" */
  hash: string;
  acknowledged: boolean;
  /** one line saying what happened */
  detail: string;
  /** edited: the line diff against the sealed block */
  diff?: DiffLine[];
  /** added / appended-not-sealed / duplicate: the block as it stands */
  text?: string;
  /** records whose supersession links, corrections or events point at this one */
  affected: string[];
}

export interface VerifyReport {
  /** a seal exists (false: a read-only home never sealed) */
  sealed: boolean;
  /** records sealed just now because the home had no seal ("nothing to compare yet") */
  sealedExisting: number | null;
  /** records sealed late by `--seal-new` */
  sealedNew: number;
  /** seal lines for records */
  sealLines: number;
  /** records in the log */
  records: number;
  findings: Finding[];
  /** broken chain, unreadable lines, a torn last line of the seal */
  seal: SealProblem[];
  /** a broken chain (a torn last line alone is a crash, not tampering) */
  chainBroken: boolean;
  unacknowledged: number;
  /** clean or everything acknowledged, and the chain whole */
  ok: boolean;
  since: string | null;
}
