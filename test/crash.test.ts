import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOMAINS } from '../src/core/markers.js';
import { parseDayFile } from '../src/core/record-format.js';
import { cli, dayFile, dayFiles, DIST_INDEX, nodeChild, ok, searchJson, tempHome, warnings } from './helpers.js';

const DOMAINS = [...DEFAULT_DOMAINS];
const REL = 'log/2026/11/2026-11-29.md';

function parseFile(file: string) {
  return parseDayFile(fs.readFileSync(file, 'utf8'), REL, DOMAINS);
}

const LOOPER = `
import { createOptmem } from ${JSON.stringify(pathToFileURL(DIST_INDEX).href)};
const [home] = process.argv.slice(1);
const mem = createOptmem({ dir: home, create: true });
for (let i = 0; ; i++) {
  const { record } = mem.add({ text: 'loop record ' + i + ' 端口 ' + 'y'.repeat(i % 300), time: '2026-11-29T08:00:00+08:00' });
  // printed only once add() has returned: the record is durable from here on
  process.stdout.write(record.id + '\\n');
}
`;

describe('a writer killed with SIGKILL mid-append', () => {
  it('leaves every complete record intact and indexed, and the home usable', async () => {
    const home = tempHome();
    ok(home, ['init']);
    const { child, done } = nodeChild(LOOPER, [home]);
    // Kill it once it has written a good number of records (and is surely inside the loop).
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      child.stdout!.on('data', (s: string) => {
        seen += s;
        if (seen.split('\n').length > 150) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => reject(new Error('writer exited before it was killed')));
    });
    const res = await done;
    expect(res.code).toBe(-1);
    const acknowledged = res.stdout.split('\n').filter(Boolean);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    // Whatever the kill interrupted, the next open must cope; run a search through the CLI.
    const s = cli(['search', 'loop', '--json', '--limit', '1000', '--dir', home]);
    expect(s.code).toBe(0);
    const file = dayFile(home, '2026-11-29');
    const parsed = parseFile(file);
    expect(parsed.problems).toEqual([]);
    expect(parsed.partialTail).toBeNull();
    const inFile = parsed.blocks.map((b) => b.record.id);
    // every acknowledged record is in the file, in order; at most one more (written, not yet acknowledged)
    expect(inFile.slice(0, acknowledged.length)).toEqual(acknowledged);
    expect(inFile.length - acknowledged.length).toBeLessThanOrEqual(1);
    parsed.blocks.forEach((b, i) => expect(b.record.text.startsWith(`loop record ${i} `)).toBe(true));
    // every complete record is indexed, at its line
    const hits = (JSON.parse(s.stdout).results as { id: string; line: number }[]);
    expect(new Set(hits.map((h) => h.id))).toEqual(new Set(inFile));
    for (const b of parsed.blocks) expect(hits.find((h) => h.id === b.record.id)!.line).toBe(b.line);

    // and the home is usable: append, search, doctor
    const id = ok(home, ['add', 'after the crash', '--time', '2026-11-29T09:00:00+08:00']).trim();
    expect(searchJson(home, 'crash').map((h) => h.id)).toEqual([id]);
    expect(cli(['doctor', '--dir', home]).code).toBe(0);
  });
});

describe('a torn write (the last record cut short, as by a power cut)', () => {
  function homeWithRecords(n: number) {
    const home = tempHome();
    ok(home, ['init']);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push(ok(home, ['add', `record ${i}: 后端端口 number ${i}\nsecond line ${i}`, '--time', `2026-11-29T10:0${i}:00+08:00`, '--tag', 'crash']).trim());
    }
    return { home, ids, file: dayFile(home, '2026-11-29') };
  }

  /** Byte offsets inside the last record: in the header, the metadata, the text, the terminator. */
  function cutPoints(buf: Buffer): number[] {
    const lastHeader = buf.lastIndexOf(Buffer.from('\n## ')) + 1;
    const text = buf.indexOf(Buffer.from('后端'), lastHeader);
    return [
      lastHeader + 1, // "#"
      lastHeader + 12, // inside the time
      buf.indexOf(Buffer.from(' · ', 'utf8'), lastHeader) + 3, // just before the id
      buf.indexOf(Buffer.from('\n', 'utf8'), lastHeader) + 1, // after the header line
      text + 1, // inside a multi-byte character
      text + 7,
      buf.length - 3, // inside the terminator "---"
    ];
  }

  it('is reported on the next open, moved to recovered/, and every complete record is kept', () => {
    const probe = homeWithRecords(4);
    const ids = probe.ids;
    const full = fs.readFileSync(probe.file);
    const lastHeader = full.lastIndexOf(Buffer.from('\n## ')) + 1;
    for (const cut of cutPoints(full)) {
      // a copy of the whole home (files and index) per cut
      const home = tempHome();
      fs.cpSync(probe.home, home, { recursive: true });
      const file = dayFile(home, '2026-11-29');
      fs.truncateSync(file, cut);
      const torn = fs.readFileSync(file);

      const r = cli(['search', '端口', '--json', '--dir', home]);
      expect(r.code, `cut at ${cut}`).toBe(0);
      const w = warnings(r.stderr);
      expect(w.length, `cut at ${cut}: ${r.stderr}`).toBe(1);
      const headerLine = full.subarray(0, lastHeader).toString('utf8').split('\n').length;
      expect(w[0]).toMatch(new RegExp(`^optmem: warning: ${REL}:${headerLine}: .*recovered/`));
      // the complete records are still there and found
      expect((JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id).sort()).toEqual(ids.slice(0, 3).sort());
      // the day file is the complete records; the torn bytes are in recovered/, byte for byte
      expect(fs.readFileSync(file).equals(full.subarray(0, lastHeader))).toBe(true);
      const rec = fs.readdirSync(path.join(home, 'recovered'));
      expect(rec.length).toBe(1);
      expect(fs.readFileSync(path.join(home, 'recovered', rec[0]!)).equals(torn.subarray(lastHeader))).toBe(true);

      // later appends work and the file is clean
      const id = ok(home, ['add', 'written after recovery 端口', '--time', '2026-11-29T11:00:00+08:00']).trim();
      const parsed = parseFile(file);
      expect(parsed.problems).toEqual([]);
      expect(parsed.partialTail).toBeNull();
      expect(parsed.blocks.map((b) => b.record.id)).toEqual([...ids.slice(0, 3), id]);
      expect(cli(['doctor', '--dir', home]).code).toBe(0);
    }
  });

  it('is set aside by the next append too, when no command read the file first', () => {
    const { home, ids, file } = homeWithRecords(3);
    const full = fs.readFileSync(file);
    fs.truncateSync(file, full.length - 10);
    // the library opens (and recovers) before appending; the appended record follows complete records only
    const r = cli(['add', 'appended to a torn file', '--time', '2026-11-29T12:00:00+08:00', '--dir', home]);
    expect(r.code).toBe(0);
    expect(warnings(r.stderr).join('\n')).toMatch(/recovered\//);
    const parsed = parseFile(file);
    expect(parsed.problems).toEqual([]);
    expect(parsed.blocks.map((b) => b.record.id)).toEqual([...ids.slice(0, 2), r.stdout.trim()]);
  });

  it('is cut at the right byte even when an earlier record holds invalid UTF-8 (edited in another encoding)', () => {
    const { home, ids, file } = homeWithRecords(3);
    let buf = fs.readFileSync(file);
    const at = buf.indexOf(Buffer.from('second line 0'));
    buf = Buffer.concat([buf.subarray(0, at), Buffer.from([0xe9, 0xe9]), buf.subarray(at + 2)]); // "se" → two Latin-1 é
    const lastHeader = buf.lastIndexOf(Buffer.from('\n## ')) + 1;
    fs.writeFileSync(file, buf.subarray(0, buf.length - 12));
    expect(cli(['search', 'record', '--dir', home]).code).toBe(0);
    expect(fs.readFileSync(file).equals(buf.subarray(0, lastHeader))).toBe(true);
    expect(searchJson(home, 'record').map((h) => h.id).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('never loses records in other day files', () => {
    const { home, ids, file } = homeWithRecords(2);
    const other = ok(home, ['add', 'another day', '--time', '2026-11-28T10:00:00+08:00']).trim();
    fs.truncateSync(file, fs.statSync(file).size - 5);
    expect(dayFiles(home)).toEqual(['log/2026/11/2026-11-28.md', REL]);
    const all = JSON.parse(ok(home, ['search', '', '--json'])).results.map((h: { id: string }) => h.id).sort();
    expect(all).toEqual([ids[0]!, other].sort());
  });
});
