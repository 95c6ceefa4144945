/**
 * config.json is checked by one schema: unknown keys are refused in every section with their
 * path, wrong types name the file and key, and the defaults are never shared by reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, defaultConfig, doorRules, parseConfig, readConfig } from '../src/config.js';
import { RANKING_DEFAULTS } from '../src/query/options.js';
import { CORE_DEFAULTS } from '../src/sessions/core-memory.js';
import { KNOWN_KINDS } from '../src/core/record.js';
import { validateConfig } from '../src/eval/config-override.js';
import { tempDir } from './helpers.js';

function writeConfig(obj: unknown): string {
  const f = path.join(tempDir(), 'config.json');
  fs.writeFileSync(f, typeof obj === 'string' ? obj : JSON.stringify(obj));
  return f;
}

function refusal(obj: unknown): { message: string; field: string | undefined; code: string } {
  const f = writeConfig(obj);
  try {
    readConfig(f);
  } catch (e) {
    const err = e as { message: string; field?: string; code: string };
    expect(err.message).toContain(f);
    return { message: err.message, field: err.field, code: err.code };
  }
  throw new Error(`config ${JSON.stringify(obj)} was accepted`);
}

describe('config.json schema', () => {
  it('accepts a file with every section', () => {
    const cfg = readConfig(
      writeConfig({
        domains: ['hermes', 'code', 'openclaw', 'Marketing'],
        kinds: ['meeting'],
        limits: { recordBytes: 131072 },
        ranking: { termWeight: 0.4, halfLifeDays: { marketing: 30 }, tierWeights: { chatter: 0.5 }, context: { sessionWeight: 0.1 }, disabledStages: ['decay'] },
        supersession: { minSubjectShare: 0.6 },
        core: { budget: 1000 },
        projects: { '/srv/shop': 'shop' },
        agents: { 'my-bot': 'marketing' },
        ingest: { batchLines: 100, roots: { codex: '/data/codex' }, summarizer: { provider: 'extractive' } },
      }),
    );
    expect(cfg.domains).toEqual(['hermes', 'code', 'openclaw', 'marketing']);
    expect(cfg.kinds).toEqual(['meeting']);
    expect(cfg.limits.recordBytes).toBe(131072);
    expect(cfg.ranking.termWeight).toBe(0.4);
    expect(cfg.ranking.halfLifeDays).toEqual({ default: 90, code: 180, marketing: 30 });
    expect(cfg.ranking.tierWeights).toEqual({ evidence: 1.15, normal: 1, chatter: 0.5 });
    expect(cfg.ranking.context.sessionWeight).toBe(0.1);
    expect(cfg.ranking.context.neighbourWeight).toBe(RANKING_DEFAULTS.context.neighbourWeight);
    expect(cfg.supersession.minSubjectShare).toBe(0.6);
    expect(cfg.supersession.inferCorrections).toBe(true);
    expect(cfg.core).toEqual({ ...CORE_DEFAULTS, budget: 1000 });
    expect(cfg.agents['my-bot']).toBe('marketing');
    expect(cfg.agents['claude-code']).toBe('code');
    expect(cfg.ingest.batchLines).toBe(100);
    expect(cfg.ingest.maxItemChars).toBe(280);
    expect(doorRules(cfg).kinds).toEqual([...KNOWN_KINDS, 'meeting']);
  });

  it('a missing file gives the defaults; a BOM is not an error', () => {
    expect(readConfig(path.join(tempDir(), 'none.json'))).toEqual(DEFAULT_CONFIG);
    expect(readConfig(writeConfig('\uFEFF{"domains": ["code"]}')).domains).toEqual(['code']);
  });

  const unknownInEverySection: [string, unknown][] = [
    ['colour', { colour: 'blue' }],
    ['limits.recordbytes', { limits: { recordbytes: 1 } }],
    ['ranking.termweight', { ranking: { termweight: 0.3 } }],
    ['ranking.tierWeights.gold', { ranking: { tierWeights: { gold: 2 } } }],
    ['ranking.context.neighbours', { ranking: { context: { neighbours: 2 } } }],
    ['supersession.minShare', { supersession: { minShare: 0.5 } }],
    ['core.budgett', { core: { budgett: 500 } }],
    ['ingest.batchlines', { ingest: { batchlines: 50 } }],
    ['ingest.summarizer.temperature', { ingest: { summarizer: { temperature: 1 } } }],
    ['ingest.roots.cursor', { ingest: { roots: { cursor: '/x' } } }],
  ];
  it.each(unknownInEverySection)('refuses the unknown key %s, naming its path and the known keys', (keyPath, obj) => {
    const r = refusal(obj);
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.field).toBe(keyPath);
    const last = keyPath.split('.').pop()!;
    expect(r.message).toContain(`"${last}"`);
    if (keyPath.includes('.')) expect(r.message).toContain(`"${keyPath}"`);
    expect(r.message).toMatch(/\(known: [\w-]+(, [\w-]+)*\)/);
  });

  it('reports every problem at once, each with its path', () => {
    const r = refusal({ rankng: {}, ranking: { termWeight: 'high', foo: 1 }, core: { budget: 5 } });
    expect(r.message).toMatch(/4 problems/);
    expect(r.message).toContain('unknown field "rankng"');
    expect(r.message).toContain('"ranking.termWeight" must be a number from 0 to 1');
    expect(r.message).toContain('"ranking.foo": unknown ranking option "foo"');
    expect(r.message).toContain('"core.budget" must be a number from 200 to 100000');
  });

  it('a wrong type names the file and the key', () => {
    expect(refusal({ domains: 'code' }).message).toMatch(/"domains" must be a list/);
    expect(refusal({ kinds: ['two words'] }).message).toMatch(/"kinds" must be a list of one-word kinds/);
    expect(refusal({ ranking: [] }).message).toMatch(/"ranking" must be an object/);
    expect(refusal({ supersession: { inferCorrections: 'yes' } }).message).toMatch(/"supersession.inferCorrections" must be true or false/);
    expect(refusal({ limits: { recordBytes: 10 } }).message).toMatch(/"limits.recordBytes" must be a number from 1024 to 4194304/);
    expect(refusal({ ranking: { disabledStages: ['supersed'] } }).message).toMatch(/"ranking.disabledStages" must list stage names/);
    expect(refusal({ ingest: { summarizer: { apiKey: 'sk-x' } } }).message).toMatch(/keys do not belong in config.json/);
    expect(refusal('{"domains": [').message).toMatch(/not valid JSON/);
    expect(refusal([1]).message).toMatch(/must be a JSON object/);
  });

  it('an agent mapped to a domain the home does not have is refused; default mappings to such domains are dropped', () => {
    const r = refusal({ agents: { 'my-bot': 'marketing' } });
    expect(r.field).toBe('agents.my-bot');
    expect(r.message).toContain('"marketing" is not a configured domain (configured: hermes, code, openclaw)');
    const cfg = readConfig(writeConfig({ domains: ['work'] }));
    expect(cfg.agents).toEqual({});
  });

  it('eval --config/--set overrides go through the same schema', () => {
    expect(() => validateConfig({ ranking: { context: { neighbourSeed: 3 } } }, '--set')).toThrow(/--set: "ranking.context.neighbourSeed": unknown context option/);
    expect(() => validateConfig({ ranking: { termWeight: 0.2 } }, '--set')).not.toThrow();
  });
});

describe('defaults are never handed out by reference', () => {
  it('the defaults are frozen all the way down', () => {
    expect(Object.isFrozen(DEFAULT_CONFIG)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CONFIG.ranking.halfLifeDays)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CONFIG.domains)).toBe(true);
    expect(() => (DEFAULT_CONFIG.domains as string[]).push('x')).toThrow();
  });

  it('a caller changing the config it was given changes nothing for the next reader', () => {
    const none = path.join(tempDir(), 'none.json');
    const empty = writeConfig({});
    const partial = writeConfig({ ranking: { termWeight: 0.2 } });
    for (const f of [none, empty, partial]) {
      const a = readConfig(f);
      a.domains.push('marketing');
      a.kinds.push('banana');
      a.limits.recordBytes = 1;
      a.ranking.halfLifeDays.default = 1;
      a.ranking.tierWeights.evidence = 3;
      a.ranking.context.neighbourSeeds = 0;
      a.ranking.disabledStages.push('decay');
      a.supersession.minSubjectShare = 1;
      a.core.budget = 1;
      a.agents.x = 'code';
      a.ingest.summarizer.provider = 'openai';
      a.ingest.roots.codex = '/x';
      const b = readConfig(f);
      expect(b.domains).toEqual(['hermes', 'code', 'openclaw']);
      expect(b.kinds).toEqual([]);
      expect(b.limits.recordBytes).toBe(65536);
      expect(b.ranking.halfLifeDays).toEqual({ default: 90, code: 180 });
      expect(b.ranking.tierWeights.evidence).toBe(1.15);
      expect(b.ranking.context.neighbourSeeds).toBe(10);
      expect(b.ranking.disabledStages).toEqual([]);
      expect(b.supersession.minSubjectShare).toBe(0.5);
      expect(b.core.budget).toBe(2000);
      expect(b.agents.x).toBeUndefined();
      expect(b.ingest.summarizer.provider).toBe('extractive');
      expect(b.ingest.roots).toEqual({});
    }
    expect(RANKING_DEFAULTS.halfLifeDays).toEqual({ default: 90, code: 180 });
    expect(RANKING_DEFAULTS.disabledStages).toEqual([]);
    expect(CORE_DEFAULTS.budget).toBe(2000);
    const d = defaultConfig();
    d.ranking.candidates = 1;
    expect(defaultConfig().ranking.candidates).toBe(100);
    expect(parseConfig({}, 'x').ranking.candidates).toBe(100);
  });
});
