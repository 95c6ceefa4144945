import type { MemoryRecord } from '../../core/record.js';
import type { SearchHit, SummaryResult } from '../../query/types.js';
import type { TraceEntry } from '../../query/types.js';

/** Human output. Machine output is JSON (--json) and is formatted nowhere else. */

// ANSI/VT escape sequences: CSI (ESC [ … final byte), string sequences (OSC, DCS, SOS, PM, APC:
// up to BEL, ESC \\ or the end of the line) and two-character ESC sequences.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]?/g;
// Other C0 controls (not tab or newline), DEL and C1 controls.
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Text fit for a terminal: escape sequences removed, other control characters (except newline and
 * tab) shown as U+FFFD, CRLF read as a newline. Record text may hold anything a hand edit or an
 * old version let in; printed raw, it could move the cursor, retitle the window or hide lines.
 */
export function terminalSafe(s: string): string {
  return s.replace(/\r\n/g, '\n').replace(ESCAPES, '').replace(CONTROLS, '\ufffd');
}

export function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '$1 $3');
}

export function recordLine(r: Pick<MemoryRecord, 'id' | 'time' | 'domain' | 'project' | 'kind' | 'tier'>): string {
  const parts = [r.id, formatTime(r.time)];
  if (r.domain) parts.push(`[${r.domain}]`);
  if (r.project) parts.push(`project ${r.project}`);
  parts.push(r.kind === 'note' ? r.tier : `${r.kind}/${r.tier}`);
  return parts.join(' · ');
}

/** One line of `--explain`: what a ranking stage did to a result (the web inspector shows the same lines). */
export function traceLine(t: TraceEntry): string {
  switch (t.stage) {
    case 'retrieve':
      return `retrieve: ${t.mode} match, bm25 ${t.bm25.toPrecision(3)}, terms ${t.matchedTerms.length}/${t.totalTerms} [${t.matchedTerms.join(' ')}]`;
    case 'fallback':
      return `fallback: ${t.kind} [${t.terms.join(' ')}] (inside or across the record's words, ×${t.weight})`;
    case 'relevance':
      return `relevance: ${t.value.toFixed(3)} = ${t.formula}`;
    case 'filter':
      return `filter: ${t.applied.join(', ')}`;
    case 'back-reference':
      return `back-reference: written after the window; "${t.phrase}" points to ${t.refersTo.since}${t.refersTo.until !== t.refersTo.since ? ` – ${t.refersTo.until}` : ''}`;
    case 'supersede':
      return `supersede: ${t.note} (×${t.factor})`;
    case 'decay': {
      if (t.halfLifeDays === null) return 'decay: none (red lines do not decay)';
      const params = `half-life ${t.halfLifeDays} d, floor ${t.floor}`;
      if (t.applied === 'no-rival') return `decay: ×1 (age ${t.ageDays} d; no newer record on the same subject)`;
      if (t.applied === 'rival' && t.rival) {
        const why = t.rival.by === 'fact' ? `same fact slot ${t.rival.shared.join(', ')}` : `same query words [${t.rival.shared.join(' ')}]${t.rival.overlap !== undefined ? `, overlap ${t.rival.overlap}` : ''}`;
        return `decay: ×${t.factor.toFixed(3)} (newer rival ${t.rival.id}, ${t.rival.gapDays} d newer: ${why}; ${params})`;
      }
      if (t.recentAgeFrom === 'newer') return `decay: ×${t.factor.toFixed(3)} (${t.ageDays} d older than the newest record about as relevant, ${params}, recent query)`;
      if (t.recentAgeFrom === 'none-newer') return `decay: ×${t.factor.toFixed(3)} (the newest record about as relevant: its age is not counted, recent query)`;
      return `decay: ×${t.factor.toFixed(3)} (age ${t.ageDays} d, ${params}${t.recentQuery ? ', recent query' : ''})`;
    }
    case 'speaker':
      return `speaker: +${t.added.toFixed(3)} (said by ${t.speaker}, whom the query names)`;
    case 'answer-type':
      return `answer type: +${t.added.toFixed(3)} (the question asks for ${{ time: 'a time', number: 'a number', address: 'an address', ip: 'an IP address' }[t.wants]}, the record holds one)`;
    case 'contrast':
      return `contrast: ×${t.factor} (the query names ${t.asked.join('/')}, the record ${t.names.join('/')}: another ${t.group})`;
    case 'diversity':
      return `diversity: ×${t.factor.toFixed(3)} (${t.sameSessionAbove} better-scored record${t.sameSessionAbove === 1 ? '' : 's'} of its session above it)`;
    case 'context': {
      const parts = [`best neighbour ${t.neighbour.toFixed(3)}`];
      if (t.reply !== undefined) parts.push(`replies to a question at ${t.reply.toFixed(3)}`);
      if (t.far !== undefined) parts.push(`two records away ${t.far.toFixed(3)}`);
      if (t.session > 0) parts.push(`best in its session ${t.session.toFixed(3)}`);
      return `context: +${t.added.toFixed(3)} (${parts.join(', ')})`;
    }
    case 'tier':
      return `tier: ${t.tier} ×${t.factor}`;
    case 'redline':
      return `redline: ${t.note}`;
    case 'vector':
      return `vector: fused ${t.fused.toFixed(3)} = ${t.formula}; lexical rank ${t.lexicalRank ?? '-'}, vector rank ${t.vectorRank ?? '-'}${t.similarity !== null ? `, similarity ${t.similarity.toFixed(3)}` : ''}`;
    case 'duplicates':
      return `duplicates: shown once for ${t.count} records (${t.first.slice(0, 10)} … ${t.last.slice(0, 10)}: ${t.ids.join(', ')})${t.collapsed.length ? `; also found here, not listed again: ${t.collapsed.join(', ')}` : ''}`;
    case 'aliases': {
      const exp = Object.entries(t.expanded).map(([k, v]) => `${k} → ${v.join(' ')}`).join('; ');
      const by = t.matchedBy.length ? `; held only through an alias (×${t.weight}): ${t.matchedBy.map((m) => `${m.term} by ${m.aliases.join(' ')}`).join(', ')}` : '; every expanded word held as typed';
      return `aliases: ${exp}${by}`;
    }
    default: {
      const { stage, ...rest } = t as { stage: string } & Record<string, unknown>;
      return `${stage}: ${JSON.stringify(rest)}`;
    }
  }
}

export function formatHits(hits: SearchHit[], explain: boolean): string {
  if (hits.length === 0) return 'no results\n';
  const out: string[] = [];
  hits.forEach((h, i) => {
    const flags: string[] = [];
    if (h.pinned) flags.push('red line');
    if (h.archived) flags.push('archived');
    if (h.held) flags.push(h.held);
    if (h.origin && h.origin !== 'owner') flags.push(`by ${h.origin}`);
    if (h.superseded) flags.push(`superseded by ${h.supersededBy}${h.supersession?.otherPoint ? ' on another point' : ''}${h.supersession?.inferred ? ', inferred' : ''}${h.supersession?.evidence === 'words' ? ' (on words alone: check it)' : ''}`);
    if (h.conflicts.length) flags.push(h.tier === 'redline' ? `ignores corrections ${h.conflicts.join(', ')}` : `conflicts with red line ${h.conflicts.join(', ')}`);
    const flag = flags.length ? `  [${flags.join('; ')}]` : '';
    const dup = h.duplicates ? ` (×${h.duplicates.count}, ${h.duplicates.first.slice(0, 10)} … ${h.duplicates.last.slice(0, 10)})` : '';
    out.push(`${i + 1}. ${h.snippet}${dup}${flag}`);
    out.push(`   ${recordLine(h)} · score ${h.score.toFixed(3)}`);
    if (explain && h.explain) {
      for (const t of h.explain.stages) out.push(`     ${traceLine(t)}`);
      const r = h.explain.resolution;
      if (r) {
        out.push(`     resolution: ${r.status === 'linked' ? 'linked' : r.status === 'none' ? 'corrects nothing known' : 'ambiguous, linked to none'}; ${r.candidates.length} candidate(s) considered`);
        for (const c of r.candidates) out.push(`       ${c.accepted ? '+' : '-'} ${c.id} ${c.score.toFixed(2)}: ${c.note}`);
      }
    }
  });
  return out.join('\n') + '\n';
}

/** Summary-tree nodes an overview query reached: each node, then its bullets with their record ids. */
export function formatSummaries(s: SummaryResult): string {
  if (s.nodes.length === 0) return `summaries: no ${s.level} node covers this (run \`optmem consolidate\` to build the tree)\n\n`;
  const out: string[] = [];
  for (const n of s.nodes) {
    const shown = n.bullets.length < n.bulletsInNode ? `, ${n.bullets.length} of ${n.bulletsInNode} lines` : '';
    out.push(`summary ${n.node} (${n.from === n.to ? n.from : `${n.from} – ${n.to}`}${shown}) · ${n.file}`);
    for (const b of n.bullets) out.push(`  - ${b.redline ? '[red line] ' : ''}${b.text} [${b.ids.join(' ')}]`);
  }
  return out.join('\n') + '\n\n';
}
