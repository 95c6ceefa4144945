/**
 * The write-trigger detector against the hand-labelled turns of eval/triggers/labelled.jsonl and
 * eval/triggers/fresh.jsonl: precision and recall per trigger and overall, on the tune split (the
 * lexicons were tuned on it), the old held-out split (its errors were used in the second tuning
 * round, so it is no longer held out) and the fresh split (written blind to the detector's errors,
 * never tuned on: the only honest estimate), plus correction detection. The floors are what the
 * detector reached, a little below, so a change that makes it worse fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectTrigger } from '../src/ingest/triggers.js';
import { TRIGGERS, type Trigger } from '../src/ingest/types.js';

interface Row {
  role: string;
  text: string;
  prev?: { role: string; text: string };
  trigger: Trigger | null;
  correction: boolean;
  split: 'tune' | 'heldout' | 'fresh';
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'eval', 'triggers', 'labelled.jsonl');
const load = (p: string): Row[] =>
  fs
    .readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
const rows: Row[] = load(file);
const freshRows: Row[] = load(path.join(path.dirname(file), 'fresh.jsonl'));

function score(split: Row['split']) {
  const keys = [...TRIGGERS, 'overall', 'correction'] as const;
  const c = Object.fromEntries(keys.map((k) => [k, { tp: 0, fp: 0, fn: 0 }])) as Record<(typeof keys)[number], Counts>;
  for (const r of [...rows, ...freshRows].filter((x) => x.split === split)) {
    const d = detectTrigger({ role: r.role, text: r.text }, r.prev);
    for (const k of [r.trigger, 'overall'] as const) {
      if (!k || !r.trigger) continue;
      if (d.trigger === r.trigger) c[k].tp++;
      else c[k].fn++;
    }
    if (d.trigger && d.trigger !== r.trigger) {
      c[d.trigger].fp++;
      c.overall.fp++;
    }
    if (r.correction && d.correction) c.correction.tp++;
    if (!r.correction && d.correction) c.correction.fp++;
    if (r.correction && !d.correction) c.correction.fn++;
  }
  const pr = (x: Counts) => ({
    precision: x.tp + x.fp ? x.tp / (x.tp + x.fp) : 1,
    recall: x.tp + x.fn ? x.tp / (x.tp + x.fn) : 1,
    support: x.tp + x.fn,
  });
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, pr(v)])) as Record<(typeof keys)[number], ReturnType<typeof pr>>;
}

function table(name: string, m: ReturnType<typeof score>): string {
  const lines = [`${name}`, 'trigger            support  precision  recall'];
  for (const [k, v] of Object.entries(m)) {
    lines.push(`${k.padEnd(18)} ${String(v.support).padStart(7)}  ${v.precision.toFixed(3).padStart(9)}  ${v.recall.toFixed(3).padStart(6)}`);
  }
  return lines.join('\n');
}

describe('write-trigger detection on the labelled set', () => {
  it('the labelled set is what it claims: ≥ 240 turns, both languages, about 40% carrying a trigger, a held-out part', () => {
    expect(rows.length).toBeGreaterThanOrEqual(240);
    const zh = rows.filter((r) => (r.text.match(/[\u3400-\u9fff]/g) ?? []).length >= 3).length;
    expect(zh / rows.length).toBeGreaterThan(0.35);
    expect(zh / rows.length).toBeLessThan(0.7);
    const kept = rows.filter((r) => r.trigger).length / rows.length;
    expect(kept).toBeGreaterThan(0.33);
    expect(kept).toBeLessThan(0.5);
    for (const r of rows) {
      expect(r.trigger === null || (TRIGGERS as readonly string[]).includes(r.trigger)).toBe(true);
      expect(['tune', 'heldout']).toContain(r.split);
    }
    expect(rows.filter((r) => r.split === 'heldout').length).toBeGreaterThanOrEqual(60);
  });

  it('the fresh set: ≥ 120 turns, both languages, about 40% carrying a trigger, all split "fresh"', () => {
    expect(freshRows.length).toBeGreaterThanOrEqual(120);
    const zh = freshRows.filter((r) => (r.text.match(/[\u3400-\u9fff]/g) ?? []).length >= 3).length;
    expect(zh / freshRows.length).toBeGreaterThan(0.4);
    expect(zh / freshRows.length).toBeLessThan(0.7);
    const kept = freshRows.filter((r) => r.trigger).length / freshRows.length;
    expect(kept).toBeGreaterThan(0.33);
    expect(kept).toBeLessThan(0.5);
    for (const r of freshRows) {
      expect(r.trigger === null || (TRIGGERS as readonly string[]).includes(r.trigger)).toBe(true);
      expect(r.split).toBe('fresh');
    }
  });

  const tune = score('tune');
  const held = score('heldout');
  const fresh = score('fresh');
  it('prints precision and recall per trigger, tune, held-out and fresh', () => {
    console.log(
      table('tune split (lexicons tuned here)', tune) +
        '\n\n' +
        table('old held-out split (its errors used in tuning round 2)', held) +
        '\n\n' +
        table('fresh split (never tuned on)', fresh),
    );
  });

  it('tune split: overall precision ≥ 0.95, recall ≥ 0.95; corrections ≥ 0.9 / 0.9', () => {
    expect(tune.overall.precision).toBeGreaterThanOrEqual(0.95);
    expect(tune.overall.recall).toBeGreaterThanOrEqual(0.95);
    expect(tune.correction.precision).toBeGreaterThanOrEqual(0.9);
    expect(tune.correction.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('held-out split: overall precision and recall at the floors reached when written', () => {
    expect(held.overall.precision).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.precision);
    expect(held.overall.recall).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.recall);
    expect(held.correction.recall).toBeGreaterThanOrEqual(0.66);
  });

  it('fresh split (never tuned on): overall precision and recall at the floors reached', () => {
    expect(fresh.overall.precision).toBeGreaterThanOrEqual(FRESH_FLOOR.precision);
    expect(fresh.overall.recall).toBeGreaterThanOrEqual(FRESH_FLOOR.recall);
    expect(fresh.correction.precision).toBeGreaterThanOrEqual(0.9);
    expect(fresh.correction.recall).toBeGreaterThanOrEqual(0.5);
  });
});

/**
 * The old held-out split reached 1.000 / 1.000 after the second tuning round, which used its errors:
 * it is a regression check now, not an estimate (see eval/triggers/README.md).
 */
const HELD_OUT_FLOOR = { precision: 0.95, recall: 0.95 };
/** The fresh split (never tuned on) after the second round: 0.804 / 0.617 (it was 0.750 / 0.550 before). */
const FRESH_FLOOR = { precision: 0.78, recall: 0.6 };
