import fs from 'node:fs';
import { OptmemError } from '../core/errors.js';
import { detectMarkers } from '../core/markers.js';
import { bandsOfSignature, judgePair, signatureOf, type DuplicateOptions, type Judgement } from '../index/dedup/judge.js';

/**
 * The labelled near-duplicate pairs (eval/duplicates/README.md): each pair judged the way
 * `optmem consolidate` judges two records (signatures, the bands that make them meet, then the
 * pair's verdict), and scored. Used by scripts/score-duplicates.js and test/duplicate-pairs.test.ts.
 */

export type PairLabel = 'duplicate' | 'variant' | 'distinct';

export interface PairRecord {
  text: string;
  domain?: string | null;
  project?: string | null;
}

export interface LabelledPair {
  id: string;
  lang?: string;
  a: PairRecord;
  b: PairRecord;
  label: PairLabel;
  variant_of?: string | null;
}

const LABELS: readonly string[] = ['duplicate', 'variant', 'distinct'];

/** The pairs of one file; a bad line is an error naming the file, the line and the field. */
export function readPairs(file: string): LabelledPair[] {
  if (!fs.existsSync(file)) throw new OptmemError('NOT_FOUND', `no such file: ${file}`, { file });
  const out: LabelledPair[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((l, i) => {
      if (!l.trim()) return;
      const at = `${file}:${i + 1}`;
      let p: LabelledPair;
      try {
        p = JSON.parse(l) as LabelledPair;
      } catch (e) {
        throw new OptmemError('INVALID_INPUT', `${at}: not JSON (${(e as Error).message})`, { file, line: i + 1 });
      }
      for (const f of ['a', 'b'] as const) {
        if (!p[f] || typeof p[f].text !== 'string') throw new OptmemError('INVALID_INPUT', `${at}: field "${f}.text" is missing`, { file, line: i + 1, field: `${f}.text` });
      }
      if (!LABELS.includes(p.label)) throw new OptmemError('INVALID_INPUT', `${at}: field "label" must be duplicate, variant or distinct`, { file, line: i + 1, field: 'label' });
      out.push(p);
    });
  return out;
}

/** The domains a set of pairs uses, beside the three agents'. */
export function domainsOf(pairs: readonly LabelledPair[]): string[] {
  return [...new Set(['hermes', 'code', 'openclaw', ...pairs.flatMap((p) => [p.a.domain, p.b.domain]).filter((d): d is string => !!d)])];
}

export interface PairJudgement extends Judgement {
  /** the two records share an exact key or a band: consolidate compares only such records */
  met: boolean;
}

/** The verdict consolidate would give the pair ('none' when the two never meet). */
export function judgeLabelledPair(p: LabelledPair, domains: readonly string[], options: DuplicateOptions): PairJudgement {
  const sig = (r: PairRecord) => {
    const m = detectMarkers(r.text, domains);
    return signatureOf({ text: r.text, domain: r.domain ?? m.domain, project: r.project ?? null, kind: m.kind, tier: m.tier }, domains);
  };
  const a = sig(p.a);
  const b = sig(p.b);
  if (!a || !b) return { verdict: 'none', similarity: 0, differs: [], met: false };
  const bandsA = new Set(bandsOfSignature(a));
  const met = a.key === b.key || bandsOfSignature(b).some((x) => bandsA.has(x));
  const j = judgePair(a, b, options);
  return { ...j, met, verdict: met ? j.verdict : 'none' };
}

export interface PairScore {
  pairs: number;
  links: number;
  /** right links / links made (1 when none was made) */
  precision: number;
  /** right links / duplicate pairs */
  recall: number;
  dups: number;
  tp: number;
  /** links on pairs labelled variant (a value differs): must be 0 */
  variantLinks: number;
  distinctLinks: number;
  variants: number;
  /** variants reported as correction candidates */
  candidates: number;
}

export interface ScoredPair {
  label: PairLabel;
  lang: string;
  variantOf: string | null;
  got: Judgement['verdict'];
}

export function scorePairs(rows: readonly ScoredPair[]): PairScore {
  const links = rows.filter((r) => r.got === 'duplicate');
  const tp = links.filter((r) => r.label === 'duplicate').length;
  const dups = rows.filter((r) => r.label === 'duplicate').length;
  const variants = rows.filter((r) => r.label === 'variant');
  return {
    pairs: rows.length,
    links: links.length,
    precision: links.length ? tp / links.length : 1,
    recall: dups ? tp / dups : 1,
    dups,
    tp,
    variantLinks: links.filter((r) => r.label === 'variant').length,
    distinctLinks: links.filter((r) => r.label === 'distinct').length,
    variants: variants.length,
    candidates: variants.filter((r) => r.got === 'variant').length,
  };
}
