/**
 * Tamper evidence: `optmem verify` against the seal every append writes (store/seal.ts), through
 * the real CLI. Hand edits, removals, reorders and hand-added records are reported with what they
 * affect; a crash between the record and its seal line is "appended, not sealed", never tampering.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import type { VerifyReport } from '../src/verify/types.js';
import { cli, dayFile, ok, tempHome } from './helpers.js';

const DAY = '2026-05-10';

interface FindingJson {
  kind: string;
  id: string;
  file: string;
  line: number | null;
  acknowledged: boolean;
  affected: string[];
  diff?: { op: string; text: string | null }[];
}

/** A home with three records on one day, the second correcting the first (written in-process). */
function homeWithThree(): { home: string; file: string; ids: string[] } {
  const home = tempHome();
  const lines = [
    { id: 'port-old', time: `${DAY}T10:00:00+08:00`, text: '[code] 后端端口是8080', domain: 'code' },
    { id: 'port-new', time: `${DAY}T11:00:00+08:00`, text: '[code] 〔更正〕后端端口改为9090', domain: 'code', corrects: ['port-old'] },
    { id: 'third', time: `${DAY}T12:00:00+08:00`, text: 'third note\nwith a second line' },
  ];
  const m = createOptmem({ dir: home, create: true });
  try {
    m.import(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  } finally {
    m.close();
  }
  return { home, file: dayFile(home, DAY), ids: lines.map((l) => l.id) };
}

/** verify in-process (the CLI path is covered by the first test). */
function verifyIn(home: string, opts: { sealNew?: boolean } = {}): VerifyReport {
  const m = createOptmem({ dir: home });
  try {
    return m.verify(opts);
  } finally {
    m.close();
  }
}

function ackIn(home: string, id: string): void {
  const m = createOptmem({ dir: home });
  try {
    m.acknowledge(id);
  } finally {
    m.close();
  }
}

function verifyJson(home: string, extra: string[] = []): { code: number; report: { ok: boolean; findings: FindingJson[]; chainBroken: boolean; seal: { line: number; message: string }[]; sealedExisting: number | null } } {
  const r = cli(['verify', '--json', '--dir', home, ...extra]);
  expect(r.stderr).not.toMatch(/unexpected failure/);
  return { code: r.code, report: JSON.parse(r.stdout) };
}

function edit(file: string, fn: (s: string) => string): void {
  fs.writeFileSync(file, fn(fs.readFileSync(file, 'utf8')));
}

/** The blocks of a day file (header to `---`), and what stands before the first. */
function blocks(file: string): { head: string; blocks: string[] } {
  const s = fs.readFileSync(file, 'utf8');
  const parts = s.split(/(?=^## )/m);
  return { head: parts[0]!, blocks: parts.slice(1) };
}

describe('optmem verify', () => {
  it('names a hand-edited record with its file, line and changed lines, and what points at it; ack clears it until the next edit (CLI)', () => {
    const { home, file } = homeWithThree();
    edit(file, (s) => s.replace('后端端口是8080', '后端端口是8081'));

    const r = cli(['verify', '--dir', home]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`log/2026/05/${DAY}\\.md:3: port-old: edited by hand`));
    expect(r.stdout).toContain('+ [code] 后端端口是8081');
    const textLine = fs.readFileSync(file, 'utf8').split('\n').indexOf('[code] 后端端口是8081') + 1 - 2; // line within the block (the header is line 3 of the file)
    expect(r.stdout).toContain(`- (line ${textLine} as written; its text is not kept)`);
    expect(r.stdout).toMatch(/affects: port-new/);
    const { report } = verifyJson(home);
    expect(report.findings.map((x) => `${x.kind} ${x.id} ${x.file}:${x.line}`)).toEqual([`edited port-old log/2026/05/${DAY}.md:3`]);
    const f = report.findings[0]!;
    expect(f.affected).toEqual(['port-new']);
    expect(f.diff!.filter((d) => d.op !== ' ')).toEqual([
      { op: '-', text: null, oldLine: textLine },
      { op: '+', text: '[code] 后端端口是8081', oldLine: null },
    ]);
    expect(ok(home, ['get', 'port-old'])).toMatch(/edited by hand since written \(unacknowledged\)/);
    expect(ok(home, ['doctor'])).toMatch(/verify: 1 edited, not acknowledged/);

    ok(home, ['ack', 'port-old', '--why', 'typo fixed by hand']);
    const after = cli(['verify', '--dir', home]);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/port-old: edited by hand \(acknowledged\)/);

    // a later edit of the same record is reported again
    edit(file, (s) => s.replace('后端端口是8081', '后端端口是8082'));
    const again = verifyJson(home);
    expect(again.code).toBe(1);
    expect(again.report.findings.filter((x) => !x.acknowledged).map((x) => `${x.kind} ${x.id}`)).toEqual(['edited port-old']);
  });

  it('reports a removed record (with what pointed at it), a swap of two records, and a record added by hand', () => {
    const { home, file } = homeWithThree();
    expect(verifyIn(home).ok).toBe(true);
    const b = blocks(file);
    // remove the first, swap the other two, add one by hand at the end
    fs.writeFileSync(file, b.head + b.blocks[2] + '\n' + b.blocks[1] + '\n## 2026-05-10T13:00:00+08:00 · by-hand\n\n手写的一条\n\n---\n');
    const report = verifyIn(home);
    expect(report.ok).toBe(false);
    // of two records swapped, one is out of the order they were written in (either may be named)
    const kinds = report.findings.map((f) => `${f.kind} ${f.kind === 'moved' ? 'port-new|third' : f.id}`).sort();
    expect(kinds).toEqual(['added by-hand', 'moved port-new|third', 'removed port-old']);
    expect(report.findings.find((f) => f.kind === 'removed')!.affected).toEqual(['port-new']);
    const handLine = fs.readFileSync(file, 'utf8').split('\n').indexOf('## 2026-05-10T13:00:00+08:00 · by-hand') + 1;
    expect(report.findings.find((f) => f.kind === 'added')!.line).toBe(handLine);

    for (const f of report.findings) ackIn(home, f.id);
    expect(verifyIn(home).ok).toBe(true);
  });

  it('reports a record moved into another day file', () => {
    const { home, file } = homeWithThree();
    const b = blocks(file);
    fs.writeFileSync(file, b.head + b.blocks[0] + '\n' + b.blocks[1]);
    const other = dayFile(home, '2026-05-11');
    fs.writeFileSync(other, '# 2026-05-11\n\n' + b.blocks[2]);
    expect(verifyIn(home).findings.map((f) => `${f.kind} ${f.id} ${f.file}`)).toEqual([`moved third log/2026/05/2026-05-11.md`]);
  });

  it('a file saved with CRLF line ends is reported as such, without a diff of identical-looking lines', () => {
    const { home, file } = homeWithThree();
    edit(file, (s) => s.replace(/\n/g, '\r\n'));
    const report = verifyIn(home);
    expect(report.findings.map((f) => `${f.kind} ${f.id}`)).toEqual(['edited port-old', 'edited port-new', 'edited third']);
    expect(report.findings.every((f) => /only its line ends changed/.test(f.detail) && f.diff === undefined)).toBe(true);
  });

  it('a crash between the record and its seal line is "appended, not sealed", never tampering; --seal-new seals it', () => {
    const { home } = homeWithThree();
    const killed = cli(['add', 'written, then killed', '--id', 'crashed', '--time', `${DAY}T14:00:00+08:00`, '--dir', home], { env: { OPTMEM_FAILPOINT: 'before-seal' } });
    expect(killed.code).not.toBe(0);
    let v = verifyIn(home);
    expect(v.findings.map((f) => `${f.kind} ${f.id}`)).toEqual(['appended-not-sealed crashed']);
    expect(v.chainBroken).toBe(false);

    // the next writer settles the note: still reported as ours, not as a hand edit
    const m = createOptmem({ dir: home });
    m.add({ text: 'a later record', time: `${DAY}T15:00:00+08:00` });
    m.close();
    v = verifyIn(home);
    expect(v.findings.map((f) => `${f.kind} ${f.id}`)).toEqual(['appended-not-sealed crashed']);
    expect(v.ok).toBe(false);
    expect(verifyIn(home, { sealNew: true })).toMatchObject({ ok: true, sealedNew: 1, findings: [] });
    expect(verifyIn(home).findings).toEqual([]);
  });

  it('a seal line cut short by a crash is said and ignored, then repaired by the next write; a seal line edited by hand is a broken chain', () => {
    const { home } = homeWithThree();
    const sealFile = path.join(home, 'seal.jsonl');
    const killed = cli(['add', 'seal torn', '--id', 'torn-seal', '--time', `${DAY}T14:00:00+08:00`, '--dir', home], { env: { OPTMEM_FAILPOINT: 'seal:20' } });
    expect(killed.code).not.toBe(0);
    const v = verifyIn(home);
    expect(v.chainBroken).toBe(false);
    expect(v.seal.map((p) => p.message).join('\n')).toMatch(/last line is incomplete/);
    expect(v.findings.map((f) => `${f.kind} ${f.id}`)).toEqual(['appended-not-sealed torn-seal']);
    const m = createOptmem({ dir: home });
    m.add({ text: 'after the torn seal', time: `${DAY}T15:00:00+08:00` });
    m.close();
    expect(fs.readFileSync(sealFile, 'utf8').endsWith('\n')).toBe(true);
    expect(verifyIn(home, { sealNew: true }).ok).toBe(true);

    // cut the seal's last line off: the chain alone cannot see it; the head the index last saw can
    const whole = fs.readFileSync(sealFile, 'utf8');
    fs.writeFileSync(sealFile, whole.slice(0, whole.lastIndexOf('\n', whole.length - 2) + 1));
    const cut = verifyIn(home);
    expect(cut.chainBroken).toBe(true);
    expect(cut.seal.map((p) => p.message).join('\n')).toMatch(/cut short/);
    fs.writeFileSync(sealFile, whole);

    // hand-edit one seal line: reported as a broken chain, with its line; no crash
    const lines = fs.readFileSync(sealFile, 'utf8').split('\n');
    lines[2] = lines[2]!.replace(/"hash":"[0-9a-f]{4}/, '"hash":"0000');
    fs.writeFileSync(sealFile, lines.join('\n'));
    const broken = verifyIn(home);
    expect(broken.ok).toBe(false);
    expect(broken.chainBroken).toBe(true);
    expect(broken.seal.map((p) => `${p.line}: ${p.message}`).join('\n')).toMatch(/^4: the chain is broken/);
    fs.writeFileSync(sealFile, 'not json at all\n' + lines.slice(1).join('\n'));
    const garbage = verifyIn(home);
    expect(garbage.chainBroken).toBe(true);
    expect(garbage.seal[0]).toMatchObject({ line: 1 });
  });

  it('a home without a seal is sealed as it is on the first verify, with nothing to compare', () => {
    const { home, file } = homeWithThree();
    fs.rmSync(path.join(home, 'seal.jsonl'));
    edit(file, (s) => s.replace('third note', 'third note, edited before any seal'));
    expect(verifyIn(home)).toMatchObject({ ok: true, sealedExisting: 3 });
    expect(verifyIn(home)).toMatchObject({ ok: true, sealedExisting: null, findings: [] });
    edit(file, (s) => s.replace('edited before any seal', 'and edited again'));
    expect(verifyIn(home).findings.map((f) => `${f.kind} ${f.id}`)).toEqual(['edited third']);
  });
});
