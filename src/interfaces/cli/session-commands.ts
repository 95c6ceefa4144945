import { OptmemError } from '../../core/errors.js';
import type { CoreChange, CoreMemory } from '../../sessions/types.js';
import { intOption, str, strList } from './args.js';
import type { Command, CommandContext } from './commands.js';

/** `optmem core …` and `optmem session …`: the pipes that carry memory across sessions. */

function sub(ctx: CommandContext, allowed: string[], usage: string): [string, string[]] {
  const [verb, ...rest] = ctx.args.positionals;
  if (!verb || !allowed.includes(verb)) {
    throw new OptmemError('USAGE', `${ctx.args.verb}: expected one of ${allowed.join(', ')} (usage: ${usage})`);
  }
  return [verb, rest];
}

function coreText(c: CoreMemory): string {
  const tag = { redline: 'red line', correction: 'correction', pinned: 'pinned', recent: 'recent' } as const;
  let out = `core memory: ${c.used}/${c.budget} characters, ${c.entries.length} entries${c.overflow.length ? `, ${c.overflow.length} more waiting in the log` : ''}\n`;
  for (const e of c.entries) out += `  [${tag[e.reason]}] ${e.id}  ${e.text}\n`;
  return out;
}

function changeText(ch: CoreChange): string {
  return coreText(ch.core) + ch.evicted.map((e) => `moved out (still in the log, searchable): ${e.id}  ${e.text}\n`).join('');
}

const CORE_USAGE = 'optmem core show|add|pin|unpin|remove [TEXT|ID] [--project P] [--budget N] [--domain D] [--no-pin]';
const SESSION_USAGE =
  'optmem session start [--project P] [--agent A] [--budget N] [--now ISO] [--cwd DIR] | optmem session end [--project P] [--agent A] [--session S] [--done T]... [--stuck T]... [--next T]... [--decision T]... [--file F]... [--transcript PATH] [--input -]';

export const SESSION_COMMANDS: Record<string, Command> = {
  core: {
    summary: 'the core memory block: show, add, pin, unpin, remove',
    usage: CORE_USAGE,
    options: {
      project: { type: 'string' },
      budget: { type: 'string' },
      domain: { type: 'string' },
      'no-pin': { type: 'boolean' },
    },
    run(ctx) {
      const [verb, rest] = sub(ctx, ['show', 'add', 'pin', 'unpin', 'remove'], CORE_USAGE);
      const v = ctx.args.values;
      const m = ctx.open({ create: verb === 'add' });
      try {
        if (verb === 'show') {
          if (rest.length) throw new OptmemError('USAGE', 'core show takes no arguments');
          const c = m.core.show({ project: str(v.project) ?? null, budget: intOption(v.budget, 'budget', 200, 100_000) });
          ctx.io.stdout(ctx.json ? JSON.stringify(c) + '\n' : coreText(c));
          return 0;
        }
        if (verb === 'add') {
          const text = rest.length === 1 && rest[0] === '-' ? ctx.io.readStdin() : rest.join(' ');
          if (!text.trim()) throw new OptmemError('USAGE', `core add: the text is missing (usage: ${CORE_USAGE})`);
          const r = m.core.add(text, { pin: v['no-pin'] !== true, domain: str(v.domain), project: str(v.project) });
          ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.id}\n`);
          if (!ctx.json) ctx.io.stderr(changeText(r));
          return 0;
        }
        if (rest.length !== 1) throw new OptmemError('USAGE', `core ${verb}: expected one record id`);
        const ch = verb === 'pin' ? m.core.pin(rest[0]!) : verb === 'unpin' ? m.core.unpin(rest[0]!) : m.core.remove(rest[0]!);
        ctx.io.stdout(ctx.json ? JSON.stringify(ch) + '\n' : changeText(ch));
        return 0;
      } finally {
        m.close();
      }
    },
  },
  session: {
    summary: 'start a session (print the context pack) or end one (write a handoff)',
    usage: SESSION_USAGE,
    options: {
      project: { type: 'string' },
      agent: { type: 'string' },
      session: { type: 'string' },
      budget: { type: 'string' },
      now: { type: 'string' },
      cwd: { type: 'string' },
      done: { type: 'string', multiple: true },
      stuck: { type: 'string', multiple: true },
      next: { type: 'string', multiple: true },
      decision: { type: 'string', multiple: true },
      file: { type: 'string', multiple: true },
      transcript: { type: 'string' },
      input: { type: 'string' },
      time: { type: 'string' },
    },
    run(ctx) {
      const [verb, rest] = sub(ctx, ['start', 'end'], SESSION_USAGE);
      if (rest.length) throw new OptmemError('USAGE', `session ${verb}: unexpected argument "${rest[0]}"`);
      const v = ctx.args.values;
      const m = ctx.open({ create: verb === 'end' });
      try {
        const project = str(v.project) ?? m.projectFor(str(v.cwd) ?? ctx.io.cwd);
        if (verb === 'start') {
          const pack = m.sessionStart({ project, agent: str(v.agent), budget: intOption(v.budget, 'budget', 500, 200_000), now: str(v.now) });
          ctx.io.stdout(ctx.json ? JSON.stringify(pack) + '\n' : pack.markdown);
          return 0;
        }
        if (!project) {
          throw new OptmemError('USAGE', 'session end: no project (pass --project P, or run it inside the project\'s git repository)', { field: 'project' });
        }
        let fromJson: Record<string, unknown> = {};
        if (v.input !== undefined) {
          if (v.input !== '-') throw new OptmemError('USAGE', 'session end: --input takes "-" (JSON on standard input)');
          try {
            fromJson = JSON.parse(ctx.io.readStdin()) as Record<string, unknown>;
          } catch (e) {
            throw new OptmemError('USAGE', `session end: standard input is not valid JSON (${(e as Error).message})`);
          }
          if (typeof fromJson !== 'object' || fromJson === null || Array.isArray(fromJson)) throw new OptmemError('USAGE', 'session end: the JSON on standard input must be an object');
          const allowed = ['done', 'stuck', 'next', 'decisions', 'files', 'agent', 'session', 'transcript'];
          for (const k of Object.keys(fromJson)) if (!allowed.includes(k)) throw new OptmemError('USAGE', `session end: unknown JSON field "${k}" (known: ${allowed.join(', ')})`, { field: k });
        }
        const listOf = (flag: unknown, key: string): string[] | undefined => {
          const j = fromJson[key];
          if (j !== undefined && !(Array.isArray(j) && j.every((x) => typeof x === 'string'))) {
            throw new OptmemError('USAGE', `session end: JSON field "${key}" must be a list of strings`, { field: key });
          }
          return strList(flag) ?? (j as string[] | undefined);
        };
        const r = m.sessionEnd({
          project,
          agent: str(v.agent) ?? (typeof fromJson.agent === 'string' ? fromJson.agent : undefined),
          session: str(v.session) ?? (typeof fromJson.session === 'string' ? fromJson.session : undefined),
          done: listOf(v.done, 'done'),
          stuck: listOf(v.stuck, 'stuck'),
          next: listOf(v.next, 'next'),
          decisions: listOf(v.decision, 'decisions'),
          files: listOf(v.file, 'files'),
          transcriptPath: str(v.transcript) ?? (typeof fromJson.transcript === 'string' ? fromJson.transcript : undefined),
          time: str(v.time),
        });
        ctx.io.stdout(ctx.json ? JSON.stringify(r) + '\n' : `${r.handoff.id}\n`);
        if (!ctx.json) ctx.io.stderr(`handoff for ${project} written (${r.file})${r.supersedes ? `, superseding ${r.supersedes}` : ''}\n`);
        return 0;
      } finally {
        m.close();
      }
    },
  },
};
