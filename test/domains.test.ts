import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/index.js';
import { cli, ok, searchJson, tempHome } from './helpers.js';

/** The user's conventions: [domain] prefixes, 〔更正〕/〔红线〕 markers (and their English forms). */
describe('domain prefixes and markers', () => {
  let mem: Optmem;
  beforeAll(() => {
    mem = createOptmem({ dir: tempHome(), create: true });
  });
  afterAll(() => mem.close());
  const add = (text: string) => mem.add({ text, time: '2026-11-29T10:00:00+08:00' }).record;

  it('[hermes], [code], [openclaw] set the domain, also after a leading 〔更正〕 or 〔红线〕', () => {
    expect(add('[hermes] 记得每天备份').domain).toBe('hermes');
    expect(add('[code] the build uses tsc').domain).toBe('code');
    expect(add('[openclaw] 公众号稿子').domain).toBe('openclaw');
    expect(add('[CODE] upper case prefix').domain).toBe('code');
    expect(add('  [hermes] leading spaces').domain).toBe('hermes');
    expect(add('〔更正〕[code] 端口改成9090').domain).toBe('code');
    expect(add('〔红线〕 [hermes] 不要删除日志').domain).toBe('hermes');
    expect(add('[correction] [openclaw] title limit is 20').domain).toBe('openclaw');
  });

  it('a record added by a known agent takes its domain when neither a domain nor a prefix gives one', () => {
    const at = (text: string, extra: object) => mem.add({ text, time: '2026-11-29T10:00:00+08:00', ...extra }).record;
    expect(at('备份窗口改到凌晨三点', { source: { agent: 'hermes' } }).domain).toBe('hermes');
    expect(at('标题不超过20字', { source: 'openclaw' }).domain).toBe('openclaw');
    expect(at('[code] 端口 9090', { source: { agent: 'hermes' } }).domain).toBe('code');
    expect(at('端口 9090', { source: { agent: 'hermes' }, domain: 'code' }).domain).toBe('code');
    expect(at('an unknown agent', { source: { agent: 'someone-else' } }).domain).toBeNull();
  });

  it('other bracketed words are just text', () => {
    const r = add('[todo] fix the flaky lint step');
    expect(r.domain).toBeNull();
    expect(r.text).toBe('[todo] fix the flaky lint step');
    expect(mem.search({ query: 'todo' }).results.map((h) => h.id)).toEqual([r.id]);
    expect(add('notes about [code] in the middle').domain).toBeNull();
    expect(add('[code]').domain).toBe('code');
  });

  it('〔更正〕 and [correction] make an evidence-tier correction; 〔红线〕 and [redline] a red line', () => {
    for (const t of ['〔更正〕端口改为9090', '[correction] the port is 9090', '[code] 〔更正〕端口改为9090']) {
      expect(add(t), t).toMatchObject({ kind: 'correction', tier: 'evidence' });
    }
    for (const t of ['〔红线〕周五不发版', '[redline] never deploy on Friday', '[REDLINE] shouting', '[hermes] 〔红线〕不要删库']) {
      expect(add(t), t).toMatchObject({ kind: 'redline', tier: 'redline' });
    }
    expect(add('an ordinary note')).toMatchObject({ kind: 'note', tier: 'normal' });
    expect(add('〔红线〕〔更正〕 both')).toMatchObject({ kind: 'redline', tier: 'redline' });
  });

  it('explicit options win over the prefix and markers', () => {
    expect(mem.add({ text: '[code] x', domain: 'hermes' }).record.domain).toBe('hermes');
    expect(mem.add({ text: '〔红线〕 x', tier: 'chatter' }).record).toMatchObject({ kind: 'redline', tier: 'chatter' });
  });
});

describe('--domain filter (CLI)', () => {
  let home: string;
  const id: Record<string, string> = {};
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    // A domain beyond the three defaults is added to the config on purpose (docs/CONFIG.md).
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ domains: ['hermes', 'code', 'openclaw', 'research'] }));
    id.hermes = ok(home, ['add', '[hermes] 端口 note for hermes']).trim();
    id.code = ok(home, ['add', '[code] 端口 note for code']).trim();
    id.openclaw = ok(home, ['add', '[openclaw] 端口 note for openclaw']).trim();
    id.none = ok(home, ['add', '端口 note with no domain']).trim();
    id.other = ok(home, ['add', '[misc] 端口 note with an unknown prefix']).trim();
    id.flag = ok(home, ['add', '端口 note given a domain by flag', '--domain', 'Research']).trim();
    id.corr = ok(home, ['add', '〔更正〕[code] 端口 corrected for code']).trim();
  });

  const ids = (extra: string[]) => searchJson(home, '端口', extra).map((h) => h.id).sort();

  it('without a filter every domain (and none) is searched', () => {
    expect(ids([])).toEqual(Object.values(id).sort());
  });

  it('restricts strictly to one domain', () => {
    expect(ids(['--domain', 'code'])).toEqual([id.code, id.corr].sort());
    expect(ids(['--domain', 'hermes'])).toEqual([id.hermes]);
    expect(ids(['--domain', 'research'])).toEqual([id.flag]);
    expect(ids(['--domain', 'misc'])).toEqual([]);
  });

  it('accepts several domains, repeated or comma-separated, case-insensitively', () => {
    const want = [id.code, id.corr, id.openclaw].sort();
    expect(ids(['--domain', 'code', '--domain', 'openclaw'])).toEqual(want);
    expect(ids(['--domain', 'code,openclaw'])).toEqual(want);
    expect(ids(['--domain', 'CODE', '--domain', 'OpenClaw'])).toEqual(want);
  });

  it('reports the domain, kind and tier in the results', () => {
    const hits = searchJson(home, '端口', ['--domain', 'code']);
    const corr = hits.find((h) => h.id === id.corr)!;
    expect(corr).toMatchObject({ domain: 'code', kind: 'correction', tier: 'evidence' });
    const other = searchJson(home, 'unknown prefix')[0]!;
    expect(other).toMatchObject({ id: id.other, domain: null, kind: 'note', tier: 'normal' });
    const r = cli(['search', '端口', '--domain', '', '--dir', home]);
    expect(r.code).toBe(2);
  });
});
