import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, dayFile, ok, searchJson, tempHome, warnings } from './helpers.js';

/**
 * Malformed blocks written by hand are reported with file and line, skipped (a block that only
 * lacks its closing "---" is still read), and never touched: the day file keeps every byte.
 */
const REL = 'log/2026/11/2026-11-29.md';
const CONTENT = [
  '# 2026-11-29',
  '',
  '## 2026-11-29T09:00:00+08:00 · good-1', // 3
  '',
  'first good record about ports',
  '',
  '---',
  '',
  '## 2026-11-29T09:10:00+08:00 · bad-field', // 9
  '- project: has spaces in it', // 10
  '',
  'bad field record about ports',
  '',
  '---',
  '',
  '## 2026-11-29T09:20:00+08:00 · bad-key', // 16
  '- colour: blue', // 17
  '',
  'unknown key record about ports',
  '',
  '---',
  '',
  '## 2026-11-29T09:30:00+08:00 · bad-tier', // 23
  '- tier: supreme', // 24
  '',
  'bad tier record about ports',
  '',
  '---',
  '',
  '## 2026-11-29T09:40:00+08:00 · no-end', // 30
  '',
  'missing terminator record about ports',
  '',
  '## 2026-11-29T09:50:00+08:00 · good-2', // 34
  '',
  'second good record about ports',
  '',
  '---',
  '',
].join('\n');
const BAD_LINES = [10, 17, 24, 30];

describe('malformed blocks', () => {
  function setup() {
    const home = tempHome();
    ok(home, ['init']);
    const file = dayFile(home, '2026-11-29');
    fs.mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
    fs.writeFileSync(file, CONTENT);
    return { home, file };
  }

  it('are reported on stderr with file and line, skipped, and the file keeps its bytes', () => {
    const { home, file } = setup();
    const bytes = fs.readFileSync(file);

    const r = cli(['search', 'ports', '--json', '--dir', home]);
    expect(r.code).toBe(0);
    const w = warnings(r.stderr);
    expect(w.map((l) => /^optmem: warning: (log\/\S+\.md):(\d+): /.exec(l)?.slice(1))).toEqual(
      BAD_LINES.map((n) => [REL, String(n)]),
    );
    expect(w[0]).toMatch(/project/);
    expect(w[1]).toMatch(/colour/);
    expect(w[2]).toMatch(/tier/);
    expect(w[3]).toMatch(/---/);
    const ids = (JSON.parse(r.stdout).results as { id: string }[]).map((h) => h.id).sort();
    expect(ids).toEqual(['good-1', 'good-2', 'no-end']);
    for (const bad of ['bad-field', 'bad-key', 'bad-tier']) expect(cli(['get', bad, '--dir', home]).code).toBe(1);
    expect(JSON.parse(ok(home, ['get', 'no-end', '--json'])).record.text).toBe('missing terminator record about ports');

    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.existsSync(`${home}/recovered`)).toBe(false);
  });

  it('make doctor exit 1 and list each one; nothing is modified by doctor, reindex or later appends', () => {
    const { home, file } = setup();
    const bytes = fs.readFileSync(file);

    const d = cli(['doctor', '--dir', home]);
    expect(d.code).toBe(1);
    for (const n of BAD_LINES) expect(d.stdout).toContain(`${REL}:${n}:`);
    const dj = cli(['doctor', '--json', '--dir', home]);
    expect(dj.code).toBe(1);
    const report = JSON.parse(dj.stdout) as { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'log files')!.ok).toBe(false);

    const re = cli(['reindex', '--json', '--dir', home]);
    expect(re.code).toBe(0);
    expect(JSON.parse(re.stdout).records).toBe(3);
    expect(warnings(re.stderr).length).toBe(BAD_LINES.length);
    expect(JSON.parse(ok(home, ['stats', '--json'])).problems).toBe(BAD_LINES.length);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    // A later append goes after the existing bytes, which stay exactly as they were.
    const id = ok(home, ['add', 'appended after the bad blocks', '--time', '2026-11-29T18:00:00+08:00']).trim();
    const now = fs.readFileSync(file);
    expect(now.subarray(0, bytes.length).equals(bytes)).toBe(true);
    expect(searchJson(home, 'appended').map((h) => h.id)).toEqual([id]);
  });
});
