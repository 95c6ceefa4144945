import type { TreeOptions } from './summary-options.js';
import { nodeCrypto } from '../core/lazy-crypto.js';
import { choose, handoffSpans, inTimeOrder, leadSpan, salience, type Span } from './salience.js';

/**
 * The summary tree: day → week → month nodes, plus one node per domain, keyed by the calendar
 * (a record's day is the date of its day file, i.e. in its own offset), never by clustering.
 * Each node is a plan with an input fingerprint; its bullets are worked out only when asked, so
 * a run that finds a node's file already built from the same inputs does no work for it.
 */
export { TREE_DEFAULTS, type TreeOptions } from './summary-options.js';
export { LEVELS, type Level } from '../core/summary-format.js';
import type { Level } from '../core/summary-format.js';

/** A live record as the tree sees it (superseded, archived, event and summary records are already out). */
export interface TreeRecord {
  id: string;
  /** the date of its day file, YYYY-MM-DD */
  date: string;
  time: string;
  timeMs: number;
  domain: string | null;
  kind: string;
  tier: string;
  text: string;
  /** times recalled; 0 when unknown */
  uses: number;
}

/** Bumped when the tree's output for the same inputs changes: every node is then rebuilt. */
export const TREE_VERSION = 1;

export interface SummaryNode {
  level: Level;
  key: string;
  /** first and last day covered, YYYY-MM-DD */
  from: string;
  to: string;
  domain: string | null;
  fingerprint: string;
  /** the chosen spans, in the order written: red lines first, then by time */
  bullets: Span[];
  /** records the node was chosen from */
  records: number;
  /** what chose the bullets: extractive, or openai:MODEL */
  builder: string;
  /** ids of the records the node chose from (a day's and a domain's records; a week's or month's day bullets) */
  inputs: string[];
}

/** A node to build: what it covers and its input fingerprint, known before it is built. */
export interface NodePlan extends Pick<SummaryNode, 'level' | 'key' | 'from' | 'to' | 'domain' | 'fingerprint'> {
  build(): SummaryNode;
}

const DAY_MS = 86_400_000;
const SAFE_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,63}$/u;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** ISO week of a date: key 2026-W48, Monday to Sunday. */
export function isoWeek(date: string): { key: string; from: string; to: string } {
  const n = dayNumber(date);
  const weekday = (new Date(n * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
  const monday = n - weekday;
  const thursday = monday + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - dayNumber(`${year}-01-01`)) / 7) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, from: dateOf(monday), to: dateOf(monday + 6) };
}

function monthRange(month: string): { from: string; to: string } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

function hash(parts: string[]): string {
  const h = nodeCrypto().createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex').slice(0, 32);
}

function recordPrint(r: TreeRecord): string {
  return `${r.id}\t${r.time}\t${r.kind}\t${r.tier}\t${r.domain ?? ''}\t${r.uses}\t${r.text}`;
}

function spansOf(r: TreeRecord, forcedCorrections: boolean): Span[] {
  const texts = r.kind === 'handoff' ? handoffSpans(r.text) : [leadSpan(r.text)];
  const redline = r.tier === 'redline';
  return texts
    .filter((t) => t.length > 0)
    .map((text) => ({
      text,
      ids: [r.id],
      salience: salience(r, text),
      forced: redline || (forcedCorrections && r.kind === 'correction'),
      timeMs: r.timeMs,
      date: r.date,
      redline,
    }));
}

/**
 * Plan every node of the tree for these records. `builder` names what chooses the bullets (it is
 * part of every fingerprint, with the options): another builder or budget rebuilds every node.
 */
export function planTree(records: readonly TreeRecord[], opts: TreeOptions, builder = 'extractive'): NodePlan[] {
  const salt = `v${TREE_VERSION}|${builder}|${opts.dayChars},${opts.weekChars},${opts.monthChars},${opts.domainChars},${opts.domainDays}`;
  const byDay = new Map<string, TreeRecord[]>();
  for (const r of records) {
    let l = byDay.get(r.date);
    if (!l) byDay.set(r.date, (l = []));
    l.push(r);
  }
  const days = [...byDay.keys()].sort();
  const plans: NodePlan[] = [];
  const dayPlans = new Map<string, NodePlan>();
  for (const date of days) {
    const recs = byDay.get(date)!.sort((a, b) => a.timeMs - b.timeMs || (a.id < b.id ? -1 : 1));
    const fingerprint = hash([salt, 'day', date, ...recs.map(recordPrint)]);
    let built: SummaryNode | null = null;
    const head = { level: 'day' as const, key: date, from: date, to: date, domain: null, fingerprint };
    const plan: NodePlan = {
      ...head,
      build: () =>
        (built ??= {
          ...head,
          bullets: choose(recs.flatMap((r) => spansOf(r, true)), opts.dayChars).sort(inTimeOrder),
          records: recs.length,
          builder,
          inputs: recs.map((r) => r.id),
        }),
    };
    dayPlans.set(date, plan);
    plans.push(plan);
  }

  // Week and month nodes choose among their days' bullets: what a day kept is what a longer
  // period may keep. Red lines stay forced at every level.
  const parent = (level: 'week' | 'month', key: string, from: string, to: string, children: NodePlan[], budget: number): NodePlan => {
    const fingerprint = hash([salt, level, key, ...children.map((c) => c.fingerprint)]);
    let built: SummaryNode | null = null;
    const head = { level, key, from, to, domain: null, fingerprint };
    return {
      ...head,
      build: () => {
        if (built) return built;
        const kids = children.map((c) => c.build());
        const spans = kids.flatMap((k) => k.bullets.map((b) => ({ ...b, forced: b.redline })));
        built = { ...head, bullets: choose(spans, budget).sort(inTimeOrder), records: kids.reduce((s, k) => s + k.records, 0), builder, inputs: [...new Set(spans.flatMap((b) => b.ids))] };
        return built;
      },
    };
  };
  const weeks = new Map<string, { from: string; to: string; days: NodePlan[] }>();
  const months = new Map<string, NodePlan[]>();
  for (const date of days) {
    const w = isoWeek(date);
    let wk = weeks.get(w.key);
    if (!wk) weeks.set(w.key, (wk = { from: w.from, to: w.to, days: [] }));
    wk.days.push(dayPlans.get(date)!);
    const m = date.slice(0, 7);
    let mo = months.get(m);
    if (!mo) months.set(m, (mo = []));
    mo.push(dayPlans.get(date)!);
  }
  for (const [key, w] of weeks) plans.push(parent('week', key, w.from, w.to, w.days, opts.weekChars));
  for (const [key, ds] of months) {
    const r = monthRange(key);
    plans.push(parent('month', key, r.from, r.to, ds, opts.monthChars));
  }

  // One node per domain: its last `domainDays` days, chosen from its records directly.
  const byDomain = new Map<string, TreeRecord[]>();
  for (const date of days) {
    for (const r of byDay.get(date)!) {
      // the domain names a file: only a plain word does (a hand-typed domain like "a/b" gets no node)
      if (!r.domain || !SAFE_NAME.test(r.domain)) continue;
      let l = byDomain.get(r.domain);
      if (!l) byDomain.set(r.domain, (l = []));
      l.push(r);
    }
  }
  for (const domain of [...byDomain.keys()].sort()) {
    const all = byDomain.get(domain)!;
    const to = all[all.length - 1]!.date;
    const from = dateOf(dayNumber(to) - (opts.domainDays - 1));
    const recs = all.filter((r) => r.date >= from);
    const fingerprint = hash([salt, 'domain', domain, ...recs.map(recordPrint)]);
    let built: SummaryNode | null = null;
    const head = { level: 'domain' as const, key: domain, from, to, domain, fingerprint };
    plans.push({
      ...head,
      build: () =>
        (built ??= { ...head, bullets: choose(recs.flatMap((r) => spansOf(r, false)), opts.domainChars).sort(inTimeOrder), records: recs.length, builder, inputs: recs.map((r) => r.id) }),
    });
  }
  return plans;
}
