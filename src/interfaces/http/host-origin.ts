/**
 * The Host allow-list and the Origin rule, on every route (health included): a page on another
 * site reaching the server through DNS rebinding sends its own Host name, and a cross-site request
 * sends its own Origin. Both get 403. No CORS header is ever sent, so browsers keep other origins out.
 */
const LOOPBACK = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** The host name of a Host header or URL authority, lower case, without the port. */
export function hostName(authority: string): string {
  const a = authority.trim().toLowerCase();
  if (a.startsWith('[')) {
    const end = a.indexOf(']');
    return end === -1 ? a : a.slice(0, end + 1);
  }
  const colon = a.lastIndexOf(':');
  return colon === -1 || a.indexOf(':') !== colon ? a : a.slice(0, colon);
}

export interface HostRules {
  /** host names (any port) the server answers to */
  names: Set<string>;
}

export function hostRules(listenHost: string | undefined, allowed: readonly string[]): HostRules {
  const names = new Set(LOOPBACK);
  for (const h of [listenHost, ...allowed]) {
    if (!h || h === '0.0.0.0' || h === '::') continue;
    const n = hostName(h.includes(':') && !h.startsWith('[') && h.split(':').length > 2 ? `[${h}]` : h);
    names.add(n);
  }
  return { names };
}

export type Verdict = { ok: true } | { ok: false; why: string };

/**
 * A request passes when its Host names this server, and its Origin is absent or the same origin
 * (scheme, host and port of the request itself).
 */
export function checkHostOrigin(rules: HostRules, host: string | undefined, origin: string | undefined, scheme: string): Verdict {
  if (!host) return { ok: false, why: 'no Host header' };
  if (!rules.names.has(hostName(host))) return { ok: false, why: `Host ${host} is not one this server answers to (add it to server.allowedHosts in config.json)` };
  if (origin === undefined) return { ok: true };
  if (origin !== `${scheme}://${host.toLowerCase()}`) return { ok: false, why: 'cross-origin requests are refused' };
  return { ok: true };
}
