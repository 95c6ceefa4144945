// How often does the inferred-correction rule fire on real conversation data, where no record
// is meant to correct another? Every firing there is a false positive. Reads the public
// benchmark data in place (../shared/data, or OPTMEM_DATA), writes nothing outside a temp dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createOptmem } from '../dist/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const data = process.env.OPTMEM_DATA ?? path.join(root, '..', 'shared', 'data');

function locomoRecords() {
  const convs = JSON.parse(fs.readFileSync(path.join(data, 'locomo', 'locomo10.json'), 'utf8'));
  const out = [];
  for (const c of convs) {
    const conv = c.conversation;
    for (let s = 1; conv[`session_${s}`]; s++) {
      const when = parseLocomoDate(conv[`session_${s}_date_time`]);
      conv[`session_${s}`].forEach((t, i) => {
        const text = `${t.speaker}: ${t.text}${t.blip_caption ? ` [image: ${t.blip_caption}]` : ''}`;
        out.push({ time: new Date(when + i * 1000).toISOString().replace('Z', '+00:00'), text, domain: c.sample_id.replace(/[^\w-]/g, '') });
      });
    }
  }
  return out;
}

function parseLocomoDate(s) {
  const m = /(\d+):(\d+)\s*(am|pm) on (\d+) (\w+),? (\d{4})/i.exec(s);
  const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return Date.UTC(Number(m[6]), months.indexOf(m[5].toLowerCase()), Number(m[4]), h, Number(m[2]));
}

function memoryBankRecords(lang) {
  const d = JSON.parse(fs.readFileSync(path.join(data, 'memorybank-siliconfriend', lang, `memory_bank_${lang}.json`), 'utf8'));
  const out = [];
  let u = 0;
  for (const person of Object.values(d)) {
    u++;
    for (const [date, turns] of Object.entries(person.history ?? {})) {
      turns.forEach((t, i) => {
        const time = `${date}T${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00+08:00`;
        out.push({ time, text: `user: ${t.query}`, domain: `u${u}` });
        out.push({ time: time.replace(/:00\+/, ':30+'), text: `assistant: ${t.response}`, domain: `u${u}` });
      });
    }
  }
  return out;
}

function run(name, records) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-infer-'));
  const domains = [...new Set(records.map((r) => r.domain).filter(Boolean))];
  fs.mkdirSync(path.join(dir, 'log'), { recursive: true });
  const known = [...new Set([...domains.map((d) => d.toLowerCase()), 'hermes', 'code', 'openclaw'])].filter((d) => /^[a-z][\w-]{0,31}$/.test(d));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ domains: known }));
  const m = createOptmem({ dir, durable: false });
  m.import(records.map((r) => JSON.stringify(r)).join('\n'));
  const edges = m.stats();
  m.close();
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const sdb = new Database(path.join(dir, 'index.sqlite'), { readonly: true });
  const counts = sdb.prepare('SELECT method, inferred, count(*) AS n FROM edges GROUP BY method, inferred').all();
  const inferred = sdb.prepare("SELECT e.old_id, e.new_id, e.detail, a.text AS old_text, b.text AS new_text FROM edges e JOIN records a ON a.id = e.old_id JOIN records b ON b.id = e.new_id WHERE e.inferred = 1 LIMIT 8").all();
  const facts = sdb.prepare('SELECT count(*) AS n FROM facts').get().n;
  sdb.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const n = counts.filter((c) => c.inferred === 1).reduce((s, c) => s + c.n, 0);
  console.log(`${name}: ${edges.records} records, ${facts} fact slots, ${n} inferred supersessions (${((n / edges.records) * 100).toFixed(3)}% of records; every one is a false positive on this data)`);
  for (const e of inferred) console.log(`  ${JSON.parse(e.detail).slot}: "${e.old_text.slice(0, 70)}" → "${e.new_text.slice(0, 70)}"`);
}


function noiseRecords() {
  const file = path.join(root, 'eval', 'suites', 'noise.jsonl');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .map(({ id, ...r }) => r);
}

run('LoCoMo (10 conversations)', locomoRecords());
run('MemoryBank zh', memoryBankRecords('cn'));
run('MemoryBank en', memoryBankRecords('en'));
// Agent-style notes full of ports and versions of different services, none meant to replace another.
run('ranking-suite noise (three agents, six months)', noiseRecords());
