/**
 * The web inspector: server-rendered pages over one memory home, read-only but for two owner
 * actions (approve or reject a quarantined record). A Hono sub-app: the HTTP server mounts it at
 * `/` behind its login and token checks; tests call it in-process with `app.request()`.
 * Pages carry no script; record text is always rendered as text (JSX escapes it).
 */
import { Hono, type Context } from 'hono';
import { formatIso } from '../../core/time.js';
import { isOptmemError } from '../../core/errors.js';
import type { Optmem } from '../../optmem.js';
import { OWNER, type Provenance } from '../../core/provenance.js';
import { Page } from './layout.js';
import { InspectorLibrary, toView } from './library.js';
import { readReports } from './reports.js';
import { CSRF_FIELD, csrfToken, csrfValid, securityHeaders } from './security.js';
import { STYLESHEET } from './style.js';
import { CoreView } from './views/core.js';
import { ReportsView } from './views/reports.js';
import { HandoffsView, QuarantineView, RedlinesView, type ProjectHandoffs } from './views/lists.js';
import { RecordView } from './views/record.js';
import { SearchView, searchRequest, type SearchForm } from './views/search.js';
import { TimelineView, timeline, type TimelineFilters } from './views/timeline.js';
import { whyNot, type WhyNot } from './why-not.js';
import { isValidId } from '../../core/ids.js';

export interface InspectorDeps {
  /** the library handle of the memory home shown */
  optmem: Optmem;
  /** the clock, epoch ms (the session-start pack's time); the real clock by default */
  now?: () => number;
  /** the path the app is mounted at, without a trailing slash ('' for `/`) */
  base?: string;
  /** a folder of `optmem eval --report` JSON files for the reports page (default: `eval/reports/` in the home) */
  reportsDir?: string | null;
  /**
   * Whether a request may see the pages at all (default: every request that reaches the app).
   * The pages show the whole home, every project: a server lets only the owner's session in.
   */
  canView?: (c: Context) => boolean;
  /**
   * Who a request acts as when it approves or rejects a quarantined record; null or a non-owner:
   * the buttons are hidden and a post is refused (403). Default: the owner (a local inspector).
   * The server passes its login session's provenance.
   */
  decider?: (c: Context) => Provenance | null;
}

/** Most ids one approve or reject form may carry. */
const MAX_DECIDE_IDS = 200;

function message(e: unknown): string {
  return isOptmemError(e) ? e.message.replace(/^\[optmem\] /, '') : 'the inspector could not do this';
}

export function inspectorApp(deps: InspectorDeps): Hono {
  const app = new Hono();
  const base = deps.base ?? '';
  const lib = new InspectorLibrary(deps.optmem);
  const now = deps.now ?? Date.now;
  const decider = deps.decider ?? (() => OWNER);
  const owner = (c: Context): Provenance | null => {
    const p = decider(c);
    return p && p.origin === 'owner' ? p : null;
  };

  app.use('*', securityHeaders);
  if (deps.canView) {
    const canView = deps.canView;
    app.use('*', async (c, next) => {
      if (!canView(c)) return c.text('The inspector shows the whole memory: only the owner may open it.\n', 403);
      await next();
    });
  }

  const page = (c: Context, title: string, here: string, body: unknown, status: 200 | 400 | 403 | 404 | 500 = 200) =>
    c.html(
      <Page title={title} base={base} here={here}>
        {body as never}
      </Page>,
      status,
    );

  app.get('/assets/inspector.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'private, max-age=300');
    return c.body(STYLESHEET);
  });

  app.get('/', (c) => {
    const q = c.req.query() as TimelineFilters;
    const f: TimelineFilters = {};
    for (const k of ['project', 'agent', 'origin', 'kind', 'domain', 'status', 'since', 'until', 'page', 'per'] as const) if (q[k]) f[k] = q[k];
    return page(c, '时间线 Timeline', '/', <TimelineView base={base} f={f} t={timeline(lib, f)} />);
  });

  app.get('/records/:id', (c) => {
    const id = c.req.param('id');
    const r = isValidId(id) ? lib.get(id) : null;
    if (!r) return page(c, 'No such record', '', <p>There is no record with this id.</p>, 404);
    const ctx = lib.statusContext();
    return page(c, `Record ${r.id}`, '', <RecordView base={base} r={r} status={lib.statusOf(r, ctx)} history={deps.optmem.history(r.id)} />);
  });

  app.get('/search', (c) => {
    const q = c.req.query() as SearchForm;
    let result = null;
    let error: string | null = null;
    let why: WhyNot | null = null;
    if (q.q?.trim()) {
      const req = searchRequest(q);
      try {
        result = deps.optmem.search(req);
        if (q.why?.trim()) why = whyNot(lib, req, q.why.trim());
      } catch (e) {
        error = message(e);
      }
    } else if (q.why?.trim()) {
      error = 'why not: give the query the record was expected to answer, too';
    }
    return page(c, '搜索 Search', '/search', <SearchView base={base} f={q} result={result} error={error} why={why} />, error ? 400 : 200);
  });

  app.get('/redlines', (c) => {
    const all = lib.all();
    const ctx = lib.statusContext();
    const rows = all
      .filter((r) => r.tier === 'redline')
      .sort((a, b) => b.timeMs - a.timeMs)
      .map((r) => ({ r, status: lib.statusOf(r, ctx) }));
    return page(c, '红线 Red lines', '/redlines', <RedlinesView base={base} rows={rows} />);
  });

  app.get('/quarantine', (c) => {
    const done = c.req.query('done');
    const notice = done && /^(approved|rejected) \d+$/.test(done) ? `${done.split(' ')[0]}: ${done.split(' ')[1]} record(s)` : null;
    return page(
      c,
      '隔离 Quarantine',
      '/quarantine',
      <QuarantineView base={base} rows={lib.queue()} rejected={lib.rejected()} csrf={csrfToken(c)} canDecide={owner(c) !== null} notice={notice} />,
    );
  });

  for (const verb of ['approve', 'reject'] as const) {
    app.post(`/quarantine/${verb}`, async (c) => {
      const by = owner(c);
      if (!by) return page(c, 'Refused', '', <p>Only the owner approves or rejects quarantined records.</p>, 403);
      const body = await c.req.parseBody({ all: true });
      if (!csrfValid(c, body[CSRF_FIELD])) return page(c, 'Refused', '', <p>This form is stale or did not come from this page: reload the queue and try again.</p>, 400);
      const raw = body.id;
      const ids = (Array.isArray(raw) ? raw : [raw]).filter((x): x is string => typeof x === 'string').map((x) => x.trim());
      if (ids.length === 0 || ids.length > MAX_DECIDE_IDS || !ids.every(isValidId)) {
        return page(c, 'Refused', '', <p>{`${verb}: give 1 to ${MAX_DECIDE_IDS} record ids`}</p>, 400);
      }
      const held = deps.optmem.heldIds();
      const notQueued = ids.filter((id) => held.get(id) !== 'quarantined');
      if (notQueued.length) return page(c, 'Refused', '', <p>{`${verb}: not in the quarantine queue: ${notQueued.join(', ')}`}</p>, 400);
      try {
        lib.decide(verb, ids, by, 'from the web inspector');
      } catch (e) {
        return page(c, 'Refused', '', <p>{message(e)}</p>, 400);
      }
      return c.redirect(`${base}/quarantine?done=${encodeURIComponent(`${verb === 'approve' ? 'approved' : 'rejected'} ${ids.length}`)}`, 303);
    });
  }

  app.get('/handoffs', (c) => {
    const projects: ProjectHandoffs[] = deps.optmem.projects().map((p) => {
      const current = deps.optmem.handoff(p);
      const earlier = deps.optmem
        .recent({ limit: 50, kinds: ['handoff'], projects: [p], archived: true })
        .map(toView)
        .filter((r) => r.project === p && r.id !== current?.id);
      return { project: p, current, earlier };
    });
    return page(c, '交接 Handoffs', '/handoffs', <HandoffsView base={base} projects={projects} />);
  });

  app.get('/core', (c) => {
    const all = lib.all();
    const projects = [...new Set(all.map((r) => r.project).filter((p): p is string => !!p))].sort();
    const asked = c.req.query('project') || null;
    const project = asked && projects.includes(asked) ? asked : null;
    const core = deps.optmem.core.show({ project });
    const pack = deps.optmem.sessionStart({ project, now: formatIso(now()) });
    return page(c, '核心记忆 Core memory', '/core', <CoreView base={base} project={project} projects={projects} core={core} pack={pack} />);
  });

  app.get('/reports', (c) =>
    page(c, '评估 Reports', '/reports', <ReportsView read={readReports({ home: deps.optmem.home, reportsDir: deps.reportsDir ?? null })} />),
  );

  app.notFound((c) => page(c, 'Not found', '', <p>No such page.</p>, 404));
  app.onError((e, c) => page(c, 'Error', '', <p>{message(e)}</p>, isOptmemError(e) ? 400 : 500));
  return app;
}
