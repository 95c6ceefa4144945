/**
 * The gate before an archive run: on a copy of the home, measure what archiving the candidates
 * would do to search, before and after, and refuse when anything that should be found is lost.
 * Three checks, each from the home's own records (no labelled data needed):
 *  - known items: a deterministic sample of the records that stay, each searched by its own words,
 *    must still be found in the top 10 (no drop beyond `tolerance`);
 *  - red lines: every red line, searched by its own words, in the top 10 (stays at 100 % if it was);
 *  - stale on top: for each live correction, searched by its words, no record it superseded ranks
 *    above it (the count must not grow).
 * The copy is deleted afterwards; the home is only read.
 */
import { stripMarkers } from '../core/markers.js';
import { nodeCrypto } from '../core/lazy-crypto.js';
import { copyHome } from '../eval/home-copy.js';
import { createOptmem, type Optmem } from '../optmem.js';
import { hasLetterOrDigit } from '../core/letters.js';

export interface ArchiveHealth {
  knownItems: { asked: number; found: number; recall: number };
  redLines: { asked: number; found: number; recall: number };
  staleOnTop: { asked: number; stale: number };
}

export interface ArchiveGateResult {
  pass: boolean;
  before: ArchiveHealth;
  after: ArchiveHealth;
  /** what failed, in words (empty when it passed) */
  problems: string[];
  ms: number;
}

const TOP = 10;
const SAMPLE = 200;
/** a query is the record's own text, cut here (long enough to be specific, short enough to be a query) */
const QUERY_CHARS = 120;

const hashOf = (s: string) => nodeCrypto().createHash('sha256').update(s).digest('hex');

/** A record's own words as a query: without its domain prefix and markers, cut at QUERY_CHARS. */
function queryOf(text: string, domains: readonly string[]): string {
  return stripMarkers(text, domains).replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS);
}

/** The records of a gate run: the sample that stays, every red line, every live correction chain head. */
export interface GateProbes {
  keep: string[];
  redLines: string[];
  heads: string[];
}

function health(mem: Optmem, probes: { sample: string[]; redLines: string[]; heads: string[] }, nowIso: string): ArchiveHealth {
  const results = (text: string) => {
    const q = queryOf(text, mem.config.domains);
    return hasLetterOrDigit(q) ? mem.search({ query: q, limit: TOP, now: nowIso }).results : null;
  };
  const recallOf = (ids: string[]) => {
    const out = { asked: 0, found: 0, recall: 1 };
    for (const id of ids) {
      const r = mem.get(id);
      const res = r ? results(r.text) : null;
      if (!res) continue;
      out.asked++;
      if (res.some((h) => h.id === id)) out.found++;
    }
    out.recall = out.asked ? out.found / out.asked : 1;
    return out;
  };
  const stale = { asked: 0, stale: 0 };
  for (const id of probes.heads) {
    const h = mem.get(id);
    const res = h ? results(h.text) : null;
    if (!res) continue;
    stale.asked++;
    const at = res.findIndex((x) => x.id === id);
    const olds = new Set((mem.history(id)?.edges ?? []).filter((e) => e.newId === id && !e.blocked).map((e) => e.oldId));
    if (res.some((x, i) => olds.has(x.id) && (at < 0 || i < at))) stale.stale++;
  }
  return { knownItems: recallOf(probes.sample), redLines: recallOf(probes.redLines), staleOnTop: stale };
}

/**
 * Run the gate for archiving `ids` in `home` as of `nowIso`. `keep` are live records that stay
 * (the known-item sample is drawn from them, by a hash of their ids: the same home, the same sample).
 */
export function gateArchive(home: string, ids: string[], probes: GateProbes, nowIso: string, tolerance = 0.005, snapshotIndex?: (file: string) => void): ArchiveGateResult {
  const t0 = Date.now();
  const copy = copyHome(home, snapshotIndex ? { index: snapshotIndex } : {});
  try {
    const mem = createOptmem({ dir: copy.dir });
    try {
      const p = {
        sample: [...probes.keep].sort((a, b) => (hashOf(a) < hashOf(b) ? -1 : 1)).slice(0, SAMPLE),
        redLines: probes.redLines.slice(0, SAMPLE),
        heads: [...probes.heads].sort((a, b) => (hashOf(a) < hashOf(b) ? -1 : 1)).slice(0, 100),
      };
      const before = health(mem, p, nowIso);
      mem.archive(ids, { why: 'gate trial' });
      const after = health(mem, p, nowIso);
      const problems: string[] = [];
      if (after.knownItems.recall < before.knownItems.recall - tolerance - 1e-9) {
        problems.push(`records that stay were found less often: ${before.knownItems.found}/${before.knownItems.asked} → ${after.knownItems.found}/${after.knownItems.asked}`);
      }
      if (after.redLines.recall < before.redLines.recall) problems.push(`red lines found less often: ${before.redLines.found}/${before.redLines.asked} → ${after.redLines.found}/${after.redLines.asked}`);
      if (after.staleOnTop.stale > before.staleOnTop.stale) problems.push(`stale records above their corrections: ${before.staleOnTop.stale} → ${after.staleOnTop.stale}`);
      return { pass: problems.length === 0, before, after, problems, ms: Date.now() - t0 };
    } finally {
      mem.close();
    }
  } finally {
    copy.remove();
  }
}
