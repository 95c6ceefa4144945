/**
 * Fuzzed hand edits: day files mutated the way editors, people and broken disks mutate them
 * (truncation, CRLF, BOM, garbage lines, invalid UTF-8, a missing terminator, duplicated and
 * reordered blocks, random bytes). For every mutated file, every command that reads or writes
 * must: not crash, change no existing byte of the day file (writes only append), lose no record
 * when the edit was benign, and name every problem with its file and a line inside the file.
 *
 * 1,200 mutations run through the library in one process (real files, a real SQLite index); a
 * sample of them also runs through the CLI as child processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem, type Optmem } from '../src/optmem.js';
import { cli, tempHome } from './helpers.js';
import { mulberry32 } from './prng.js';

const REL = 'log/2026/11/2026-11-29.md';
const CASES = 1200;
const CLI_CASES = 8;

const rng = mulberry32;

interface Block {
  id: string;
  text: string;
}

const TEXTS = [
  '[code] 后端服务的端口是8080',
  '[hermes] 每日备份在 02:00 执行，路径 /srv/backup',
  '[openclaw] 文章标题不超过 20 字\n第二行 second line',
  '〔红线〕不要在生产库上执行 rm -rf',
  'plain English note about the deploy, version 1.4.2',
  '[code] 〔更正〕后端端口已从8080改为9090',
  'multi-line\n\n- a list\n- of things\n\\---\nend',
];

function blockText(b: Block, i: number): string {
  const meta = i % 3 === 0 ? '- tags: fuzz, t' + i + '\n' : i % 3 === 1 ? '- project: shop\n' : '';
  return `## 2026-11-29T10:${String(i).padStart(2, '0')}:00+08:00 · ${b.id}\n${meta}\n${b.text}\n\n---\n`;
}

function baseFile(r: () => number): { blocks: Block[]; chunks: string[] } {
  const n = 2 + Math.floor(r() * 6);
  const blocks: Block[] = [];
  for (let i = 0; i < n; i++) blocks.push({ id: `fz${String(i).padStart(4, '0')}${Math.floor(r() * 1e6).toString(36)}`, text: TEXTS[Math.floor(r() * TEXTS.length)]! });
  return { blocks, chunks: blocks.map(blockText) };
}

type Mutation =
  | { name: string; benign: boolean; blocks: (chunks: string[], r: () => number) => string[] }
  | { name: string; benign: boolean; bytes: (buf: Buffer, r: () => number) => Buffer };

const pick = <T,>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
const GARBAGE = ['garbage here', '* stray bullet', '   ## not a header', '@@@ \u0007 bell', 'text\twith a tab'];

const MUTATIONS: Mutation[] = [
  { name: 'crlf', benign: true, blocks: (c) => c.map((b) => b.replace(/\r?\n/g, '\r\n')) },
  { name: 'trailing spaces', benign: true, blocks: (c) => c.map((b) => b.replace(/^(## .*|- .*|---)$/gm, '$1  ')) },
  { name: 'missing terminator', benign: true, blocks: (c, r) => { const i = Math.floor(r() * c.length); return c.map((b, j) => (j === i ? b.replace(/\n---\r?\n$/, '\n') : b)); } },
  { name: 'garbage line between blocks', benign: true, blocks: (c, r) => { const i = Math.floor(r() * c.length); return c.map((b, j) => (j === i ? b + pick(r, GARBAGE) + '\n' : b)); } },
  { name: 'duplicated block', benign: true, blocks: (c, r) => { const i = Math.floor(r() * c.length); return [...c.slice(0, i + 1), c[i]!, ...c.slice(i + 1)]; } },
  { name: 'reordered blocks', benign: true, blocks: (c, r) => c.map((b) => [r(), b] as const).sort((a, b) => a[0] - b[0]).map(([, b]) => b) },
  { name: 'garbage inside a block', benign: false, blocks: (c, r) => { const i = Math.floor(r() * c.length); return c.map((b, j) => (j === i ? b.replace('\n', '\ngarbage in the metadata\n') : b)); } },
  {
    name: 'invalid utf-8 in text',
    benign: true,
    bytes: (buf, r) => {
      // before a text line (one that is not a header, metadata, rule or blank)
      const starts: number[] = [];
      let at = 0;
      for (const l of buf.toString('latin1').split('\n')) {
        if (l.trim() && !/^(## |- |---|# )/.test(l)) starts.push(at);
        at += l.length + 1;
      }
      const s = pick(r, starts);
      return Buffer.concat([buf.subarray(0, s), Buffer.from([0xff, 0xfe, 0xc3]), buf.subarray(s)]);
    },
  },
  { name: 'truncated', benign: false, bytes: (buf, r) => buf.subarray(0, Math.floor(r() * buf.length)) },
  {
    name: 'random bytes',
    benign: false,
    bytes: (buf, r) => {
      const at = Math.floor(r() * buf.length);
      const n = 1 + Math.floor(r() * 40);
      const junk = Buffer.from(Array.from({ length: n }, () => Math.floor(r() * 256)));
      return Buffer.concat([buf.subarray(0, at), junk, buf.subarray(Math.min(buf.length, at + n))]);
    },
  },
];

/** A mutated day file: one to three mutations (block edits first, byte edits after), then maybe a BOM and no final newline (benign). */
function mutate(seed: number): { bytes: Buffer; ids: string[]; benign: boolean; names: string[] } {
  const r = rng(seed);
  const { blocks, chunks } = baseFile(r);
  const chosen = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, MUTATIONS));
  chosen.sort((a, b) => Number('bytes' in a) - Number('bytes' in b));
  let cur = chunks;
  let bytes: Buffer | null = null;
  for (const m of chosen) {
    if ('blocks' in m) cur = m.blocks(cur, r);
    else bytes = m.bytes(bytes ?? Buffer.from('# 2026-11-29\n\n' + cur.join('\n')), r);
  }
  bytes ??= Buffer.from('# 2026-11-29\n\n' + cur.join('\n'));
  const names = chosen.map((m) => m.name);
  if (r() < 0.2) {
    bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    names.push('bom');
  }
  if (r() < 0.2 && bytes[bytes.length - 1] === 0x0a) {
    bytes = bytes.subarray(0, bytes.length - 1);
    names.push('no final newline');
  }
  return { bytes, ids: blocks.map((b) => b.id), benign: chosen.every((m) => m.benign), names };
}

function lineCount(buf: Buffer): number {
  let n = 1;
  for (const b of buf) if (b === 0x0a) n++;
  return n;
}

describe('fuzzed hand edits of a day file', () => {
  it(`${CASES} mutated files: no crash, no byte changed, benign edits lose no record, every problem has a file and line`, () => {
    const home = tempHome();
    const m: Optmem = createOptmem({ dir: home, create: true, durable: false, refreshMs: 0 });
    const file = path.join(home, REL);
    const tally = { benign: 0, harmful: 0, problems: 0 };
    try {
      for (let seed = 1; seed <= CASES; seed++) {
        const { bytes, ids, benign, names } = mutate(seed);
        const label = `seed ${seed} (${names.join(' + ')})`;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        const report = m.refresh();
        m.search({ query: '端口 backup' });
        const exported = [...m.export()].map((r) => r.id);
        const doctor = m.doctor();
        const added = m.add({ text: `after ${seed} 端口`, time: '2026-11-29T23:00:00+08:00' }).record.id;

        const now = fs.readFileSync(file);
        expect(now.subarray(0, bytes.length).equals(bytes), `${label}: an existing byte changed`).toBe(true);
        expect(fs.existsSync(path.join(home, 'recovered')), `${label}: something was set aside`).toBe(false);
        const lines = lineCount(bytes);
        for (const p of report.problems) {
          expect(p.file, label).toBe(REL);
          expect(p.line >= 1 && p.line <= lines, `${label}: line ${p.line} of ${lines}`).toBe(true);
        }
        if (benign) {
          tally.benign++;
          for (const id of ids) expect(exported, `${label}: lost ${id}`).toContain(id);
        } else tally.harmful++;
        if (report.problems.length) {
          tally.problems++;
          expect(doctor.ok, `${label}: doctor ok despite problems`).toBe(false);
        }
        // the record just added is there after a re-read
        expect(m.get(added), label).not.toBeNull();
      }
    } finally {
      m.close();
    }
    // both kinds were exercised
    expect(tally.benign).toBeGreaterThan(CASES / 4);
    expect(tally.harmful).toBeGreaterThan(CASES / 10);
    expect(tally.problems).toBeGreaterThan(CASES / 4);
  });

  it(`${CLI_CASES} of them through the CLI: exit 0 or 1, one-line messages, no stack trace, no byte changed`, () => {
    for (let seed = 1; seed <= CLI_CASES; seed++) {
      const { bytes, names } = mutate(seed * 7919);
      const label = `seed ${seed * 7919} (${names.join(' + ')})`;
      const home = tempHome();
      expect(cli(['init', '--dir', home]).code).toBe(0);
      const file = path.join(home, REL);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
      for (const args of [['search', '端口'], ['export'], ['doctor'], ['add', `after ${seed}`, '--time', '2026-11-29T23:00:00+08:00'], ['stats']]) {
        const r = cli([...args, '--dir', home]);
        expect([0, 1], `${label}: optmem ${args[0]} exit ${r.code}\n${r.stderr}`).toContain(r.code);
        expect(r.stderr, `${label}: optmem ${args[0]}`).not.toMatch(/\n\s+at /);
        for (const w of r.stderr.split('\n').filter((l) => l.startsWith('optmem: warning: '))) {
          expect(w, label).toMatch(new RegExp(`^optmem: warning: ${REL}:\\d+: `));
        }
        expect(fs.readFileSync(file).subarray(0, bytes.length).equals(bytes), `${label}: optmem ${args[0]} changed a byte`).toBe(true);
      }
    }
  });
});
