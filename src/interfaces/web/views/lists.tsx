/** Red lines, the quarantine queue and the projects' handoffs. */
import type { FC } from 'hono/jsx';
import type { HandoffFields } from '../../../sessions/types.js';
import type { MemoryRecord } from '../../../core/record.js';
import { CSRF_FIELD } from '../security.js';
import { RecordLink } from '../layout.js';
import type { RecordStatus, ViewRecord } from '../library.js';
import { RecordRow } from './records.js';

export const RedlinesView: FC<{ base: string; rows: { r: ViewRecord; status: RecordStatus }[] }> = ({ base, rows }) => (
  <>
    <p class="meta">
      {rows.length} red lines; a red line is pinned above every search result it matches, never decays and is never archived. Only a newer red
      line replaces one; only the owner replaces the owner's.
    </p>
    <table>
      <tbody>
        {rows.map((x) => (
          <RecordRow base={base} r={x.r} status={x.status} />
        ))}
      </tbody>
    </table>
  </>
);

export const QuarantineView: FC<{ base: string; rows: ViewRecord[]; rejected: ViewRecord[]; csrf: string; canDecide: boolean; notice: string | null }> = ({
  base,
  rows,
  rejected,
  csrf,
  canDecide,
  notice,
}) => (
  <>
    <p class="meta">
      {rows.length} records wait for the owner. A quarantined record stays in the log, out of default search and out of every pack until it is
      approved; a rejected one stays out.
    </p>
    {notice ? <div class="box">{notice}</div> : null}
    {!canDecide ? <div class="box warn">Only the owner approves or rejects: the queue is shown read-only.</div> : null}
    <table>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>
              <RecordLink base={base} id={r.id} />
            </td>
            <td>
              <div class="text">{r.text}</div>
              <div class="meta">
                {r.time} · {r.project ? `project ${r.project}` : 'global'} · {r.kind}/{r.tier} · origin {r.origin}
                {r.writer ? ` (${r.writer})` : ''}
                {r.agent ? ` · agent ${r.agent}` : ''}
              </div>
              <div class="meta st-quarantined">flagged by: {r.quarantine.length ? r.quarantine.join(', ') : '(no rule recorded)'}</div>
              {canDecide ? (
                <>
                  <form class="inline" method="post" action={`${base}/quarantine/approve`}>
                    <input type="hidden" name={CSRF_FIELD} value={csrf} />
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit">批准 Approve</button>
                  </form>{' '}
                  <form class="inline" method="post" action={`${base}/quarantine/reject`}>
                    <input type="hidden" name={CSRF_FIELD} value={csrf} />
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit">拒绝 Reject</button>
                  </form>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    {rejected.length ? (
      <details>
        <summary>{rejected.length} rejected (kept in the log, out of search and packs for good)</summary>
        <table>
          <tbody>
            {rejected.map((r) => (
              <RecordRow base={base} r={r} status="rejected" />
            ))}
          </tbody>
        </table>
      </details>
    ) : null}
  </>
);

const FIELD_LABELS: [keyof HandoffFields, string][] = [
  ['done', '完成 Done'],
  ['stuck', '卡住 Stuck'],
  ['next', '下一步 Next'],
  ['decisions', '决定 Decisions'],
  ['files', '文件 Files'],
];

export interface ProjectHandoffs {
  project: string;
  current: (MemoryRecord & { fields: HandoffFields }) | null;
  earlier: ViewRecord[];
}

export const HandoffsView: FC<{ base: string; projects: ProjectHandoffs[] }> = ({ base, projects }) => (
  <>
    {projects.length === 0 ? <p class="meta">no project has a handoff yet</p> : null}
    {projects.map((p) => (
      <section>
        <h2>{p.project}</h2>
        {p.current ? (
          <div class="box">
            <div class="meta">
              current: <RecordLink base={base} id={p.current.id} /> · {p.current.time}
              {p.current.source?.agent ? ` · agent ${p.current.source.agent}` : ''}
            </div>
            {FIELD_LABELS.filter(([k]) => p.current!.fields[k].length).map(([k, label]) => (
              <div>
                <strong>{label}</strong>
                <ul>
                  {p.current!.fields[k].map((x) => (
                    <li class="text">{x}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {p.earlier.length ? (
          <details>
            <summary>{p.earlier.length} earlier handoffs</summary>
            <table>
              <tbody>
                {p.earlier.map((r) => (
                  <RecordRow base={base} r={r} />
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </section>
    ))}
  </>
);
