/**
 * Owner-only routes: tokens, the quarantine queue, evaluation reports. The quarantine verbs are
 * the library's (`approve`, `reject`, `quarantine.list`); a library without them answers 501.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { OptmemError } from '../../../core/errors.js';
import { recordToJson } from '../../../io/jsonl.js';
import { provenanceOf } from '../provenance.js';
import { jsonBody, listField, onlyFields, strField } from '../params.js';
import { limited } from '../principal.js';
import { requireScope } from '../scoped-memory.js';
import type { TokenStore } from '../tokens.js';
import type { AppEnv, RouteDeps } from '../types.js';

const REPORT_NAME = /^[\w.-]{1,120}\.json$/;

export function adminRoutes(app: Hono<AppEnv>, deps: RouteDeps & { tokens: TokenStore }): void {
  const owner = (c: { get(k: 'principal'): AppEnv['Variables']['principal'] }, what: string) => requireScope(c.get('principal')!, 'owner', what);

  app.get('/api/tokens', (c) => {
    owner(c, 'token list');
    return c.json({ tokens: deps.tokens.list() });
  });
  app.post('/api/tokens', async (c) => {
    owner(c, 'token create');
    const b = await jsonBody(c);
    onlyFields(b, ['scope', 'projects', 'domains', 'name']);
    const { token, info } = deps.tokens.create({ scope: strField(b, 'scope') ?? '', projects: listField(b, 'projects'), domains: listField(b, 'domains'), name: strField(b, 'name') });
    return c.json({ token, id: info.id, info }, 201);
  });
  app.delete('/api/tokens/:id', (c) => {
    owner(c, 'token revoke');
    const changed = deps.tokens.revoke(c.req.param('id'));
    return c.json({ id: c.req.param('id'), revoked: true, changed });
  });

  app.get('/api/quarantine', (c) => {
    owner(c, 'the quarantine queue');
    const status = c.req.query('status') ?? 'quarantined';
    if (!['quarantined', 'rejected', 'all'].includes(status)) throw new OptmemError('USAGE', 'status: quarantined, rejected or all', { field: 'status' });
    const list = deps.optmem.quarantined({ status: status as 'quarantined' | 'rejected' | 'all' }).map((r) => ({ ...recordToJson(r), file: r.file, line: r.line, status: r.status }));
    c.get('audit').returned = list.length;
    return c.json({ records: list });
  });
  for (const verb of ['approve', 'reject'] as const) {
    app.post(`/api/quarantine/${verb}`, async (c) => {
      const p = c.get('principal')!;
      owner(c, verb);
      const b = await jsonBody(c);
      onlyFields(b, ['ids', 'why']);
      const ids = listField(b, 'ids');
      if (!ids?.length) throw new OptmemError('USAGE', 'ids: give the record ids', { field: 'ids' });
      const r = deps.optmem[verb](ids, { why: strField(b, 'why'), provenance: provenanceOf(p) });
      c.get('audit').written.push(...r.events.map((e) => e.id));
      return c.json({ events: r.events.map((e) => recordToJson(e)), changed: r.changed, skipped: r.skipped, warnings: r.warnings });
    });
  }

  // Evaluation reports kept under the home (eval/reports/*.json): home-wide figures, so a token
  // limited to some projects or domains does not read them.
  const reportsDir = path.join(deps.optmem.home, 'eval', 'reports');
  app.get('/api/eval/reports', (c) => {
    const p = c.get('principal')!;
    requireScope(p, 'read', 'eval reports');
    if (limited(p)) throw new OptmemError('FORBIDDEN', 'eval reports cover the whole memory; this token is limited to some projects or domains');
    let names: string[] = [];
    try {
      names = fs.readdirSync(reportsDir).filter((n) => REPORT_NAME.test(n)).sort();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    c.get('audit').returned = names.length;
    return c.json({ reports: names.map((name) => ({ name, bytes: fs.statSync(path.join(reportsDir, name)).size })) });
  });
  app.get('/api/eval/reports/:name', (c) => {
    const p = c.get('principal')!;
    requireScope(p, 'read', 'eval reports');
    if (limited(p)) throw new OptmemError('FORBIDDEN', 'eval reports cover the whole memory; this token is limited to some projects or domains');
    const name = c.req.param('name');
    if (!REPORT_NAME.test(name)) throw new OptmemError('USAGE', 'name: a report file name like 2026-12-01.json', { field: 'name' });
    let text: string;
    try {
      text = fs.readFileSync(path.join(reportsDir, name), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new OptmemError('NOT_FOUND', `no report ${name}`, { field: 'name' });
      throw e;
    }
    c.get('audit').returned = 1;
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
