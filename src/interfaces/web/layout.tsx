/** The page shell every view shares: title, navigation, the stylesheet. No script, ever. */
import type { Child, FC } from 'hono/jsx';
import { raw } from 'hono/html';

export const NAV: { path: string; label: string }[] = [
  { path: '/', label: '时间线 Timeline' },
  { path: '/search', label: '搜索 Search' },
  { path: '/redlines', label: '红线 Red lines' },
  { path: '/quarantine', label: '隔离 Quarantine' },
  { path: '/handoffs', label: '交接 Handoffs' },
  { path: '/core', label: '核心记忆 Core' },
  { path: '/reports', label: '评估 Reports' },
];

export const Page: FC<{ title: string; base: string; here: string; children?: Child }> = ({ title, base, here, children }) => (
  <>
  {raw('<!DOCTYPE html>')}
  <html lang="zh-CN">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} · optmem`}</title>
      <link rel="stylesheet" href={`${base}/assets/inspector.css`} />
      <link rel="icon" href="data:," />
    </head>
    <body>
      <header>
        <strong>optmem</strong>
        {NAV.map((n) => (
          <a href={`${base}${n.path}`} class={n.path === here ? 'here' : undefined}>
            {n.label}
          </a>
        ))}
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </body>
  </html>
  </>
);

/** A link to a record page. */
export const RecordLink: FC<{ base: string; id: string }> = ({ base, id }) => (
  <a class="id" href={`${base}/records/${encodeURIComponent(id)}`}>
    {id}
  </a>
);

/** Build a query string from the set fields (empty ones left out). */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
}
