import type { Readable, Writable } from 'node:stream';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The stdio transport of `optmem mcp`: newline-delimited JSON-RPC 2.0 on stdin/stdout, like the
 * SDK's StdioServerTransport, except that bad input gets the answer JSON-RPC 2.0 prescribes
 * instead of silence (the SDK's transport only reports it to `onerror`):
 *
 * - a line that is not JSON → `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,…}}` (parse error);
 * - valid JSON that is not a JSON-RPC message (a number, an array, an object without `jsonrpc`
 *   or `method`…) → error -32600 (invalid request), with the message's id when it has a usable
 *   one, else null;
 * - a line longer than `maxLineBytes` → error -32600, and the line is skipped.
 *
 * Either way the server keeps serving the next line. Blank lines are ignored. Everything else
 * (unknown methods, bad params) is the protocol layer's to answer.
 */
export interface LineTransportOptions {
  /** longest line accepted, in bytes (default 10 MiB, as the SDK's transport) */
  maxLineBytes?: number;
}

export class JsonRpcStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private buffer: Buffer = Buffer.alloc(0);
  /** inside a line too long to keep: drop bytes until its newline */
  private skipping = false;
  private started = false;
  private readonly maxLineBytes: number;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    opts: LineTransportOptions = {},
  ) {
    this.maxLineBytes = opts.maxLineBytes ?? 10 * 1024 * 1024;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('JsonRpcStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer = Buffer.alloc(0);
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (e: Error) => this.onerror?.(e);

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (data.length) {
      const nl = data.indexOf(0x0a);
      if (this.skipping) {
        if (nl === -1) return;
        this.skipping = false;
        data = data.subarray(nl + 1);
        continue;
      }
      if (nl === -1) {
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
        if (this.buffer.length > this.maxLineBytes) {
          this.buffer = Buffer.alloc(0);
          this.skipping = true;
          this.reject(ErrorCode.InvalidRequest, `Invalid Request: a message longer than ${this.maxLineBytes} bytes was skipped`, null);
        }
        return;
      }
      const line = Buffer.concat([this.buffer, data.subarray(0, nl)]);
      this.buffer = Buffer.alloc(0);
      data = data.subarray(nl + 1);
      if (line.length > this.maxLineBytes) {
        this.reject(ErrorCode.InvalidRequest, `Invalid Request: a message longer than ${this.maxLineBytes} bytes was skipped`, null);
        continue;
      }
      this.handleLine(line.toString('utf8').replace(/\r$/, ''));
    }
  };

  private handleLine(line: string): void {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      this.reject(ErrorCode.ParseError, `Parse error: the line is not valid JSON (${(e as Error).message})`, null);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const what = Array.isArray(value) ? 'batches are not supported; send one JSON-RPC 2.0 message a line' : 'not a JSON-RPC 2.0 request, notification or response';
      this.reject(ErrorCode.InvalidRequest, `Invalid Request: ${what}`, idOf(value));
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (e) {
      this.onerror?.(e as Error);
    }
  }

  /** Answer bad input with a JSON-RPC error, and tell the log (stdout carries only the protocol). */
  private reject(code: ErrorCode, message: string, id: string | number | null): void {
    this.onerror?.(new Error(message));
    // id null is what JSON-RPC 2.0 prescribes when the request's id cannot be known; the SDK's
    // message type has no room for it, hence the cast.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** The id of a message that failed validation, when it has one a reply can carry. */
function idOf(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
