/**
 * The CLI's and the MCP bridge's way to a server: `--server URL` (or OPTMEM_SERVER) with the token
 * from OPTMEM_TOKEN. Errors come back as the server mapped them and become the same OptmemError
 * codes (so the same exit codes) as a local run.
 */
import { OptmemError, type ErrorCode } from '../../core/errors.js';

export interface ServerClient {
  readonly url: string;
  /** JSON in, JSON out; a non-2xx answer throws, except the statuses in `accept` */
  json<T = Record<string, unknown>>(method: string, path: string, body?: unknown, opts?: { accept?: number[] }): Promise<{ status: number; data: T }>;
  /** a text body in or out (import, export) */
  text(method: string, path: string, body?: string): Promise<string>;
  /** the token, for transports that make their own requests (MCP) */
  readonly token: string;
}

const CODES: Record<string, ErrorCode> = { USAGE: 'USAGE', INVALID_RECORD: 'INVALID_RECORD', INVALID_INPUT: 'INVALID_INPUT', NOT_FOUND: 'NOT_FOUND', FORBIDDEN: 'FORBIDDEN' };

function checkUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OptmemError('USAGE', `--server: "${url}" is not a URL (e.g. http://127.0.0.1:8765)`, { field: 'server' });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OptmemError('USAGE', `--server: "${url}" must be an http:// or https:// URL`, { field: 'server' });
  return u.origin + u.pathname.replace(/\/+$/, '');
}

export function serverClient(url: string, token: string | undefined): ServerClient {
  const base = checkUrl(url);
  if (!token) throw new OptmemError('USAGE', `--server ${base}: set OPTMEM_TOKEN to a token of that server (\`optmem token create\` on the server's machine makes one)`, { field: 'token' });
  const request = async (method: string, path: string, body: string | undefined, type: string): Promise<Response> => {
    try {
      return await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': type } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new OptmemError('IO', `cannot reach the server ${base} (${cause?.code ?? cause?.message ?? (e as Error).message})`, { hint: 'check --server / OPTMEM_SERVER and that `optmem serve` is running there' });
    }
  };
  const fail = async (res: Response): Promise<never> => {
    let err: { code?: string; message?: string; field?: string; hint?: string } = {};
    try {
      err = ((await res.json()) as { error?: typeof err }).error ?? {};
    } catch {
      // not JSON: the status says enough
    }
    const code: ErrorCode = CODES[err.code ?? ''] ?? (res.status === 401 || res.status === 403 ? 'FORBIDDEN' : res.status === 404 ? 'NOT_FOUND' : res.status < 500 ? 'USAGE' : 'IO');
    const what = res.status === 401 ? `the server ${base} refused the token (401): ` : '';
    throw new OptmemError(code, `${what}${err.message ?? `the server answered ${res.status}`}`, { ...(err.field ? { field: err.field } : {}), ...(err.hint ? { hint: err.hint } : {}) });
  };
  return {
    url: base,
    token,
    async json(method, path, body, opts = {}) {
      const res = await request(method, path, body === undefined ? undefined : JSON.stringify(body), 'application/json');
      if (!res.ok && !(opts.accept ?? []).includes(res.status)) await fail(res);
      return { status: res.status, data: (await res.json()) as never };
    },
    async text(method, path, body) {
      const res = await request(method, path, body, 'application/x-ndjson');
      if (!res.ok) await fail(res);
      return res.text();
    },
  };
}
