/** Search with each stage's part in the ranking, and the "why not this record" box. */
import type { FC } from 'hono/jsx';
import type { SearchRequest, SearchResult, TraceEntry } from '../../../query/types.js';
import { traceLine } from '../../cli/format.js';
import { RecordLink } from '../layout.js';
import type { WhyNot } from '../why-not.js';

export interface SearchForm {
  q?: string;
  limit?: string;
  domain?: string;
  project?: string;
  kind?: string;
  since?: string;
  until?: string;
  archived?: string;
  quarantined?: string;
  why?: string;
}

/** The library request a form asks for (a bad limit is the library's to refuse, with its message). */
export function searchRequest(f: SearchForm): SearchRequest {
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  return {
    query: f.q ?? '',
    limit: f.limit ? Number(f.limit) : 10,
    explain: true,
    ...(list(f.domain) ? { domains: list(f.domain) } : {}),
    ...(list(f.project) ? { projects: list(f.project) } : {}),
    ...(list(f.kind) ? { kinds: list(f.kind) } : {}),
    ...(f.since ? { since: f.since } : {}),
    ...(f.until ? { until: f.until } : {}),
    ...(f.archived ? { archived: true } : {}),
    ...(f.quarantined ? { quarantined: true } : {}),
  };
}

export const Trace: FC<{ stages: TraceEntry[] }> = ({ stages }) => (
  <ol class="trace">
    {stages.map((t) => (
      <li class="text">{traceLine(t)}</li>
    ))}
  </ol>
);

const Field: FC<{ name: string; label: string; value?: string; size?: number }> = ({ name, label, value, size }) => (
  <label>
    {label}
    <input name={name} value={value ?? ''} size={size ?? 10} />
  </label>
);

export const SearchView: FC<{ base: string; f: SearchForm; result: SearchResult | null; error: string | null; why: WhyNot | null }> = ({ base, f, result, error, why }) => (
  <>
    <form class="filters" method="get" action={`${base}/search`}>
      <Field name="q" label="查询 query" value={f.q} size={28} />
      <Field name="limit" label="limit" value={f.limit ?? '10'} size={4} />
      <Field name="domain" label="domain" value={f.domain} size={8} />
      <Field name="project" label="project" value={f.project} size={8} />
      <Field name="kind" label="kind" value={f.kind} size={8} />
      <Field name="since" label="since" value={f.since} size={11} />
      <Field name="until" label="until" value={f.until} size={11} />
      <label>
        archived
        <input type="checkbox" name="archived" value="1" checked={!!f.archived} />
      </label>
      <label>
        quarantined
        <input type="checkbox" name="quarantined" value="1" checked={!!f.quarantined} />
      </label>
      <Field name="why" label="为什么没有 why not (id)" value={f.why} size={18} />
      <button type="submit">搜索 Search</button>
    </form>
    {error ? <div class="box warn">{error}</div> : null}
    {why ? (
      <div class={`box${why.reason === 'in-results' ? '' : ' warn'}`} id="why-not">
        <strong>
          为什么没有 Why not <span class="id">{why.id}</span>:
        </strong>{' '}
        <span class="why-reason">{why.reason}</span> — {why.message}
        {why.details.length ? (
          <ul>
            {why.details.map((d) => (
              <li class="text">{d}</li>
            ))}
          </ul>
        ) : null}
        {why.trace?.length ? <Trace stages={why.trace} /> : null}
      </div>
    ) : null}
    {result ? (
      <>
        <p class="meta">
          terms [{result.query.terms.join(' ')}] · {result.query.mode}
          {result.query.question ? ' · question' : ''} · {result.query.candidates} candidates
          {result.query.time.phrase ? ` · time "${result.query.time.phrase}"` : ''}
          {result.warnings?.length ? ` · ${result.warnings.join('; ')}` : ''}
        </p>
        <table>
          <tbody>
            {result.results.map((h, i) => (
              <tr>
                <td>
                  {i + 1}. <RecordLink base={base} id={h.id} />
                  <div class="meta">score {h.score.toFixed(3)}</div>
                </td>
                <td>
                  <div class={`text${h.superseded ? ' st-superseded' : ''}`}>{h.text}</div>
                  <div class="meta">
                    {h.time} · {h.domain ? `[${h.domain}]` : '(no domain)'} · {h.project ? `project ${h.project}` : 'global'} · {h.kind}/{h.tier}
                    {h.pinned ? ' · pinned red line' : ''}
                    {h.superseded ? ` · superseded by ${h.supersededBy ?? '?'}` : ''}
                    {h.archived ? ' · archived' : ''}
                    {h.held ? ` · ${h.held}` : ''}
                  </div>
                  {h.explain ? <Trace stages={h.explain.stages} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {result.results.length === 0 ? <p class="meta">no results</p> : null}
      </>
    ) : null}
  </>
);
