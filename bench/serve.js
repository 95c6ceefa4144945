// A load test of `optmem serve` on loopback: several writers and readers at once for a bounded
// time, then a check of the log. Prints throughput and p50/p99 latency per kind of request, and
// whether every acknowledged write is in the log exactly once (no loss, no duplicate).
//   node bench/serve.js [--seconds S] [--writers W] [--readers R]
//   (npm run bench:serve builds first)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(path.resolve(here, '..'), 'bin', 'optmem.js');

function argValue(name, dflt) {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}`);
  return i === -1 ? dflt : Number(argv[i + 1]);
}
const SECONDS = argValue('seconds', 15);
const WRITERS = argValue('writers', 4);
const READERS = argValue('readers', 4);

const env = { ...process.env };
delete env.OPTMEM_HOME;
delete env.OPTMEM_SERVER;
const run = (args) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`optmem ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-serve-'));
run(['init', '--dir', home]);
// The rate limit is per token: the bench measures the server, not the limiter.
const cfgFile = path.join(home, 'config.json');
fs.writeFileSync(cfgFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(cfgFile, 'utf8')), server: { ratePerSecond: 100000, rateBurst: 100000 } }));
const child = spawn(process.execPath, [bin, 'serve', '--dir', home, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
const exited = new Promise((resolve) => child.once('exit', resolve));
let errText = '';
child.stderr.on('data', (d) => (errText += d));
const url = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.once('exit', (c) => reject(new Error(`serve exited ${c}: ${errText}`)));
});
const writeToken = JSON.parse(run(['token', 'create', '--scope', 'write', '--name', 'bench-writer', '--json', '--dir', home])).token;
const readToken = JSON.parse(run(['token', 'create', '--scope', 'read', '--name', 'bench-reader', '--json', '--dir', home])).token;
console.log(`optmem serve load test: ${WRITERS} writers, ${READERS} readers, ${SECONDS} s on ${url} (${os.cpus().length} cores)`);

const WORDS = ['端口', '网关', '数据库', 'nginx', 'deploy', '证书', '缓存', 'redis', '备份', 'cron'];
const lat = { write: [], search: [] };
const acked = new Map(); // marker → id
let failedWrites = 0;
let unknownWrites = 0;
let failedReads = 0;
let limited = 0;
const stopAt = Date.now() + SECONDS * 1000;

async function writer(w) {
  for (let n = 0; Date.now() < stopAt; n++) {
    const marker = `bw${w}n${n}x${Math.random().toString(36).slice(2, 8)}`;
    const word = WORDS[(w + n) % WORDS.length];
    const t0 = performance.now();
    try {
      const r = await fetch(`${url}/api/records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `[code] 压测记录 ${word} ${marker}`, project: `p${w % 2}` }),
      });
      const ms = performance.now() - t0;
      if (r.status === 201 || r.status === 202) {
        acked.set(marker, (await r.json()).id);
        lat.write.push(ms);
      } else if (r.status === 429) {
        limited++;
        await r.text();
      } else {
        failedWrites++;
        await r.text();
      }
    } catch {
      unknownWrites++;
    }
  }
}

async function reader() {
  for (let n = 0; Date.now() < stopAt; n++) {
    const q = encodeURIComponent(`${WORDS[n % WORDS.length]} 压测`);
    const t0 = performance.now();
    try {
      const r = await fetch(`${url}/api/search?q=${q}&limit=10&explain=false`, { headers: { authorization: `Bearer ${readToken}` } });
      await r.json();
      if (r.status === 200) lat.search.push(performance.now() - t0);
      else if (r.status === 429) limited++;
      else failedReads++;
    } catch {
      failedReads++;
    }
  }
}

const t0 = Date.now();
await Promise.all([...Array.from({ length: WRITERS }, (_, i) => writer(i)), ...Array.from({ length: READERS }, () => reader())]);
const wall = (Date.now() - t0) / 1000;
child.kill('SIGTERM');
const code = await exited;

// The log, read by the CLI after the server stopped: every acknowledged write exactly once.
const exported = run(['export', '--dir', home]).split('\n').filter(Boolean).map((l) => JSON.parse(l));
const byMarker = new Map();
for (const r of exported) {
  const m = /(bw\d+n\d+x\w+)/.exec(r.text);
  if (m) byMarker.set(m[1], [...(byMarker.get(m[1]) ?? []), r.id]);
}
let lost = 0;
let dup = 0;
for (const [marker, id] of acked) {
  const found = byMarker.get(marker) ?? [];
  if (!found.includes(id)) lost++;
}
for (const ids of byMarker.values()) if (ids.length > 1) dup++;
const auditLines = fs.readFileSync(path.join(home, 'server', 'audit.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const auditWrites = auditLines.filter((l) => l.route === '/api/records' && (l.status === 201 || l.status === 202)).length;

const row = (name, xs) =>
  `${name.padEnd(8)} ${String(xs.length).padStart(7)} ${(xs.length / wall).toFixed(1).padStart(8)}/s   p50 ${percentile(xs, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(xs, 99).toFixed(1).padStart(6)} ms`;
console.log(`\nkind        done   rate        latency`);
console.log(row('write', lat.write));
console.log(row('search', lat.search));
console.log(`\nall requests ${((lat.write.length + lat.search.length) / wall).toFixed(1)}/s over ${wall.toFixed(1)} s; refused by the rate limit ${limited}; failed writes ${failedWrites}, writes with no answer ${unknownWrites}, failed reads ${failedReads}`);
console.log(`log check: ${acked.size} acknowledged writes, ${lost} lost, ${dup} duplicated; ${byMarker.size} bench records in the log; audit lines for writes ${auditWrites}; server exit ${code}`);
fs.rmSync(home, { recursive: true, force: true });
if (lost || dup || code !== 0) process.exitCode = 1;
