// Handoff fact recall: each labelled session in eval/handoffs (README there) goes through the real
// pipeline, the CLI as a child process on a fresh home: `optmem session end --transcript` writes the
// handoff, then `optmem session start --project P --budget N` builds the next session's pack. A fact is
// recalled by a text when, for one of its alternatives, every string occurs in it (case-insensitive,
// runs of whitespace collapsed). Reported: recall of the handoff and of the pack at each budget, per
// set, host and kind. Dev sets (every set but the test split) and the test splits (TEST_SETS) are reported
// apart; the test split in aggregate only, never case by case.
// Usage (after the build): node bench/handoffs.js [--split dev|test|all] [--sets own-a,blind-a]
//   [--budgets 6000,2000] [--bin path/to/optmem.js] [--jobs 2] [--errors] [--json]
// --bin runs another build of the CLI (e.g. a copy of an older dist) on the same cases.
// --as agent writes each handoff as the hooks do, with an agent's provenance (in process, through the
//   library of the build), so the quarantine scan applies: a held handoff is out of the pack, and the
//   report counts the handoffs held.
// --errors prints the dev facts missed by the handoff (never the test split's).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { factRecalled, isTestSet, loadHandoffCases, TEST_SETS } from './handoff-cases.js';

const run = promisify(execFile);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i === -1 ? dflt : argv[i + 1];
};
const split = opt('--split', 'dev');
if (!['dev', 'test', 'all'].includes(split)) throw new Error('--split must be dev, test or all');
const onlySets = opt('--sets', '').split(',').filter(Boolean);
const budgets = opt('--budgets', '6000,2000').split(',').map(Number);
const bin = path.resolve(opt('--bin', path.join(root, 'bin', 'optmem.js')));
const jobs = Number(opt('--jobs', '2'));
const showErrors = argv.includes('--errors');
const asJson = argv.includes('--json');
const writer = opt('--as', 'owner');
if (!['owner', 'agent'].includes(writer)) throw new Error('--as must be owner or agent');
const asAgent = writer === 'agent';

const cases = loadHandoffCases(path.join(root, 'eval', 'handoffs')).filter(
  (c) => (onlySets.length === 0 || onlySets.includes(c.set)) && (split === 'all' || (split === 'test') === isTestSet(c.set)),
);
if (cases.length === 0) throw new Error('no cases: is eval/handoffs there, and --sets right?');

const END_TIME = '2026-11-30T12:00:00Z';
const START_TIME = '2026-12-01T09:00:00Z';

async function cli(args) {
  try {
    const r = await run(process.execPath, [bin, ...args], { maxBuffer: 16 << 20, env: { ...process.env, OPTMEM_DEBUG: '' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(e) };
  }
}

// One initialised home, copied per case: `init` once, not 60 times.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-handoffs-'));
const template = path.join(tmp, 'template');
const init = await cli(['init', '--dir', template]);
if (init.code !== 0) throw new Error(`optmem init failed: ${init.stderr.trim()}`);

// The hooks' way: the library of the same build, writing as an agent.
const lib = asAgent ? await import(path.join(path.dirname(path.dirname(bin)), 'dist', 'index.js')) : null;
function runAgentCase(c, i) {
  const home = path.join(tmp, `h${i}`);
  fs.cpSync(template, home, { recursive: true });
  const mem = lib.createOptmem({ dir: home, provenance: { origin: 'agent', writer: c.host }, now: () => Date.parse(START_TIME) });
  let handoff = '';
  let held = false;
  let endError = null;
  const packs = {};
  try {
    try {
      const end = mem.sessionEnd({ project: c.project, agent: c.host, transcriptPath: c.transcript, time: END_TIME });
      handoff = end.handoff?.text ?? '';
      held = (end.handoff?.quarantine?.length ?? 0) > 0;
    } catch (e) {
      endError = String(e.message).split('\n')[0];
    }
    for (const b of budgets) packs[b] = mem.sessionStart({ project: c.project, agent: c.host, budget: b }).markdown;
  } finally {
    mem.close();
  }
  fs.rmSync(home, { recursive: true, force: true });
  return scored(c, { endError, held, handoff, packs });
}

/** A case's result: which facts the handoff and each pack recall. */
function scored(c, { endError, held = false, handoff, packs }) {
  return {
    c,
    endError,
    held,
    handoffChars: handoff.length,
    packChars: Object.fromEntries(budgets.map((b) => [b, packs[b].length])),
    facts: c.facts.map((f) => ({ f, handoff: factRecalled(f, handoff), packs: Object.fromEntries(budgets.map((b) => [b, factRecalled(f, packs[b])])) })),
  };
}

async function runCase(c, i) {
  if (asAgent) return runAgentCase(c, i);
  const home = path.join(tmp, `h${i}`);
  fs.cpSync(template, home, { recursive: true });
  const end = await cli(['session', 'end', '--dir', home, '--project', c.project, '--agent', c.host, '--transcript', c.transcript, '--time', END_TIME, '--json']);
  let handoff = '';
  if (end.code === 0) handoff = JSON.parse(end.stdout).handoff.text;
  const packs = {};
  for (const b of budgets) {
    const s = await cli(['session', 'start', '--dir', home, '--project', c.project, '--agent', c.host, '--budget', String(b), '--now', START_TIME]);
    if (s.code !== 0) throw new Error(`${c.id}: session start failed: ${s.stderr.trim()}`);
    packs[b] = s.stdout;
  }
  fs.rmSync(home, { recursive: true, force: true });
  return scored(c, { endError: end.code === 0 ? null : end.stderr.trim().split('\n')[0], handoff, packs });
}

const results = new Array(cases.length);
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await runCase(cases[i], i);
    }
  }),
);
fs.rmSync(tmp, { recursive: true, force: true });

// ---------- scoring ----------
const cols = ['handoff', ...budgets.map((b) => `pack@${b}`)];
function tally(rs) {
  const facts = rs.flatMap((r) => r.facts);
  const n = facts.length;
  const rate = (pick) => (n ? facts.filter(pick).length / n : NaN);
  return {
    cases: rs.length,
    facts: n,
    handoff: rate((x) => x.handoff),
    ...Object.fromEntries(budgets.map((b) => [`pack@${b}`, rate((x) => x.packs[b])])),
    emptyHandoffs: rs.filter((r) => r.endError).length,
    heldHandoffs: rs.filter((r) => r.held).length,
    handoffCharsAvg: rs.length ? Math.round(rs.reduce((s, r) => s + r.handoffChars, 0) / rs.length) : 0,
    handoffCharsMax: Math.max(0, ...rs.map((r) => r.handoffChars)),
  };
}
function byKey(rs, key) {
  const groups = new Map();
  for (const r of rs) {
    const k = key(r.c);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(r);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, g]) => [k, tally(g)]));
}
function byKind(rs) {
  const kinds = new Map();
  for (const r of rs) for (const x of r.facts) {
    if (!kinds.has(x.f.kind)) kinds.set(x.f.kind, []);
    kinds.get(x.f.kind).push(x);
  }
  return Object.fromEntries(
    [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([k, xs]) => [k, { facts: xs.length, handoff: xs.filter((x) => x.handoff).length / xs.length, ...Object.fromEntries(budgets.map((b) => [`pack@${b}`, xs.filter((x) => x.packs[b]).length / xs.length])) }]),
  );
}
function report(rs) {
  return { all: tally(rs), sets: byKey(rs, (c) => c.set), hosts: byKey(rs, (c) => c.host), langs: byKey(rs, (c) => c.lang), kinds: byKind(rs) };
}
const dev = results.filter((r) => !isTestSet(r.c.set));
const test = results.filter((r) => isTestSet(r.c.set));
const out = { bin: path.relative(root, bin) || bin, budgets, dev: dev.length ? report(dev) : null, test: test.length ? report(test) : null };

if (asJson) {
  process.stdout.write(JSON.stringify(out, null, 2) + '\n');
} else {
  const pct = (v) => (Number.isNaN(v) ? '   -  ' : v.toFixed(3).padStart(6));
  const table = (title, rows) => {
    console.log(`\n${title}`);
    console.log(`  ${''.padEnd(14)}${'cases'.padStart(6)}${'facts'.padStart(6)}  ${cols.map((c) => c.padStart(10)).join('')}`);
    for (const [k, t] of Object.entries(rows)) console.log(`  ${k.padEnd(14)}${String(t.cases ?? '').padStart(6)}${String(t.facts).padStart(6)}  ${cols.map((c) => pct(t[c]).padStart(10)).join('')}`);
  };
  for (const [name, rep] of [['DEV', out.dev], [`TEST (${TEST_SETS.join(', ')}, aggregates only)`, out.test]]) {
    if (!rep) continue;
    console.log(`\n=== ${name} — fact recall (${out.bin}${asAgent ? ', written as an agent' : ''}) ===`);
    table('overall', { all: rep.all });
    table('by set', rep.sets);
    table('by host', rep.hosts);
    table('by language', rep.langs);
    table('by kind', rep.kinds);
    console.log(`\n  handoff size: avg ${rep.all.handoffCharsAvg} chars, max ${rep.all.handoffCharsMax}; sessions with no handoff written: ${rep.all.emptyHandoffs}`);
    if (asAgent) console.log(`  written as an agent: handoffs held by the quarantine scan (out of the pack): ${rep.all.heldHandoffs} of ${rep.all.cases}`);
  }
  if (showErrors) {
    console.log('\n=== dev facts the handoff missed ===');
    for (const r of dev) {
      if (r.endError) console.log(`${r.c.id}: no handoff (${r.endError})`);
      for (const x of r.facts) if (!x.handoff) console.log(`${r.c.id} ${x.f.id} [${x.f.kind}] ${x.f.fact}  ⟵ ${JSON.stringify(x.f.anyOf)}`);
    }
  }
}
