/** How one record shows in a list: its text as text, and what it is. */
import type { FC } from 'hono/jsx';
import { RecordLink } from '../layout.js';
import type { RecordStatus, ViewRecord } from '../library.js';

export const RecordMeta: FC<{ r: ViewRecord; status?: RecordStatus | null }> = ({ r, status }) => (
  <div class="meta">
    {r.time} · {r.domain ? `[${r.domain}]` : '(no domain)'} · {r.project ? `project ${r.project}` : 'global'} · {r.kind} ·{' '}
    <span class={`tier-${r.tier}`}>{r.tier}</span> · origin {r.origin}
    {r.writer ? ` (${r.writer})` : ''}
    {r.agent ? ` · agent ${r.agent}` : ''}
    {status ? (
      <>
        {' · '}
        <span class={`st-${status}`}>{status}</span>
      </>
    ) : null}
    {r.quarantine.length ? <span class="st-quarantined">{` · flagged: ${r.quarantine.join(', ')}`}</span> : null}
  </div>
);

export const RecordRow: FC<{ base: string; r: ViewRecord; status?: RecordStatus | null }> = ({ base, r, status }) => (
  <tr>
    <td>
      <RecordLink base={base} id={r.id} />
    </td>
    <td>
      <div class="text">{r.text}</div>
      <RecordMeta r={r} status={status ?? null} />
    </td>
  </tr>
);
