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

    // Whatever the kill interrupted, a read copes without changing a byte of the log.
    const file = dayFile(home, '2026-11-29');
    const afterKill = fs.readFileSync(file);
    const s = cli(['search', 'loop', '--json', '--limit', '1000', '--dir', home]);
    expect(s.code).toBe(0);
    expect(fs.readFileSync(file).equals(afterKill)).toBe(true);
    const hits = (JSON.parse(s.stdout).results as { id: string; line: number }[]);

    // The next write settles an interrupted append (if the kill landed inside one).
    const id = ok(home, ['add', 'after the crash', '--time', '2026-11-29T09:00:00+08:00']).trim();
    const parsed = parseFile(file);
    expect(parsed.problems).toEqual([]);
    const inFile = parsed.blocks.map((b) => b.record.id);
    // every acknowledged record is in the file, in order; at most one more (written, not yet acknowledged)
    expect(inFile.slice(0, acknowledged.length)).toEqual(acknowledged);
    expect(inFile.length - 1 - acknowledged.length).toBeLessThanOrEqual(1);
    expect(inFile[inFile.length - 1]).toBe(id);
    parsed.blocks.slice(0, -1).forEach((b, i) => expect(b.record.text.startsWith(`loop record ${i} `)).toBe(true));
    // what the read saw: every complete record, at its line
    for (const h of hits) expect(parsed.blocks.find((b) => b.record.id === h.id)!.line).toBe(h.line);
    expect(hits.length).toBeGreaterThanOrEqual(acknowledged.length);

    // and the home is usable: search, doctor (a torn append set aside waits for `ack`)
    expect(searchJson(home, 'crash').map((h) => h.id)).toEqual([id]);
    const rec = fs.existsSync(path.join(home, 'recovered')) ? fs.readdirSync(path.join(home, 'recovered')) : [];
    for (const f of rec) ok(home, ['ack', `recovered/${f}`]);
    expect(cli(['doctor', '--dir', home]).code).toBe(0);
  });
});

/** A home holding `n` records in one day file. */
function homeWithRecords(n: number) {
  const home = tempHome();
  ok(home, ['init']);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(ok(home, ['add', `record ${i}: 后端端口 number ${i}\nsecond line ${i}`, '--time', `2026-11-29T10:0${i}:00+08:00`, '--tag', 'crash']).trim());
  }
  return { home, ids, file: dayFile(home, '2026-11-29') };
}

function copyHome(from: string): { home: string; file: string } {
  const home = tempHome();
  fs.cpSync(from, home, { recursive: true });
  return { home, file: dayFile(home, '2026-11-29') };
}

const TORN_TEXT = 'torn record: 后端端口 ' + '写'.repeat(40) + '\nsecond line';

describe('a torn append (the writer killed inside its write)', () => {
  it('is left out by reads, which change no byte; the next write sets exactly those bytes aside; doctor fails until it is acknowledged', () => {
    const base = homeWithRecords(3);
    const full = fs.readFileSync(base.file);
    // cut points: in the header, the metadata, inside a multi-byte character, in the terminator
    for (const n of [1, 40, 75, 140]) {
      const { home, file } = copyHome(base.home);
      const killed = cli(['add', TORN_TEXT, '--time', '2026-11-29T10:30:00+08:00', '--dir', home], { env: { OPTMEM_FAILPOINT: `append:${n}` } });
      expect(killed.code, `cut ${n}`).not.toBe(0);
      const torn = fs.readFileSync(file);
      expect(torn.length, `cut ${n}`).toBe(full.length + n);
      expect(torn.subarray(0, full.length).equals(full)).toBe(true);

      // reads: the complete records, a warning naming the line, not a byte changed
      const r = cli(['search', '端口', '--json', '--dir', home]);
      expect(r.code, `cut ${n}: ${r.stderr}`).toBe(0);
      expect((JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id).sort()).toEqual(base.ids.slice().sort());
      const line = full.toString('utf8').split('\n').length;
      expect(warnings(r.stderr).join('\n')).toMatch(new RegExp(`${REL}:${line}: an unfinished append by optmem`));
      expect(cli(['doctor', '--dir', home]).code).toBe(1);
      expect(cli(['export', '--dir', home]).code).toBe(0);
      expect(fs.readFileSync(file).equals(torn), `cut ${n}: a read changed the file`).toBe(true);
      expect(fs.existsSync(path.join(home, 'recovered'))).toBe(false);

      // the next write: the torn bytes go to recovered/, byte for byte; the new record follows the complete ones
      const w = cli(['add', 'written after the crash 端口', '--time', '2026-11-29T11:00:00+08:00', '--dir', home]);
      expect(w.code).toBe(0);
      expect(warnings(w.stderr).join('\n')).toMatch(/recovered\//);
      const rec = fs.readdirSync(path.join(home, 'recovered'));
      expect(rec.length).toBe(1);
      expect(fs.readFileSync(path.join(home, 'recovered', rec[0]!)).equals(torn.subarray(full.length))).toBe(true);
      const parsed = parseFile(file);
      expect(parsed.problems).toEqual([]);
      expect(parsed.blocks.map((b) => b.record.id)).toEqual([...base.ids, w.stdout.trim()]);
      expect(fs.readFileSync(file).subarray(0, full.length).equals(full)).toBe(true);

      // doctor fails, names the file and says how to acknowledge; `ack` clears it
      const d = cli(['doctor', '--dir', home]);
      expect(d.code).toBe(1);
      expect(d.stdout + d.stderr).toContain(`recovered/${rec[0]}`);
      expect(d.stdout + d.stderr).toMatch(/optmem ack recovered\//);
      ok(home, ['ack', `recovered/${rec[0]}`, '--why', 'looked at it']);
      expect(cli(['doctor', '--dir', home]).code).toBe(0);
      // the file stays where it is: nothing is deleted
      expect(fs.existsSync(path.join(home, 'recovered', rec[0]!))).toBe(true);
    }
  });

  it('a writer killed after writing down its intent, before any byte, leaves nothing to recover', () => {
    const base = homeWithRecords(2);
    const full = fs.readFileSync(base.file);
    const killed = cli(['add', 'never written', '--time', '2026-11-29T10:30:00+08:00', '--dir', base.home], { env: { OPTMEM_FAILPOINT: 'after-intent' } });
    expect(killed.code).not.toBe(0);
    expect(fs.readFileSync(base.file).equals(full)).toBe(true);
    const id = ok(base.home, ['add', 'the next one', '--time', '2026-11-29T11:00:00+08:00']).trim();
    expect(fs.existsSync(path.join(base.home, 'recovered'))).toBe(false);
    expect(parseFile(base.file).blocks.map((b) => b.record.id)).toEqual([...base.ids, id]);
    expect(cli(['doctor', '--dir', base.home]).code).toBe(0);
  });

  it('a torn append that created its day file is set aside and the empty file is not left behind', () => {
    const base = homeWithRecords(1);
    const killed = cli(['add', TORN_TEXT, '--time', '2026-11-30T10:30:00+08:00', '--dir', base.home], { env: { OPTMEM_FAILPOINT: 'append:30' } });
    expect(killed.code).not.toBe(0);
    const newDay = dayFile(base.home, '2026-11-30');
    const torn = fs.readFileSync(newDay);
    expect(torn.length).toBe(30);
    ok(base.home, ['add', 'next', '--time', '2026-11-29T11:00:00+08:00']);
    expect(fs.existsSync(newDay)).toBe(false);
    const rec = fs.readdirSync(path.join(base.home, 'recovered'));
    expect(fs.readFileSync(path.join(base.home, 'recovered', rec[0]!)).equals(torn)).toBe(true);
  });
});

describe('a day file cut short or left open by hand (no append of optmem\'s in flight)', () => {
  it('is read as written and never moved, by reads or by writes', () => {
    const base = homeWithRecords(3);
    const full = fs.readFileSync(base.file);
    // a person deleted the closing "---" of the last record, or a few bytes of it
    for (const cut of [4, 5, 6]) {
      const { home, file } = copyHome(base.home);
      fs.truncateSync(file, full.length - cut);
      const edited = fs.readFileSync(file);
      const r = cli(['search', '端口', '--json', '--dir', home]);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id).sort()).toEqual(base.ids.slice().sort());
      expect(warnings(r.stderr).join('\n')).toMatch(/no closing "---"/);
      expect(fs.readFileSync(file).equals(edited)).toBe(true);
      const id = ok(home, ['add', 'appended after a hand edit', '--time', '2026-11-29T12:00:00+08:00']).trim();
      expect(fs.readFileSync(file).subarray(0, edited.length).equals(edited)).toBe(true);
      expect(fs.existsSync(path.join(home, 'recovered'))).toBe(false);
      expect(parseFile(file).blocks.map((b) => b.record.id)).toEqual([...base.ids, id]);
    }
  });

  it('a hand-typed last record without its "---" is a record: found, reported, kept', () => {
    const { home, file } = homeWithRecords(1);
    fs.appendFileSync(file, '\n## 2026-11-29T12:00:00+08:00 · handtyped01\n- domain: code\n\n[code] 手写的记录 written by hand, port 7070');
    const before = fs.readFileSync(file);
    const r = cli(['search', '7070', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id)).toEqual(['handtyped01']);
    expect(warnings(r.stderr).join('\n')).toMatch(new RegExp(`${REL}:\\d+: record has no closing "---"`));
    expect(cli(['doctor', '--dir', home]).code).toBe(1);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    ok(home, ['add', 'after it', '--time', '2026-11-29T13:00:00+08:00']);
    expect(searchJson(home, '7070').map((h) => h.id)).toEqual(['handtyped01']);
    expect(fs.existsSync(path.join(home, 'recovered'))).toBe(false);
  });

  it('never loses records in other day files', () => {
    const { home, ids, file } = homeWithRecords(2);
    const other = ok(home, ['add', 'another day', '--time', '2026-11-28T10:00:00+08:00']).trim();
    fs.truncateSync(file, fs.statSync(file).size - 5);
    expect(dayFiles(home)).toEqual(['log/2026/11/2026-11-28.md', REL]);
    const all = ok(home, ['export']).trim().split('\n').map((l) => JSON.parse(l).id).sort();
    expect(all).toEqual([...ids, other].sort());
  });
});
