import fs from 'node:fs';
import { packageFile } from '../../package-root.js';
import type { Readable, Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Optmem } from '../../optmem.js';
import { SERVER_INSTRUCTIONS } from './descriptions.js';
import { registerResources } from './resources.js';
import { JsonRpcStdioTransport } from './stdio-transport.js';
import { registerCoreTools } from './tools/core.js';
import { registerRecordTools } from './tools/records.js';
import { registerSessionTools } from './tools/sessions.js';
import type { ToolContext, ToolMemory } from './tools/common.js';

/**
 * The MCP server: a composition root. It receives an open memory (the CLI resolved the home from
 * --dir / $OPTMEM_HOME) and wires the tools and resources over it; nothing below reads config.
 */

function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(packageFile('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export interface McpServerOptions extends ToolContext {}

/** An McpServer over one memory: tools (search, add, get, history, core_*, session_*) and resources. */
export function createMcpServer(mem: ToolMemory, opts: McpServerOptions): McpServer {
  const server = new McpServer({ name: 'optmem', version: packageVersion() }, { instructions: SERVER_INSTRUCTIONS });
  registerRecordTools(server, mem, opts);
  registerCoreTools(server, mem, opts);
  registerSessionTools(server, mem, opts);
  registerResources(server, mem);
  return server;
}

export interface StdioOptions extends McpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serve `mem` over stdin/stdout until stdin ends; then close the server and the memory. Resolves
 * when it is closed. stdout carries only the protocol: diagnostics go to `log` (stderr).
 */
export async function serveStdio(mem: Optmem, opts: StdioOptions): Promise<void> {
  const stdin = opts.stdin ?? process.stdin;
  const server = createMcpServer(mem, opts);
  // Our own line transport: malformed input gets a JSON-RPC error back, not silence.
  const transport = new JsonRpcStdioTransport(stdin, opts.stdout ?? process.stdout);
  transport.onerror = (e) => opts.log(`optmem mcp: ${e.message}\n`);
  const closed = new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      server
        .close()
        .catch((e: Error) => opts.log(`optmem mcp: close failed: ${e.message}\n`))
        .finally(() => {
          mem.close();
          resolve();
        });
    };
    stdin.once('end', finish);
    stdin.once('close', finish);
  });
  await server.connect(transport);
  opts.log(`optmem mcp: serving ${mem.home} on stdio\n`);
  return closed;
}
