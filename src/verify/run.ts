import fs from 'node:fs';
import type { LogStore } from '../store/log-store.js';
import { fileBlocks, readSeal, sealLineOf, sealStarted, shortHash, type SealItem } from '../store/seal.js';
import { compareWithSeal } from './compare.js';
import type { VerifyReport } from './types.js';

export interface VerifyOptions {
  store: LogStore;
  /** the home can be written: a home without a seal is sealed now; `--seal-new` may seal */
  writable: boolean;
  /** seal the records found in the log but never sealed (after a crash, or added by hand) */
  sealNew?: boolean;
  /** only findings about records whose time is at or after this instant */
  sinceMs?: number | null;
  since?: string | null;
  linked?: (id: string) => string[];
  /** the seal's last line as the index last saw it: a seal now shorter, or different there, was cut or replaced */
  seen?: { n: number; hash: string } | null;
}

/**
 * `optmem verify`: compare the log with its seal (store/seal.ts). Runs under the writer lock when
 * the home is writable, so no append can fall between reading the seal and reading the log. A
 * home that has no seal yet (from before the seal existed) is sealed as it is: nothing to compare.
 */
export function runVerify(o: VerifyOptions): VerifyReport {
  const body = (): VerifyReport => {
    const { store } = o;
    const sealFile = store.layout.sealFile;
    const base = { sealedExisting: null as number | null, sealedNew: 0, since: o.since ?? null };
    if (!sealStarted(sealFile)) {
      if (!o.writable) {
        return { ...base, sealed: false, sealLines: 0, records: 0, findings: [], seal: [], chainBroken: false, unacknowledged: 0, ok: true };
      }
      const n = store.sealExisting();
      return { ...base, sealedExisting: n, sealed: true, sealLines: n, records: n, findings: [], seal: [], chainBroken: false, unacknowledged: 0, ok: true };
    }
    let seal = readSeal(sealFile);
    const pendingRanges = [...seal.unsealed, ...store.completedAppends()];
    let { findings, present } = compareWithSeal({ store, seal, pendingRanges, linked: o.linked, sinceMs: o.sinceMs });
    if (o.sealNew && o.writable) {
      const fresh = findings.filter((f) => f.kind === 'added' || f.kind === 'appended-not-sealed');
      const byId = new Map(present.map((p) => [p.record.id, p]));
      const items: SealItem[] = fresh.map((f) => {
        const p = byId.get(f.id)!;
        return { id: p.record.id, file: p.file, at: p.at, time: p.record.time, block: p.text };
      });
      store.sealLate(items);
      base.sealedNew = items.length;
      seal = readSeal(sealFile);
      ({ findings } = compareWithSeal({ store, seal, pendingRanges: [...seal.unsealed, ...store.completedAppends()], linked: o.linked, sinceMs: o.sinceMs }));
    }
    const problems = [...seal.problems];
    if (!o.sealNew && o.seen && o.seen.n > 0 && seal.lineHash(o.seen.n) !== o.seen.hash) {
      problems.push(
        seal.lineCount < o.seen.n
          ? { line: seal.lineCount + 1, message: `the seal has ${seal.lineCount} complete lines, but had ${o.seen.n} when optmem last wrote it: it was cut short (records sealed in the lost lines show as never sealed)` }
          : { line: o.seen.n, message: `line ${o.seen.n} is not the line optmem last wrote there: the seal was replaced or rewritten` },
      );
    }
    const chainBroken = problems.some((p) => !(seal.tornTail && p.line === seal.lineCount + 1 && /incomplete/.test(p.message)));
    const unacknowledged = findings.filter((f) => !f.acknowledged).length;
    return {
      ...base,
      sealed: true,
      sealLines: seal.records.length,
      records: present.length,
      findings,
      seal: problems,
      chainBroken,
      unacknowledged,
      ok: unacknowledged === 0 && !chainBroken,
    };
  };
  return o.writable ? o.store.lock.with(body) : body();
}

/** What the seal says about one record now (for `get`). */
export type SealState = 'sealed' | 'edited' | 'moved' | 'unsealed' | 'no-seal';

/**
 * One record against its seal line, without reading the whole log: its day file is read, the seal
 * searched for its id. `hash` is the record's block hash now (what an acknowledgement names).
 */
export function sealStateOf(store: LogStore, id: string, file: string): { state: SealState; hash: string | null } {
  const sealFile = store.layout.sealFile;
  const snap = store.readDayFileWithStat(file);
  const fb = snap ? fileBlocks(snap.content, snap.parsed.blocks).find((b) => b.block.record.id === id) : undefined;
  const hash = fb ? shortHash(fb.text) : null;
  if (!fs.existsSync(sealFile)) return { state: 'no-seal', hash };
  const line = sealLineOf(sealFile, id);
  if (!line || !fb) return { state: 'unsealed', hash };
  if (line.hash !== hash) return { state: 'edited', hash };
  if (line.file !== file) return { state: 'moved', hash };
  return { state: 'sealed', hash };
}
