import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { recordToJson } from '../../../io/jsonl.js';
import { DESCRIPTIONS } from '../descriptions.js';
import { guarded, ok, okMarkdown } from '../result.js';
import { APPENDS, READ_ONLY, type ToolContext, type ToolMemory } from './common.js';

const items = (what: string) => z.array(z.string()).optional().describe(what);

export function registerSessionTools(server: McpServer, mem: ToolMemory, ctx: ToolContext): void {
  server.registerTool(
    'session_start',
    {
      title: 'Start a session',
      description: DESCRIPTIONS.session_start,
      inputSchema: {
        project: z.string().optional().describe('the project (one word, e.g. the repository name); leave out for none'),
        agent: z.string().optional().describe('the agent starting, e.g. claude-code'),
        budget: z.number().int().optional().describe('characters for the whole pack, 500..200000 (default 6000)'),
        now: z.string().optional().describe('the clock, ISO 8601 (default: the real clock)'),
      },
      annotations: READ_ONLY,
    },
    guarded(ctx.log, (a) => {
      const pack = mem.sessionStart({ project: a.project ?? null, agent: a.agent ?? ctx.agent, budget: a.budget, now: a.now });
      return okMarkdown(pack.markdown, {
        project: pack.project,
        budget: pack.budget,
        used: pack.used,
        redlines: pack.redlines.map((r) => r.id),
        core: pack.core.map((e) => e.id),
        handoff: pack.handoff?.id ?? null,
        openItems: pack.openItems,
        relevant: pack.relevant.map((r) => r.id),
        omitted: pack.omitted,
      });
    }),
  );

  server.registerTool(
    'session_end',
    {
      title: 'End a session (handoff)',
      description: DESCRIPTIONS.session_end,
      inputSchema: {
        project: z.string().describe('the project (one word, e.g. the repository name)'),
        agent: z.string().optional().describe('the agent ending, e.g. claude-code'),
        session: z.string().optional().describe('the session id'),
        done: items('what was finished, with results'),
        stuck: items('what is blocked, and on what'),
        next: items('what the next session should do first'),
        decisions: items('decisions taken (by the user or agreed)'),
        files: items('files that matter for the next session'),
        transcriptPath: z.string().optional().describe('a transcript file to fill the fields it leaves empty'),
      },
      annotations: APPENDS,
    },
    guarded(ctx.log, (a) => {
      const r = mem.sessionEnd({
        project: a.project,
        agent: a.agent ?? ctx.agent,
        session: a.session,
        done: a.done,
        stuck: a.stuck,
        next: a.next,
        decisions: a.decisions,
        files: a.files,
        transcriptPath: a.transcriptPath,
      });
      return ok({ id: r.handoff.id, supersedes: r.supersedes, file: r.file, fields: r.fields, handoff: recordToJson(r.handoff) });
    }),
  );
}
