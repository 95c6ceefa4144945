/**
 * The public ranking evaluation: eval/suites/ranking.json (with its noise) run through the library,
 * a pass rate per rule printed, and floors asserted. The floors are what the ranking honestly
 * achieves today; raise them as it improves, never lower them to make a change pass.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSuite, parseSuite, SuiteError, validateSuite } from '../src/eval/suite.js';
import { formatReport, ownersLines, recordId, runQuery, runSuite, scenarioJsonl, type SuiteReport } from '../src/eval/run-suite.js';
import { createOptmem } from '../src/optmem.js';
import { tempDir } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = path.join(ROOT, 'eval', 'suites', 'ranking.json');

/**
 * Least scenario pass rate, overall and per rule. Per-rule floors are what the ranking achieves
 * today (tiers 3/7, decay 9/11, redline 7/8: see the failing scenarios printed above); the overall
 * floor is the 0.9, which the ranking must reach.
 */
const FLOORS = { overall: 0.95, supersession: 1, decay: 0.9, domains: 1, tiers: 1, redline: 1 } as const;

describe('ranking suite', () => {
  let report: SuiteReport;

  it('runs every scenario through the public API', () => {
    const suite = loadSuite(SUITE);
    expect(suite.scenarios.length).toBeGreaterThanOrEqual(36);
    expect(suite.noiseText.trim().split('\n').length).toBeGreaterThanOrEqual(300);
    report = runSuite(suite);
    console.log('\n' + formatReport(report) + '\n');
    expect(report.scenarios.every((s) => !s.error)).toBe(true);
  });

  it('meets the overall and per-rule floors', () => {
    expect(report.overall.rate).toBeGreaterThanOrEqual(FLOORS.overall);
    for (const rule of ['supersession', 'decay', 'domains', 'tiers', 'redline'] as const) {
      expect(report.byRule[rule].rate, `${rule} pass rate`).toBeGreaterThanOrEqual(FLOORS[rule]);
    }
  });

  it('a scenario that starts from a copy of the imported noise ranks exactly as on a home that imported the noise itself', () => {
    const suite = loadSuite(SUITE);
    const nowMs = Date.parse(suite.now);
    // The first scenario of every rule and the first four of supersession (links made across the noise show there).
    const seen = new Map<string, number>();
    const picked = suite.scenarios.map((s, si) => ({ s, si })).filter(({ s }) => {
      const n = (seen.get(s.rule) ?? 0) + 1;
      seen.set(s.rule, n);
      return n <= (s.rule === 'supersession' ? 4 : 1);
    });
    expect(picked.length).toBe(8);
    for (const { s, si } of picked) {
      const idOf = (key: string) => recordId(si, key);
      const keyOf = new Map(s.records.map((r) => [idOf(r.key), r.key]));
      const mem = createOptmem({ dir: path.join(tempDir(), 'home'), create: true, now: () => nowMs, durable: false });
      try {
        mem.import(ownersLines(suite.noiseText), { source: 'noise' });
        mem.import(scenarioJsonl(s, idOf), { source: `scenario ${s.id}` });
        const own = s.queries.map((q) => runQuery(mem, q, suite.now, keyOf, idOf).ranking.map((r) => `${r.id}${r.superseded ? '*' : ''}`));
        const copied = report.scenarios.find((x) => x.id === s.id)!.queries.map((q) => q.ranking.map((r) => `${r.id}${r.superseded ? '*' : ''}`));
        expect(copied, s.id).toEqual(own);
      } finally {
        mem.close();
      }
    }
  });

  it('is deterministic: a second run gives the same rankings', () => {
    const again = runSuite(loadSuite(SUITE), { only: report.scenarios.slice(0, 5).map((s) => s.id) });
    for (const s of again.scenarios) {
      const first = report.scenarios.find((x) => x.id === s.id)!;
      expect(s.queries.map((q) => q.ranking.map((r) => r.id))).toEqual(first.queries.map((q) => q.ranking.map((r) => r.id)));
    }
  });
});

describe('suite validation', () => {
  const base = () => ({
    name: 't',
    now: '2026-11-20T10:00:00+08:00',
    scenarios: [
      {
        id: 's1',
        rule: 'decay',
        records: [{ key: 'a', time: '2026-11-01T10:00:00+08:00', text: 'x' }],
        queries: [{ query: 'x', expect: [{ rank1: 'a' }] }],
      },
    ],
  });

  it('accepts a sound suite', () => {
    expect(validateSuite(base())).toEqual([]);
  });

  it('reports a misspelt check with its path', () => {
    const s = base();
    (s.scenarios[0]!.queries[0]!.expect as unknown[]).push({ rnak1: 'a' });
    expect(validateSuite(s)).toContain('scenarios[0].queries[0].expect[1]: unknown check "rnak1" (known: rank1, top, above, superseded, notSuperseded, absent, onlyDomains, pinned, conflicts)');
  });

  it('reports unknown keys, bad rules, bad times and dangling corrects', () => {
    const s = base() as unknown as { scenarios: Record<string, unknown>[] };
    const sc = s.scenarios[0]! as { rule: string; records: Record<string, unknown>[]; queries: { expect: unknown[] }[] };
    sc.rule = 'decya';
    sc.records.push({ key: 'b', time: 'yesterday', text: 'y', corrects: 'zz', colour: 'red' });
    sc.queries[0]!.expect.push({ above: ['a', 'nope'] }, { top: 'a' }, { rank1: 'a', k: 2 });
    const p = validateSuite(s);
    expect(p).toContain('scenarios[0].rule: "decya" is not one of supersession, decay, domains, tiers, redline');
    expect(p).toContain('scenarios[0].records[1].time: required, an ISO 8601 time (got "yesterday")');
    expect(p).toContain('scenarios[0].records[1]: unknown field "colour" (known: key, time, text, domain, project, kind, tier, corrects, tags)');
    expect(p).toContain('scenarios[0].records[1].corrects: no record "zz" in this scenario');
    expect(p).toContain('scenarios[0].queries[0].expect[1].above[1]: no record "nope" in this scenario');
    expect(p).toContain('scenarios[0].queries[0].expect[2].k: required for check "top"');
    expect(p).toContain('scenarios[0].queries[0].expect[3]: unknown field "k" for check "rank1" (known: rank1)');
  });

  it('parseSuite throws a SuiteError listing the problems', () => {
    expect(() => parseSuite('{"name": 1}', 'x.json')).toThrow(SuiteError);
    expect(() => parseSuite('{', 'x.json')).toThrow(/x\.json: 1 problem/);
  });
});
