// `optmem health` figures on public conversation data, read in place at run time:
//   LoCoMo      each conversation a home (one record per turn, the session date as its time);
//               its last session is the window ("last week"), probed at the end of that session
//   MemoryBank  the SiliconFriend Chinese dialogues, each user a home (one record per exchange);
//               the 7 days before the day after the last exchange are the window
// Data: ../shared/data (or $OPTMEM_DATA): locomo/locomo10.json, memorybank-siliconfriend/cn/memory_bank_cn.json.
// Usage (after the build): npm run bench:health-data [-- --sets locomo,memorybank] [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeHealth, createOptmem } from '../dist/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data');
const argv = process.argv.slice(2);
const opt = (name, d) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : d);
const sets = opt('--sets', 'locomo,memorybank').split(',');
const asJson = argv.includes('--json');

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
function sessionTime(s) {
  const m = /(\d+):(\d+)\s*(am|pm) on (\d+) (\w+),? (\d{4})/i.exec(s);
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return Date.UTC(Number(m[6]), MONTHS.indexOf(m[5].toLowerCase()), Number(m[4]), h, Number(m[2]));
}
const iso = (ms) => new Date(ms).toISOString().replace('Z', '+00:00');

function need(file, what) {
  if (!fs.existsSync(file)) {
    console.error(`${what} data not found at ${file} (set OPTMEM_DATA to the folder holding it)`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Homes: { name, records, nowMs, sinceMs? } */
function locomoHomes() {
  const convs = need(path.join(dataDir, 'locomo', 'locomo10.json'), 'LoCoMo');
  return convs.map((c) => {
    const cv = c.conversation;
    const records = [];
    let last = 1;
    for (let s = 1; cv[`session_${s}`]; s++) last = s;
    let sinceMs = 0;
    let nowMs = 0;
    for (let s = 1; s <= last; s++) {
      const t0 = sessionTime(cv[`session_${s}_date_time`]);
      if (s === last) sinceMs = t0;
      cv[`session_${s}`].forEach((turn, i) => {
        const text = `${turn.speaker}: ${turn.text}${turn.blip_caption ? ` [image: ${turn.blip_caption}]` : ''}`;
        records.push({ id: `${c.sample_id}.${turn.dia_id}`, time: iso(t0 + i * 1000), text, source: { session: `${c.sample_id}-s${s}` } });
        nowMs = Math.max(nowMs, t0 + i * 1000);
      });
    }
    return { name: c.sample_id, records, nowMs: nowMs + 60_000, sinceMs };
  });
}

function memorybankHomes() {
  const bank = need(path.join(dataDir, 'memorybank-siliconfriend', 'cn', 'memory_bank_cn.json'), 'MemoryBank');
  return Object.keys(bank).map((user, u) => {
    const records = [];
    for (const [date, turns] of Object.entries(bank[user].history)) {
      turns.forEach((t, i) => {
        records.push({ id: `mb.u${u + 1}.${date.replaceAll('-', '')}.${i}`, time: `${date}T20:${String(i).padStart(2, '0')}:00+08:00`, text: `我：${t.query}\nAI伴侣：${t.response}` });
      });
    }
    const last = records.map((r) => Date.parse(r.time)).reduce((a, b) => Math.max(a, b), 0);
    return { name: `user${u + 1}`, records, nowMs: last + 86_400_000 };
  });
}

function runSet(name, homes) {
  const rows = [];
  for (const h of homes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `optmem-health-${name}-`));
    try {
      const mem = createOptmem({ dir, create: true, durable: false });
      mem.import(h.records.map((r) => JSON.stringify(r)).join('\n'));
      mem.close();
      const c0 = process.cpuUsage();
      const r = computeHealth(dir, { nowMs: h.nowMs, ...(h.sinceMs ? { sinceMs: h.sinceMs } : {}) });
      const cpu = process.cpuUsage(c0);
      rows.push({ home: h.name, records: r.records.total, cpuMs: Math.round((cpu.user + cpu.system) / 1000), report: r });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

const f3 = (x) => (x === null || x === undefined ? '    -' : x.toFixed(3));
/** Pooled over probes: each home weighted by the probes it asked. */
function pooled(rows, pick, weight) {
  let s = 0;
  let n = 0;
  for (const r of rows) {
    const v = pick(r.report);
    const w = weight(r.report);
    if (v === null || !w) continue;
    s += v * w;
    n += w;
  }
  return n ? s / n : null;
}

const out = {};
for (const set of sets) {
  const homes = set === 'locomo' ? locomoHomes() : set === 'memorybank' ? memorybankHomes() : null;
  if (!homes) throw new Error(`unknown set ${set} (locomo, memorybank)`);
  const rows = runSet(set, homes);
  const ev = (r) => r.eventRecall.probed;
  const summary = {
    homes: rows.length,
    records: rows.reduce((s, r) => s + r.records, 0),
    windowRecords: rows.reduce((s, r) => s + r.report.eventRecall.eligible, 0),
    probed: rows.reduce((s, r) => s + r.report.eventRecall.probed, 0),
    unprobeable: rows.reduce((s, r) => s + r.report.eventRecall.unprobeable, 0),
    recall1: pooled(rows, (x) => x.eventRecall.recall1, ev),
    recall5: pooled(rows, (x) => x.eventRecall.recall5, ev),
    mrr: pooled(rows, (x) => x.eventRecall.mrr, ev),
    nearDuplicates: rows.reduce((s, r) => s + r.report.pilingUp.nearDuplicates.records, 0),
    cpuMsPerHome: Math.round(rows.reduce((s, r) => s + r.cpuMs, 0) / rows.length),
  };
  out[set] = { summary, homes: rows.map((r) => ({ home: r.home, records: r.records, window: r.report.eventRecall.eligible, probed: r.report.eventRecall.probed, recall1: r.report.eventRecall.recall1, recall5: r.report.eventRecall.recall5, mrr: r.report.eventRecall.mrr, cpuMs: r.cpuMs })) };
  if (!asJson) {
    console.log(`\n${set}: ${summary.homes} homes, ${summary.records} records; window ${summary.windowRecords} records, ${summary.probed} probed, ${summary.unprobeable} too short to probe`);
    console.log('home        records window probed  R@1    R@5    MRR    cpu ms');
    for (const h of out[set].homes) console.log(`${h.home.padEnd(11)} ${String(h.records).padStart(7)} ${String(h.window).padStart(6)} ${String(h.probed).padStart(6)}  ${f3(h.recall1)}  ${f3(h.recall5)}  ${f3(h.mrr)}  ${h.cpuMs}`);
    console.log(`pooled over probes: recall@1 ${f3(summary.recall1)}, recall@5 ${f3(summary.recall5)}, MRR ${f3(summary.mrr)}; near-duplicates ${summary.nearDuplicates}; ${summary.cpuMsPerHome} ms CPU per home`);
  }
}
if (asJson) console.log(JSON.stringify(out));
