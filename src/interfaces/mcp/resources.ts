import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isOptmemError } from '../../core/errors.js';
import type { ToolMemory } from './tools/common.js';

export const CORE_URI = 'optmem://core';
export const HANDOFF_TEMPLATE = 'optmem://handoff/{project}';
const MD = 'text/markdown';

const handoffUri = (project: string) => `optmem://handoff/${encodeURIComponent(project)}`;

/** A resource read is a protocol request: faults become protocol errors, with the hint kept. */
function asProtocolError(e: unknown): never {
  if (isOptmemError(e)) {
    throw new McpError(ErrorCode.InvalidParams, `${e.message.replace(/^\[optmem\] /, '')}${e.hint ? ` (hint: ${e.hint})` : ''}`);
  }
  throw e;
}

/** Core memory, and each project's current handoff: what a host may load without a tool call. */
export function registerResources(server: McpServer, mem: ToolMemory): void {
  server.registerResource(
    'core-memory',
    CORE_URI,
    {
      title: 'Core memory',
      description: 'The core memory block every session carries: red lines, corrections, pinned facts, recent records.',
      mimeType: MD,
    },
    (uri) => {
      try {
        return { contents: [{ uri: uri.href, mimeType: MD, text: mem.core.show().markdown }] };
      } catch (e) {
        return asProtocolError(e);
      }
    },
  );

  server.registerResource(
    'handoff',
    new ResourceTemplate(HANDOFF_TEMPLATE, {
      list: () => {
        try {
          return {
            resources: mem.projects().map((p) => ({ uri: handoffUri(p), name: `handoff ${p}`, title: `Handoff: ${p}`, mimeType: MD })),
          };
        } catch (e) {
          return asProtocolError(e);
        }
      },
      complete: { project: (value) => mem.projects().filter((p) => p.startsWith(value)) },
    }),
    {
      title: 'Project handoff',
      description: "A project's current handoff: what the last session finished, where it got stuck, what comes next.",
      mimeType: MD,
    },
    (uri, vars) => {
      const raw = vars.project;
      const project = decodeURIComponent(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
      try {
        const h = mem.handoff(project);
        if (!h) {
          throw new McpError(ErrorCode.InvalidParams, `no handoff for project ${project} (list resources to see the projects that have one)`);
        }
        return { contents: [{ uri: uri.href, mimeType: MD, text: h.text }] };
      } catch (e) {
        return asProtocolError(e);
      }
    },
  );
}
