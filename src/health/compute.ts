/**
 * `computeHealth(home, options)`: the memory's own numbers on the user's own data (docs/EVAL.md,
 * "Memory health"). The home is opened as `optmem doctor` opens it (its index brought up to date,
 * doctor's checks run there); every probe is asked on a throw-away copy, so the searches leave no
 * trace in the home (no recall log) and changed settings are tried on the copy only. The log is
 * never written.
 */
import { utf8Length } from '../core/record.js';
import { deepMerge, readRawConfig, validateConfig, type JsonObject } from '../eval/config-override.js';
import { copyHome } from '../eval/home-copy.js';
import { createOptmem, type Optmem } from '../optmem.js';
import type { RecordJson } from '../io/jsonl.js';
import { countNearDuplicates, duplicateKey } from './near-duplicates.js';
import { makeProbe, probeTerms, type Probe, type ProbeDeps } from './probe.js';
import { stableSample } from './sample.js';
import { HEALTH_FORMAT, HEALTH_VERSION, type CorrectionsOnTop, type EventRecall, type HealthReport, type ProbeMiss, type RedlineReach } from './types.js';

const DAY = 86_400_000;
/** Probes per metric before sampling (a stable sample by id hash beyond it). */
export const DEFAULT_MAX_PROBES = 500;
/** Results each probe looks at: MRR counts ranks up to here. */
const DEPTH = 10;
/** Kinds that are never probed for event recall (besides chatter-tier records). */
const NOT_EVENTS = new Set(['handoff', 'event', 'summary']);
const MISSES_KEPT = 10;

export interface HealthOptions {
  /** the clock (epoch ms; default now) */
  nowMs?: number;
  /** the event window (epoch ms); default the 7 days before `nowMs` */
  sinceMs?: number;
  untilMs?: number;
  /** changed settings merged into the copy's config.json (validated as config.json is) */
  override?: JsonObject | null;
  /** probes per metric before sampling (default DEFAULT_MAX_PROBES) */
  maxProbes?: number;
  tmpRoot?: string;
}

interface Row extends RecordJson {
  ms: number;
}

export function computeHealth(home: string, opts: HealthOptions = {}): HealthReport {
  const t0 = Date.now();
  const nowMs = opts.nowMs ?? Date.now();
  const untilMs = opts.untilMs ?? nowMs;
  const sinceMs = opts.sinceMs ?? untilMs - 7 * DAY;
  const maxProbes = opts.maxProbes ?? DEFAULT_MAX_PROBES;
  // The copy never tracks recalls: its searches are probes, not use.
  const base = opts.override ? deepMerge(readRawConfig(home), opts.override) : readRawConfig(home);
  if (opts.override) validateConfig(base, 'the changed settings (--config/--set)');
  const config = deepMerge(base, { forgetting: { trackRecalls: false } });

  const phases: Record<string, number> = {};
  let tp = Date.now();
  const phase = (name: string) => {
    const t = Date.now();
    phases[name] = t - tp;
    tp = t;
  };
  const orig = createOptmem({ dir: home, now: () => nowMs });
  let doctorProblems: string[];
  let copy: ReturnType<typeof copyHome>;
  try {
    phase('open');
    doctorProblems = orig.doctor().checks.filter((c) => !c.ok).map((c) => c.name);
    phase('doctor');
    copy = copyHome(home, { config, ...(opts.tmpRoot ? { tmpRoot: opts.tmpRoot } : {}), index: (f) => orig.snapshotIndex(f) });
  } finally {
    orig.close();
  }
  try {
    const mem = createOptmem({ dir: copy.dir, now: () => nowMs, durable: false });
    phase('copy');
    try {
      return measure(mem, { home: copy.source, nowMs, sinceMs, untilMs, maxProbes, override: opts.override ?? null, doctorProblems, t0, phase, phases });
    } finally {
      mem.close();
    }
  } finally {
    copy.remove();
  }
}

function measure(
  mem: Optmem,
  o: { home: string; nowMs: number; sinceMs: number; untilMs: number; maxProbes: number; override: JsonObject | null; doctorProblems: string[]; t0: number; phase: (name: string) => void; phases: Record<string, number> },
): HealthReport {
  const rows: Row[] = [];
  let events = 0;
  for (const r of mem.export()) {
    if (r.kind === 'event') events++;
    else rows.push({ ...r, ms: Date.parse(r.time) });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const edges = mem.supersessionEdges();
  const superseded = new Set<string>();
  for (const olds of edges.values()) for (const id of olds) superseded.add(id);
  const archived = mem.archivedIds();
  // Records held out of search (quarantine, where the library has it) cannot be found: not probed.
  const held = heldIds(mem);
  const live = rows.filter((r) => !superseded.has(r.id) && !archived.has(r.id) && !held.has(r.id));
  o.phase('read');

  const dfCache = new Map<string, number>();
  const deps: ProbeDeps = {
    tokenizer: mem.tokenizer,
    domains: mem.config.domains,
    docFreq: (terms) => {
      const missing = terms.filter((t) => !dfCache.has(t.text));
      if (missing.length) mem.docFreq(missing).forEach((n, i) => dfCache.set(missing[i]!.text, n));
      return terms.map((t) => dfCache.get(t.text)!);
    },
  };
  const ask = (query: string): string[] => mem.search({ query, now: o.nowMs, limit: DEPTH }).results.map((h) => h.id);

  const eventRecall = measureEvents(live.filter((r) => r.ms >= o.sinceMs && r.ms <= o.untilMs && r.tier !== 'chatter' && !NOT_EVENTS.has(r.kind)), deps, ask, o);
  o.phase('events');
  const corrections = measureChains(edges, superseded, new Set([...archived, ...held]), byId, deps, ask, o.maxProbes);
  o.phase('chains');
  const redlines = measureRedlines(live.filter((r) => r.tier === 'redline'), deps, ask, o.maxProbes);
  o.phase('redlines');

  const stats = mem.stats();
  const core = mem.core.show();
  const limitBytes = mem.config.limits.recordBytes;
  return {
    format: HEALTH_FORMAT,
    version: HEALTH_VERSION,
    home: o.home,
    now: new Date(o.nowMs).toISOString(),
    config: o.override,
    records: { total: rows.length, live: live.length, superseded: rows.filter((r) => superseded.has(r.id)).length, archived: rows.filter((r) => archived.has(r.id)).length, events },
    eventRecall,
    corrections,
    redlines,
    pilingUp: {
      unresolvedCorrections: stats.corrections.none,
      ambiguousCorrections: stats.corrections.ambiguous,
      nearDuplicates: { ...countNearDuplicates(live), method: 'identical text after the folding of exact duplicates (NFKC, case, prefix, markers, Markdown, emoji, white space, punctuation), within one domain and project (live records)' },
      overSizeLimit: { records: rows.filter((r) => utf8Length(r.text) > limitBytes).length, limitBytes },
      doctorProblems: o.doctorProblems,
      core: { used: core.used, budget: core.budget, overflow: core.overflow.length },
    },
    maxProbes: o.maxProbes,
    ms: Date.now() - o.t0,
    phases: (o.phase('piling up'), o.phases),
  };
}

/** Quarantined and rejected records: not probed (default search leaves them out by design). */
function heldIds(mem: Optmem): ReadonlySet<string> {
  return new Set(mem.heldIds().keys());
}

type Ask = (query: string) => string[];
const rankOf = (ids: string[], id: string) => {
  const i = ids.indexOf(id);
  return i < 0 ? null : i + 1;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Probe the eligible records (a stable sample beyond `max`); null probes are counted apart. */
function probeAll<T extends { id: string }>(items: T[], max: number, probeOf: (x: T) => Probe | null) {
  const probes: { item: T; probe: Probe }[] = [];
  let unprobeable = 0;
  for (const item of items) {
    const probe = probeOf(item);
    if (probe) probes.push({ item, probe });
    else unprobeable++;
  }
  const { picked, sampled } = stableSample(probes, max, (p) => p.item.id);
  return { picked, counts: { eligible: items.length, unprobeable, probed: picked.length, sampled } };
}

function measureEvents(window: Row[], deps: ProbeDeps, ask: Ask, o: { sinceMs: number; untilMs: number; maxProbes: number }): EventRecall {
  const { picked, counts } = probeAll(window, o.maxProbes, (r) => makeProbe(r.text, deps));
  const ranks = picked.map(({ item, probe }) => ({ id: item.id, query: probe.query, rank: rankOf(ask(probe.query), item.id) }));
  return {
    since: new Date(o.sinceMs).toISOString(),
    until: new Date(o.untilMs).toISOString(),
    ...counts,
    recall1: mean(ranks.map((r) => (r.rank === 1 ? 1 : 0))),
    recall5: mean(ranks.map((r) => (r.rank !== null && r.rank <= 5 ? 1 : 0))),
    mrr: mean(ranks.map((r) => (r.rank === null ? 0 : 1 / r.rank))),
    misses: ranks.filter((r) => r.rank === null || r.rank > 5).slice(0, MISSES_KEPT),
  };
}

/** Every record a head supersedes, through the chain. */
function replacedBy(head: string, edges: Map<string, string[]>): string[] {
  const out = new Set<string>();
  const todo = [...(edges.get(head) ?? [])];
  while (todo.length) {
    const id = todo.pop()!;
    if (out.has(id) || id === head) continue;
    out.add(id);
    todo.push(...(edges.get(id) ?? []));
  }
  return [...out];
}

function measureChains(edges: Map<string, string[]>, superseded: Set<string>, unsearchable: Set<string>, byId: Map<string, Row>, deps: ProbeDeps, ask: Ask, max: number): CorrectionsOnTop {
  // A chain is named by its head: a record that supersedes others and that nothing supersedes.
  const heads = [...edges.keys()].filter((id) => !superseded.has(id) && !unsearchable.has(id) && byId.has(id)).sort();
  const chains = heads.map((id) => ({ id, olds: replacedBy(id, edges).filter((x) => byId.has(x)) })).filter((c) => c.olds.length > 0);
  const { picked, counts } = probeAll(chains, max, (c) => {
    // About the chain's subject: the words the head shares with what it replaced.
    const shared = new Set(c.olds.flatMap((x) => probeTerms(byId.get(x)!.text, deps).map((t) => t.text)));
    return makeProbe(byId.get(c.id)!.text, deps, { within: shared });
  });
  let onTop = 0;
  let stale = 0;
  let found = 0;
  let both = 0;
  const misses: ProbeMiss[] = [];
  for (const { item, probe } of picked) {
    const ids = ask(probe.query);
    const head = rankOf(ids, item.id);
    const oldRanks = item.olds.map((x) => rankOf(ids, x)).filter((r): r is number => r !== null);
    // A probe that brings no record of the chain found another subject: counted apart.
    if (head === null && oldRanks.length === 0) continue;
    found++;
    const isStale = head !== null && oldRanks.some((r) => r < head);
    if (head !== null && oldRanks.length) both++;
    if (isStale) stale++;
    if (head !== null && !isStale) onTop++;
    else if (misses.length < MISSES_KEPT) misses.push({ id: item.id, query: probe.query, rank: head });
  }
  return { ...counts, found, both, onTop: found ? onTop / found : null, staleOnTop: both ? stale / both : null, misses };
}

/**
 * A red line is reached when it ranks first, or when a copy of it does (the same text after
 * folding, in the same domain and project): a rule written twice is one rule, and only one of the
 * copies can rank first.
 */
function measureRedlines(redlines: Row[], deps: ProbeDeps, ask: Ask, max: number): RedlineReach {
  const keyOf = (r: Row) => duplicateKey(r);
  const byId = new Map(redlines.map((r) => [r.id, keyOf(r)]));
  const { picked, counts } = probeAll(redlines, max, (r) => makeProbe(r.text, deps));
  const ranks = picked.map(({ item, probe }) => {
    const ids = ask(probe.query);
    const own = rankOf(ids, item.id);
    const reached = own === 1 || (ids.length > 0 && byId.get(ids[0]!) === keyOf(item));
    return { id: item.id, query: probe.query, rank: own, reached };
  });
  return {
    ...counts,
    first: mean(ranks.map((r) => (r.reached ? 1 : 0))),
    misses: ranks.filter((r) => !r.reached).slice(0, MISSES_KEPT).map(({ id, query, rank }) => ({ id, query, rank })),
  };
}
