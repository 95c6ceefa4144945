/**
 * MCP over Streamable HTTP at /mcp: the stdio server's tools and resources, registered by the same
 * code, over the requesting token's scoped memory. Stateless: each POST gets its own server and
 * transport, so one token's call never runs with another's rights.
 */
import type { Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { OptmemError } from '../../core/errors.js';
import { createMcpServer } from '../mcp/server.js';
import type { AppEnv, RouteDeps } from './types.js';

/** "tools/call add", "initialize": what the audit line says the request was. */
function rpcName(body: unknown): string | undefined {
  const one = (m: unknown): string | undefined => {
    if (typeof m !== 'object' || m === null) return undefined;
    const o = m as { method?: unknown; params?: { name?: unknown } };
    if (typeof o.method !== 'string') return undefined;
    return o.method === 'tools/call' && typeof o.params?.name === 'string' ? `tools/call ${o.params.name}` : o.method;
  };
  return Array.isArray(body) ? body.map(one).filter(Boolean).join(',') : one(body);
}

export function mcpRoute(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.all('/mcp', async (c) => {
    const principal = c.get('principal')!;
    let parsedBody: unknown;
    if (c.req.method === 'POST') {
      try {
        parsedBody = await c.req.json();
      } catch (e) {
        throw new OptmemError('USAGE', `the body is not valid JSON-RPC (${(e as Error).message})`);
      }
      const rpc = rpcName(parsedBody);
      if (rpc) (c.get('audit') as { rpc?: string }).rpc = rpc;
    }
    const log = (s: string) => deps.log(`[${principal.id}] ${s}`);
    const server = createMcpServer(c.get('mem'), { log });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, parsedBody === undefined ? undefined : { parsedBody });
    } finally {
      await server.close().catch(() => {});
    }
  });
}
