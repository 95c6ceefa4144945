/**
 * The inspector's browser-facing safety: strict headers on every response and a CSRF token on
 * every form. Record text is untrusted (agents and transcripts write it), so the pages carry no
 * script at all and the policy forbids any: whatever a record says, the browser runs nothing,
 * loads nothing from elsewhere, and cannot be framed.
 */
import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Headers on every inspector response. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/** The double-submit cookie: random per browser, strict same-site, never readable by script. */
export const CSRF_COOKIE = 'optmem_csrf';
export const CSRF_FIELD = 'csrf';

function readCookie(c: Context, name: string): string | null {
  const header = c.req.header('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token for this browser's forms; sets the cookie when the browser has none yet. */
export function csrfToken(c: Context): string {
  const have = readCookie(c, CSRF_COOKIE);
  if (have && TOKEN_SHAPE.test(have)) return have;
  const token = crypto.randomBytes(32).toString('base64url');
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  c.header('Set-Cookie', `${CSRF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure}`, { append: true });
  return token;
}

/**
 * Whether a POST carries the same token in its form as in its cookie, and comes from this page's
 * own origin when the browser names one. Same-site cookies already stop most cross-site posts;
 * this holds even where they do not (a sibling subdomain, an old browser).
 */
export function csrfValid(c: Context, formToken: unknown): boolean {
  const cookie = readCookie(c, CSRF_COOKIE);
  if (typeof formToken !== 'string' || !cookie || !TOKEN_SHAPE.test(cookie) || !TOKEN_SHAPE.test(formToken)) return false;
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return false;
    }
    if (host !== c.req.header('host')) return false;
  } else if (origin === 'null') {
    return false;
  }
  return crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(formToken));
}
