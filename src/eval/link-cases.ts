/**
 * Labelled correction-link cases (eval/corrections/*.jsonl): a small memory home, one correction,
 * and which older records it must supersede (`links`), which plausible-looking ones it must not
 * (`hard`), and where a link is tolerated (`ok`, chains). Each case runs on a fresh home of its own;
 * the scorer counts (correction, record) pairs. See eval/corrections/README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OptmemError } from '../core/errors.js';
import { createOptmem } from '../optmem.js';
import type { ResolutionStatus } from '../index/resolve/choose.js';
import { scratchRoot } from './scratch.js';
import { layoutOf } from '../store/layout.js';

const RecordSchema = z.object({ ref: z.string().min(1), time: z.string(), text: z.string().min(1), project: z.string().nullish() }).strict();
const CaseSchema = z
  .object({
    id: z.string().min(1),
    lang: z.enum(['zh', 'en', 'mixed']), // mixed: Chinese and English switched within the case
    kind: z.string().min(1),
    records: z.array(RecordSchema).min(1),
    correction: z.object({ time: z.string(), text: z.string().min(1), project: z.string().nullish() }).strict(),
    links: z.array(z.string()),
    hard: z.array(z.string()),
    ok: z.array(z.string()).default([]),
    why: z.string().optional(),
  })
  .strict();

export type LinkCase = z.infer<typeof CaseSchema> & { split: string };

/** Read one labelled file; every bad line is reported with file and line, and none is returned. */
export function readLinkCases(file: string): LinkCase[] {
  const split = path.basename(file).replace(/\.jsonl$/, '');
  const out: LinkCase[] = [];
  const problems: string[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (e) {
        problems.push(`${file}:${i + 1}: not JSON (${(e as Error).message})`);
        return;
      }
      const parsed = CaseSchema.safeParse(raw);
      if (!parsed.success) {
        problems.push(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
        return;
      }
      const c = parsed.data;
      const refs = new Set(c.records.map((r) => r.ref));
      for (const r of [...c.links, ...c.hard, ...c.ok]) if (!refs.has(r)) problems.push(`${file}:${i + 1}: ${c.id} labels unknown ref ${r}`);
      out.push({ ...c, split });
    });
  if (problems.length) throw new OptmemError('INVALID_INPUT', problems.slice(0, 10).join('\n'), { file });
  return out;
}

export interface LinkCaseResult {
  id: string;
  split: string;
  kind: string;
  lang: string;
  /** refs the correction was linked to (live edges) */
  linked: string[];
  /** refs it aimed at but could not override (red lines) */
  blocked: string[];
  /**
   * refs linked on strong evidence: named by id (explicit or a link event) or through an old value
   * the correction quotes and the target holds (8080 in 从8080改为9090); the rest of `linked` was
   * found by subject and attribute words alone
   */
  strong: string[];
  /** of `strong`, the refs that are labelled links, and those that are neither links nor tolerated */
  strongRight: number;
  strongWrong: number;
  status: ResolutionStatus | 'explicit' | null;
  truePos: number;
  falsePos: number;
  falseNeg: number;
  /** hard negatives linked (a subset of falsePos) */
  hardLinked: number;
  hardTotal: number;
  positives: number;
  /** the resolver's notes per candidate ref, for reading a development set's errors */
  notes: string[];
  /**
   * edges among the case's other records ("r2 → r1"), which no label asks for outside a chain: a wrong one would
   * hide a record that no score of the correction shows
   */
  stray: string[];
}

export interface LinkRunOptions {
  /** a config.json object for the homes (e.g. {"supersession": {...}}) */
  config?: Record<string, unknown>;
  /** where the cases' homes are made (default: scratchRoot()) */
  tmpRoot?: string;
}

/** config.json text → the bytes of an empty home's index made with it, once per process. */
const emptyIndexes = new Map<string, Buffer>();

/**
 * The index an empty home with this config opens with: made once, by opening such a home (removed at once), and written
 * into each case's home. The copy opens as that home's own index (same schema, tokenizer and rules), without creating the
 * schema anew: a seventh of a case's time. Kept in memory, so nothing is left behind when a process is killed.
 */
function emptyIndex(config: string): Buffer {
  const known = emptyIndexes.get(config);
  if (known) return known;
  const dir = fs.mkdtempSync(path.join(scratchRoot(), 'optmem-links-empty-'));
  try {
    fs.mkdirSync(layoutOf(dir).logDir, { recursive: true });
    fs.writeFileSync(layoutOf(dir).configFile, config);
    createOptmem({ dir, durable: false }).close();
    const bytes = fs.readFileSync(layoutOf(dir).indexFile);
    emptyIndexes.set(config, bytes);
    return bytes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Run one case on a fresh home and compare what was linked with the labels. */
export function runLinkCase(c: LinkCase, opts: LinkRunOptions = {}): LinkCaseResult {
  const dir = fs.mkdtempSync(path.join(opts.tmpRoot ?? scratchRoot(), 'optmem-links-'));
  try {
    const config = JSON.stringify({ domains: ['hermes', 'code', 'openclaw'], ...(opts.config ?? {}) });
    fs.mkdirSync(layoutOf(dir).logDir, { recursive: true });
    fs.writeFileSync(layoutOf(dir).configFile, config);
    fs.writeFileSync(layoutOf(dir).indexFile, emptyIndex(config));
    const mem = createOptmem({ dir, durable: false, refreshMs: 60_000 });
    try {
      const all = [...c.records.map((r) => ({ ...r, ref: r.ref as string | null })), { ...c.correction, ref: null }];
      all.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
      const idOf = new Map<string, string>();
      let corrId = '';
      for (const r of all) {
        const res = mem.add({ text: r.text, time: r.time, project: r.project ?? null });
        if (r.ref === null) corrId = res.record.id;
        else idOf.set(res.record.id, r.ref);
      }
      const h = mem.links(corrId);
      const linked = h.out.filter((e) => !e.blocked).map((e) => idOf.get(e.oldId)).filter((x): x is string => !!x);
      const blocked = h.out.filter((e) => e.blocked).map((e) => idOf.get(e.oldId)).filter((x): x is string => !!x);
      const isStrong = (e: (typeof h.out)[number]) => e.method === 'explicit' || e.method === 'linked' || (e.detail.quoted?.length ?? 0) > 0;
      const strong = h.out.filter((e) => !e.blocked && isStrong(e)).map((e) => idOf.get(e.oldId)).filter((x): x is string => !!x);
      // Edges among the other records: none is labelled, and in a chain the older links are the case's own.
      const stray = c.kind === 'chain' ? [] : [...idOf].flatMap(([id, ref]) => mem.links(id).out.filter((e) => !e.blocked).map((e) => `${ref} → ${idOf.get(e.oldId) ?? (e.oldId === corrId ? 'C' : e.oldId)}`));
      const truePos = linked.filter((r) => c.links.includes(r)).length;
      const falsePos = linked.filter((r) => !c.links.includes(r) && !c.ok.includes(r)).length;
      return {
        id: c.id,
        split: c.split,
        kind: c.kind,
        lang: c.lang,
        linked,
        blocked,
        strong,
        strongRight: strong.filter((r) => c.links.includes(r)).length,
        strongWrong: strong.filter((r) => !c.links.includes(r) && !c.ok.includes(r)).length,
        status: h.resolution?.status ?? (h.out.length ? 'explicit' : null),
        truePos,
        falsePos,
        falseNeg: c.links.length - truePos,
        hardLinked: linked.filter((r) => c.hard.includes(r)).length,
        hardTotal: c.hard.length,
        positives: c.links.length,
        notes: (h.resolution?.candidates ?? []).map((x) => `${idOf.get(x.id) ?? x.id} ${x.accepted ? '+' : '-'}${x.score}: ${x.note}`),
        stray,
      };
    } finally {
      mem.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface LinkScore {
  cases: number;
  positives: number;
  hardNegatives: number;
  truePos: number;
  falsePos: number;
  falseNeg: number;
  hardLinked: number;
  /** links made that were right; 1 when none was made */
  precision: number;
  recall: number;
  /** share of hard negatives left unlinked */
  hardRejected: number;
}

export function scoreLinks(results: LinkCaseResult[]): LinkScore {
  const s = { cases: results.length, positives: 0, hardNegatives: 0, truePos: 0, falsePos: 0, falseNeg: 0, hardLinked: 0 };
  for (const r of results) {
    s.positives += r.positives;
    s.hardNegatives += r.hardTotal;
    s.truePos += r.truePos;
    s.falsePos += r.falsePos;
    s.falseNeg += r.falseNeg;
    s.hardLinked += r.hardLinked;
  }
  const made = s.truePos + s.falsePos;
  return {
    ...s,
    precision: made ? s.truePos / made : 1,
    recall: s.positives ? s.truePos / s.positives : 1,
    hardRejected: s.hardNegatives ? 1 - s.hardLinked / s.hardNegatives : 1,
  };
}

/** Scores grouped by a key (kind, lang, split). */
export function scoreBy(results: LinkCaseResult[], key: (r: LinkCaseResult) => string): Map<string, LinkScore> {
  const groups = new Map<string, LinkCaseResult[]>();
  for (const r of results) {
    const k = key(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(r);
  }
  return new Map([...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, g]) => [k, scoreLinks(g)]));
}
