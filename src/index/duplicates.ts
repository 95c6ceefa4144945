import type Database from 'better-sqlite3';
import type { MemoryRecord } from '../core/record.js';
import type { DupSignature, Verdict } from './dedup/judge.js';
import { loadJudge } from './dedup/judge.deferred.js';
import { DUPLICATE_DEFAULTS, type DuplicateOptions } from './dedup/options.js';

/**
 * Duplicate links: derived state of the index, computed by `optmem consolidate` (and by `optmem
 * reindex`), never on the write path. Each run compares only the records the index holds that no
 * run has compared yet; a hand edit that re-reads a file drops its records' rows here, and the next
 * run compares them again.
 *
 * - `dup_keys`: each compared record's exact-duplicate key (dedup/judge.ts), NULL for a record
 *   never grouped (an event, a handoff). Records with one key are duplicates without further look;
 *   no link is stored between them. A record with no row has not been compared yet.
 * - `dup_bands`: the MinHash bands of every distinct key (dedup/shingles.ts), so that a new key
 *   is compared only with the keys it may be near, never with every record.
 * - `dup_links`: pairs of keys judged near: `duplicate` (linked), `variant` (near, but a value,
 *   name or negation differs: a correction candidate), `redline` (a red line restated by a record
 *   of another tier: reported, never linked).
 *
 * A pair's verdict depends on the two texts alone, and every pair of keys sharing a band is judged
 * when the later of the two arrives: the same files give the same links whatever the order they
 * were read in, and whatever runs they were compared in (as long as no band's bucket reaches the
 * caps below: a flood of one template). Groups are the connected keys over `duplicate` links,
 * worked out when read.
 */

/**
 * Keys judged per new key at most, those sharing the most bands first (then by key): a flood of
 * texts from one template stops here instead of costing every pair.
 */
const MAX_CANDIDATES = 50;
/** Keys read from one band's bucket at most (in key order). */
const BUCKET_READ = 64;
/** Keys one group may reach before the walk stops (a chain of near texts is cut there). */
const MAX_GROUP_KEYS = 2000;

export interface DupLink {
  a: number;
  b: number;
  verdict: Exclude<Verdict, 'none'>;
  similarity: number;
  differs: string[];
}

/** One group's members, oldest first. */
export interface DupMember {
  id: string;
  time: string;
  timeMs: number;
}

export interface DuplicateBuildStats {
  /** distinct keys judged against their candidates */
  keysJudged: number;
  pairsJudged: number;
  linksMade: number;
  ms: number;
}

/** What one run compared and found. */
export interface DeriveStats {
  /** records compared for the first time (all of them after a reindex or an options change) */
  records: number;
  /** of which never grouped (events, handoffs, summaries, texts without letters or digits) */
  skipped: number;
  /** distinct new keys judged against their candidates */
  keys: number;
  pairs: number;
  /** links made: duplicate, variant (correction candidate), redline (a red line restated) */
  links: number;
  /** true when every earlier result was dropped first (first run, or the options changed) */
  full: boolean;
  ms: number;
}

/** The options the stored links were derived with: another value re-derives every link. */
// v3: clock times, units and numbers in words read as values; the normalized form (dedup/values.ts).
export const duplicateOptionsId = (o: DuplicateOptions): string => `v3;threshold=${o.threshold}`;

export class DuplicateIndex {
  private prepared: ReturnType<typeof prepare> | null = null;
  /** keys that arrived since the last flush, with the signature they arrived with */
  private readonly dirty = new Map<number, DupSignature>();
  private readonly sigCache = new Map<number, DupSignature | null>();
  readonly stats: DuplicateBuildStats = { keysJudged: 0, pairsJudged: 0, linksMade: 0, ms: 0 };

  constructor(
    private readonly db: Database.Database,
    private readonly knownDomains: readonly string[],
    private readonly options: DuplicateOptions = DUPLICATE_DEFAULTS,
  ) {}

  /** Statements, prepared on first use (a new index creates its tables after this object). */
  private get q(): ReturnType<typeof prepare> {
    return (this.prepared ??= prepare(this.db));
  }

  /**
   * Compare every record not compared yet with the keys it may be near, and store what was found.
   * Call inside the index's write transaction. After a change of options every link is re-derived.
   */
  derive(): DeriveStats {
    const t0 = Date.now();
    const id = duplicateOptionsId(this.options);
    const full = this.q.optionsId.get() !== id;
    if (full) {
      this.db.exec('DELETE FROM dup_keys; DELETE FROM dup_bands; DELETE FROM dup_links;');
      this.q.setOptionsId.run(id);
      this.reset();
    }
    const before = { keys: this.stats.keysJudged, pairs: this.stats.pairsJudged, links: this.stats.linksMade };
    let records = 0;
    let skipped = 0;
    for (const r of this.q.uncompared.all() as Array<Pick<MemoryRecord, 'text' | 'domain' | 'project' | 'kind' | 'tier'> & { rid: number }>) {
      records++;
      if (!this.added(r.rid, r)) skipped++;
    }
    this.flush();
    return {
      records,
      skipped,
      keys: this.stats.keysJudged - before.keys,
      pairs: this.stats.pairsJudged - before.pairs,
      links: this.stats.linksMade - before.links,
      full,
      ms: Date.now() - t0,
    };
  }

  /** Records the index holds that no run has compared yet. */
  pending(): number {
    return this.q.uncomparedCount.get() as number;
  }

  /** A record to compare, with its row id; false when it is never grouped. Inside the write. */
  private added(rid: number, r: Pick<MemoryRecord, 'text' | 'domain' | 'project' | 'kind' | 'tier'>): boolean {
    const sig = loadJudge().signatureOf(r, this.knownDomains);
    if (!sig) {
      this.q.insertKey.run(rid, null);
      return false;
    }
    const known = this.dirty.has(sig.key) || this.q.keyExists.get(sig.key) !== undefined;
    this.q.insertKey.run(rid, sig.key);
    if (known) return true;
    const bands = loadJudge().bandsOfSignature(sig);
    this.q.insertBands(bands.length).run(...bands.flatMap((b) => [b, sig.key]));
    this.dirty.set(sig.key, sig);
    return true;
  }

  /**
   * These rows are about to be deleted. A key left with no record loses its bands and links (it
   * comes back, and is judged again, when a record with it does).
   */
  removing(rids: number[]): void {
    const keys = new Map<number, number>(); // key → one of the rows that held it
    for (const rid of rids) {
      const key = this.q.keyOfRid.get(rid) as number | null | undefined;
      if (key === undefined) continue;
      this.q.deleteKeyRow.run(rid);
      if (key !== null && !keys.has(key)) keys.set(key, rid);
    }
    for (const [key, rid] of keys) {
      if (this.q.keyExists.get(key) !== undefined) continue;
      const row = this.q.recordOfRid.get(rid) as Pick<MemoryRecord, 'text' | 'domain' | 'project' | 'kind' | 'tier'> | undefined;
      const sig = this.dirty.get(key) ?? (row ? loadJudge().signatureOf(row, this.knownDomains) : null);
      this.dirty.delete(key);
      this.sigCache.delete(key);
      if (sig) for (const band of loadJudge().bandsOfSignature(sig)) this.q.deleteBand.run(band, key);
      this.q.deleteLinksOf.run(key, key);
    }
  }

  /** Judge every key that arrived against the keys it shares a band with. Inside the write. */
  flush(): number {
    if (this.dirty.size === 0) return 0;
    const t0 = Date.now();
    const keys = [...this.dirty.keys()].sort((x, y) => x - y);
    // A rebuild (nothing in the index but what just arrived): the buckets are read from memory,
    // with the same order and the same cap as from the table.
    const bandsOfKey = new Map(keys.map((k) => [k, loadJudge().bandsOfSignature(this.dirty.get(k)!)]));
    const buckets = (this.q.keyCount.get() as number) === this.dirty.size ? memoryBuckets(bandsOfKey) : null;
    let made = 0;
    for (const key of keys) {
      const sig = this.dirty.get(key)!;
      const bands = bandsOfKey.get(key)!;
      const near = this.candidates(bands, key, buckets);
      this.stats.keysJudged++;
      for (const other of near) {
        // A pair of two new keys is judged once, from the smaller key.
        if (other < key && this.dirty.has(other)) continue;
        const o = this.dirty.get(other) ?? this.signature(other);
        if (!o) continue;
        this.stats.pairsJudged++;
        // Judged in key order, so what differs reads the same whichever text came first.
        const j = key < other ? loadJudge().judgePair(sig, o, this.options) : loadJudge().judgePair(o, sig, this.options);
        if (j.verdict === 'none') continue;
        const [a, b] = key < other ? [key, other] : [other, key];
        this.q.insertLink.run(a, b, j.verdict, Math.round(j.similarity * 1000) / 1000, JSON.stringify(j.differs));
        made++;
      }
    }
    this.dirty.clear();
    if (this.sigCache.size > 20_000) this.sigCache.clear();
    this.stats.linksMade += made;
    this.stats.ms += Date.now() - t0;
    return made;
  }

  /**
   * Keys sharing a band with this one, those sharing the most first (then by key), at most
   * MAX_CANDIDATES; each band's bucket is read up to BUCKET_READ keys, so a band every record of a
   * template falls into costs no more than any other.
   */
  private candidates(bands: number[], self: number, buckets: Map<number, number[]> | null): number[] {
    const shared = new Map<number, number>();
    for (const band of bands) {
      const bucket = buckets ? (buckets.get(band) ?? []).slice(0, BUCKET_READ) : (this.q.bucket.all(band, BUCKET_READ) as number[]);
      for (const k of bucket) if (k !== self) shared.set(k, (shared.get(k) ?? 0) + 1);
    }
    return [...shared]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, MAX_CANDIDATES)
      .map(([k]) => k);
  }

  /** Forget what is pending (the index was cleared). */
  reset(): void {
    this.dirty.clear();
    this.sigCache.clear();
  }

  /** The signature of a key already in the index, from one of its records (cached per process). */
  private signature(key: number): DupSignature | null {
    if (!this.sigCache.has(key)) this.sigCache.set(key, this.loadedSignature(key));
    return this.sigCache.get(key)!;
  }

  private loadedSignature(key: number): DupSignature | null {
    // Any record of the key gives the same signature: the key is made of what is compared.
    const row = this.q.memberOfKey.get(key) as Pick<MemoryRecord, 'text' | 'domain' | 'project' | 'kind' | 'tier'> | undefined;
    return row ? loadJudge().signatureOf(row, this.knownDomains) : null;
  }

  // ---- Reads.

  /**
   * The groups these records belong to: for each id in a group of two or more, every member of
   * its group (the keys connected by `duplicate` links), oldest first. Ids in no group are absent.
   */
  groupsOf(ids: readonly string[]): Map<string, DupMember[]> {
    const out = new Map<string, DupMember[]>();
    if (ids.length === 0) return out;
    const keyOf = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 400) {
      const chunk = ids.slice(i, i + 400);
      for (const row of this.q.keysOfIds(chunk.length).all(...chunk) as { id: string; key: number }[]) keyOf.set(row.id, row.key);
    }
    // Most records are alone: only keys held twice or more, or with a duplicate link, form groups.
    const keys = [...new Set(keyOf.values())];
    const linked = new Set<number>();
    const shared = new Set<number>();
    for (let i = 0; i < keys.length; i += 400) {
      const chunk = keys.slice(i, i + 400);
      for (const k of this.q.linkedKeys(chunk.length).all(...chunk, ...chunk) as number[]) linked.add(k);
      for (const k of this.q.sharedKeys(chunk.length).all(...chunk) as number[]) shared.add(k);
    }
    const component = new Map<number, number>(); // key → the smallest key of its group
    for (const start of keys) {
      if (component.has(start) || (!linked.has(start) && !shared.has(start))) continue;
      const seen = linked.has(start) ? this.connected(start) : new Set([start]);
      const root = Math.min(...seen);
      for (const k of seen) component.set(k, root);
    }
    const byRoot = new Map<number, DupMember[]>();
    const keysOfRoot = new Map<number, number[]>();
    for (const [k, r] of component) {
      const list = keysOfRoot.get(r) ?? [];
      list.push(k);
      keysOfRoot.set(r, list);
    }
    for (const [root, rootKeys] of keysOfRoot) {
      const members: DupMember[] = [];
      for (let i = 0; i < rootKeys.length; i += 400) {
        const chunk = rootKeys.slice(i, i + 400);
        members.push(...(this.q.membersOfKeys(chunk.length).all(...chunk) as DupMember[]));
      }
      members.sort((x, y) => x.timeMs - y.timeMs || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      if (members.length > 1) byRoot.set(root, members);
    }
    for (const [id, key] of keyOf) {
      const root = component.get(key);
      const members = root === undefined ? undefined : byRoot.get(root);
      if (members) out.set(id, members);
    }
    return out;
  }

  /** Keys reachable from `start` over duplicate links. */
  private connected(start: number): Set<number> {
    const seen = new Set<number>([start]);
    let frontier = [start];
    while (frontier.length && seen.size < MAX_GROUP_KEYS) {
      const next: number[] = [];
      for (const k of frontier) {
        for (const other of this.q.duplicateNeighbours.all(k, k) as number[]) {
          if (!seen.has(other)) {
            seen.add(other);
            next.push(other);
          }
        }
      }
      frontier = next;
    }
    return seen;
  }

  /** Every group of two or more records: members oldest first; groups ordered by their newest member, newest first. */
  allGroups(): DupMember[][] {
    const parent = new Map<number, number>();
    const find = (k: number): number => {
      let r = k;
      while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
      let x = k;
      while (x !== r) {
        const p = parent.get(x)!;
        parent.set(x, r);
        x = p;
      }
      return r;
    };
    for (const { a, b } of this.q.duplicateLinks.all() as { a: number; b: number }[]) {
      if (!parent.has(a)) parent.set(a, a);
      if (!parent.has(b)) parent.set(b, b);
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
    }
    const groups = new Map<number, DupMember[]>();
    for (const row of this.q.groupedMembers.all() as (DupMember & { key: number })[]) {
      const root = parent.has(row.key) ? find(row.key) : row.key;
      const list = groups.get(root) ?? [];
      list.push({ id: row.id, time: row.time, timeMs: row.timeMs });
      groups.set(root, list);
    }
    const out = [...groups.values()].filter((g) => g.length > 1);
    for (const g of out) g.sort((x, y) => x.timeMs - y.timeMs || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    return out.sort((x, y) => {
      const lx = x[x.length - 1]!;
      const ly = y[y.length - 1]!;
      return ly.timeMs - lx.timeMs || (lx.id < ly.id ? -1 : lx.id > ly.id ? 1 : 0);
    });
  }

  /** Pairs judged near but not linked (variant, redline), each with the newest record of either key. */
  unlinkedPairs(): { verdict: 'variant' | 'redline'; similarity: number; differs: string[]; a: DupMember & { key: number }; b: DupMember & { key: number } }[] {
    const rows = this.q.unlinked.all() as { a: number; b: number; verdict: 'variant' | 'redline'; similarity: number; differs: string }[];
    const newest = (key: number) => this.q.newestOfKey.get(key) as (DupMember & { key: number }) | undefined;
    const out = [];
    for (const r of rows) {
      const a = newest(r.a);
      const b = newest(r.b);
      if (a && b) out.push({ verdict: r.verdict, similarity: r.similarity, differs: JSON.parse(r.differs) as string[], a, b });
    }
    return out;
  }

  /** Counts: distinct keys, links by verdict. */
  counts(): { keys: number; duplicate: number; variant: number; redline: number } {
    const out = { keys: this.q.keyCount.get() as number, duplicate: 0, variant: 0, redline: 0 };
    for (const r of this.q.linkCounts.all() as { verdict: 'duplicate' | 'variant' | 'redline'; n: number }[]) out[r.verdict] = r.n;
    return out;
  }
}

/** Each band's keys, in key order (the keys come sorted), for keys that all arrived in one batch. */
function memoryBuckets(bandsOfKey: Map<number, number[]>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [key, bands] of bandsOfKey) {
    for (const band of new Set(bands)) {
      const list = out.get(band);
      if (list) list.push(key);
      else out.set(band, [key]);
    }
  }
  return out;
}

const MEMBER_COLUMNS = 'r.id AS id, r.time AS time, r.time_ms AS timeMs';

function prepare(db: Database.Database) {
  const inLists = new Map<string, Database.Statement>();
  const inList = (name: string, n: number, sql: (ph: string) => string) => {
    const k = `${name}:${n}`;
    let st = inLists.get(k);
    if (!st) {
      if (inLists.size > 200) inLists.clear();
      st = db.prepare(sql(Array.from({ length: n }, () => '?').join(',')));
      inLists.set(k, st);
    }
    return st;
  };
  return {
    optionsId: db.prepare("SELECT value FROM meta WHERE key = 'dup_options'").pluck(),
    setOptionsId: db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('dup_options', ?)"),
    uncompared: db.prepare('SELECT r.rid AS rid, r.text AS text, r.domain AS domain, r.project AS project, r.kind AS kind, r.tier AS tier FROM records r WHERE NOT EXISTS (SELECT 1 FROM dup_keys k WHERE k.rid = r.rid) ORDER BY r.rid'),
    uncomparedCount: db.prepare('SELECT count(*) FROM records r WHERE NOT EXISTS (SELECT 1 FROM dup_keys k WHERE k.rid = r.rid)').pluck(),
    keyExists: db.prepare('SELECT 1 FROM dup_keys WHERE key = ? LIMIT 1'),
    insertKey: db.prepare('INSERT OR REPLACE INTO dup_keys (rid, key) VALUES (?, ?)'),
    insertBands: (n: number) => inList('insertBands', n, () => `INSERT OR IGNORE INTO dup_bands (band, key) VALUES ${Array.from({ length: n }, () => '(?, ?)').join(', ')}`),
    deleteBand: db.prepare('DELETE FROM dup_bands WHERE band = ? AND key = ?'),
    recordOfRid: db.prepare('SELECT text, domain, project, kind, tier FROM records WHERE rid = ?'),
    keyOfRid: db.prepare('SELECT key FROM dup_keys WHERE rid = ?').pluck(),
    deleteKeyRow: db.prepare('DELETE FROM dup_keys WHERE rid = ?'),
    deleteLinksOf: db.prepare('DELETE FROM dup_links WHERE a = ? OR b = ?'),
    insertLink: db.prepare('INSERT OR REPLACE INTO dup_links (a, b, verdict, similarity, differs) VALUES (?, ?, ?, ?, ?)'),
    memberOfKey: db.prepare('SELECT r.text, r.domain, r.project, r.kind, r.tier FROM dup_keys k JOIN records r ON r.rid = k.rid WHERE k.key = ? ORDER BY r.rid LIMIT 1'),
    bucket: db.prepare('SELECT key FROM dup_bands WHERE band = ? ORDER BY key LIMIT ?').pluck(),
    linkedKeys: (n: number) =>
      inList('linked', n, (ph) => `SELECT a FROM dup_links WHERE verdict = 'duplicate' AND a IN (${ph}) UNION SELECT b FROM dup_links WHERE verdict = 'duplicate' AND b IN (${ph})`).pluck(),
    sharedKeys: (n: number) => inList('shared', n, (ph) => `SELECT key FROM dup_keys WHERE key IN (${ph}) GROUP BY key HAVING count(*) > 1`).pluck(),
    keysOfIds: (n: number) => inList('ids', n, (ph) => `SELECT r.id AS id, k.key AS key FROM records r JOIN dup_keys k ON k.rid = r.rid WHERE r.id IN (${ph})`),
    membersOfKeys: (n: number) => inList('members', n, (ph) => `SELECT ${MEMBER_COLUMNS} FROM dup_keys k JOIN records r ON r.rid = k.rid WHERE k.key IN (${ph})`),
    duplicateNeighbours: db.prepare("SELECT b FROM dup_links WHERE a = ? AND verdict = 'duplicate' UNION SELECT a FROM dup_links WHERE b = ? AND verdict = 'duplicate'").pluck(),
    duplicateLinks: db.prepare("SELECT a, b FROM dup_links WHERE verdict = 'duplicate' ORDER BY a, b"),
    // Members of keys that are in a group: a key held by two records or more, or one with a duplicate link.
    groupedMembers: db.prepare(
      `SELECT ${MEMBER_COLUMNS}, k.key AS key FROM dup_keys k JOIN records r ON r.rid = k.rid
       WHERE k.key IN (SELECT key FROM dup_keys GROUP BY key HAVING count(*) > 1)
          OR k.key IN (SELECT a FROM dup_links WHERE verdict = 'duplicate' UNION SELECT b FROM dup_links WHERE verdict = 'duplicate')`,
    ),
    unlinked: db.prepare("SELECT a, b, verdict, similarity, differs FROM dup_links WHERE verdict != 'duplicate' ORDER BY a, b"),
    newestOfKey: db.prepare(`SELECT ${MEMBER_COLUMNS}, k.key AS key FROM dup_keys k JOIN records r ON r.rid = k.rid WHERE k.key = ? ORDER BY r.time_ms DESC, r.id DESC LIMIT 1`),
    keyCount: db.prepare('SELECT count(DISTINCT key) FROM dup_keys').pluck(),
    linkCounts: db.prepare('SELECT verdict, count(*) AS n FROM dup_links GROUP BY verdict'),
  };
}
