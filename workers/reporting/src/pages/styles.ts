/**
 * The pages' one stylesheet, served by Sluice (`/dashboard/assets/dashboard.css`): no CDN, no web fonts. Colours
 * meet WCAG AA contrast on white; focus is always visible; tables scroll sideways on a phone instead of overflowing.
 */
export const dashboardCss = `
:root { --ink: #1a1f29; --muted: #4a5261; --line: #c9ced8; --accent: #0b5cad; --accent-ink: #fff; --bg: #fff;
  --soft: #f2f4f8; --warn-bg: #fff4d6; --warn-ink: #5c4300; --bad: #a1161b; --ok: #14652f; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
  outline: 3px solid #f0a400; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--ink); color: #fff; padding: .5rem 1rem; }
.skip:focus { left: 0; z-index: 10; }
header.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
header.top .brand { font-weight: 700; font-size: 1.1rem; margin-right: auto; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
nav a { text-decoration: none; padding: .25rem 0; border-bottom: 3px solid transparent; }
nav a[aria-current="page"] { border-bottom-color: var(--accent); font-weight: 600; color: var(--ink); }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
.banner { background: var(--warn-bg); color: var(--warn-ink); padding: .75rem 1rem; border-radius: 6px; margin: 0 0 1rem; }
.notice { background: #e3f3e8; color: var(--ok); padding: .75rem 1rem; border-radius: 6px; margin: 0 0 1rem; }
.error { background: #fde7e8; color: var(--bad); padding: .75rem 1rem; border-radius: 6px; margin: 0 0 1rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 0; }
.cards > div { border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; }
.cards dt { color: var(--muted); font-size: .9rem; }
.cards dd { margin: .25rem 0 0; font-size: 1.4rem; font-weight: 600; }
.table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: .5rem .75rem; color: var(--muted); }
th, td { text-align: left; padding: .4rem .75rem; border-top: 1px solid var(--line); white-space: nowrap; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
form.inline { display: inline; }
form.filters, form.stack { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin: 0 0 1rem; }
label { display: flex; flex-direction: column; gap: .2rem; font-size: .95rem; }
label.check { flex-direction: row; align-items: center; gap: .4rem; }
fieldset { display: flex; flex-wrap: wrap; gap: .25rem 1rem; border: 1px solid var(--line); border-radius: 6px; margin: 0; padding: .5rem .75rem; }
legend { padding: 0 .25rem; font-size: .95rem; }
input.wide { width: min(36rem, 100%); }
label.wide { flex: 1 1 20rem; max-width: 36rem; }
td.wrap { white-space: normal; word-break: break-all; min-width: 12rem; }
td.actions { white-space: normal; min-width: 14rem; }
td.actions form { display: inline-block; margin: .15rem 0; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; word-break: break-all; }
input, select { font: inherit; padding: .4rem .5rem; border: 1px solid #7a8393; border-radius: 4px; min-height: 2.5rem; }
button, .button { font: inherit; padding: .45rem 1rem; min-height: 2.5rem; border-radius: 4px; border: 1px solid var(--accent);
  background: var(--accent); color: var(--accent-ink); cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary, .button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
.pager { display: flex; gap: 1rem; margin: 1rem 0; }
.chart { width: 100%; height: auto; max-width: 48rem; display: block; }
.chart .bar { fill: var(--accent); }
.chart .grid { stroke: var(--line); }
.chart text { fill: var(--muted); font-size: 11px; }
.formula { font-family: ui-monospace, monospace; background: var(--soft); padding: .5rem .75rem; border-radius: 4px; display: inline-block; }
.secret { font-family: ui-monospace, monospace; font-size: 1.05rem; word-break: break-all; background: var(--soft); padding: .5rem; }
.muted { color: var(--muted); }
.login { max-width: 28rem; margin: 3rem auto; }
.login form { display: flex; flex-direction: column; gap: 1rem; }
@media (max-width: 40rem) { main { padding: .75rem; } h1 { font-size: 1.3rem; } .cards dd { font-size: 1.2rem; }
  th:first-child, td:first-child { white-space: normal; } th, td { padding: .4rem .5rem; } }
`;
