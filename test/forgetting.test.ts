/**
 * Forgetting: retention picks archive candidates (old, never recalled, or superseded a while ago),
 * never red lines, pinned records, correction chain heads or a project's latest handoff; a run
 * archives at most its bounded share, in one event, after the gate passed on a copy; and over
 * 10,000 random records with adversarial red lines, repeated runs never archive or lose one, and
 * duplicate links never merge one away (a red line links only with red lines that state the same).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOptmem } from '../src/index.js';
import { forget } from '../src/consolidate/forget.js';
import { archiveCandidates, retentionOf, FORGETTING_DEFAULTS, type RetentionRow } from '../src/consolidate/retention.js';
import { coveredBy } from '../src/consolidate/coverage.js';
import { compactRecalls, readRecalls } from '../src/consolidate/recall-log.js';
import { mulberry32 } from './prng.js';
import { cli, dayFiles, tempHome } from './helpers.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-01T00:00:00Z');
const row = (id: string, daysAgo: number, extra: Partial<RetentionRow> = {}): RetentionRow => ({
  id,
  timeMs: NOW - daysAgo * DAY,
  kind: 'note',
  tier: 'normal',
  project: null,
  supersededMs: null,
  supersedes: false,
  ...extra,
});

describe('coverage: a superseded record goes early only when its successors restate it', () => {
  it('needs every value and most words in the successors', () => {
    expect(coveredBy('[code] shop 后端端口 8080', ['[code] 〔更正〕shop 后端端口已从 8080 改为 9090'])).toBe(true);
    expect(coveredBy('[code] shop 后端（Fastify）端口 8080，前端 Vite dev server 默认 5173', ['[code] 〔更正〕后端端口从 8080 改为 9090'])).toBe(false);
    expect(coveredBy('backups go to /mnt/nas/backup every night', ['backups now go to /mnt/nas2/backup every night'])).toBe(false);
    expect(coveredBy('Rate limit is 120 requests per minute', ['Rate limit raised from 120 to 300 requests per minute'])).toBe(true);
    expect(coveredBy('标题不超过 20 字', [])).toBe(false);
  });
});

describe('retention', () => {
  it('falls with age, slower for evidence, and each recall strengthens it', () => {
    const o = FORGETTING_DEFAULTS;
    const old = { timeMs: NOW - 300 * DAY, tier: 'normal' };
    expect(retentionOf({ timeMs: NOW, tier: 'normal' }, NOW, undefined, o)).toBe(1);
    expect(retentionOf(old, NOW, undefined, o)).toBeLessThan(0.05);
    expect(retentionOf({ ...old, tier: 'evidence' }, NOW, undefined, o)).toBeGreaterThan(retentionOf(old, NOW, undefined, o));
    expect(retentionOf(old, NOW, { count: 3, lastMs: NOW - 100 * DAY }, o)).toBeGreaterThan(0.5);
  });

  it('picks old unrecalled and long-superseded records; exempts red lines, pins, chain heads, the latest handoff; bounds the share', () => {
    const rows = [
      row('old', 400),
      row('recalled', 400),
      row('young', 20),
      row('red', 900, { tier: 'redline' }),
      row('pinned', 900),
      row('head', 500, { supersedes: true, kind: 'correction' }),
      row('stale', 40, { supersededMs: NOW - 35 * DAY, covered: true }),
      // superseded, but it still holds a fact its successor does not restate: it ages like any record
      row('partial', 40, { supersededMs: NOW - 35 * DAY, covered: false }),
      row('fresh-stale', 40, { supersededMs: NOW - 5 * DAY }),
      row('h1', 800, { kind: 'handoff', project: 'shop' }),
      row('h2', 700, { kind: 'handoff', project: 'shop' }),
      row('gone', 900),
      ...Array.from({ length: 90 }, (_, i) => row(`n${i}`, 10)),
    ];
    const input = {
      rows,
      nowMs: NOW,
      recalls: new Map([['recalled', { count: 4, lastMs: NOW - 30 * DAY }]]),
      pinned: new Set(['pinned']),
      archived: new Set(['gone', 'red']),
      options: { ...FORGETTING_DEFAULTS, scope: 'all' as const },
    };
    // by default retention picks only low-trust records: the chatter and diary ones
    const low = archiveCandidates({ ...input, rows: [...rows, row('chat', 400, { tier: 'chatter' }), row('diary', 400, { kind: 'diary' })], options: FORGETTING_DEFAULTS });
    expect(low.candidates.map((c) => c.id)).toEqual(['stale', 'chat', 'diary']);
    const r = archiveCandidates(input);
    expect(r.candidates.map((c) => c.id)).toEqual(['stale', 'h1', 'old']);
    expect(r.candidates[0]!.reason).toMatch(/superseded 35 days ago/);
    expect(r.exempt).toMatchObject({ 'red line': 1, pinned: 1, 'head of a correction chain': 1, 'latest handoff': 1, archived: 1 });
    expect(r.live).toBe(rows.length - 1);
    expect(r.probes.keep).toContain('partial');
    expect(r.limit).toBe(Math.floor(0.02 * (rows.length - 1)));
    expect(r.probes.redLines).toEqual(['red']);
  });
});

function seedOld(home: string): { red: string; oldIds: string[] } {
  const mem = createOptmem({ dir: home, create: true, now: () => NOW });
  const red = mem.add({ text: '[hermes] 〔红线〕备份盘不许格式化', time: '2024-01-05T09:00:00Z' }).record.id;
  const oldIds: string[] = [];
  // old low-trust records (chatter, diary): what retention picks by default
  for (let i = 0; i < 40; i++) {
    const low = i % 2 ? { tier: 'chatter' } : { kind: 'diary' };
    oldIds.push(mem.add({ text: `[hermes] 旧任务 ${i} 的备份日志在 /var/log/old-${i}.log`, time: `2025-0${1 + (i % 6)}-1${i % 10}T09:00:00Z`, ...low }).record.id);
  }
  // an old ordinary note is never picked by default (forgetting.scope "low-trust")
  mem.add({ text: '[hermes] NAS 的管理地址是 192.168.1.20', time: '2024-06-01T09:00:00Z' });
  for (let i = 0; i < 160; i++) mem.add({ text: `[code] 新功能 ${i} 的接口 /api/v2/item-${i} 已上线`, time: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00Z` });
  mem.close();
  return { red, oldIds };
}

describe('consolidate --archive', () => {
  it('a dry run writes nothing; an applied run archives at most its share in one event, after the gate passed', () => {
    const home = tempHome();
    const { red, oldIds } = seedOld(home);
    const mem = createOptmem({ dir: home, now: () => NOW });
    const files = new Map(dayFiles(home).map((f) => [f, fs.readFileSync(path.join(home, f))]));
    const dry = forget(mem, { apply: false, now: NOW });
    expect(dry.dryRun).toBe(true);
    // the old records, but those an inferred restatement made the head of a chain
    expect(dry.candidates.length).toBeGreaterThan(30);
    expect(dry.candidates.every((c) => oldIds.includes(c.id))).toBe(true);
    expect(dry.chosen.length).toBe(Math.floor(0.02 * 202));
    expect(dry.candidates.map((c) => c.id)).not.toContain(red);
    for (const [f, b] of files) expect(fs.readFileSync(path.join(home, f)).equals(b), f).toBe(true);
    expect(mem.archivedIds().size).toBe(0);

    const run = forget(mem, { apply: true, now: NOW });
    expect(run.gate?.pass, run.gate?.problems.join('; ')).toBe(true);
    expect(run.gate!.before.redLines).toMatchObject({ asked: 1, found: 1 });
    expect(run.archived).toEqual(dry.chosen);
    expect(run.archived.every((id) => oldIds.includes(id))).toBe(true);
    expect([...mem.archivedIds()].sort()).toEqual([...run.archived].sort());
    const h = mem.history(run.archived[0]!)!;
    expect(h.archiveEvents[0]).toMatchObject({ verb: 'archive', agent: 'consolidate' });
    expect(h.archiveEvents[0]!.why).toMatch(/gate passed/);
    mem.close();
    for (const [f, b] of files) expect(fs.readFileSync(path.join(home, f)).subarray(0, b.length).equals(b), f).toBe(true);
  });

  it('a search recall keeps an old record off the candidate list', () => {
    const home = tempHome();
    const { oldIds } = seedOld(home);
    const mem = createOptmem({ dir: home, now: () => NOW });
    const before = mem.archiveCandidates({ now: NOW }).candidates.map((c) => c.id);
    expect(before).toContain(oldIds[7]);
    for (let i = 0; i < 3; i++) expect(mem.search({ query: '旧任务 7 备份日志 old-7', now: NOW }).results[0]!.id).toBe(oldIds[7]);
    expect(mem.archiveCandidates({ now: NOW }).candidates.map((c) => c.id)).not.toContain(oldIds[7]);
    // a torn line in the recall log is skipped and counted, never fatal
    const log = path.join(home, 'usage', 'recalls.jsonl');
    fs.appendFileSync(log, '{"t": 17');
    expect(mem.archiveCandidates({ now: NOW }).recallLog.skipped).toBe(1);
    // compaction keeps every count and last time (and the torn tail as it was)
    const counted = readRecalls(log);
    const c = compactRecalls(log, 0)!;
    expect(c).toEqual({ linesBefore: 3, linesAfter: counted.byId.size });
    const after = readRecalls(log);
    expect([...after.byId].sort()).toEqual([...counted.byId].sort());
    expect(after.byId.get(oldIds[7]!)!.count).toBe(3);
    expect(fs.readFileSync(log, 'utf8').endsWith('{"t": 17')).toBe(true);
    expect(mem.archiveCandidates({ now: NOW }).candidates.map((x) => x.id)).not.toContain(oldIds[7]);
    mem.close();
  });
});

describe('optmem consolidate: the archive section', () => {
  it('lists candidates without archiving; --archive archives the share after the gate; --dry-run --archive archives nothing', () => {
    const home = tempHome();
    const { oldIds } = seedOld(home);
    const now = '2026-12-01T00:00:00Z';
    const listed = cli(['consolidate', '--now', now, '--json', '--dir', home]);
    expect(listed.code, listed.stderr).toBe(0);
    const a = JSON.parse(listed.stdout).steps.find((s: { name: string }) => s.name === 'archive').data;
    expect(a.applied).toBe(false);
    expect(a.chosen.length).toBe(4);
    expect(a.archived).toEqual([]);
    const text = cli(['consolidate', '--now', now, '--dir', home]).stdout;
    expect(text).toMatch(/archive: \d+ candidate\(s\) among 202 live records; this run's bound 4/);
    expect(text).toMatch(/optmem consolidate --archive/);
    const dry = JSON.parse(cli(['consolidate', '--dry-run', '--archive', '--now', now, '--json', '--dir', home]).stdout).steps[0].data;
    expect(dry.archived).toEqual([]);
    expect(JSON.parse(cli(['recent', '--archived', '--json', '--limit', '1000', '--dir', home]).stdout).records.length).toBe(202);
    const run = cli(['consolidate', '--archive', '--now', now, '--dir', home]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/gate on a copy .*passed/);
    expect(run.stdout).toMatch(/archived 4 \(event /);
    expect(JSON.parse(cli(['recent', '--json', '--limit', '1000', '--dir', home]).stdout).records.length).toBe(202 - 4 + 0);
    expect(cli(['consolidate', '--now', 'yesterday', '--dir', home]).stderr).toMatch(/--now: "yesterday" is not an ISO 8601 time/);
    expect(oldIds.length).toBe(40);
  });
});

describe('no red line is ever archived, merged or lost (property, 10,000 random records)', () => {
  it('repeated applied runs with a large share, adversarial red lines and hand-written events; topic files and summaries keep them', async () => {
    const home = tempHome();
    const rand = mulberry32(20261201);
    const pick = <T,>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    const domains = ['hermes', 'code', 'openclaw'];
    const words = ['端口', '备份', '部署', '标题', 'nginx', 'cron', 'token', '周报', '预算', '服务器', 'deploy', 'port', 'draft'];
    const lines: string[] = [];
    const redTexts: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const d = pick(domains);
      const daysAgo = Math.floor(rand() * 1200);
      const time = new Date(NOW - daysAgo * DAY - Math.floor(rand() * DAY)).toISOString();
      const w = `${pick(words)} ${pick(words)} ${i}`;
      const kind = rand();
      let rec: Record<string, unknown>;
      if (kind < 0.03) {
        // red lines: old, never recalled, some worded exactly like ordinary records, some chatter-looking
        const text = `[${d}] 〔红线〕${rand() < 0.5 ? `不要动 ${w}` : `${w} 保留`}`;
        redTexts.push(text);
        rec = { text, time };
      } else if (kind < 0.045 && redTexts.length) {
        // copies of a red line: as an ordinary note, as a red line again (near: other punctuation),
        // and as a red line whose negation is flipped; duplicates must never merge a red line away
        const red = redTexts[redTexts.length - 1]!;
        const how = rand();
        if (how < 0.4) rec = { text: red.replace('〔红线〕', ''), time, tier: pick(['normal', 'chatter']) };
        else {
          const text = how < 0.8 ? `${red}！` : red.replace('不要动', '要动');
          redTexts.push(text);
          rec = { text, time };
        }
      } else if (kind < 0.05) {
        rec = { text: `[${d}] 〔更正〕${w} 改为 ${Math.floor(rand() * 9000) + 1000}`, time };
      } else if (kind < 0.07) {
        rec = { text: `[${d}] ${w} 保留`, time, tier: 'chatter' };
      } else rec = { text: `[${d}] ${w} 的配置是 ${Math.floor(rand() * 9000) + 1000}`, time, tier: rand() < 0.2 ? 'chatter' : 'normal' };
      lines.push(JSON.stringify(rec));
    }
    const mem = createOptmem({ dir: home, create: true, now: () => NOW });
    expect(mem.import(lines.join('\n') + '\n').imported).toBe(10_000);
    const reds = mem.recent({ limit: 1000, kinds: ['redline'] }).concat(mem.recent({ limit: 1000, kinds: ['note'] }).filter((r) => r.tier === 'redline'));
    const redIds = [...new Set(mem.archiveCandidates({ now: NOW }).probes.redLines)];
    expect(redIds.length).toBe(redTexts.length);
    expect(reds.length).toBeGreaterThan(0);
    // a hand-written event naming red lines changes nothing
    mem.add({ text: `archive ${redIds.slice(0, 5).join(' ')}\nwhy: adversarial`, kind: 'event' });
    mem.close();
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ forgetting: { maxShare: 0.5, threshold: 0.9, minAgeDays: 0, supersededAfterDays: 0, scope: 'all' } }));
    for (let run = 0; run < 3; run++) {
      const m = createOptmem({ dir: home, now: () => NOW });
      const r = forget(m, { apply: true, now: NOW, gate: false });
      expect(r.archived.length).toBeGreaterThan(0);
      expect(r.archived.length).toBeLessThanOrEqual(r.limit);
      m.close();
    }
    const m = createOptmem({ dir: home, now: () => NOW });
    const archived = m.archivedIds();
    expect(archived.size).toBeGreaterThan(4000);
    for (const id of redIds) {
      expect(archived.has(id), id).toBe(false);
      const r = m.get(id);
      expect(r?.tier).toBe('redline');
    }
    // duplicates are linked: a red line only ever with red lines that state the same (never with
    // an ordinary copy, never across a flipped negation), and each stays in the group it is shown by
    await m.consolidate({ now: NOW });
    const report = m.duplicates();
    expect(report.groups.length).toBeGreaterThan(0);
    const redSet = new Set(redIds);
    let redGroups = 0;
    for (const g of report.groups) {
      const reds = g.ids.filter((id) => redSet.has(id)).length;
      expect(reds === 0 || reds === g.ids.length, g.ids.join(' ')).toBe(true);
      if (reds) {
        redGroups++;
        const said = new Set(g.ids.map((id) => m.get(id)!.text.replace(/[！!]+$/, '')));
        expect(said.size, [...said].join(' | ')).toBe(1);
      }
    }
    expect(redGroups).toBeGreaterThan(0);
    expect(report.redlines.length).toBeGreaterThan(0);
    // every red line is still found by its own words in default search: itself, or in the group
    // of duplicate red lines shown for it
    const sample = redIds.filter((_, i) => i % 5 === 0);
    for (const id of sample) {
      const text = m.get(id)!.text.replace(/^\[\w+\]\s*〔红线〕/, '');
      const hits = m.search({ query: text, limit: 10, now: NOW }).results;
      expect(hits.flatMap((h) => (h.duplicates ? h.duplicates.ids : [h.id])), text).toContain(id);
      for (const h of hits) if (h.duplicates?.ids.includes(id)) expect(h.tier).toBe('redline');
    }
    // the derived outputs never lose one either: MEMORY.md lists every red line in full, and the
    // day node of the summary tree holds each red line of that day
    m.topics();
    const memoryMd = fs.readFileSync(path.join(home, 'memory', 'MEMORY.md'), 'utf8');
    let current = 0;
    for (const id of redIds) {
      expect(memoryMd, id).toContain(id);
      const day = m.get(id)!.time.slice(0, 10);
      const node = fs.readdirSync(path.join(home, 'memory', 'summaries', 'day')).find((f) => f.startsWith(day));
      expect(node, `${id} ${day}`).toBeDefined();
      // A red line a later red line superseded is left out of the tree like any superseded record
      // (its successor is in its own day); every current one is in its day's node.
      if (m.history(id)!.current !== id) continue;
      current++;
      expect(fs.readFileSync(path.join(home, 'memory', 'summaries', 'day', node!), 'utf8'), id).toContain(id);
    }
    expect(current).toBeGreaterThan(redIds.length * 0.8);
    m.close();
    const doc = cli(['doctor', '--dir', home]);
    expect(doc.code, doc.stdout + doc.stderr).toBe(0);
  }, 240_000);
});
