/** One record: what it is, its correction chain, and a word diff against each record it replaced. */
import type { FC } from 'hono/jsx';
import type { HistoryResult } from '../../../optmem.js';
import { diffWords } from '../diff.js';
import { RecordLink } from '../layout.js';
import { toView, type RecordStatus, type ViewRecord } from '../library.js';
import { RecordMeta } from './records.js';

export const Diff: FC<{ before: string; after: string }> = ({ before, after }) => (
  <div class="text box diff">
    {diffWords(before, after).map((p) => (p.op === 'same' ? p.text : p.op === 'del' ? <del>{p.text}</del> : <ins>{p.text}</ins>))}
  </div>
);

export const RecordView: FC<{ base: string; r: ViewRecord; status: RecordStatus; history: HistoryResult | null }> = ({ base, r, status, history }) => {
  const byId = new Map((history?.chain ?? []).map((c) => [c.record.id, toView(c.record)]));
  const replaced = (history?.edges ?? []).filter((e) => e.newId === r.id);
  const replacedBy = (history?.edges ?? []).filter((e) => e.oldId === r.id);
  return (
    <>
      <div class="box">
        <div class="text">{r.text}</div>
        <RecordMeta r={r} status={status} />
        <div class="meta">
          id <span class="id">{r.id}</span>
          {r.file ? ` · ${r.file}:${r.line}` : ''}
          {r.session ? ` · session ${r.session}` : ''}
          {r.tags.length ? ` · tags ${r.tags.join(', ')}` : ''}
          {r.corrects.length ? ` · corrects ${r.corrects.join(', ')}` : ''}
        </div>
      </div>
      <h2>替代了 What it replaced</h2>
      {replaced.length === 0 ? <p class="meta">nothing: it replaces no record</p> : null}
      {replaced.map((e) => {
        const old = byId.get(e.oldId);
        return (
          <div>
            <p>
              <RecordLink base={base} id={e.oldId} /> — {e.method}
              {e.inferred ? ' (inferred)' : ''}
              {e.blocked ? ' — blocked: a red line is only replaced by a newer red line' : ''}
            </p>
            {old ? <Diff before={old.text} after={r.text} /> : null}
          </div>
        );
      })}
      <h2>被替代 Replaced by</h2>
      {replacedBy.length === 0 ? <p class="meta">nothing supersedes it</p> : null}
      {replacedBy.map((e) => (
        <p>
          <RecordLink base={base} id={e.newId} /> — {e.method}
          {e.inferred ? ' (inferred)' : ''}
          {e.blocked ? ' (blocked)' : ''}
        </p>
      ))}
      <h2>更正链 Correction chain</h2>
      {history && history.chain.length > 1 ? (
        <table>
          <tbody>
            {history.chain.map((c) => (
              <tr>
                <td>
                  <RecordLink base={base} id={c.record.id} />
                  {c.record.id === history.current ? <div class="meta">current</div> : null}
                  {c.record.id === r.id ? <div class="meta">this record</div> : null}
                </td>
                <td>
                  <div class={`text${c.superseded ? ' st-superseded' : ''}`}>{c.record.text}</div>
                  <div class="meta">
                    {c.record.time}
                    {c.superseded ? ' · superseded' : ''}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="meta">a chain of one: no correction touches it</p>
      )}
      {history && (history.events.length || history.archiveEvents.length) ? (
        <>
          <h2>事件 Events</h2>
          <ul>
            {history.events.map((e) => (
              <li>
                {e.time} · {e.verb} {e.newId} {e.oldId}
                {e.agent ? ` · by ${e.agent}` : ''}
                {e.why ? ` · why: ${e.why}` : ''}
              </li>
            ))}
            {history.archiveEvents.map((e) => (
              <li>
                {e.time} · {e.verb} {e.id}
                {e.agent ? ` · by ${e.agent}` : ''}
                {e.why ? ` · why: ${e.why}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
};
