// Bulk import in its own process, so run.js can stop it when it overruns its time budget.
// usage: node bench/import-worker.js HOME N [named]   → one JSON line on stdout
import fs from 'node:fs';
import path from 'node:path';
import { createOptmem } from '../dist/index.js';
import { generateJsonl } from './gen.js';
import { now } from './stats.js';

const [home, nArg, variant] = process.argv.slice(2);
const n = Number(nArg);
const { jsonl } = generateJsonl(n, undefined, { namedCorrections: variant === 'named' });
const sizeOf = (f) => (fs.existsSync(f) ? fs.statSync(f).size : 0);

// One library call, durable (the default), into an empty home.
const mem = createOptmem({ dir: home, create: true });
const t = now();
const res = mem.import(jsonl);
const importMs = now() - t;
const indexBytes = sizeOf(path.join(home, 'index.sqlite'));
const walBytes = sizeOf(path.join(home, 'index.sqlite-wal'));
mem.close();
process.stdout.write(JSON.stringify({ imported: res.imported, importMs, indexBytes, walBytes }) + '\n');
