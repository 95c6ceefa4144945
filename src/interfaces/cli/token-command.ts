/** `optmem token create|list|revoke` and `optmem login`: the server's credentials, kept under the home. */
import fs from 'node:fs';
import { OptmemError } from '../../core/errors.js';
import { layoutOf } from '../../store/layout.js';
import { str, strList } from './args.js';
import type { Command, CommandContext } from './types.js';

const USAGE = 'optmem token create --scope read|write|ingest|owner [--project P]... [--domain D]... [--name N] | optmem token list | optmem token revoke ID';

async function store(ctx: CommandContext) {
  // The home must exist (and is checked like any command's); tokens live in its server/ folder.
  ctx.open().close();
  const { TokenStore } = await import('../http/tokens.js');
  return new TokenStore(layoutOf(ctx.home).tokensFile);
}

export const tokenCommand: Command = {
  summary: 'access tokens of the HTTP server: create (printed once), list, revoke',
  usage: USAGE,
  options: {
    scope: { type: 'string', arg: 'S', description: 'create: read, write, ingest or owner (docs/SERVER.md, "Scopes")' },
    project: { type: 'string', multiple: true, arg: 'P', description: 'create: limit the token to this project (repeat for more; records of no project stay readable)' },
    domain: { type: 'string', multiple: true, arg: 'D', description: 'create: limit the token to this domain (repeat for more)' },
    name: { type: 'string', arg: 'N', description: 'create: a name for the token, e.g. the machine or agent using it' },
  },
  details: 'The token is printed once and stored only as a hash (server/tokens.json under the home); revoking takes effect at once, also on a running server.',
  async run(ctx) {
    const [verb, ...rest] = ctx.args.positionals;
    const v = ctx.args.values;
    if (verb === 'create') {
      if (rest.length) throw new OptmemError('USAGE', `token create: unexpected argument "${rest[0]}"`);
      if (!str(v.scope)) throw new OptmemError('USAGE', 'token create: --scope is required (read, write, ingest or owner)', { field: 'scope' });
      const s = await store(ctx);
      const { token, info } = s.create({ scope: str(v.scope)!, projects: strList(v.project), domains: strList(v.domain), name: str(v.name) });
      if (ctx.json) ctx.io.stdout(JSON.stringify({ token, id: info.id }) + '\n');
      else {
        ctx.io.stdout(`${token}\n`);
        ctx.io.stderr(`token ${info.id}: scope ${info.scope}${info.projects.length ? `, projects ${info.projects.join(', ')}` : ''}${info.domains.length ? `, domains ${info.domains.join(', ')}` : ''} (shown once: it is stored only as a hash)\n`);
      }
      return 0;
    }
    if (verb === 'list') {
      if (rest.length) throw new OptmemError('USAGE', 'token list takes no arguments');
      const list = (await store(ctx)).list();
      if (ctx.json) ctx.io.stdout(JSON.stringify({ tokens: list }) + '\n');
      else if (!list.length) ctx.io.stdout('no tokens\n');
      else {
        ctx.io.stdout(
          list
            .map((t) => `${t.id}  ${t.scope.padEnd(6)}  ${t.revoked ? `revoked ${t.revoked.slice(0, 19)}` : 'live'}  ${t.projects.length ? `projects ${t.projects.join(',')}  ` : ''}${t.domains.length ? `domains ${t.domains.join(',')}  ` : ''}${t.name ?? ''}  created ${t.created.slice(0, 19)}`)
            .join('\n') + '\n',
        );
      }
      return 0;
    }
    if (verb === 'revoke') {
      if (rest.length !== 1) throw new OptmemError('USAGE', 'token revoke: give one token id (`optmem token list` shows them)');
      const changed = (await store(ctx)).revoke(rest[0]!);
      ctx.io.stdout(ctx.json ? JSON.stringify({ id: rest[0], revoked: true, changed }) + '\n' : changed ? `revoked ${rest[0]}\n` : `${rest[0]} was already revoked\n`);
      return 0;
    }
    throw new OptmemError('USAGE', `token: expected create, list or revoke (usage: ${USAGE})`);
  },
};

export const loginCommand: Command = {
  summary: 'print a one-time link that logs a browser into the inspector of the running server',
  usage: 'optmem login [--url URL]',
  options: { url: { type: 'string', arg: 'URL', description: 'the server\'s address as the browser reaches it (default: the one `optmem serve` on this home is listening on)' } },
  details: 'The link works once, within server.loginSeconds (default 300 s); the browser then keeps a strict same-site session cookie.',
  async run(ctx) {
    if (ctx.args.positionals.length) throw new OptmemError('USAGE', 'login takes no arguments');
    const m = ctx.open();
    const seconds = m.config.server.loginSeconds;
    m.close();
    const layout = layoutOf(ctx.home);
    let url = str(ctx.args.values.url);
    if (!url) {
      try {
        url = (JSON.parse(fs.readFileSync(layout.serveStateFile, 'utf8')) as { url?: string }).url;
      } catch {
        url = undefined;
      }
    }
    if (!url) throw new OptmemError('USAGE', 'login: no server is running on this home (start `optmem serve`, or pass --url URL)', { field: 'url' });
    const { LoginLinks } = await import('../http/logins.js');
    const secret = new LoginLinks(layout.loginsFile).create(seconds);
    const link = `${url.replace(/\/+$/, '')}/login?t=${secret}`;
    ctx.io.stdout(ctx.json ? JSON.stringify({ url: link, expiresInSeconds: seconds }) + '\n' : `${link}\n`);
    if (!ctx.json) ctx.io.stderr(`open it within ${seconds} s; it works once\n`);
    return 0;
  },
};
