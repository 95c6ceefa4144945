/**
 * Authentication: `Authorization: Bearer <token>` (every route but health), or the inspector's
 * session cookie. 401 without a valid credential; what a valid one may do is decided later, per
 * call, by the scoped memory (403).
 */
import { getCookie } from 'hono/cookie';
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './http-errors.js';
import type { Sessions } from './logins.js';
import { principalOf, type Principal } from './principal.js';
import { scopedMemory } from './scoped-memory.js';
import type { TokenStore } from './tokens.js';
import type { AppEnv, RouteDeps } from './types.js';
import type { RateLimiter } from './rate-limit.js';

export const SESSION_COOKIE = 'optmem_session';

export interface AuthDeps extends RouteDeps {
  tokens: TokenStore;
  sessions: Sessions;
  rate: RateLimiter;
}

/** The inspector's session as a principal: the owner, on this server's pages. */
function sessionPrincipal(name: string): Principal {
  return { id: name, name: 'inspector', scope: 'owner', projects: [], domains: [], via: 'cookie' };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Find the principal; refuse (401) when there is none. `allowCookie` lets the inspector's session
 * in; a cookie-authenticated change must also carry an Origin header (the same origin: checked by
 * the host/origin guard before this).
 */
export function authenticate(deps: AuthDeps, opts: { allowCookie: boolean; unauthorized?: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => Response | Promise<Response> }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let principal: Principal | null = null;
    const header = c.req.header('authorization');
    if (header !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const t = m ? deps.tokens.verify(m[1]!) : null;
      if (t) principal = principalOf(t);
    } else if (opts.allowCookie) {
      const s = deps.sessions.check(getCookie(c, SESSION_COOKIE));
      if (s && !(UNSAFE.has(c.req.method) && !c.req.header('origin'))) principal = sessionPrincipal(s);
    }
    if (!principal) {
      if (opts.unauthorized) return opts.unauthorized(c);
      c.header('WWW-Authenticate', 'Bearer realm="optmem"');
      const why = header === undefined ? 'this route needs Authorization: Bearer TOKEN (`optmem token create` makes one)' : 'the token is not valid (unknown, malformed or revoked)';
      return c.json(errorBody('UNAUTHORIZED', why), 401);
    }
    const wait = deps.rate.take(principal.id);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      c.set('principal', principal);
      return c.json(errorBody('RATE_LIMITED', `too many requests for this token; retry in ${wait} s (server.ratePerSecond, server.rateBurst)`), 429);
    }
    c.set('principal', principal);
    c.set('mem', scopedMemory(deps.optmem, principal, { maxResults: deps.config.maxResults }));
    await next();
  };
}
