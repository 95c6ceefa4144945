import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cli, ok, snapshot, tempDir, tempHome, type CliResult } from './helpers.js';

/** Faults through the real CLI: one line on stderr, no stack (unless OPTMEM_DEBUG=1), a closed stdout ends quietly. */

function oneLine(r: CliResult): string {
  expect(r.stderr).not.toMatch(/\n\s+at /);
  const lines = r.stderr.split('\n').filter((l) => l.trim());
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^optmem: /);
  return lines[0]!;
}

describe('--dir at a regular file', () => {
  it('every command says so in one line, exit 1, and leaves the file alone', () => {
    const dir = tempDir();
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'my notes\n');
    for (const args of [['search', 'x'], ['add', 'a fact'], ['stats'], ['init'], ['recent'], ['export'], ['doctor']]) {
      const r = cli([...args, '--dir', file]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      const line = oneLine(r);
      expect(line).toContain(file);
      expect(line).toMatch(/is a file, not a memory home/);
    }
    // a file standing in the path of the home
    for (const args of [['init'], ['search', 'x']]) {
      const r = cli([...args, '--dir', path.join(file, 'sub')]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(oneLine(r)).toContain(file);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('my notes\n');
    expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('OPTMEM_DEBUG=1 adds the stack after the line', () => {
    const file = path.join(tempDir(), 'f');
    fs.writeFileSync(file, '');
    const r = cli(['search', 'x', '--dir', file], { env: { OPTMEM_DEBUG: '1' } });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^optmem: .* is a file, not a memory home/);
    expect(r.stderr).toMatch(/\n\s+at /);
  });

  it('a file that cannot be read for import is one line naming it', () => {
    const home = tempHome();
    ok(home, ['init']);
    const missing = path.join(tempDir(), 'nope.jsonl');
    const r = cli(['import', missing, '--dir', home]);
    expect(r.code).toBe(1);
    expect(oneLine(r)).toContain(missing);
  });
});

describe('a closed stdout ends the command quietly', () => {
  let home: string;
  beforeAll(() => {
    home = tempHome();
    ok(home, ['init']);
    // Far more than a pipe holds (64 KiB), so the reader really goes away mid-output.
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ text: `nginx record number ${i} with enough words to make the output long, long and longer`, time: '2026-11-01T09:00:00+08:00' }));
    ok(home, ['import', '-'], { input: lines.join('\n') + '\n' });
  });

  /** `optmem ARGS | head -1` in a real shell; the optmem side's exit code and stderr. */
  function piped(args: string[]): { code: number; stderr: string; stdout: string } {
    const dir = tempDir();
    const err = path.join(dir, 'stderr');
    const code = path.join(dir, 'code');
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const cmd = `{ ${q(process.execPath)} ${q(BIN)} ${args.map(q).join(' ')} 2>${q(err)}; echo $? >${q(code)}; } | head -1`;
    const env = { ...process.env };
    delete env.OPTMEM_HOME;
    const r = spawnSync('sh', ['-c', cmd], { encoding: 'utf8', env });
    return { code: Number(fs.readFileSync(code, 'utf8').trim()), stderr: fs.readFileSync(err, 'utf8'), stdout: r.stdout };
  }

  it('export | head -1: exit 0, nothing on stderr', () => {
    const r = piped(['export', '--dir', home]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).text).toMatch(/^nginx record number/);
  });

  it('search, recent and search --json | head -1: exit 0, nothing on stderr', () => {
    for (const args of [['search', 'nginx', '--limit', '1000'], ['recent', '--limit', '1000'], ['search', 'nginx', '--limit', '1000', '--json']]) {
      const r = piped([...args, '--dir', home]);
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    }
  });
});

describe('control characters in records', () => {
  it('are taken out of plain output and kept intact in --json', () => {
    const home = tempHome();
    ok(home, ['init']);
    const id = ok(home, ['add', 'PLACEHOLDER about the zebra crossing', '--time', '2026-11-02T09:00:00+08:00']).trim();
    // A hand edit (or an old version) can put anything in a day file.
    const day = path.join(home, 'log', '2026', '11', '2026-11-02.md');
    const nasty = '\x1b[31mRED\x1b[0m \x1b]0;new title\x07 bell\x07 back\b c1\u009b2J end';
    fs.writeFileSync(day, fs.readFileSync(day, 'utf8').replace('PLACEHOLDER', nasty));

    const outputs = [ok(home, ['search', 'zebra']), ok(home, ['get', id]), ok(home, ['recent']), ok(home, ['history', id])];
    for (const out of outputs) {
      expect(out).toContain('RED');
      expect(out).toContain('zebra');
      // nothing below U+0020 but newline and tab, no DEL, no C1
      expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      expect(out).not.toContain('new title');
    }
    const hits = JSON.parse(ok(home, ['search', 'zebra', '--json'])).results as { id: string; text: string }[];
    expect(hits[0]!.id).toBe(id);
    expect(hits[0]!.text).toBe(`${nasty} about the zebra crossing`);
    expect(JSON.parse(ok(home, ['get', id, '--json'])).record.text).toBe(`${nasty} about the zebra crossing`);
    // export is data: byte for byte
    expect(JSON.parse(ok(home, ['export']).trim()).text).toBe(`${nasty} about the zebra crossing`);
    expect(snapshot(home).size).toBeGreaterThan(0);
  });
});
