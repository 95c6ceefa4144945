/** Evaluation figures over time: one small line chart per series, drawn as SVG on the server. */
import type { FC } from 'hono/jsx';
import type { ReportsRead, Series } from '../reports.js';

const W = 460;
const H = 140;
const PAD = { l: 44, r: 10, t: 10, b: 24 };

function fmt(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3);
}

export const Chart: FC<{ s: Series }> = ({ s }) => {
  const xs = s.points.map((p) => p.timeMs);
  const ys = s.points.map((p) => p.value);
  const unit = ys.every((v) => v >= 0 && v <= 1);
  const yMin = unit ? 0 : Math.min(0, ...ys);
  const yMax = unit ? 1 : Math.max(...ys, yMin + 1e-9);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const x = (t: number) => PAD.l + (xMax === xMin ? (W - PAD.l - PAD.r) / 2 : ((t - xMin) / (xMax - xMin)) * (W - PAD.l - PAD.r));
  const y = (v: number) => H - PAD.b - ((v - yMin) / (yMax - yMin || 1)) * (H - PAD.t - PAD.b);
  const path = s.points.map((p, i) => `${i ? 'L' : 'M'}${x(p.timeMs).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const last = s.points[s.points.length - 1]!;
  // the axis says the day, or the hour when every run was on one day
  const sameDay = s.points[0]!.time.slice(0, 10) === last.time.slice(0, 10);
  const tick = (iso: string) => (sameDay ? iso.slice(0, 16).replace('T', ' ') : iso.slice(0, 10));
  return (
    <figure>
      <figcaption>
        <strong>{s.name}</strong> <span class="meta">latest {fmt(last.value)} · {s.points.length} runs</span>
      </figcaption>
      <svg class="chart" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={s.name}>
        <line x1={PAD.l} y1={H - PAD.b} x2={W - PAD.r} y2={H - PAD.b} stroke="#d7dde4" />
        <line x1={PAD.l} y1={PAD.t} x2={PAD.l} y2={H - PAD.b} stroke="#d7dde4" />
        <text x={PAD.l - 4} y={y(yMax) + 4} text-anchor="end">
          {fmt(yMax)}
        </text>
        <text x={PAD.l - 4} y={y(yMin)} text-anchor="end">
          {fmt(yMin)}
        </text>
        <text x={PAD.l} y={H - 6}>
          {tick(s.points[0]!.time)}
        </text>
        <text x={W - PAD.r} y={H - 6} text-anchor="end">
          {tick(last.time)}
        </text>
        <path d={path} fill="none" stroke="#1f5fa8" stroke-width="1.5" />
        {s.points.map((p) => (
          <circle cx={x(p.timeMs).toFixed(1)} cy={y(p.value).toFixed(1)} r="2.5" fill="#1f5fa8">
            <title>{`${p.time}: ${fmt(p.value)} (${p.from})`}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
};

export const ReportsView: FC<{ read: ReportsRead }> = ({ read }) => (
  <>
    <p class="meta">
      Sources: {read.sources.length ? read.sources.join(', ') : 'none yet'}. Keep `optmem eval --report` files in eval/reports/ of the home; each
      `optmem health` run adds a line to the health log of the home.
    </p>
    {read.problems.map((p) => (
      <div class="box warn text">{p}</div>
    ))}
    {read.series.length === 0 ? <p class="meta">no evaluation figures yet</p> : null}
    {read.series.map((s) => (
      <Chart s={s} />
    ))}
  </>
);
