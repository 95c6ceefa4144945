/** The log, newest first, with filters and paging. */
import type { FC } from 'hono/jsx';
import { parseTime } from '../../../core/time.js';
import { qs } from '../layout.js';
import { STATUSES, type InspectorLibrary, type RecordStatus, type ViewRecord } from '../library.js';
import { RecordRow } from './records.js';

/** records a page shows by default, and at most (`per`) */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const ORIGINS = ['owner', 'agent', 'ingest', 'imported'] as const;

export interface TimelineFilters {
  project?: string;
  agent?: string;
  origin?: string;
  kind?: string;
  domain?: string;
  status?: string;
  since?: string;
  until?: string;
  page?: string;
  per?: string;
}

/** A date (2026-05-10) or an ISO time, as epoch ms; a bare date as `until` means the end of that day. */
function boundMs(v: string | undefined, end: boolean): number | null {
  if (!v) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const t = parseTime(day ? `${v}T00:00:00Z` : v);
  if (!t) return null;
  return day && end ? t.ms + 86_400_000 - 1 : t.ms;
}

export interface TimelinePage {
  rows: { r: ViewRecord; status: RecordStatus }[];
  total: number;
  page: number;
  pages: number;
  /** filter values that could not be read, each as a sentence */
  problems: string[];
  projects: string[];
  kinds: string[];
  agents: string[];
}

export function timeline(lib: InspectorLibrary, f: TimelineFilters): TimelinePage {
  const all = lib.all();
  const problems: string[] = [];
  const since = boundMs(f.since, false);
  const until = boundMs(f.until, true);
  if (f.since && since === null) problems.push(`since: "${f.since}" is not a date (YYYY-MM-DD) or ISO time`);
  if (f.until && until === null) problems.push(`until: "${f.until}" is not a date (YYYY-MM-DD) or ISO time`);
  if (f.status && !(STATUSES as readonly string[]).includes(f.status)) problems.push(`status: "${f.status}" is not one of ${STATUSES.join(', ')}`);
  const project = f.project === '(none)' ? null : f.project;
  const rows = all.filter(
    (r) =>
      (!f.project || r.project === project) &&
      (!f.agent || r.agent === f.agent) &&
      (!f.origin || r.origin === f.origin) &&
      (!f.kind || r.kind === f.kind) &&
      (!f.domain || (r.domain ?? '').toLowerCase() === f.domain.toLowerCase()) &&
      (since === null || r.timeMs >= since) &&
      (until === null || r.timeMs <= until),
  );
  const ctx = lib.statusContext();
  const page = Math.max(1, Number.parseInt(f.page ?? '1', 10) || 1);
  const per = Math.min(MAX_PAGE_SIZE, Math.max(1, Number.parseInt(f.per ?? String(PAGE_SIZE), 10) || PAGE_SIZE));
  let withStatus = rows.map((r) => ({ r, status: lib.statusOf(r, ctx) }));
  if (f.status && (STATUSES as readonly string[]).includes(f.status)) withStatus = withStatus.filter((x) => x.status === f.status);
  const total = withStatus.length;
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  return {
    rows: withStatus.slice((page - 1) * per, page * per),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / per)),
    problems,
    projects: uniq(all.map((r) => r.project)),
    kinds: uniq(all.map((r) => r.kind)),
    agents: uniq(all.map((r) => r.agent)),
  };
}

const Select: FC<{ name: string; label: string; value?: string; options: readonly string[] }> = ({ name, label, value, options }) => (
  <label>
    {label}
    <select name={name}>
      <option value="">(all)</option>
      {options.map((o) => (
        <option value={o} selected={o === value}>
          {o}
        </option>
      ))}
    </select>
  </label>
);

export const TimelineView: FC<{ base: string; f: TimelineFilters; t: TimelinePage }> = ({ base, f, t }) => {
  const { page: _page, ...keep } = f;
  return (
    <>
      <form class="filters" method="get" action={`${base}/`}>
        <Select name="project" label="项目 project" value={f.project} options={['(none)', ...t.projects]} />
        <Select name="agent" label="agent" value={f.agent} options={t.agents} />
        <Select name="origin" label="来源 origin" value={f.origin} options={ORIGINS} />
        <Select name="kind" label="kind" value={f.kind} options={t.kinds} />
        <Select name="status" label="状态 status" value={f.status} options={STATUSES} />
        <label>
          domain
          <input name="domain" value={f.domain ?? ''} size={8} />
        </label>
        <label>
          since
          <input name="since" value={f.since ?? ''} placeholder="YYYY-MM-DD" size={11} />
        </label>
        <label>
          until
          <input name="until" value={f.until ?? ''} placeholder="YYYY-MM-DD" size={11} />
        </label>
        <button type="submit">筛选 Filter</button>
      </form>
      {t.problems.map((p) => (
        <div class="box warn">{p}</div>
      ))}
      <p class="meta">
        {t.total} records · page {t.page} of {t.pages}
      </p>
      <table>
        <tbody>
          {t.rows.map((x) => (
            <RecordRow base={base} r={x.r} status={x.status} />
          ))}
        </tbody>
      </table>
      <div class="pager">
        {t.page > 1 ? <a href={`${base}/${qs({ ...keep, page: t.page - 1 })}`}>← newer</a> : null}
        {t.page < t.pages ? <a href={`${base}/${qs({ ...keep, page: t.page + 1 })}`}>older →</a> : null}
      </div>
    </>
  );
};
