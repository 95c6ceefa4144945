/**
 * A local stand-in for the model APIs the agent hosts call, speaking their real wire formats:
 * OpenAI `POST /v1/responses` (server-sent events, as Codex reads them) and Anthropic
 * `POST /v1/messages` (events when `stream` is set, else one JSON message). Every request body is
 * kept, so a test can read what a hook added to the model's context.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelStub {
  url: string;
  /** the request bodies received, parsed when JSON */
  requests: { path: string; body: unknown; raw: string }[];
  close(): Promise<void>;
}

export async function startModelStub(reply: string): Promise<ModelStub> {
  const requests: ModelStub['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON: kept raw
      }
      const url = req.url ?? '';
      requests.push({ path: url, body, raw });
      const sse = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      if (url.includes('/responses')) {
        const msg = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply, annotations: [] }] };
        const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        sse('response.created', { response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } });
        sse('response.output_item.added', { output_index: 0, item: { ...msg, status: 'in_progress', content: [] } });
        sse('response.output_text.delta', { output_index: 0, content_index: 0, item_id: 'msg_1', delta: reply });
        sse('response.output_item.done', { output_index: 0, item: msg });
        sse('response.completed', { response: { id: 'resp_1', object: 'response', status: 'completed', output: [msg], usage } });
        res.end();
        return;
      }
      if (url.includes('/messages')) {
        const b = (body ?? {}) as { model?: string; stream?: boolean };
        const model = b.model ?? 'claude-sonnet-4-5';
        if (url.includes('count_tokens')) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 10 }));
          return;
        }
        if (!b.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: reply }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        sse('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } });
        sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
        sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: reply } });
        sse('content_block_stop', { index: 0 });
        sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } });
        sse('message_stop', {});
        res.end();
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}
