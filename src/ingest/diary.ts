import { REDLINE_MARK } from '../core/markers.js';
import { scrubText } from '../core/record.js';
import type { RecordJson } from '../io/jsonl.js';
import { parseTime, formatIso } from '../core/time.js';
import { sanitize } from '../sessions/project.js';
import type { DiaryItem, Trigger } from './types.js';

/**
 * A kept item as a diary record (the JSONL shape `import` reads). Decisions and lessons keep their
 * own kinds; everything else is `diary`. A user's correction is `kind: correction` with the
 * 〔更正〕 marker in its text, so the ranking rules let it supersede the fact it corrects.
 * Decisions, lessons, configuration changes and corrections are evidence; the rest is normal.
 */
export type DiaryRecordJson = Omit<RecordJson, 'id' | 'corrects' | 'source'> & { source: { agent?: string; session?: string; ref: string } };

export const CORRECTION_MARKER = '〔更正〕';
const EVIDENCE: ReadonlySet<Trigger> = new Set(['decision', 'lesson', 'config-change']);

export function kindOf(item: Pick<DiaryItem, 'trigger' | 'correction'> & { text?: string }): { kind: string; tier: string } {
  // A red line said in a session (〔红线〕, "Red line:") is written as one, and so waits for the owner
  // (quarantine/stamp.ts, ingest-redline): ingest never makes a red line count on its own.
  if (item.text !== undefined && REDLINE_MARK.test(item.text.trim())) return { kind: 'redline', tier: 'redline' };
  if (item.correction) return { kind: 'correction', tier: 'evidence' };
  const kind = item.trigger === 'decision' ? 'decision' : item.trigger === 'lesson' ? 'lesson' : 'diary';
  return { kind, tier: EVIDENCE.has(item.trigger) ? 'evidence' : 'normal' };
}

export interface DiaryContext {
  domain: string | null;
  knownDomains: readonly string[];
  project: string | null;
  agent: string | null;
  session: string | null;
  ref: string;
  /** the turn's time when the item has none */
  turnTime: string | null;
  nowMs: number;
}

/** The record's text: `[domain] ` when the domain is a known prefix, then 〔更正〕 for a correction. */
export function diaryText(item: Pick<DiaryItem, 'text' | 'correction'>, domain: string | null, knownDomains: readonly string[]): string {
  // Copied from a transcript, not typed: escape codes and other control characters are taken out.
  const body = scrubText(item.text).trim();
  const marker = item.correction && !body.includes(CORRECTION_MARKER) ? CORRECTION_MARKER : '';
  const prefix = domain && knownDomains.includes(domain) && !body.startsWith(`[${domain}]`) ? `[${domain}] ` : '';
  return `${prefix}${marker}${body}`;
}

export function diaryRecord(item: DiaryItem, ctx: DiaryContext): DiaryRecordJson {
  const { kind, tier } = kindOf(item);
  const time = validTime(item.time) ?? validTime(ctx.turnTime) ?? formatIso(ctx.nowMs);
  const agent = ctx.agent ? sanitize(ctx.agent) : null;
  const session = ctx.session ? sanitize(ctx.session) : null;
  return {
    time,
    text: diaryText(item, ctx.domain, ctx.knownDomains),
    domain: ctx.domain,
    project: ctx.project,
    kind,
    tier,
    tags: ['auto-diary', item.correction ? 'correction' : item.trigger],
    source: { ...(agent ? { agent } : {}), ...(session ? { session } : {}), ref: refText(ctx.ref) },
  };
}

function validTime(t: string | null | undefined): string | null {
  if (!t) return null;
  const p = parseTime(t);
  // keep the host's own string (its offset) when it parses
  return p ? (/(Z|[+-]\d{2}:\d{2})$/.test(t.trim()) ? t.trim() : p.iso) : null;
}

/** A ref is one line of at most 500 characters: keep its end (the file name and line) when longer. */
function refText(ref: string): string {
  const one = ref.replace(/[\r\n]+/g, ' ');
  return one.length <= 500 ? one : '…' + one.slice(one.length - 499);
}

/** `path#L12` → 12 (the line a ref points at), else null. */
export function refLine(ref: string): number | null {
  const m = /#L(\d+)(?:\.\d+)?$/.exec(ref);
  return m ? Number(m[1]) : null;
}
