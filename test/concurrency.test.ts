import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDayFile } from '../src/core/record-format.js';
import { DEFAULT_DOMAINS } from '../src/core/markers.js';
import { createOptmem } from '../src/index.js';
import { cli, dayFiles, DIST_INDEX, nodeChild, ok, tempHome, BIN } from './helpers.js';
import { spawn } from 'node:child_process';

const DOMAINS = [...DEFAULT_DOMAINS];

/** Parse every day file of a home; every byte must belong to a well-formed record. */
function readAll(home: string) {
  const all: { id: string; text: string; file: string; line: number }[] = [];
  for (const rel of dayFiles(home)) {
    const p = parseDayFile(fs.readFileSync(path.join(home, rel), 'utf8'), rel, DOMAINS);
    expect(p.problems, rel).toEqual([]);
    for (const b of p.blocks) all.push({ id: b.record.id, text: b.record.text, file: rel, line: b.line });
  }
  return all;
}

/** The index agrees with the files: every record found by id, at the line its header is on. */
function checkIndex(home: string, records: ReturnType<typeof readAll>) {
  const mem = createOptmem({ dir: home });
  try {
    for (const r of records) {
      const got = mem.get(r.id);
      expect(got, r.id).not.toBeNull();
      expect([got!.file, got!.line, got!.text]).toEqual([r.file, r.line, r.text]);
    }
    expect(mem.stats().records).toBe(records.length);
    expect(mem.doctor().ok).toBe(true);
  } finally {
    mem.close();
  }
}

const WRITER = `
import { createOptmem } from ${JSON.stringify(pathToFileURL(DIST_INDEX).href)};
const [home, who, n] = process.argv.slice(1);
const mem = createOptmem({ dir: home, create: true });
const ids = [];
for (let i = 0; i < Number(n); i++) {
  const day = i % 2 ? '2026-11-30' : '2026-11-29';
  const text = i % 3 === 0
    ? '写入者' + who + ' 第' + i + '条：后端端口从8080迁移到9090\\n- a list line\\n---\\n## 2026-11-29T10:00:00+08:00 · fake'
    : 'writer ' + who + ' record ' + i + ' ' + 'x'.repeat(i % 50);
  const { record } = mem.add({ text, time: day + 'T10:' + String(i % 60).padStart(2, '0') + ':00+08:00', agent: 'w' + who });
  ids.push(record.id);
}
mem.close();
process.stdout.write(ids.join('\\n') + '\\n');
`;

describe('concurrent writers', () => {
  it('three processes × 200 adds through the library lose nothing and interleave no bytes', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const N = 200;
    const kids = [1, 2, 3].map((who) => nodeChild(WRITER, [home, String(who), String(N)]));
    const results = await Promise.all(kids.map((k) => k.done));
    for (const r of results) expect(r.stderr).toBe('');
    for (const r of results) expect(r.code).toBe(0);
    const reported = results.flatMap((r) => r.stdout.trim().split('\n'));
    expect(reported.length).toBe(3 * N);
    expect(new Set(reported).size).toBe(3 * N);

    const records = readAll(home);
    expect(records.length).toBe(3 * N);
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(reported));
    // each writer's own records are intact and in its own order within each day file
    for (const who of [1, 2, 3]) {
      const mine = records.filter((r) => r.text.includes(`writer ${who} `) || r.text.startsWith(`写入者${who} `));
      expect(mine.length).toBe(N);
    }
    checkIndex(home, records);
  });

  it('three CLI processes adding at once lose nothing', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const PER = 12;
    const run = (args: string[]) =>
      new Promise<{ code: number; out: string; err: string }>((resolve) => {
        const c = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        c.stdout.on('data', (d) => (out += d));
        c.stderr.on('data', (d) => (err += d));
        c.on('close', (code) => resolve({ code: code ?? -1, out, err }));
      });
    const loop = async (who: number) => {
      const ids: string[] = [];
      for (let i = 0; i < PER; i++) {
        const r = await run(['add', `cli writer ${who} note ${i} 端口`, '--dir', home, '--time', '2026-11-29T12:00:00+08:00']);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        ids.push(r.out.trim());
      }
      return ids;
    };
    const ids = (await Promise.all([1, 2, 3].map(loop))).flat();
    const records = readAll(home);
    expect(records.length).toBe(3 * PER);
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(ids));
    checkIndex(home, records);
    expect(cli(['doctor', '--dir', home]).code).toBe(0);
  });
});
