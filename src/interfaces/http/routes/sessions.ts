/** Core memory and sessions: the context pack a session starts with, the handoff it leaves. */
import type { Hono } from 'hono';
import { OptmemError } from '../../../core/errors.js';
import { boolField, intField, intParam, jsonBody, listField, onlyFields, strField } from '../params.js';
import type { AppEnv } from '../types.js';

export function sessionRoutes(app: Hono<AppEnv>): void {
  app.get('/api/core', (c) => {
    const core = c.get('mem').core.show({ project: c.req.query('project') || null, budget: intParam(c.req.query('budget'), 'budget', 200, 100_000) });
    c.get('audit').returned = core.entries.length;
    return c.json(core);
  });

  app.post('/api/core', async (c) => {
    const b = await jsonBody(c);
    onlyFields(b, ['text', 'pin', 'domain', 'project']);
    const text = strField(b, 'text');
    if (!text?.trim()) throw new OptmemError('USAGE', 'text: the text is missing', { field: 'text' });
    const r = c.get('mem').core.add(text, { pin: boolField(b, 'pin'), domain: strField(b, 'domain'), project: strField(b, 'project') });
    c.get('audit').written.push(r.id);
    return c.json(r, (r as { quarantined?: boolean }).quarantined ? 202 : 201);
  });

  for (const verb of ['pin', 'unpin', 'remove'] as const) {
    app.post(`/api/core/${verb}`, async (c) => {
      const b = await jsonBody(c);
      onlyFields(b, ['id']);
      const id = strField(b, 'id');
      if (!id) throw new OptmemError('USAGE', 'id: the record id is missing', { field: 'id' });
      const mem = c.get('mem');
      if (!mem.get(id)) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id' });
      return c.json(mem.core[verb](id));
    });
  }

  app.post('/api/sessions/start', async (c) => {
    const b = await jsonBody(c);
    onlyFields(b, ['project', 'agent', 'budget', 'now']);
    const pack = c.get('mem').sessionStart({ project: strField(b, 'project') ?? null, agent: strField(b, 'agent'), budget: intField(b, 'budget', 500, 200_000), now: strField(b, 'now') });
    c.get('audit').returned = pack.core.length + pack.redlines.length + pack.relevant.length + (pack.handoff ? 1 : 0);
    return c.json(pack);
  });

  app.post('/api/sessions/end', async (c) => {
    const b = await jsonBody(c);
    onlyFields(b, ['project', 'agent', 'session', 'done', 'stuck', 'next', 'decisions', 'files', 'time']);
    const project = strField(b, 'project');
    if (!project) throw new OptmemError('USAGE', 'project: session end needs the project', { field: 'project' });
    const r = c.get('mem').sessionEnd({
      project,
      agent: strField(b, 'agent'),
      session: strField(b, 'session'),
      done: listField(b, 'done'),
      stuck: listField(b, 'stuck'),
      next: listField(b, 'next'),
      decisions: listField(b, 'decisions'),
      files: listField(b, 'files'),
      time: strField(b, 'time'),
    });
    c.get('audit').written.push(r.handoff.id);
    return c.json(r, 201);
  });
}
