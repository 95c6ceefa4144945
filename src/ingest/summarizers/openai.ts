import { TRIGGERS, SummarizerError, type DiaryItem, type IngestTurn, type SummarizeContext, type Summarizer, type Trigger } from '../types.js';

/**
 * A summarizer that asks a model behind an OpenAI-compatible chat-completions endpoint (DeepSeek,
 * OpenAI, a local Ollama or vLLM) for diary items, then checks every item it gets back. It never
 * reads the environment or config itself: `createSummarizer` (index.ts) resolves those.
 *
 * Failure policy (the pipeline falls back to the extractive summarizer on any `SummarizerError`):
 * - timeouts, network errors, 5xx, 408 and 429 are retried up to `maxAttempts` in all, with
 *   exponential backoff and jitter; a 429's Retry-After is honoured (up to `maxRetryAfterMs`);
 *   when the attempts run out: `SummarizerError`, retriable.
 * - any other 4xx (bad key, unknown model): `SummarizerError` at once, not retriable.
 * - a 200 whose answer is not the JSON asked for (or whose items are all invalid): `SummarizerError`,
 *   retriable, without another paid attempt. Single invalid items are dropped and reported.
 */
export interface OpenAISummarizerOptions {
  /** e.g. https://api.deepseek.com, https://api.openai.com/v1, http://127.0.0.1:11434/v1 */
  baseUrl: string;
  model: string;
  /** sent as `Authorization: Bearer …`; null for servers without keys (Ollama, vLLM) */
  apiKey: string | null;
  /** per attempt, including reading the answer (default 30 000; 100–600 000) */
  timeoutMs?: number;
  /** attempts in all, the first included (default 3; 1–10) */
  maxAttempts?: number;
  /** first backoff delay; doubles each retry, with jitter (default 1 000; 0–60 000) */
  retryBaseMs?: number;
  /** no backoff delay is longer than this (default 30 000) */
  retryMaxMs?: number;
  /** a 429 asking to wait longer than this fails the batch instead (default 60 000) */
  maxRetryAfterMs?: number;
  /** ask for `response_format: json_object` (default true; dropped by itself when a server refuses it) */
  jsonMode?: boolean;
  /** a turn's text is cut to this many characters in the prompt (default 2 000; tool output to a fifth) */
  maxTurnChars?: number;
  temperature?: number;
  /** the config section named in hints (default "ingest.summarizer") */
  settings?: string;
}

export const OPENAI_SUMMARIZER_DEFAULTS = {
  timeoutMs: 30_000,
  maxAttempts: 3,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
  maxRetryAfterMs: 60_000,
  jsonMode: true,
  maxTurnChars: 2_000,
  temperature: 0,
  settings: 'ingest.summarizer',
} as const;

export interface OpenAISummarizerDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** 0..1, for jitter */
  random?: () => number;
  /** an item dropped, or a retry: told here, never with the key */
  warn?: (message: string) => void;
}

/** An item the model returned that failed validation, and why. */
export interface RejectedItem {
  index: number;
  reason: string;
}

export const SYSTEM_PROMPT = `You read a batch of conversation turns between a user and AI agents and keep only what is worth remembering in a diary. Keep a turn only when it shows one of these six moments:
- "task-result": a task finished with a real result (deployed, fixed a bug, configured a service)
- "lesson": a pitfall was hit or a lesson was learned
- "config-change": a configuration changed (cron, service, firewall, DNS, ports, versions, paths)
- "decision": the user decided something (chose an option, bought or sold, set a rule)
- "inventory-change": a service, project or skill was added or removed
- "agent-exchange": an important exchange with another agent
Small talk, greetings, heartbeats and status checks with nothing new are not kept. Fewer, denser items beat many thin ones; an empty list is a good answer when nothing qualifies.
Set "correction" to true when the user corrects an earlier fact (for example "no, the port is 9090 now").
Write each item's "text" as one or two plain sentences in the language of the conversation, with the concrete names, numbers, paths and versions. Never copy passwords, keys or tokens.
"line" is the number in [line N] of the turn the item comes from.
Answer with JSON only, no prose and no code fence, exactly in this shape:
{"items":[{"text":"...","trigger":"task-result","correction":false,"line":12}]}`;

/** The chat-completions URL for a base URL (a full …/chat/completions URL is kept as it is). */
export function completionsUrl(baseUrl: string): string {
  const b = baseUrl.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(b) ? b : `${b}/chat/completions`;
}

/** The user message: one block per turn, tagged with its line so items can point back to it. */
export function formatBatch(turns: IngestTurn[], ctx: SummarizeContext, maxTurnChars: number = OPENAI_SUMMARIZER_DEFAULTS.maxTurnChars): string {
  const head = [`source: ${ctx.source}`, ctx.agent ? `agent: ${ctx.agent}` : '', ctx.session ? `session: ${ctx.session}` : ''].filter(Boolean).join('\n');
  const blocks = turns.map((t) => {
    const cap = t.role === 'tool' ? Math.max(100, Math.floor(maxTurnChars / 5)) : maxTurnChars;
    const text = t.text.length > cap ? `${t.text.slice(0, cap)} …(cut)` : t.text;
    return `[line ${t.line}] ${t.role}${t.time ? ` (${t.time})` : ''}:\n${text}`;
  });
  return `${head}\n\n${blocks.join('\n\n')}`;
}

/** Take the JSON out of an answer: as it is, inside a ``` fence, or between the first { and the last }. */
export function extractJson(content: string): unknown {
  const attempts: string[] = [content.trim()];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(content);
  if (fence) attempts.push(fence[1]!.trim());
  const a = content.indexOf('{');
  const b = content.lastIndexOf('}');
  if (a !== -1 && b > a) attempts.push(content.slice(a, b + 1));
  for (const s of attempts) {
    try {
      return JSON.parse(s);
    } catch {
      // try the next reading
    }
  }
  throw new Error('not JSON');
}

/**
 * Check an answer's items against the batch. Returns the valid items and the rejected ones; throws
 * (plain Error) when the answer as a whole is not `{"items": [...]}`.
 */
export function validateAnswer(data: unknown, turns: IngestTurn[]): { items: DiaryItem[]; rejected: RejectedItem[] } {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !Array.isArray((data as { items?: unknown }).items)) {
    throw new Error('expected an object {"items": [...]}');
  }
  const byLine = new Map(turns.map((t) => [t.line, t]));
  const items: DiaryItem[] = [];
  const rejected: RejectedItem[] = [];
  const seen = new Set<string>();
  (data as { items: unknown[] }).items.forEach((raw, index) => {
    const reject = (reason: string) => rejected.push({ index, reason });
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return reject('not an object');
    const o = raw as Record<string, unknown>;
    if (typeof o.text !== 'string' || !o.text.trim()) return reject('"text" missing or empty');
    if (typeof o.trigger !== 'string') return reject('"trigger" missing');
    if (!(TRIGGERS as readonly string[]).includes(o.trigger)) return reject(`unknown trigger "${o.trigger.slice(0, 40)}"`);
    if (o.correction !== undefined && typeof o.correction !== 'boolean') return reject('"correction" must be true or false');
    if (typeof o.line !== 'number' || !Number.isInteger(o.line)) return reject('"line" missing or not a whole number');
    const turn = byLine.get(o.line);
    if (!turn) return reject(`line ${o.line} is not in the batch`);
    const text = o.text.trim().replace(/\s+/g, ' ');
    const key = `${o.line}\u0000${text}`;
    if (seen.has(key)) return reject('duplicate');
    seen.add(key);
    items.push({ text, trigger: o.trigger as Trigger, correction: o.correction === true, line: o.line, time: turn.time });
  });
  return { items, rejected };
}

/** Seconds or an HTTP date → milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, nowMs: number = Date.now()): number | null {
  if (!header) return null;
  const s = header.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : Math.max(0, t - nowMs);
}

/** Replace the key, and anything shaped like a key, in text that may reach a log or an error. */
export function scrub(text: string, apiKey: string | null): string {
  let s = text;
  if (apiKey) s = s.split(apiKey).join('***');
  return s.replace(/\b(sk-|Bearer\s+)[A-Za-z0-9*._-]{6,}/g, '$1***');
}

/** The server refused `response_format`: ask again without it (not counted as an attempt). */
class DropJsonMode extends Error {}

class Retry extends Error {
  constructor(
    message: string,
    readonly waitMs: number | null,
  ) {
    super(message);
  }
}

/** One chat-completions call with the retries above: what the summarizers of ingest and consolidation share. */
export interface ChatCompletion {
  /** the endpoint, for messages (no query string, no key) */
  where: string;
  model: string;
  /** send the messages; the answer's content, or SummarizerError when the attempts ran out or the request was refused */
  complete(messages: { role: string; content: string }[]): Promise<{ content: string; finish: unknown }>;
  /** hide the key in text that may reach a log */
  clean(text: string): string;
}

export function createChatCompletion(opts: OpenAISummarizerOptions, deps: OpenAISummarizerDeps = {}): ChatCompletion {
  const o = { ...OPENAI_SUMMARIZER_DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as Required<OpenAISummarizerOptions>;
  const doFetch = deps.fetch ?? globalThis.fetch;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const warn = deps.warn ?? (() => {});
  const url = completionsUrl(o.baseUrl);
  const clean = (s: string) => scrub(s, o.apiKey);
  // what messages name: the URL without its query (a proxy may carry a key there)
  const where = clean(url.replace(/[?#].*$/, ''));
  let jsonMode = o.jsonMode;

  const backoff = (attempt: number) => Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);

  /** One request. Resolves with the answer's content, or throws Retry / SummarizerError. */
  async function attempt(body: string): Promise<{ content: string; finish: unknown }> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), o.timeoutMs);
    let res: Response;
    let text: string;
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
      res = await doFetch(url, { method: 'POST', headers, body, signal: ac.signal });
      text = await res.text();
    } catch (e) {
      if (ac.signal.aborted) throw new Retry(`no answer within ${o.timeoutMs} ms`, null);
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new Retry(`network error: ${clean(cause?.code ?? cause?.message ?? (e as Error).message)}`, null);
    } finally {
      clearTimeout(timer);
    }
    if (res.status === 429) {
      const wait = parseRetryAfter(res.headers.get('retry-after'));
      if (wait !== null && wait > o.maxRetryAfterMs) {
        throw new SummarizerError(`${where}: rate limited, the server asks to wait ${Math.round(wait / 1000)} s (more than maxRetryAfterMs)`, true);
      }
      throw new Retry('rate limited (429)', wait);
    }
    if (!res.ok) {
      const msg = `HTTP ${res.status}${serverMessage(text) ? `: ${clean(serverMessage(text)!)}` : ''}`;
      if (res.status >= 500 || res.status === 408) throw new Retry(msg, null);
      if (res.status === 400 && jsonMode && /response_format|json_object/i.test(text)) {
        // This server does not do JSON mode: ask again without it; the prompt still asks for JSON.
        jsonMode = false;
        warn(`${where}: the server refused response_format; asking without it`);
        throw new DropJsonMode(msg);
      }
      const hint = res.status === 401 || res.status === 403 ? ` (check the API key in the environment variable named by ${o.settings}.apiKeyEnv)` : res.status === 404 ? ` (check ${o.settings}.baseUrl and model)` : '';
      throw new SummarizerError(`${where}: ${msg}${hint}`, false);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new SummarizerError(`${where}: the answer is not JSON (${clean(text.slice(0, 80))}…)`, true);
    }
    const choice = (data as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] })?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') throw new SummarizerError(`${where}: the answer has no choices[0].message.content`, true);
    return { content, finish: choice?.finish_reason };
  }

  return {
    where,
    model: o.model,
    clean,
    async complete(messages) {
      let last = '';
      for (let n = 1; n <= o.maxAttempts; n++) {
        const body = JSON.stringify({ model: o.model, messages, temperature: o.temperature, stream: false, ...(jsonMode ? { response_format: { type: 'json_object' } } : {}) });
        let answer: { content: string; finish: unknown };
        try {
          answer = await attempt(body);
        } catch (e) {
          if (e instanceof DropJsonMode) {
            n--;
            continue;
          }
          if (!(e instanceof Retry)) throw e;
          last = e.message;
          if (n === o.maxAttempts) break;
          const wait = e.waitMs ?? backoff(n);
          warn(`${where}: ${e.message}; attempt ${n + 1} of ${o.maxAttempts} in ${Math.round(wait)} ms`);
          if (wait > 0) await sleep(wait);
          continue;
        }
        return answer;
      }
      throw new SummarizerError(`${where}: gave up after ${o.maxAttempts} attempt${o.maxAttempts === 1 ? '' : 's'}: ${last}`, true);
    },
  };
}

export function createOpenAISummarizer(opts: OpenAISummarizerOptions, deps: OpenAISummarizerDeps = {}): Summarizer {
  const chat = createChatCompletion(opts, deps);
  const { where, clean } = chat;
  const warn = deps.warn ?? (() => {});
  const maxTurnChars = opts.maxTurnChars ?? OPENAI_SUMMARIZER_DEFAULTS.maxTurnChars;
  return {
    id: `openai:${chat.model}`,
    async summarize(turns: IngestTurn[], ctx: SummarizeContext): Promise<DiaryItem[]> {
      if (turns.length === 0) return [];
      const messages = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: formatBatch(turns, ctx, maxTurnChars) },
      ];
      return check(await chat.complete(messages), turns);
    },
  };

  function check(answer: { content: string; finish: unknown }, turns: IngestTurn[]): DiaryItem[] {
    const cut = answer.finish === 'length' ? ' (the answer was cut off: finish_reason "length")' : '';
    let data: unknown;
    try {
      data = extractJson(answer.content);
    } catch {
      throw new SummarizerError(`${where}: the model's answer is not JSON${cut}: ${clean(answer.content.slice(0, 80))}`, true);
    }
    let r: ReturnType<typeof validateAnswer>;
    try {
      r = validateAnswer(data, turns);
    } catch (e) {
      throw new SummarizerError(`${where}: the model's answer has the wrong shape: ${(e as Error).message}${cut}`, true);
    }
    for (const x of r.rejected) warn(`${where}: item ${x.index} dropped: ${x.reason}`);
    if (r.items.length === 0 && r.rejected.length > 0) {
      throw new SummarizerError(`${where}: every item in the model's answer was invalid (first: ${r.rejected[0]!.reason})`, true);
    }
    return r.items;
  }
}

/** The `error.message` (OpenAI, DeepSeek, vLLM) or `error` string (Ollama) of an error body, if any. */
function serverMessage(text: string): string | null {
  try {
    const e = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof e === 'string') return e.slice(0, 200);
    if (e && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message.slice(0, 200);
  } catch {
    // not JSON: fall through
  }
  return text.trim() ? text.trim().slice(0, 200) : null;
}
