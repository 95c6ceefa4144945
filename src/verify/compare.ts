import { EVENT_KIND, parseEvent } from '../core/events.js';
import type { MemoryRecord } from '../core/record.js';
import type { LogStore } from '../store/log-store.js';
import { fileBlocks, shortHash, type SealRead, type SealRecordLine } from '../store/seal.js';
import { lineDiff } from './line-diff.js';
import type { Finding, VerifyReport } from './types.js';

/** A record as it stands in the log now. */
interface Present {
  record: MemoryRecord;
  file: string;
  line: number;
  at: number;
  text: string;
  hash: string;
}

export interface CompareOptions {
  store: LogStore;
  seal: SealRead;
  /** byte ranges of appends of optmem's own that may lack seal lines (a crash between the two writes) */
  pendingRanges: { file: string; from: number; to: number }[];
  /** ids linked to an id in the index (supersession edges both ways) */
  linked?: (id: string) => string[];
  /** only records whose time is at or after this instant */
  sinceMs?: number | null;
}

/**
 * Compare the log with its seal: every sealed record that is edited, removed or moved, every
 * record that was never sealed, every duplicate. Reads every day file once; hashes each block once
 * (a line diff only for the blocks that differ).
 */
export function compareWithSeal(o: CompareOptions): { findings: Finding[]; present: Present[] } {
  const present: Present[] = [];
  const byId = new Map<string, Present>();
  const findings: Finding[] = [];
  const acks = new Map<string, Set<string>>();
  const pointing = new Map<string, Set<string>>();
  const point = (target: string, from: string) => {
    let s = pointing.get(target);
    if (!s) pointing.set(target, (s = new Set()));
    s.add(from);
  };

  for (const f of o.store.listDayFiles()) {
    const snap = o.store.readDayFileWithStat(f.rel);
    if (!snap) continue;
    for (const fb of fileBlocks(snap.content, snap.parsed.blocks)) {
      const r = fb.block.record;
      const p: Present = { record: r, file: f.rel, line: fb.block.line, at: fb.at, text: fb.text, hash: shortHash(fb.text) };
      if (byId.has(r.id)) {
        findings.push(finding('duplicate', p, null, `a second block with the id ${r.id} (the first is at ${byId.get(r.id)!.file}:${byId.get(r.id)!.line}); it is skipped when read`, { text: p.text }));
        continue;
      }
      byId.set(r.id, p);
      present.push(p);
      for (const c of r.corrects) point(c, r.id);
      if (r.kind === EVENT_KIND) {
        const e = parseEvent(r.text);
        if (!e) continue;
        if (e.verb === 'acknowledge') {
          let s = acks.get(e.ids[0]!);
          if (!s) acks.set(e.ids[0]!, (s = new Set()));
          if (e.hash) s.add(e.hash);
        } else for (const id of e.ids) point(id, r.id);
      }
    }
  }

  const sealedById = new Map<string, SealRecordLine>();
  for (const s of o.seal.records) sealedById.set(s.id, s);

  // Records sealed in a file and still in it, in the order they stand: anything off the longest
  // run in sealed order was moved within the file.
  const inFile = new Map<string, { p: Present; n: number }[]>();
  for (const p of present) {
    const s = sealedById.get(p.record.id);
    if (!s) {
      const ours = o.pendingRanges.some((r) => r.file === p.file && p.at >= r.from && p.at < r.to);
      findings.push(
        ours
          ? finding('appended-not-sealed', p, null, 'appended by optmem, but its seal line was lost in a crash: not a hand edit (`optmem verify --seal-new` seals it)', { text: p.text })
          : finding('added', p, null, 'in the log but never sealed: added by hand or by another program', { text: p.text }),
      );
      continue;
    }
    if (s.file !== p.file) {
      findings.push(finding('moved', p, s, `moved from ${s.file} to ${p.file}`));
    } else if (!s.late) {
      // a record sealed late (--seal-new) was sealed where it stood, out of write order: its place is not checked
      let list = inFile.get(p.file);
      if (!list) inFile.set(p.file, (list = []));
      list.push({ p, n: s.n });
    }
    if (s.hash !== p.hash) {
      // an editor that saved the file with CRLF changes every byte of a record and none of its words
      const onlyLineEnds = p.text.includes('\r') && shortHash(p.text.replace(/\r\n/g, '\n')) === s.hash;
      findings.push(
        onlyLineEnds
          ? finding('edited', p, s, 'only its line ends changed (saved with CRLF); the text is as written')
          : finding('edited', p, s, 'edited since it was written', { diff: lineDiff(s.lines, p.text) }),
      );
    }
  }
  for (const [, list] of inFile) {
    const keep = longestIncreasing(list.map((x) => x.n));
    list.forEach((x, i) => {
      if (!keep.has(i)) findings.push(finding('moved', x.p, sealedById.get(x.p.record.id)!, `out of the order it was written in (${x.p.file}:${x.p.line})`));
    });
  }
  for (const s of o.seal.records) {
    if (byId.has(s.id) || sealedById.get(s.id) !== s) continue;
    findings.push({
      kind: 'removed',
      id: s.id,
      file: s.file,
      line: null,
      sealedFile: s.file,
      time: s.time,
      hash: 'removed',
      acknowledged: false,
      detail: `removed from ${s.file} (it began at byte ${s.at} when written)`,
      affected: [],
    });
  }

  const out: Finding[] = [];
  for (const f of findings) {
    if (o.sinceMs != null && !(Date.parse(f.time) >= o.sinceMs)) continue;
    f.acknowledged = acks.get(f.id)?.has(f.hash) ?? false;
    if (f.kind === 'edited' || f.kind === 'removed' || f.kind === 'moved') {
      const aff = new Set([...(pointing.get(f.id) ?? []), ...(o.linked ? o.linked(f.id) : [])]);
      aff.delete(f.id);
      f.affected = [...aff].sort();
    }
    out.push(f);
  }
  const order = (f: Finding) => `${f.file}\u0000${String(f.line ?? 0).padStart(9, '0')}\u0000${f.kind}`;
  out.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { findings: out, present };
}

function finding(kind: Finding['kind'], p: Present, s: SealRecordLine | null, detail: string, extra: Partial<Finding> = {}): Finding {
  return {
    kind,
    id: p.record.id,
    file: p.file,
    line: p.line,
    sealedFile: s ? s.file : null,
    time: p.record.time,
    hash: p.hash,
    acknowledged: false,
    detail,
    affected: [],
    ...extra,
  };
}

/** Indexes of one longest strictly increasing subsequence (patience sorting, O(n log n)). */
function longestIncreasing(xs: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[tails[mid]!]! < xs[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k !== -1; k = prev[k]!) keep.add(k);
  return keep;
}

export type { VerifyReport };
