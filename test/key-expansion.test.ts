import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import { tempHome } from './helpers.js';

/**
 * Key expansion (index.keyExpansion): derived words in the index's keys column. Off, a word found
 * only inside an identifier is not found; on, it is; toggling the option rebuilds the index.
 */
const NOW = '2026-12-01T12:00:00+08:00';

function home(index: unknown): string {
  const dir = tempHome();
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(index === undefined ? {} : { index }));
  const mem = createOptmem({ dir, durable: false });
  mem.add({ text: '[code] 前端用 useEffect 拉取订单数据，数据库是 better-sqlite3', time: '2026-11-30T09:00:00+08:00' });
  mem.add({ text: '[code] 后端服务的端口是8080', time: '2026-11-20T09:00:00+08:00' });
  mem.close();
  return dir;
}

function ids(dir: string, query: string): string[] {
  const mem = createOptmem({ dir, durable: false });
  try {
    return mem.search({ query, now: NOW }).results.map((h) => h.text);
  } finally {
    mem.close();
  }
}

/** Rows whose keys column holds any word: none when off, so BM25 sees exactly the text it saw before. */
function keyedRows(dir: string): number {
  const db = new Database(path.join(dir, 'index.sqlite'), { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM fts WHERE keys MATCH 'use OR sqlite OR 11月30日 OR 回锅'").pluck().get() as number;
  } finally {
    db.close();
  }
}

function setIndex(dir: string, index: unknown): void {
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ index }));
}

describe('key expansion', () => {
  it('makes the parts of an identifier searchable only when on', () => {
    const off = home(undefined);
    expect(ids(off, 'effect')).toEqual([]);
    expect(ids(off, 'sqlite')).toEqual([]);
    const on = home({ keyExpansion: ['identifiers'] });
    expect(ids(on, 'effect')).toEqual(['[code] 前端用 useEffect 拉取订单数据，数据库是 better-sqlite3']);
    expect(ids(on, 'sqlite')).toEqual(['[code] 前端用 useEffect 拉取订单数据，数据库是 better-sqlite3']);
    // what the text holds is found either way, in the same order
    expect(ids(on, '端口')).toEqual(ids(off, '端口'));
    expect(keyedRows(off)).toBe(0);
    expect(keyedRows(on)).toBe(1);
  });

  it('rebuilds the index when the option changes, and back', () => {
    const dir = home({ keyExpansion: false });
    expect(ids(dir, 'effect')).toEqual([]);
    setIndex(dir, { keyExpansion: ['identifiers'] });
    expect(ids(dir, 'effect')).toHaveLength(1);
    setIndex(dir, { keyExpansion: false });
    expect(ids(dir, 'effect')).toEqual([]);
  });

  it('refuses a part it does not know, naming the field', () => {
    const dir = tempHome();
    fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
    setIndex(dir, { keyExpansion: ['summaries'] });
    expect(() => createOptmem({ dir })).toThrow(/index\.keyExpansion/);
  });
});
