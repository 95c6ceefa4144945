/** The inspector's one stylesheet, served from the same origin (the policy allows no inline style). */
export const STYLESHEET = `
:root { --fg:#1d232b; --muted:#5d6875; --line:#d7dde4; --bg:#fbfcfd; --accent:#1f5fa8; --warn:#a33b20; --ok:#23703a; }
* { box-sizing: border-box; }
body { margin:0; font: 14px/1.5 system-ui, "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif; color:var(--fg); background:var(--bg); }
header { display:flex; flex-wrap:wrap; gap:.2rem 1rem; align-items:baseline; padding:.6rem 1rem; border-bottom:1px solid var(--line); background:#fff; }
header strong { margin-right:.5rem; }
header a { color:var(--accent); text-decoration:none; }
header a.here { font-weight:600; text-decoration:underline; }
main { padding:1rem; max-width:1100px; }
h1 { font-size:1.25rem; margin:.2rem 0 .8rem; }
h2 { font-size:1.05rem; margin:1.2rem 0 .5rem; }
table { border-collapse:collapse; width:100%; }
th, td { text-align:left; vertical-align:top; padding:.3rem .5rem; border-bottom:1px solid var(--line); }
th { font-weight:600; color:var(--muted); font-size:.85rem; }
.text { white-space:pre-wrap; overflow-wrap:anywhere; word-break:break-word; }
.meta { color:var(--muted); font-size:.85rem; }
.id { font-family: ui-monospace, monospace; font-size:.85rem; }
.tag { display:inline-block; padding:0 .4rem; border:1px solid var(--line); border-radius:.6rem; font-size:.8rem; margin-right:.2rem; }
.st-superseded { color:var(--muted); } .st-archived { color:var(--muted); } .st-quarantined { color:var(--warn); }
.tier-redline { color:var(--warn); font-weight:600; }
form.filters { display:flex; flex-wrap:wrap; gap:.4rem .8rem; align-items:end; margin-bottom:1rem; }
form.filters label { display:flex; flex-direction:column; font-size:.8rem; color:var(--muted); }
input, select, button { font:inherit; padding:.2rem .4rem; }
button { cursor:pointer; }
.pager { margin:1rem 0; display:flex; gap:1rem; }
.box { border:1px solid var(--line); background:#fff; padding:.6rem .8rem; margin:.6rem 0; }
.box.warn { border-color:var(--warn); }
ins { background:#d9f2df; text-decoration:none; }
del { background:#f8d7d3; }
pre.pack { white-space:pre-wrap; overflow-wrap:anywhere; background:#fff; border:1px solid var(--line); padding:.8rem; }
.bar { height:.7rem; background:#e8ecf0; position:relative; max-width:420px; }
.bar > span { position:absolute; left:0; top:0; bottom:0; background:var(--accent); }
.bar.over > span { background:var(--warn); }
ol.trace { margin:.2rem 0; padding-left:1.2rem; font-size:.85rem; }
figure { display:inline-block; margin:.4rem 1rem .8rem 0; }
svg.chart { background:#fff; border:1px solid var(--line); }
svg.chart text { font-size:10px; fill:var(--muted); }
.inline { display:inline; }
`;
