/**
 * What the CLI skips at start-up must answer exactly as the slow path would: the config.json check
 * without the schema, and the alias cuts made at build time instead of loading jieba.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import { createJiebaSegmenter } from '../src/index/tokenizer/jieba.js';
import { ROOT, tempDir } from './helpers.js';

describe('config.json without the schema', () => {
  // `ranking: {}` is valid and sends the file through the full schema: both paths must agree.
  const viaSchema = (data: Record<string, unknown>) => parseConfig({ ...data, ranking: {} }, 'config.json');

  it('gives what the schema gives for domains, kinds, projects and agents', () => {
    for (const data of [
      {},
      { domains: ['hermes', 'code', 'openclaw'] },
      { domains: ['Code', 'code', 'marketing'], kinds: ['meeting', 'Meeting'] },
      { domains: ['code'], projects: { '/srv/shop': 'shop-api', '/home/u/x': '项目.一' }, agents: { 'claude-code': 'code', mine: 'Code' } },
    ]) {
      expect(parseConfig(data, 'config.json')).toEqual(viaSchema(data));
    }
  });

  it('still names every problem the schema finds', () => {
    for (const [data, needle] of [
      [{ domains: ['9lives'] }, '"domains"'],
      [{ domains: ['code'], agents: { codex: 'ops' } }, '"agents.codex": "ops" is not a configured domain'],
      [{ projects: { '/srv': 'a b' } }, '"projects./srv"'],
      [{ domain: ['code'] }, 'unknown field "domain"'],
    ] as const) {
      expect(() => parseConfig(data, 'config.json')).toThrow(needle);
    }
  });
});

describe('alias cuts made at build time', () => {
  const file = path.join(ROOT, 'dist', 'dict', 'known-cuts.json');
  const known = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; cut: Record<string, string[]> };

  it('are jieba\'s own cuts, with the shipped dictionaries', () => {
    const shipped = createJiebaSegmenter(null);
    expect(known.id).toBe(shipped.id);
    const runs = Object.keys(known.cut);
    expect(runs.length).toBeGreaterThan(10);
    shipped.cutForSearch('中文'); // jieba is loaded from here on: every cut below is its own
    for (const run of runs) expect(shipped.cut(run), run).toEqual(known.cut[run]);
  });

  it('are not used by a home with its own dict.txt', () => {
    const run = Object.keys(known.cut).find((r) => known.cut[r]!.length > 1);
    expect(run).toBeDefined();
    const dict = path.join(tempDir(), 'dict.txt');
    fs.writeFileSync(dict, `${run} 9999999\n`);
    const own = createJiebaSegmenter(dict);
    expect(own.id).not.toBe(known.id);
    expect(own.cut(run!)).toEqual([run]);
  });
});
