// node bench/ingest.js — ingest throughput: turns per second through `optmem ingest` (extractive
// summarizer, durable writes) on a large generated transcript, as a child process like cron runs it.
//   BENCH_INGEST_LINES=200000   transcript lines (default 100000)
//   BENCH_KEEP=1                keep the temporary folder (its path is printed)
// Prints its figures standalone; `npm run bench` (bench/run.js) imports measureIngest() and prints them too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'optmem.js');
const LINES = Number(process.env.BENCH_INGEST_LINES || 100_000);

/** Chatter, tool noise and pasted output, a decision (English or Chinese) every 10th line, a config change every 25th. */
function transcript(lines) {
  const out = [];
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (let i = 1; i <= lines; i++) {
    const time = new Date(base + i * 2000).toISOString();
    let role = 'user';
    let content;
    if (i % 25 === 0) {
      role = 'assistant';
      content = `已把服务 svc-${i} 的端口改成 ${9000 + (i % 1000)}，并重启了 nginx。`;
    } else if (i % 10 === 0) {
      content = i % 20 === 0 ? `我们决定把服务 svc-${i} 迁移到第 ${i % 97} 号机房。` : `We decided to use plan ${i} for service svc-${i}.`;
    } else if (i % 7 === 0) {
      role = 'tool';
      content = `exit 0\n${'x'.repeat(400)}`;
    } else if (i % 5 === 0) {
      role = 'assistant';
      content = `Here is the output you asked for:\n${Array.from({ length: 40 }, (_, k) => `2026-06-01 10:${String(k).padStart(2, '0')} INFO request ${i}.${k} ok`).join('\n')}`;
    } else content = i % 2 ? 'ok, sounds good' : '好的，谢谢，继续吧';
    out.push(JSON.stringify({ time, role, content, agent: 'hermes', session: 'bench' }));
  }
  return out.join('\n') + '\n';
}

/** Ingest a generated transcript twice (the second run finds nothing new); the figures. */
export function measureIngest({ lines = LINES, keep = Boolean(process.env.BENCH_KEEP) } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-bench-ingest-'));
  const file = path.join(dir, 'big.jsonl');
  const home = path.join(dir, 'home');
  try {
    fs.writeFileSync(file, transcript(lines));
    const bytes = fs.statSync(file).size;
    const run = (args) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, ...args, '--dir', home, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`optmem ${args.join(' ')} exited ${r.status}\n${r.stderr}`);
      return { ms, summary: JSON.parse(r.stdout) };
    };
    run(['init']);
    const first = run(['ingest', file]);
    const again = run(['ingest', file]);
    const s = first.summary;
    return {
      lines,
      bytes,
      turns: s.turns,
      ms: first.ms,
      rate: (s.turns / first.ms) * 1000,
      keptTotal: s.keptTotal,
      kept: s.kept,
      written: s.written,
      again: { turns: again.summary.turns, written: again.summary.written, ms: again.ms },
      keptDir: keep ? dir : undefined,
    };
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as lines of text. */
export function ingestLines(r) {
  const mib = r.bytes / 1048576;
  return [
    `optmem ingest bench: ${r.lines.toLocaleString('en')} lines (${mib.toFixed(1)} MiB), extractive summarizer, durable writes`,
    `  first run   ${r.turns.toLocaleString('en')} turns in ${(r.ms / 1000).toFixed(2)} s → ${Math.round(r.rate).toLocaleString('en')} turns/s (${(mib / (r.ms / 1000)).toFixed(1)} MiB/s), whole process`,
    `              kept ${r.keptTotal} (${Object.entries(r.kept).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(', ')}), wrote ${r.written} records`,
    `  second run  ${r.again.turns} turns, ${r.again.written} written, ${(r.again.ms / 1000).toFixed(2)} s (cursor at the end: nothing to read)`,
    ...(r.keptDir ? [`  kept: ${r.keptDir}`] : []),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ingestLines(measureIngest()).join('\n'));
}
