/** Records: search, add, get, history, and the bulk doors (import, export, ingest). */
import type { Hono } from 'hono';
import { OptmemError } from '../../../core/errors.js';
import { serializeRecord } from '../../../core/record-format.js';
import { parseTime } from '../../../core/time.js';
import { recordToJson } from '../../../io/jsonl.js';
import { boolParam, intParam, jsonBody, listParam, onlyFields, timeParam } from '../params.js';
import { recordInputOf } from '../record-input.js';
import { canSee, requireScope } from '../scoped-memory.js';
import { provenanceOf } from '../provenance.js';
import type { AppEnv, RouteDeps } from '../types.js';
import { hasLetterOrDigit } from '../../../core/letters.js';

/** A query needs something to search for: a letter or a digit of any script (CJK included). */

export function recordRoutes(app: Hono<AppEnv>, deps: RouteDeps): void {
  app.get('/api/search', (c) => {
    const q = c.req.query('q') ?? '';
    if (!q.trim() || !hasLetterOrDigit(q)) throw new OptmemError('USAGE', 'q: give a query with a letter, digit or CJK character, e.g. ?q=nginx+port', { field: 'q' });
    // The cap is a cap: a larger limit is cut to server.maxResults, not refused.
    const limit = Math.min(intParam(c.req.query('limit'), 'limit', 1, 1000) ?? 10, deps.config.maxResults);
    const since = timeParam(c.req.query('since'), 'since');
    const until = timeParam(c.req.query('until'), 'until');
    if (since && until && parseTime(since)!.ms > parseTime(until)!.ms) throw new OptmemError('USAGE', `since ${since} is after until ${until}`, { field: 'since' });
    const res = c.get('mem').search({
      query: q,
      limit,
      domains: listParam(c, 'domain'),
      projects: listParam(c, 'project'),
      kinds: listParam(c, 'kind'),
      since,
      until,
      now: timeParam(c.req.query('now'), 'now'),
      explain: boolParam(c.req.query('explain'), 'explain', true),
      archived: boolParam(c.req.query('archived'), 'archived', false),
      ...(boolParam(c.req.query('quarantined'), 'quarantined', false) ? { quarantined: true } : {}),
    });
    c.get('audit').returned = res.results.length;
    return c.json(res);
  });

  app.post('/api/records', async (c) => {
    const input = recordInputOf(await jsonBody(c));
    const r = c.get('mem').add(input);
    c.get('audit').written.push(r.record.id);
    const body = { id: r.record.id, record: recordToJson(r.record), supersedes: r.supersedes, resolution: r.resolution, warnings: r.warnings, quarantined: r.quarantined };
    return c.json(body, r.quarantined ? 202 : 201);
  });

  app.get('/api/records/:id', (c) => {
    const id = c.req.param('id');
    const r = c.get('mem').get(id);
    if (!r) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id' });
    c.get('audit').returned = 1;
    const archived = r.tier !== 'redline' && deps.optmem.archivedIds().has(r.id);
    const held = deps.optmem.heldIds().get(r.id);
    return c.json({
      record: { ...recordToJson(r), file: r.file, line: r.line, ...(archived ? { archived: true } : {}), ...(held ? { held } : {}) },
      markdown: serializeRecord(r, deps.optmem.config.domains),
    });
  });

  app.get('/api/records/:id/history', (c) => {
    const id = c.req.param('id');
    const h = c.get('mem').history(id);
    if (!h) throw new OptmemError('NOT_FOUND', `no record ${id}`, { field: 'id' });
    c.get('audit').returned = h.chain.length;
    return c.json({ history: { ...h, chain: h.chain.map((x) => ({ ...recordToJson(x.record), superseded: x.superseded })) } });
  });

  // Records from transcripts: each is stamped origin ingest, whoever sends it. Not all or nothing:
  // give each record its id, and a retry of the same batch appends nothing twice.
  app.post('/api/ingest', async (c) => {
    const body = await jsonBody(c);
    onlyFields(body, ['records']);
    if (!Array.isArray(body.records) || body.records.length === 0) throw new OptmemError('USAGE', 'records: must be a non-empty list of records in the import line shape', { field: 'records' });
    if (body.records.length > 1000) throw new OptmemError('USAGE', 'records: at most 1000 a request', { field: 'records' });
    const inputs = body.records.map((r, i) => {
      try {
        return recordInputOf(r);
      } catch (e) {
        throw new OptmemError('USAGE', `records[${i}]: ${(e as Error).message.replace(/^\[optmem\] /, '')}`, { field: `records.${i}` });
      }
    });
    const mem = c.get('mem');
    const results = inputs.map((input) => {
      const r = mem.add(input, { ingest: true });
      c.get('audit').written.push(r.record.id);
      return { id: r.record.id, quarantined: r.quarantined, warnings: r.warnings };
    });
    return c.json({ results, written: results.length }, 201);
  });

  app.post('/api/import', async (c) => {
    requireScope(c.get('principal')!, 'owner', 'import');
    const text = await c.req.text();
    const p = c.get('principal')!;
    const r = deps.optmem.import(text, { skipExisting: boolParam(c.req.query('skipExisting'), 'skipExisting', false), source: 'request body', provenance: provenanceOf(p) });
    c.get('audit').returned = 0;
    return c.json(r);
  });

  app.get('/api/export', (c) => {
    const p = c.get('principal')!;
    requireScope(p, 'read', 'export');
    const out: string[] = [];
    for (const r of deps.optmem.export()) if (canSee(p, r)) out.push(JSON.stringify(r) + '\n');
    c.get('audit').returned = out.length;
    return c.body(out.join(''), 200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
  });
}
