/**
 * `optmem serve`'s socket: the app on a node HTTP server, and a graceful stop. Handlers run to the
 * end once started (every write is synchronous and durable before its answer), so stopping is:
 * accept nothing new, let open requests finish and answer, then close the memory. No acknowledged
 * write is lost.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  /** stop accepting, finish open requests, then resolve (closing the memory is the caller's) */
  stop(graceMs?: number): Promise<void>;
}

export function listen(app: Hono<any>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      settled = true;
      const h = info.family === 'IPv6' || host.includes(':') ? `[${host.replace(/^\[|\]$/g, '')}]` : host;
      const url = `http://${h}:${info.port}`;
      let stopping: Promise<void> | null = null;
      resolve({
        url,
        port: info.port,
        server: server as Server,
        stop(graceMs = 10_000) {
          stopping ??= new Promise<void>((done) => {
            const s = server as Server;
            s.close(() => done());
            // Keep-alive connections with no request in flight are closed now; busy ones finish first.
            s.closeIdleConnections();
            const t = setTimeout(() => s.closeAllConnections(), graceMs);
            t.unref();
          });
          return stopping;
        },
      });
    }) as Server;
    server.once('error', (e) => {
      if (!settled) reject(e);
    });
  });
}
