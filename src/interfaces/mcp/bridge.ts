/**
 * `optmem mcp --server URL`: the stdio MCP server of an agent on another machine, answered by the
 * server's /mcp. Each JSON-RPC message from stdin goes to the server over Streamable HTTP with the
 * token; each answer comes back on stdout. The tools are the server's, scoped to the token.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerClient } from '../http/client.js';
import { JsonRpcStdioTransport } from './stdio-transport.js';

export async function bridgeStdio(client: ServerClient, log: (s: string) => void): Promise<void> {
  const local = new JsonRpcStdioTransport(process.stdin, process.stdout);
  const remote = new StreamableHTTPClientTransport(new URL(`${client.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${client.token}` } } });
  local.onmessage = (m: JSONRPCMessage) => {
    remote.send(m).catch((e: Error) => {
      log(`optmem mcp: ${client.url}: ${e.message}\n`);
      const id = (m as { id?: string | number }).id;
      if (id !== undefined) void local.send({ jsonrpc: '2.0', id, error: { code: -32603, message: `the optmem server ${client.url} failed: ${e.message}` } });
    });
  };
  remote.onmessage = (m: JSONRPCMessage) => void local.send(m);
  remote.onerror = (e) => log(`optmem mcp: ${client.url}: ${e.message}\n`);
  local.onerror = (e) => log(`optmem mcp: ${e.message}\n`);
  const closed = new Promise<void>((resolve) => {
    local.onclose = () => {
      void remote.close().finally(resolve);
    };
    process.stdin.once('end', () => void local.close());
  });
  await remote.start();
  await local.start();
  log(`optmem mcp: serving ${client.url} on stdio\n`);
  return closed;
}
