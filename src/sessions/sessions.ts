import { agentDomain, scrubText } from '../core/record.js';
import path from 'node:path';
import fs from 'node:fs';
import { OptmemError } from '../core/errors.js';
import type { MemoryRecord, RecordInput } from '../core/record.js';
import { formatIso, parseTime } from '../core/time.js';
import type { RecordIndex } from '../index/record-index.js';
import { writeFileAtomic } from '../store/durable-file.js';
import { handoffFilePath, layoutOf } from '../store/layout.js';
import { WriterLock } from '../store/lock.js';
import { buildContextPack, PACK_DEFAULTS } from './context-pack.js';
import { selectCore, type CoreOptions } from './core-memory.js';
import { readPins, writePins, type CorePins } from './core-pins.js';
import { cleanItems, emptyFields, isEmptyHandoff, parseHandoff, renderHandoff } from './handoff.js';
import { projectForDir, sanitize } from './project.js';
import { loadReading } from './reading.deferred.js';
import type { CoreChange, CoreMemory, ContextPack, HandoffFields, SessionEndInput, SessionEndResult, SessionStartInput } from './types.js';

export interface SessionsDeps {
  home: string;
  /** the index, read at call time (it may be rebuilt under us) */
  index: () => RecordIndex;
  /** append a record through the normal write path */
  add: (input: RecordInput) => MemoryRecord;
  /** make sure the index has caught up with the files */
  sync: () => void;
  nowMs: () => number;
  core: CoreOptions;
  /** working-directory prefix → project name */
  projects: Record<string, string>;
  /** agent → domain, for records the pipes write */
  agentDomains: Record<string, string>;
  /**
   * The home's writer lock, taken around every read-modify-write of core.md (so two agents
   * pinning at once both keep their change). Default: a WriterLock on the home's lock file for
   * the length of each change (it shares the log store's connection within a process).
   */
  lock?: () => WriterLock;
}

export interface CoreApi {
  show(opts?: { project?: string | null; budget?: number }): CoreMemory;
  add(text: string, opts?: { pin?: boolean; domain?: string; project?: string }): CoreChange & { id: string };
  pin(id: string): CoreChange;
  unpin(id: string): CoreChange;
  remove(id: string): CoreChange;
}

export interface Sessions {
  core: CoreApi;
  sessionStart(input: SessionStartInput): ContextPack;
  sessionEnd(input: SessionEndInput): SessionEndResult;
  projectFor(cwd: string): string | null;
  /** projects with a handoff, newest first */
  projects(): string[];
  /** a project's current handoff, or null */
  handoff(project: string): (MemoryRecord & { fields: HandoffFields }) | null;
}

function checkProject(p: string | null | undefined, field = 'project'): string {
  const s = p ? sanitize(p) : null;
  if (!s || s !== p) throw new OptmemError('USAGE', `${field}: "${p ?? ''}" must be one word of letters, digits, _ . - (e.g. the repository name)`, { field });
  return s;
}

/**
 * The fields a handoff would carry: the items given by hand, and for each field they leave empty,
 * what the transcript holds. Refuses (USAGE) a handoff with nothing in it, which would otherwise
 * replace the project's real handoff with an empty one. Needs no memory home: an interface may
 * call it before opening one, so that bad usage writes nothing.
 */
export function handoffFields(input: Omit<SessionEndInput, 'project' | 'time'>): HandoffFields {
  const given: HandoffFields = {
    done: cleanItems(input.done),
    stuck: cleanItems(input.stuck),
    next: cleanItems(input.next),
    decisions: cleanItems(input.decisions),
    files: cleanItems(input.files),
  };
  let fields = given;
  if (input.transcriptPath) {
    const { extractHandoff, readTranscript } = loadReading();
    const got = extractHandoff(readTranscript(input.transcriptPath).turns);
    // Fields given by hand win; the transcript fills what they leave empty.
    fields = emptyFields();
    // Items copied from a transcript lose escape codes and control characters (typed ones are checked at the door).
    for (const k of Object.keys(fields) as (keyof HandoffFields)[]) fields[k] = given[k].length ? given[k] : got[k].map(scrubText).map((t) => t.trim()).filter(Boolean);
  }
  if (isEmptyHandoff(fields)) {
    const from = input.transcriptPath ? `the transcript ${path.basename(input.transcriptPath)} holds nothing for a handoff and no item was given` : 'no item was given';
    throw new OptmemError('USAGE', `session end: nothing to hand off (${from}); nothing was written`, {
      hint: 'give at least one done, stuck, next, decision or file item (CLI: --done T, --stuck T, --next T, --decision T, --file F), or a transcript that holds them; the project\'s current handoff stays as it is',
    });
  }
  return fields;
}

export function createSessions(deps: SessionsDeps): Sessions {
  const layout = layoutOf(deps.home);
  const pinsFile = layout.coreFile;
  const withLock = <T>(fn: () => T): T => {
    if (deps.lock) return deps.lock().with(fn);
    const lock = new WriterLock(layout.lockFile);
    try {
      return lock.with(fn);
    } finally {
      lock.close();
    }
  };
  const notes = (pins: CorePins) => new Map([...pins.pinned, ...pins.removed].map((id) => [id, deps.index().get(id)?.text ?? '']));
  const show = (opts: { project?: string | null; budget?: number } = {}): CoreMemory => {
    deps.sync();
    const budget = opts.budget ?? deps.core.budget;
    if (!Number.isInteger(budget) || budget < 200 || budget > 100_000) {
      throw new OptmemError('USAGE', `budget: ${budget} must be a whole number from 200 to 100000`, { field: 'budget' });
    }
    return selectCore(deps.index(), readPins(pinsFile), { ...deps.core, budget }, { project: opts.project ?? null, nowMs: deps.nowMs() });
  };
  // Read, change and write core.md under the writer lock, and atomically: another process
  // pinning at the same moment reads our change before making its own.
  const change = (mutate: (pins: CorePins) => void): CoreChange =>
    withLock(() => {
      const before = show();
      const pins = readPins(pinsFile);
      mutate(pins);
      writePins(pinsFile, pins, notes(pins));
      const core = show();
      const now = new Set(core.entries.map((e) => e.id));
      return { core, evicted: before.entries.filter((e) => !now.has(e.id)) };
    });
  const requireRecord = (id: string) => {
    deps.sync();
    const r = deps.index().get(id);
    if (!r) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id', hint: 'find the id with `optmem search`' });
    return r;
  };

  const core: CoreApi = {
    show,
    add(text, opts = {}) {
      // One lock for the append and the pin: no other writer sees the record unpinned in between.
      return withLock(() => {
        const rec = deps.add({ text, domain: opts.domain, project: opts.project, tags: ['core'] });
        const pin = opts.pin !== false;
        const res = change((p) => {
          if (pin && !p.pinned.includes(rec.id)) p.pinned.push(rec.id);
        });
        return { ...res, id: rec.id };
      });
    },
    pin(id) {
      const r = requireRecord(id);
      if (r.tier === 'redline') return { core: show(), evicted: [] }; // red lines are always in
      return change((p) => {
        if (!p.pinned.includes(id)) p.pinned.push(id);
        p.removed = p.removed.filter((x) => x !== id);
      });
    },
    unpin(id) {
      requireRecord(id);
      return change((p) => {
        p.pinned = p.pinned.filter((x) => x !== id);
      });
    },
    remove(id) {
      const r = requireRecord(id);
      if (r.tier === 'redline') {
        throw new OptmemError('USAGE', `${id} is a red line: red lines always stay in core memory`, {
          hint: 'add a newer 〔红线〕 that replaces it (say which one it replaces) to change a red line',
        });
      }
      return change((p) => {
        p.pinned = p.pinned.filter((x) => x !== id);
        if (!p.removed.includes(id)) p.removed.push(id);
      });
    },
  };

  return {
    core,
    projectFor: (cwd) => projectForDir(cwd, deps.projects),
    projects: () => {
      deps.sync();
      return deps.index().projectsWithHandoffs();
    },
    handoff(project) {
      deps.sync();
      const h = deps.index().latestHandoff(checkProject(project));
      return h ? { ...h, fields: parseHandoff(h.text) } : null;
    },
    sessionStart(input) {
      const project = input.project === null ? null : checkProject(input.project);
      const budget = input.budget ?? PACK_DEFAULTS.budget;
      if (!Number.isInteger(budget) || budget < 500 || budget > 200_000) {
        throw new OptmemError('USAGE', `budget: ${budget} must be a whole number from 500 to 200000`, { field: 'budget' });
      }
      const nowMs = input.now ? (parseTime(input.now)?.ms ?? NaN) : deps.nowMs();
      if (Number.isNaN(nowMs)) throw new OptmemError('USAGE', `now: "${input.now}" is not an ISO 8601 time`, { field: 'now' });
      // Core memory gets at most a third of the pack.
      const coreBudget = Math.max(200, Math.min(deps.core.budget, Math.floor(budget / 3)));
      deps.sync();
      const coreMem = selectCore(deps.index(), readPins(pinsFile), { ...deps.core, budget: coreBudget }, { project, nowMs });
      const topicsIndex = fs.existsSync(layout.memoryIndexFile) ? layout.memoryIndexFile : null;
      return buildContextPack(deps.index(), coreMem, { project, agent: input.agent, budget, nowIso: input.now ?? formatIso(nowMs), topicsIndex });
    },
    sessionEnd(input) {
      const project = checkProject(input.project);
      // Refused before anything is read or written: an empty handoff would replace the real one.
      const fields = handoffFields(input);
      // Under the writer lock: the handoff it supersedes is still the newest when it is written,
      // and HANDOFF.md is never overwritten by an older handoff.
      return withLock(() => {
        deps.sync();
        const prev = deps.index().latestHandoff(project);
        const domain = agentDomain(input.agent, deps.agentDomains) ?? undefined;
        const handoff = deps.add({
          text: renderHandoff(project, input.agent, fields),
          kind: 'handoff',
          project,
          domain,
          time: input.time,
          corrects: prev ? [prev.id] : undefined,
          tier: 'evidence',
          source: { agent: input.agent, session: input.session, ref: input.transcriptPath ? `transcript:${path.basename(input.transcriptPath)}` : undefined },
        });
        const file = handoffFilePath(project);
        writeFileAtomic(path.join(layout.home, file), `<!-- The current handoff of project ${project}, written by optmem from record ${handoff.id}. Edits here are overwritten; the log is the truth. -->\n${handoff.text}\n`);
        return { handoff, supersedes: prev?.id ?? null, file, fields };
      });
    },
  };
}
