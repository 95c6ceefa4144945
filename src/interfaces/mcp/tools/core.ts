import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CoreChange, CoreEntry, CoreMemory } from '../../../sessions/types.js';
import { DESCRIPTIONS } from '../descriptions.js';
import { guarded, notFound, okMarkdown } from '../result.js';
import { APPENDS, IDEMPOTENT, READ_ONLY, type ToolContext, type ToolMemory } from './common.js';

const entry = (e: CoreEntry) => ({ id: e.id, reason: e.reason, text: e.text, project: e.project, time: e.time });

function coreData(core: CoreMemory): Record<string, unknown> {
  return {
    budget: core.budget,
    used: core.used,
    entries: core.entries.map(entry),
    overflow: core.overflow.map((e) => ({ id: e.id, reason: e.reason })),
  };
}

/** The block as Markdown, then what the change pushed out (still in the log). */
function changeResult(c: CoreChange, extra: Record<string, unknown> = {}) {
  const evicted = c.evicted.length ? `\n\nNo longer in core memory (still in the log): ${c.evicted.map((e) => e.id).join(', ')}` : '';
  return okMarkdown(c.core.markdown + evicted, { ...extra, ...coreData(c.core), evicted: c.evicted.map(entry) });
}

const id = { id: z.string().describe('the record id (from search or add)') };

export function registerCoreTools(server: McpServer, mem: ToolMemory, ctx: ToolContext): void {
  server.registerTool(
    'core_show',
    {
      title: 'Show core memory',
      description: DESCRIPTIONS.core_show,
      inputSchema: { project: z.string().optional().describe('include this project\'s entries') },
      annotations: READ_ONLY,
    },
    guarded(ctx.log, (a) => {
      const core = mem.core.show({ project: a.project ?? null });
      return okMarkdown(core.markdown, coreData(core));
    }),
  );

  server.registerTool(
    'core_add',
    {
      title: 'Add to core memory',
      description: DESCRIPTIONS.core_add,
      inputSchema: {
        text: z.string().describe('the fact, self-contained, e.g. "[code] 主服务器是 hk-01"'),
        pin: z.boolean().optional().describe('keep it in core memory until unpinned (default true)'),
        domain: z.string().optional().describe('domain, when the text has no [domain] prefix'),
        project: z.string().optional().describe('the project it belongs to'),
      },
      annotations: APPENDS,
    },
    guarded(ctx.log, (a) => {
      const c = mem.core.add(a.text, { pin: a.pin, domain: a.domain, project: a.project });
      return changeResult(c, { id: c.id });
    }),
  );

  const byId = (name: 'core_pin' | 'core_unpin' | 'core_remove', title: string, run: (id: string) => CoreChange) =>
    server.registerTool(
      name,
      { title, description: DESCRIPTIONS[name], inputSchema: id, annotations: IDEMPOTENT },
      guarded(ctx.log, (a) => (mem.get(a.id) ? changeResult(run(a.id), { id: a.id }) : notFound(a.id))),
    );
  byId('core_pin', 'Pin into core memory', (i) => mem.core.pin(i));
  byId('core_unpin', 'Unpin from core memory', (i) => mem.core.unpin(i));
  byId('core_remove', 'Remove from core memory', (i) => mem.core.remove(i));
}
