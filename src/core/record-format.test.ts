import { describe, expect, it } from 'vitest';
import { DEFAULT_DOMAINS } from './markers.js';
import { createRecord, KNOWN_KINDS, TIERS, type MemoryRecord, type RecordInput } from './record.js';
import { dayFileHeading, derivedId, parseDayFile, serializeRecord } from './record-format.js';
import { mulberry32 } from '../../test/prng.js';

const DOMAINS = [...DEFAULT_DOMAINS];
const ctx = { nowMs: Date.parse('2026-11-29T02:00:00Z'), knownDomains: DOMAINS };

/** A day file as the store writes it: heading, then "\n" + block per record. */
function dayFileOf(records: MemoryRecord[]): string {
  return dayFileHeading(records[0]!.time.slice(0, 10)) + records.map((r) => '\n' + serializeRecord(r, DOMAINS)).join('');
}

function roundTrip(records: MemoryRecord[]): MemoryRecord[] {
  const parsed = parseDayFile(dayFileOf(records), 'log/x.md', DOMAINS);
  expect(parsed.problems).toEqual([]);
  return parsed.blocks.map((b) => b.record);
}

function make(input: RecordInput): MemoryRecord {
  return createRecord({ time: '2026-11-29T10:00:00+08:00', ...input }, ctx);
}

describe('record round trip: parse(serialize(r)) == r', () => {
  const texts: [string, string][] = [
    ['Chinese', '后端端口从8080迁移到9090，之前记的8080作废。'],
    ['English', 'Deployed the nginx reverse proxy in front of the backend.'],
    ['emoji', 'ship it 🚀🔥 — family 👨‍👩‍👧‍👦, flag 🇨🇳, skin 👍🏽'],
    ['Markdown list', '- first item\n- second item\n  - nested\n1. numbered'],
    ['code fence', '```ts\nconst x = 1;\n// ## 2026-11-29T10:00:00+08:00 · inside\n---\n```'],
    ['headings', '# heading one\n## heading two\n### three'],
    ['header-like lines', 'before\n## 2026-11-29T10:00:00+08:00 · abc\n## 2026-11-29T10:00:00+08:00\nafter'],
    ['terminator lines', 'a\n---\nb\n---   \n--- \nc'],
    ['backslash lines', '\\\n\\\\\n\\---\n\\\\---\n\\## 2026-11-29T10:00:00+08:00 · x\n\\\\\\## 2026-01-01T00:00:00Z\n\\ plain'],
    ['meta-like text', '- domain: code\n- tier: redline\n\n- kind: lesson'],
    ['blank lines inside', 'para one\n\n\n\npara two\n\t tabbed line'],
    ['leading spaces', '    indented code\n  second'],
    ['only a terminator', '---'],
    ['only a header', '## 2026-11-29T10:00:00+08:00 · abc'],
    ['markers', '[code] 〔更正〕端口改了 [correction] and [redline] 〔红线〕'],
  ];
  for (const [name, text] of texts) {
    it(`keeps ${name} text exactly`, () => {
      const r = make({ text });
      expect(r.text).toBe(text);
      expect(roundTrip([r])).toEqual([r]);
    });
  }

  it('escapes only the lines that would read as a header or terminator', () => {
    const r = make({ text: 'x\n---\n## 2026-11-29T10:00:00+08:00 · abc\n\\---\nplain \\ text' });
    const block = serializeRecord(r, DOMAINS);
    expect(block).toContain('\n\\---\n');
    expect(block).toContain('\n\\## 2026-11-29T10:00:00+08:00 · abc\n');
    expect(block).toContain('\n\\\\---\n');
    expect(block).toContain('\nplain \\ text\n');
    // exactly one real terminator, at the end
    expect(block.split('\n').filter((l) => l === '---')).toEqual(['---']);
    expect(block.endsWith('\n---\n')).toBe(true);
  });

  it('keeps every metadata field', () => {
    const r = make({
      id: 'rec-1',
      time: '2026-11-29T23:59:59.123+05:30',
      text: 'a lesson learned',
      domain: 'Research',
      project: 'shop.v2',
      kind: 'Lesson',
      tier: 'Chatter',
      corrects: ['old-1', 'old-2', 'old-1'],
      source: { agent: 'claude-code', session: 's-42', ref: 'transcripts/2026-11-29.jsonl#turn 12 · x' },
      tags: ['Ports', 'infra', 'ports'],
    });
    expect(r).toMatchObject({
      domain: 'research',
      kind: 'lesson',
      tier: 'chatter',
      corrects: ['old-1', 'old-2'],
      tags: ['ports', 'infra'],
      source: { agent: 'claude-code', session: 's-42', ref: 'transcripts/2026-11-29.jsonl#turn 12 · x' },
    });
    expect(roundTrip([r])).toEqual([r]);
  });

  it('keeps tiers that differ from what the kind or the markers imply', () => {
    const cases: RecordInput[] = [
      { text: 'plain', kind: 'redline', tier: 'normal' },
      { text: 'plain', kind: 'redline', tier: 'evidence' },
      { text: '〔更正〕x', kind: 'redline', tier: 'evidence' },
      { text: '〔红线〕x', tier: 'chatter' },
      { text: '〔红线〕x', kind: 'note' },
      { text: '〔更正〕x', kind: 'note', tier: 'normal' },
      { text: 'x', corrects: 'abc', kind: 'lesson' },
      { text: 'x', corrects: 'abc', tier: 'redline' },
      { text: '[code] x', domain: 'hermes' },
      { text: 'Z time', time: '2026-11-29T10:00:00Z' },
    ];
    for (const input of cases) {
      const r = make(input);
      expect(roundTrip([r]), JSON.stringify(input)).toEqual([r]);
    }
  });

  it('holds for many generated records (property-style, seeded)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = mulberry32(seed);
      const records = Array.from({ length: 25 }, (_, i) => generateRecord(rand, seed * 1000 + i));
      const back = roundTrip(records);
      expect(back.length).toBe(records.length);
      for (let i = 0; i < records.length; i++) expect(back[i], `seed ${seed} record ${i}`).toEqual(records[i]);
      // and the same again: serialize(parse(...)) gives the same bytes
      expect(dayFileOf(back)).toBe(dayFileOf(records));
    }
  });
});

describe('parseDayFile', () => {
  const good = (id: string, text = 'fine text') => `## 2026-11-29T10:00:00+08:00 · ${id}\n\n${text}\n\n---\n`;

  it('gives each record its header line and a derived, stable id when the header names none', () => {
    const content = '# 2026-11-29\n\n' + good('a1') + '\n## 2026-11-29T11:00:00+08:00\n- domain: code\n\nadded by hand\n\n---\n';
    const p = parseDayFile(content, 'log/f.md', DOMAINS);
    expect(p.problems).toEqual([]);
    expect(p.blocks.map((b) => [b.record.id, b.line, b.endLine, b.derivedId])).toEqual([
      ['a1', 3, 7, false],
      [derivedId('2026-11-29T11:00:00+08:00', 'added by hand'), 9, 14, true],
    ]);
    expect(p.blocks[1]!.record.domain).toBe('code');
  });

  it('reports malformed blocks with their line and skips only them', () => {
    const content = [
      '# 2026-11-29',
      '',
      '## 2026-11-29T10:00:00+08:00 · ok1', // 3
      '',
      'one',
      '',
      '---',
      '',
      '## 2026-11-29T10:01:00+08:00 · badtier', // 9
      '- domain: code',
      '- tier: supreme', // 11
      '',
      'two',
      '',
      '---',
      '',
      '## 2026-11-29T10:02:00+08:00 · unknownkey', // 17
      '- colour: blue', // 18
      '',
      'three',
      '',
      '---',
      '',
      '## 2026-11-29T10:03:00+08:00 · noterm', // 24
      '',
      'four, never closed',
      '',
      '## 2026-11-29T10:04:00+08:00 · badfield', // 28
      '- project: two words', // 29
      '',
      'five',
      '',
      '---',
      '',
      '## 2026-13-40T10:05:00+08:00 · badtime', // 35
      '',
      'six',
      '',
      '---',
      '',
      '## 2026-11-29T10:06:00+08:00 · ok2',
      '',
      'seven',
      '',
      '---',
      '',
    ].join('\n');
    const p = parseDayFile(content, 'log/2026/11/2026-11-29.md', DOMAINS);
    // the block with no closing "---" is still read, up to the next header, and reported
    expect(p.blocks.map((b) => b.record.id)).toEqual(['ok1', 'noterm', 'ok2']);
    expect(p.blocks.find((b) => b.record.id === 'noterm')!.record.text).toBe('four, never closed');
    expect(p.problems.map((x) => [x.file, x.line])).toEqual([
      ['log/2026/11/2026-11-29.md', 11],
      ['log/2026/11/2026-11-29.md', 18],
      ['log/2026/11/2026-11-29.md', 24],
      ['log/2026/11/2026-11-29.md', 29],
      ['log/2026/11/2026-11-29.md', 35],
    ]);
    expect(p.problems[0]!.message).toMatch(/tier/);
    expect(p.problems[1]!.message).toMatch(/unknown field "colour"/);
    expect(p.problems[2]!.message).toMatch(/closing "---"/);
    expect(p.problems[3]!.message).toMatch(/project/);
    expect(p.problems[4]!.message).toMatch(/time/);
  });

  it('reads an unterminated last block as a record and reports it: a hand edit is never a torn tail', () => {
    const content = '# 2026-11-29\n\n' + good('a1') + '\n## 2026-11-29T10:05:00+08:00 · a2\n- domain: code\n\ntyped by hand\nsecond line  \n\n';
    const p = parseDayFile(content, 'f', DOMAINS);
    expect(p.blocks.map((b) => b.record.id)).toEqual(['a1', 'a2']);
    expect(p.blocks[1]!.record.text).toBe('typed by hand\nsecond line');
    expect(p.blocks[1]!.record.domain).toBe('code');
    expect(p.problems).toEqual([{ file: 'f', line: 9, message: expect.stringMatching(/no closing "---".*end of the file/) }]);
  });

  it('reports a last line cut inside a header as text outside any record, and keeps the rest', () => {
    const head = '# 2026-11-29\n\n' + good('a1') + '\n';
    for (const cut of ['#', '##', '## 2026-11', '## 2026-11-29T10:05:00+08:00 ·']) {
      const p = parseDayFile(head + cut, 'f', DOMAINS);
      expect(p.blocks.map((b) => b.record.id), cut).toEqual(['a1']);
      expect(p.problems.map((x) => x.line), cut).toEqual([9]);
    }
  });

  it('reads files saved by other editors as written: CRLF, a byte order mark, trailing spaces, no final newline', () => {
    const lf = '# 2026-11-29\n\n' + good('a1') + '\n## 2026-11-29T10:05:00+08:00 · a2\n- domain: code\n- tags: x, y\n\n第二条 second\nline two\n\n---\n';
    const want = parseDayFile(lf, 'f', DOMAINS);
    expect(want.problems).toEqual([]);
    const variants: [string, string][] = [
      ['CRLF', lf.replace(/\n/g, '\r\n')],
      ['BOM', '\uFEFF' + lf],
      ['BOM + CRLF', '\uFEFF' + lf.replace(/\n/g, '\r\n')],
      ['trailing spaces', lf.split('\n').map((l) => (l ? l + '  ' : l)).join('\n')],
      ['no final newline', lf.replace(/\n$/, '')],
    ];
    for (const [name, file] of variants) {
      const p = parseDayFile(file, 'f', DOMAINS);
      expect(p.problems, name).toEqual([]);
      // trailing spaces in the text are text (read as written); elsewhere they mean nothing
      const text = (t: string) => (name === 'trailing spaces' ? t.replace(/ +$/gm, '') : t);
      expect(p.blocks.map((b) => [b.record.id, text(b.record.text), b.record.domain, b.record.tags, b.line]), name).toEqual(
        want.blocks.map((b) => [b.record.id, b.record.text, b.record.domain, b.record.tags, b.line]),
      );
    }
  });
});

// ---- generators ---------------------------------------------------------------------------


const LINE_PIECES = [
  '后端端口从8080迁移到9090',
  '公众号的稿子',
  '不要在周五下午发版',
  'Deployed the proxy on 127.0.0.1:9090',
  'see config/server.yaml',
  '🚀🔥👨‍👩‍👧‍👦',
  '- list item',
  '  - nested item',
  '1. numbered',
  '```',
  '```js',
  '# heading',
  '## heading two',
  '## 2026-11-29T10:00:00+08:00 · abc',
  '## 2026-11-29T10:00:00+08:00',
  '## 2026-01-01T00:00:00Z · x y',
  '---',
  '--- ',
  '----',
  '\\---',
  '\\\\---',
  '\\## 2026-11-29T10:00:00+08:00 · abc',
  '\\',
  '\\\\ two backslashes',
  '- domain: code',
  '- tier: redline',
  '〔更正〕',
  '〔红线〕',
  '[correction]',
  '[redline]',
  '[todo] not a domain',
  '    indented',
  '\ttab',
  '',
  '',
  'ü é ñ ß',
  '> quote',
  '| a | b |',
  '<div>html</div>',
];
const PREFIXES = ['', '', '', '[code] ', '[hermes] ', '[openclaw] ', '〔更正〕[code] ', '[CODE] ', '[other] ', '〔红线〕'];

function pick<T>(rand: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)]!;
}

function generateRecord(rand: () => number, n: number): MemoryRecord {
  const lines: string[] = [];
  const count = 1 + Math.floor(rand() * 8);
  for (let i = 0; i < count; i++) {
    let l = pick(rand, LINE_PIECES);
    if (rand() < 0.3) l += ' ' + pick(rand, LINE_PIECES);
    lines.push(l);
  }
  let text = pick(rand, PREFIXES) + lines.join('\n');
  if (text.trim() === '') text = 'x';
  const maybe = <T>(p: number, v: () => T): T | undefined => (rand() < p ? v() : undefined);
  const minute = String(n % 60).padStart(2, '0');
  const offset = pick(rand, ['+08:00', 'Z', '-05:00', '+00:00', '+05:30']);
  const frac = rand() < 0.3 ? '.' + String(Math.floor(rand() * 1000)).padStart(3, '0') : '';
  const input: RecordInput = {
    id: rand() < 0.2 ? undefined : `r${n}-${Math.floor(rand() * 1e6).toString(36)}`,
    time: `2026-11-29T${String(n % 24).padStart(2, '0')}:${minute}:07${frac}${offset}`,
    text,
    domain: maybe(0.3, () => pick(rand, ['code', 'hermes', 'research', 'Ops'])),
    project: maybe(0.3, () => pick(rand, ['shop', 'optmem', 'a.b-c/d'])),
    kind: maybe(0.3, () => pick(rand, [...KNOWN_KINDS, 'custom-kind'])),
    tier: maybe(0.3, () => pick(rand, TIERS)),
    corrects: maybe(0.2, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => `old${n}x${i}`)),
    source: {
      agent: maybe(0.4, () => pick(rand, ['hermes', 'openclaw', 'claude-code'])),
      session: maybe(0.3, () => `sess-${n}`),
      ref: maybe(0.2, () => pick(rand, ['https://example.com/a?b=c', 'transcript.jsonl#12', '〔更正〕 a ref · with dots'])),
    },
    tags: maybe(0.3, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(rand, ['ports', 'Infra', 'x.y', '中文标签']))),
  };
  return createRecord(input, { nowMs: ctx.nowMs + n, knownDomains: DOMAINS });
}
