import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';

/**
 * A blocking HTTP POST. Search, import and the evaluation are synchronous all the way down (one
 * SQLite connection, no event loop between stages), so the one network call of the vector path is
 * made synchronous here rather than making every caller async: a worker thread runs `fetch`, and
 * this thread waits on a shared flag (Atomics.wait) until the answer or the deadline. The worker
 * starts on the first call (only when embeddings are enabled) and never keeps the process alive.
 *
 * The calling thread cannot serve anything while it waits: a server answering on the same thread
 * would never be heard (tests run their stand-in server in another process).
 */
export interface PostAnswer {
  status: number;
  body: string;
}

export class PostFailure extends Error {
  constructor(
    message: string,
    /** a timeout, not a refusal */
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

// The worker's code, inline: it has to run from the built files and from TypeScript sources alike.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
parentPort.on('message', (m) => {
  let done = false;
  const finish = (out) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    m.port.postMessage(out);
    m.port.close();
    Atomics.store(m.flag, 0, 1);
    Atomics.notify(m.flag, 0);
  };
  let req;
  const timer = setTimeout(() => {
    finish({ error: 'timeout' });
    if (req) req.destroy();
  }, m.timeoutMs);
  try {
    const u = new URL(m.url);
    req = (u.protocol === 'https:' ? https : http).request(u, { method: 'POST', headers: { ...m.headers, 'content-length': Buffer.byteLength(m.body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e) => finish({ error: e.code || e.message }));
    });
    req.on('error', (e) => finish({ error: e.code || e.message }));
    req.end(m.body);
  } catch (e) {
    finish({ error: e.code || e.message });
  }
});
`;

let worker: Worker | null = null;
/** node:worker_threads, loaded on the first POST: only the vector path ever makes one. */
const threads = (): typeof import('node:worker_threads') => createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');

function theWorker(): Worker {
  if (!worker) {
    worker = new (threads().Worker)(WORKER, { eval: true });
    worker.unref();
    worker.on('error', () => {
      worker = null;
    });
  }
  return worker;
}

/** POST `body` to `url` and wait for the answer, at most `timeoutMs` (plus a little for the worker). */
export function postSync(url: string, headers: Record<string, string>, body: string, timeoutMs: number): PostAnswer {
  const { MessageChannel, receiveMessageOnPort } = threads();
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  try {
    theWorker().postMessage({ url, headers, body, timeoutMs, flag, port: port2 }, [port2]);
    // The worker's own timer aborts the request; the extra second covers its start-up.
    const waited = Atomics.wait(flag, 0, 0, timeoutMs + 1000);
    const got = receiveMessageOnPort(port1)?.message as (PostAnswer & { error?: string }) | undefined;
    if (!got) throw new PostFailure(waited === 'timed-out' ? `no answer within ${timeoutMs} ms` : 'no answer', waited === 'timed-out');
    if (got.error !== undefined) throw new PostFailure(got.error === 'timeout' ? `no answer within ${timeoutMs} ms` : `network error: ${got.error}`, got.error === 'timeout');
    return got;
  } finally {
    port1.close();
  }
}
