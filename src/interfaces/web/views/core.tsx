/** Core memory against its budget, and the session-start pack exactly as an agent receives it. */
import type { FC } from 'hono/jsx';
import type { ContextPack, CoreMemory } from '../../../sessions/types.js';
import { RecordLink } from '../layout.js';

export const Budget: FC<{ label: string; used: number; budget: number }> = ({ label, used, budget }) => {
  const share = budget > 0 ? Math.min(1, used / budget) : 1;
  return (
    <div>
      <div class="meta">
        {label}: {used} / {budget} characters ({Math.round((used / Math.max(1, budget)) * 100)}%)
      </div>
      <div class={`bar${used > budget ? ' over' : ''}`}>
        <svg width="100%" height="100%" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true">
          <rect x="0" y="0" width={(share * 100).toFixed(2)} height="1" fill={used > budget ? '#a33b20' : '#1f5fa8'} />
        </svg>
      </div>
    </div>
  );
};

export const CoreView: FC<{ base: string; project: string | null; projects: string[]; core: CoreMemory; pack: ContextPack }> = ({
  base,
  project,
  projects,
  core,
  pack,
}) => (
  <>
    <form class="filters" method="get" action={`${base}/core`}>
      <label>
        项目 project
        <select name="project">
          <option value="">(global)</option>
          {projects.map((p) => (
            <option value={p} selected={p === project}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Show</button>
    </form>
    <h2>核心记忆 Core memory</h2>
    <Budget label="core block" used={core.used} budget={core.budget} />
    <table>
      <tbody>
        {core.entries.map((e) => (
          <tr>
            <td>
              <RecordLink base={base} id={e.id} />
              <div class="meta">
                {e.reason} · {e.chars} chars
              </div>
            </td>
            <td class="text">{e.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
    {core.overflow.length ? (
      <p class="meta">
        {core.overflow.length} candidates did not fit (still in the log and searchable): {core.overflow.map((e) => e.id).join(', ')}
      </p>
    ) : null}
    <h2>会话开始包 Session-start pack</h2>
    <Budget label="pack" used={pack.used} budget={pack.budget} />
    {pack.omitted.length ? <p class="meta">left out for the budget: {pack.omitted.map((o) => `${o.section} ${o.count}`).join(', ')}</p> : null}
    <pre class="pack">{pack.markdown}</pre>
  </>
);
