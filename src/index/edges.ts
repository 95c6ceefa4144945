import type { ResolutionStatus } from './resolve/choose.js';

/**
 * The supersession model the index stores and every interface shows: edges (which record
 * supersedes which, and how that was found) and resolutions (how a correction naming no id looked
 * for its target). Derived in index/supersession.ts.
 */
export interface EdgeDetail {
  /** subject words shared */
  shared?: string[];
  /** old values quoted by the correction and held by the target */
  quoted?: string[];
  /** fact slot key both state */
  slot?: string;
  /** the attribute both state */
  attribute?: string;
  score?: number;
  /** for linked edges: the event that made the link, and why */
  event?: string;
  why?: string;
}

export type EdgeMethod = 'explicit' | 'resolved' | 'inferred' | 'linked';

export interface Edge {
  oldId: string;
  newId: string;
  method: EdgeMethod;
  inferred: boolean;
  blocked: boolean;
  score: number;
  detail: EdgeDetail;
}

/**
 * What a supersession link rests on: `id` (the correction names the record, or a link event does),
 * `quoted` (the correction quotes an old value the record holds: 从8080改为9090), `words` (subject and
 * attribute words alone, or an inferred restatement). On correction text nobody had read, links on
 * words alone were right about two times in three, the others 20 times in 21 (eval/corrections):
 * a `words` link is worth a look before trusting the flag.
 */
export type SupersessionEvidence = 'id' | 'quoted' | 'words';

export function evidenceOf(e: Pick<Edge, 'method' | 'detail'>): SupersessionEvidence {
  if (e.method === 'explicit' || e.method === 'linked') return 'id';
  return (e.detail.quoted?.length ?? 0) > 0 ? 'quoted' : 'words';
}

/** How a correction without ids was resolved, kept for `add`, `doctor`, `stats` and `--explain`. */
export interface Resolution {
  id: string;
  status: ResolutionStatus;
  /** the candidates considered, best first, with why each was taken or refused */
  candidates: { id: string; score: number; accepted: boolean; note: string }[];
}

export interface EdgeRow {
  old_id: string;
  new_id: string;
  method: Edge['method'];
  inferred: number;
  blocked: number;
  score: number;
  detail: string;
}

export function rowToEdge(r: EdgeRow): Edge {
  return {
    oldId: r.old_id,
    newId: r.new_id,
    method: r.method,
    inferred: r.inferred === 1,
    blocked: r.blocked === 1,
    score: r.score,
    detail: JSON.parse(r.detail) as EdgeDetail,
  };
}

export function rowToResolution(row: { id: string; status: string; candidates: string }): Resolution {
  return { id: row.id, status: row.status as ResolutionStatus, candidates: JSON.parse(row.candidates) as Resolution['candidates'] };
}

/** What `add` says about a correction whose words linked it to nothing. */
export function resolutionNote(r: Resolution | null): string | null {
  if (!r || r.status === 'linked') return null;
  if (r.status === 'ambiguous') {
    const ids = r.candidates.filter((c) => c.note.startsWith('ambiguous')).map((c) => c.id);
    return `ambiguous: ${ids.join(' and ')} are about equally likely targets; linked to neither (pick one with \`optmem link NEW OLD\`)`;
  }
  return 'corrects nothing known: no older record in its scope states the same subject and attribute; it stands alone as a current fact';
}

