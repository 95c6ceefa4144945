import { str } from '../cli/args.js';
import { endOnStdoutError } from '../cli/stdout-stream.js';
import { AGENT } from '../../core/provenance.js';
import type { Command } from '../cli/commands.js';

/**
 * `optmem mcp`: serve the memory over MCP on stdin/stdout. The SDK is imported only here, lazily,
 * so other commands do not pay for loading it. The command returns at once; the open stdin keeps
 * the process alive until the client closes it.
 */
export const mcpCommand: Command = {
  summary: 'serve the memory to an agent over MCP (stdio) until stdin closes',
  usage: 'optmem mcp [--dir DIR] [--agent NAME] | optmem mcp --server URL',
  options: { agent: { type: 'string' } },
  run(ctx) {
    const log = ctx.io.stderr;
    // Anything a library prints with console.log would corrupt the protocol on stdout.
    console.log = console.error;
    endOnStdoutError();
    const mem = ctx.open({ create: true, provenance: AGENT });
    import('./server.js')
      .then((m) => m.serveStdio(mem, { log, agent: str(ctx.args.values.agent) }))
      .catch((e: Error) => {
        log(`optmem: mcp server failed: ${e?.stack ?? String(e)}\n`);
        mem.close();
        // The command has already returned: this is the only way left to report the failure.
        process.exitCode = 1;
      });
    return 0;
  },
  async remote(ctx, client) {
    console.log = console.error;
    endOnStdoutError();
    const { bridgeStdio } = await import('./bridge.js');
    await bridgeStdio(client, ctx.io.stderr);
    return 0;
  },
};
