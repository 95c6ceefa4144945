/**
 * A floor on handoff fact recall over the dev sets of eval/handoffs (every set but the test split):
 * each session goes through session end (transcript → handoff) and session start (the pack at a
 * small budget), in process, in one home where each session has a project of its own (a pack shows
 * only its project's handoff). `npm run bench:handoffs` reports the same through the
 * CLI, per set, host and kind; this only fails when recall drops below the floor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { factRecalled, isTestSet, loadHandoffCases } from '../bench/handoff-cases.js';
import { createOptmem } from '../src/index.js';
import { ROOT } from './helpers.js';

/**
 * The dev sets measured 0.988 for both when the floor was first set; blind-t (0.838 at its last look as
 * the test split) joined them later, 0.955 together, then 0.994 once its misses were read
 * (eval/handoffs/README.md). blind-v joined at 0.779 (its first contact), 0.936 for all five sets, then
 * 0.974 once its misses were read. blind-u joined after four looks as the test split (0.879), 0.951 for
 * all six sets, then 0.986 once its misses were read; blind-y joined at 0.877 (first contact), 0.965 for all
 * seven, then 0.987.
 */
const FLOOR = { handoff: 0.97, pack: 0.97 };
const PACK_BUDGET = 2000;
/** Agent-written handoffs on the dev sets: 3 of 134 held, pack recall 0.971, with the scorer shipped when the floor was set (48 held, 0.621, before handoffs were judged item by item). */
const AGENT_PACK_FLOOR = 0.95;
const MAX_HELD = 5;

const dev = loadHandoffCases(path.join(ROOT, 'eval', 'handoffs')).filter((c) => !isTestSet(c.set));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-handoff-recall-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('handoff fact recall on the dev sets', () => {
  it(`keeps at least ${FLOOR.handoff} of the labelled facts in the handoff and ${FLOOR.pack} in a ${PACK_BUDGET}-character pack`, () => {
    expect(dev.length).toBeGreaterThanOrEqual(20);
    let facts = 0;
    let inHandoff = 0;
    let inPack = 0;
    const mem = createOptmem({ dir: path.join(tmp, 'home'), create: true, now: () => Date.parse('2026-12-01T09:00:00Z') });
    try {
      dev.forEach((c, i) => {
        const project = `${c.project}-${i}`;
        let handoff = '';
        try {
          handoff = mem.sessionEnd({ project, agent: c.host, transcriptPath: c.transcript, time: '2026-11-30T12:00:00Z' }).handoff.text;
        } catch {
          // nothing to hand off: every fact of the session is missed
        }
        const pack = mem.sessionStart({ project, agent: c.host, budget: PACK_BUDGET }).markdown;
        for (const f of c.facts) {
          facts++;
          if (factRecalled(f, handoff)) inHandoff++;
          if (factRecalled(f, pack)) inPack++;
        }
      });
    } finally {
      mem.close();
    }
    expect(inHandoff / facts).toBeGreaterThanOrEqual(FLOOR.handoff);
    expect(inPack / facts).toBeGreaterThanOrEqual(FLOOR.pack);
  });

  // The hooks write handoffs as an agent, and an agent's writes pass the quarantine scan: a handoff held
  // there is out of the next pack. Its layout (### Next 下一步 …) once held about a third of them.
  it(`written as the hooks write them (an agent), the handoffs reach the pack: at least ${AGENT_PACK_FLOOR} of the facts, at most ${MAX_HELD} held`, () => {
    const mem = createOptmem({ dir: path.join(tmp, 'agent-home'), create: true, provenance: { origin: 'agent', writer: 'hook' }, now: () => Date.parse('2026-12-01T09:00:00Z') });
    let facts = 0;
    let inPack = 0;
    let held = 0;
    try {
      dev.forEach((c, i) => {
        const project = `${c.project}-${i}`;
        const end = mem.sessionEnd({ project, agent: c.host, transcriptPath: c.transcript, time: '2026-11-30T12:00:00Z' });
        if (end.handoff?.quarantine?.length) held++;
        const pack = mem.sessionStart({ project, agent: c.host, budget: PACK_BUDGET }).markdown;
        for (const f of c.facts) {
          facts++;
          if (factRecalled(f, pack)) inPack++;
        }
      });
    } finally {
      mem.close();
    }
    expect(held).toBeLessThanOrEqual(MAX_HELD);
    expect(inPack / facts).toBeGreaterThanOrEqual(AGENT_PACK_FLOOR);
  });
});
