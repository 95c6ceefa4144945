/**
 * The server as a Hono app, built by `createServerApp(deps)`: tests call it in process with
 * `app.request()`, `optmem serve` puts it on a socket. Order of the guards, on every request:
 * audit (outermost: it sees the final status), Host and Origin, authentication and rate limit,
 * body limit, then the route; the scoped memory decides scope, projects and domains per call.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import type { ServerConfig } from '../../config.js';
import type { Optmem } from '../../optmem.js';
import { authenticate, SESSION_COOKIE } from './auth.js';
import type { AuditLog } from './audit.js';
import { checkHostOrigin, hostRules } from './host-origin.js';
import { errorBody, errorResponse } from './http-errors.js';
import { LoginLinks, Sessions } from './logins.js';
import { mcpRoute } from './mcp-route.js';
import { tokenBucket, type RateLimiter } from './rate-limit.js';
import { healthRoutes } from './routes/health.js';
import { adminRoutes } from './routes/admin.js';
import { recordRoutes } from './routes/records.js';
import { sessionRoutes } from './routes/sessions.js';
import type { TokenStore } from './tokens.js';
import type { AppEnv } from './types.js';
import { version } from '../cli/help.js';

export interface ServerDeps {
  optmem: Optmem;
  tokens: TokenStore;
  /** the one-time login links `optmem login` writes (default: the home's server/logins.json) */
  logins?: LoginLinks;
  /** one line per request; null: none (default none: `optmem serve` gives the home's audit file) */
  audit?: AuditLog | null;
  /** the server section of the config (default the home's) */
  config?: ServerConfig;
  /** the host the server listens on, added to the names the Host header may carry */
  listenHost?: string;
  /** the inspector's pages, mounted at / behind the login */
  inspector?: Hono<any>;
  /** where faults of the server itself are told (default stderr) */
  log?: (s: string) => void;
  rate?: RateLimiter;
}

/** The app and its inspector sessions. */
export type ServerApp = Hono<AppEnv> & { sessions: Sessions };

function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== 'ALL' || r.path === '/mcp');
  return handlers.length ? handlers[handlers.length - 1]!.path : c.req.path.startsWith('/api/') ? c.req.path : '/*';
}

export function createServerApp(deps: ServerDeps): ServerApp {
  const config = deps.config ?? deps.optmem.config.server;
  const log = deps.log ?? ((s: string) => process.stderr.write(s));
  const logins = deps.logins ?? new LoginLinks(`${deps.optmem.home}/server/logins.json`);
  const sessions = new Sessions(config.sessionSeconds);
  const rate = deps.rate ?? tokenBucket(config.ratePerSecond, config.rateBurst);
  const rules = hostRules(deps.listenHost, config.allowedHosts);
  const routeDeps = { optmem: deps.optmem, config, log };
  const authDeps = { ...routeDeps, tokens: deps.tokens, sessions, rate };
  const app = new Hono<AppEnv>() as ServerApp;
  app.sessions = sessions;

  app.onError((e, c) => {
    const r = errorResponse(e, log);
    return c.json(r.body, r.status);
  });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', `no route ${c.req.method} ${c.req.path}`), 404));

  app.use('*', async (c, next) => {
    const t0 = performance.now();
    c.set('principal', null);
    c.set('audit', { written: [], returned: null });
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.get('Cache-Control')) c.header('Cache-Control', 'no-store');
    const a = c.get('audit');
    deps.audit?.write({
      time: new Date().toISOString(),
      token: c.get('principal')?.id ?? null,
      method: c.req.method,
      route: routeOf(c),
      status: c.res.status,
      ...(a.written.length ? { written: a.written } : {}),
      ...(a.returned !== null ? { returned: a.returned } : {}),
      ...((a as { rpc?: string }).rpc ? { rpc: (a as { rpc?: string }).rpc } : {}),
      ms: Math.round((performance.now() - t0) * 10) / 10,
    });
  });

  app.use('*', async (c, next) => {
    const scheme = new URL(c.req.url).protocol.replace(':', '');
    const v = checkHostOrigin(rules, c.req.header('host') ?? new URL(c.req.url).host, c.req.header('origin'), scheme);
    if (!v.ok) return c.json(errorBody('FORBIDDEN', v.why), 403);
    await next();
  });

  app.get('/api/health', (c) => c.json({ ok: true, version: version() }));

  const limit = (bytes: number) =>
    bodyLimit({ maxSize: bytes, onError: (c) => c.json(errorBody('TOO_LARGE', `the body is over ${bytes} bytes (server.bodyBytes / server.importBytes in config.json)`), 413) });
  const api = authenticate(authDeps, { allowCookie: true });
  app.use('/api/*', api);
  app.use('/mcp', authenticate(authDeps, { allowCookie: false }));
  app.use('/api/import', limit(config.importBytes));
  app.use('/api/*', async (c, next) => (c.req.path === '/api/import' ? next() : limit(config.bodyBytes)(c, next)));
  app.use('/mcp', limit(config.bodyBytes));

  recordRoutes(app, routeDeps);
  sessionRoutes(app);
  adminRoutes(app, { ...routeDeps, tokens: deps.tokens });
  healthRoutes(app, routeDeps);
  mcpRoute(app, routeDeps);

  // The inspector's login: a one-time link printed by `optmem login`, spent for a session cookie.
  app.get('/login', (c) => {
    if (!logins.spend(c.req.query('t') ?? '')) {
      return c.text('This login link is not valid: it was used already, it expired, or it is mistyped. Run `optmem login` for a new one.\n', 403);
    }
    setCookie(c, SESSION_COOKIE, sessions.open(), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: sessions.maxAge,
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return c.redirect('/', 303);
  });
  app.post('/logout', (c) => {
    sessions.close(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.redirect('/login-needed', 303);
  });
  app.get('/login-needed', (c) => c.text('Not logged in. Run `optmem login` and open the link it prints.\n', 401));

  // Everything else is the inspector's, behind the login.
  app.use(
    '*',
    authenticate(authDeps, {
      allowCookie: true,
      unauthorized: (c) => (c.req.method === 'GET' ? c.redirect('/login-needed', 303) : c.json(errorBody('UNAUTHORIZED', 'log in first: `optmem login`'), 401)),
    }),
  );
  if (deps.inspector) app.route('/', deps.inspector);
  else app.get('/', (c) => c.text('optmem server: the inspector is not part of this build.\n'));
  return app;
}

/** The middleware the inspector's routes sit behind when mounted elsewhere: a session cookie or a bearer token. */
export function inspectorAuth(app: ServerApp, deps: { optmem: Optmem; tokens: TokenStore; config?: ServerConfig; log?: (s: string) => void }): MiddlewareHandler<AppEnv> {
  const config = deps.config ?? deps.optmem.config.server;
  return authenticate(
    { optmem: deps.optmem, config, log: deps.log ?? ((s) => process.stderr.write(s)), tokens: deps.tokens, sessions: app.sessions, rate: tokenBucket(config.ratePerSecond, config.rateBurst) },
    { allowCookie: true },
  );
}
