/** `optmem serve`: the memory over HTTP (JSON API, MCP at /mcp, the inspector at /). */
import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { layoutOf } from '../../store/layout.js';
import { intOption, str } from './args.js';
import type { Command } from './types.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
export const isLoopback = (h: string) => LOOPBACK.has(h.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(h);

export const serveCommand: Command = {
  summary: 'serve the memory over HTTP: JSON API, MCP at /mcp, the inspector at /',
  usage: 'optmem serve [--host H] [--port P]',
  options: {
    host: { type: 'string', arg: 'H', description: 'the address to listen on (default 127.0.0.1, or server.host in config.json); anything but loopback must be given here, and prints a warning' },
    port: { type: 'string', arg: 'P', description: 'the port (default 8765, or server.port; 0 picks a free one)' },
  },
  details:
    'Every route but GET /api/health needs Authorization: Bearer TOKEN. The first serve on a home with no owner\n' +
    'token creates one and prints it once. Stops on SIGINT or SIGTERM after open requests finish.\n' +
    'Routes, scopes and limits: docs/SERVER.md.',
  drawsOnStderr: true,
  async run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'serve takes no arguments');
    const v = ctx.args.values;
    const port = intOption(v.port, 'port', 0, 65_535);
    // The home is checked as every command checks it; the server's handle writes as an agent by
    // default, and stamps each record added with the token's own provenance (http/provenance.ts).
    ctx.open().close();
    const { createOptmem } = await import('../../optmem.js');
    const { AGENT } = await import('../../core/provenance.js');
    const m = createOptmem({ dir: ctx.home, provenance: AGENT });
    const cfg = m.config.server;
    const host = str(v.host) ?? cfg.host;
    if (!isLoopback(host)) {
      if (str(v.host) === undefined) {
        m.close();
        throw new OptmemError('USAGE', `server.host in config.json is ${host}, not a loopback address: pass --host ${host} to listen there on purpose`, { field: 'host' });
      }
      ctx.io.stderr(`optmem serve: warning: listening on ${host}, reachable from other machines; every request still needs a token, but traffic is plain HTTP (put TLS in front)\n`);
    }
    const [{ createServerApp }, { listen }, { TokenStore }, { fileAuditLog }, { LoginLinks }] = await Promise.all([
      import('../http/app.js'),
      import('../http/serve.js'),
      import('../http/tokens.js'),
      import('../http/audit.js'),
      import('../http/logins.js'),
    ]);
    const layout = layoutOf(m.home);
    const tokens = new TokenStore(layout.tokensFile);
    const log = (s: string) => ctx.io.stderr(s);
    // The inspector's pages show the whole home, every project: only the owner (an inspector
    // login, or an owner token) sees them, and only the owner approves or rejects.
    const [{ inspectorApp }, { provenanceOf }] = await Promise.all([import('../web/app.js'), import('../http/provenance.js')]);
    const inspector = inspectorApp({
      optmem: m,
      canView: (c) => c.get('principal')?.scope === 'owner',
      decider: (c) => {
        const p = c.get('principal');
        return p?.scope === 'owner' ? provenanceOf(p) : null;
      },
    });
    const app = createServerApp({
      optmem: m,
      tokens,
      logins: new LoginLinks(layout.loginsFile),
      audit: fileAuditLog(layout.auditFile, (e) => log(`optmem serve: cannot write the audit log: ${e.message}\n`)),
      listenHost: host,
      log,
      inspector,
    });
    let running;
    try {
      running = await listen(app, host, port ?? cfg.port);
    } catch (e) {
      m.close();
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new OptmemError('USAGE', `port ${port ?? cfg.port} on ${host} is in use (another optmem serve?); pass --port`, { field: 'port' });
      throw e;
    }
    if (!tokens.hasOwner()) {
      const { token, info } = tokens.create({ scope: 'owner', name: 'owner (first serve)' });
      ctx.io.stdout(`owner token ${info.id} (shown once, keep it): ${token}\n`);
    }
    fs.mkdirSync(layout.serverDir, { recursive: true });
    fs.writeFileSync(layout.serveStateFile, JSON.stringify({ url: running.url, pid: process.pid, started: new Date().toISOString() }) + '\n');
    ctx.io.stdout(`listening on ${running.url} (memory home ${m.home})\n`);
    await new Promise<void>((resolve) => {
      const stop = (sig: string) => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        ctx.io.stderr(`optmem serve: ${sig}: finishing open requests\n`);
        void running.stop().then(resolve);
      };
      const onInt = () => stop('SIGINT');
      const onTerm = () => stop('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
    });
    try {
      const s = JSON.parse(fs.readFileSync(layout.serveStateFile, 'utf8')) as { pid?: number };
      if (s.pid === process.pid) fs.rmSync(layout.serveStateFile, { force: true });
    } catch {
      // already gone
    }
    m.close();
    ctx.io.stderr('optmem serve: stopped\n');
    return 0;
  },
};
