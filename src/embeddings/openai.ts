import { EmbeddingError, type Embedder } from './types.js';
import { PostFailure, postSync } from './sync-post.js';

/**
 * A client for any OpenAI-compatible `/v1/embeddings` endpoint (Ollama, LM Studio, vLLM, hosted
 * BGE-M3 or OpenAI itself): POST {model, input: [...]} → {data: [{embedding, index}], model, usage}.
 * Every answer is checked: one vector per input, each index once, numbers only, every vector of the
 * same length (and of `dimensions`, when given). One attempt per call, no retries: search must not
 * wait long, and `optmem embed` is resumable.
 */
export interface OpenAIEmbedderOptions {
  /** e.g. http://127.0.0.1:11434/v1 (Ollama), https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  /** sent as `Authorization: Bearer …`; null for servers without keys */
  apiKey: string | null;
  /** the vector length expected; a different one is a failure (default: whatever the first answer has) */
  dimensions?: number;
  /** per request (default 10 000) */
  timeoutMs?: number;
  /** the transport (tests); a blocking POST by default */
  post?: typeof postSync;
}

export function embeddingsUrl(baseUrl: string): string {
  const b = baseUrl.replace(/\/+$/, '');
  return /\/embeddings$/.test(b) ? b : `${b}/embeddings`;
}

function scrub(text: string, apiKey: string | null): string {
  let s = text;
  if (apiKey) s = s.split(apiKey).join('***');
  return s.replace(/\b(sk-|Bearer\s+)[A-Za-z0-9*._-]{6,}/g, '$1***');
}

function serverMessage(text: string): string | null {
  try {
    const m = (JSON.parse(text) as { error?: { message?: unknown } | string })?.error;
    if (typeof m === 'string') return m;
    if (m && typeof m.message === 'string') return m.message;
  } catch {
    // not JSON
  }
  return text.trim() ? text.trim().slice(0, 120) : null;
}

/** Check an answer's body and return its vectors in input order. Throws EmbeddingError naming what is wrong. */
export function parseEmbeddings(text: string, count: number, dimensions: number | undefined): Float32Array[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new EmbeddingError(`the answer is not JSON (${text.slice(0, 60)}…)`);
  }
  const list = (data as { data?: unknown })?.data;
  if (!Array.isArray(list)) throw new EmbeddingError('the answer has no "data" list');
  if (list.length !== count) throw new EmbeddingError(`the answer has ${list.length} vectors for ${count} inputs`);
  const out: (Float32Array | undefined)[] = new Array(count);
  let dims = dimensions;
  list.forEach((item, i) => {
    const idx = (item as { index?: unknown })?.index ?? i;
    const emb = (item as { embedding?: unknown })?.embedding;
    if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0 || idx >= count || out[idx]) {
      throw new EmbeddingError(`data[${i}].index ${JSON.stringify(idx)} is not a new index from 0 to ${count - 1}`);
    }
    if (!Array.isArray(emb) || emb.length === 0 || !emb.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new EmbeddingError(`data[${i}].embedding is not a list of numbers (base64 answers are not supported)`);
    }
    dims ??= emb.length;
    if (emb.length !== dims) {
      throw new EmbeddingError(`data[${i}].embedding has ${emb.length} dimensions, expected ${dims}${dimensions ? ' (embeddings.dimensions)' : ''}`);
    }
    out[idx] = Float32Array.from(emb as number[]);
  });
  return out as Float32Array[];
}

export function createOpenAIEmbedder(opts: OpenAIEmbedderOptions): Embedder {
  const url = embeddingsUrl(opts.baseUrl);
  const where = scrub(url.replace(/[?#].*$/, ''), opts.apiKey);
  const post = opts.post ?? postSync;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    model: opts.model,
    embed(texts) {
      if (texts.length === 0) return [];
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
      let answer;
      try {
        answer = post(url, headers, JSON.stringify({ model: opts.model, input: texts }), timeoutMs);
      } catch (e) {
        if (e instanceof PostFailure) throw new EmbeddingError(`${where}: ${scrub(e.message, opts.apiKey)}`);
        throw e;
      }
      if (answer.status < 200 || answer.status > 299) {
        const m = serverMessage(answer.body);
        const hint = answer.status === 401 || answer.status === 403 ? ' (check the key in the environment variable named by embeddings.apiKeyEnv)' : answer.status === 404 ? ' (check embeddings.baseUrl and embeddings.model)' : '';
        throw new EmbeddingError(`${where}: HTTP ${answer.status}${m ? `: ${scrub(m, opts.apiKey)}` : ''}${hint}`);
      }
      try {
        return parseEmbeddings(answer.body, texts.length, opts.dimensions);
      } catch (e) {
        if (e instanceof EmbeddingError) throw new EmbeddingError(`${where}: ${scrub(e.message, opts.apiKey)}`);
        throw e;
      }
    },
  };
}
