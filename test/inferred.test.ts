/**
 * Inferred corrections: a plain newer record restating the same subject with another value
 * supersedes the older one (flagged inferred); different subjects that merely share an attribute
 * word never do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import { tempHome } from './helpers.js';

describe('inferred corrections', () => {
  it('a restated subject with another value supersedes, flagged inferred', () => {
    const mem = createOptmem({ dir: tempHome(), create: true });
    try {
      const old = mem.add({ text: '[code] the backend port is 8080', project: 'shop', time: '2026-05-01T10:00:00+08:00' }).record;
      const neu = mem.add({ text: '[code] backend port is now 9090 after the migration', project: 'shop', time: '2026-09-01T10:00:00+08:00' }).record;
      const hit = mem.search({ query: 'backend port', now: '2026-11-29T12:00:00+08:00' }).results.find((h) => h.id === old.id)!;
      expect(hit.superseded).toBe(true);
      expect(hit.supersededBy).toBe(neu.id);
      expect(hit.supersession).toMatchObject({ method: 'inferred', inferred: true });
    } finally {
      mem.close();
    }
  });

  it('different services sharing the word "port" never supersede each other', () => {
    const mem = createOptmem({ dir: tempHome(), create: true });
    try {
      mem.add({ text: '[code] note: grafana listens on port 3000 inside the compose network', project: 'ops', time: '2026-05-01T10:00:00+08:00' });
      mem.add({ text: '[code] note: prometheus listens on port 9090 inside the compose network', project: 'ops', time: '2026-06-01T10:00:00+08:00' });
      mem.add({ text: '[code] 端口 5432 是 postgres 的', project: 'ops', time: '2026-07-01T10:00:00+08:00' });
      mem.add({ text: '[code] 端口 6379 给 redis 用', project: 'ops', time: '2026-08-01T10:00:00+08:00' });
      const res = mem.search({ query: 'port 端口', limit: 20 });
      expect(res.results.length).toBeGreaterThanOrEqual(2);
      expect(res.results.filter((h) => h.superseded)).toEqual([]);
    } finally {
      mem.close();
    }
  });

  it('can be switched off', () => {
    const dir = tempHome();
    const mem = createOptmem({ dir, create: true });
    mem.close();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ supersession: { inferCorrections: false } }));
    const m2 = createOptmem({ dir });
    try {
      const old = m2.add({ text: '[code] the backend port is 8080', project: 'shop', time: '2026-05-01T10:00:00+08:00' }).record;
      m2.add({ text: '[code] backend port is now 9090', project: 'shop', time: '2026-09-01T10:00:00+08:00' });
      const hit = m2.search({ query: 'backend port' }).results.find((h) => h.id === old.id)!;
      expect(hit.superseded).toBe(false);
    } finally {
      m2.close();
    }
  });
});
