/** The report's stylesheet, inlined into every page so each page stands alone. */
export const REPORT_CSS = `
:root { --fg: #1d2330; --muted: #5b6475; --line: #d9dee7; --code: #f5f7fa; --accent: #0b5cad; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: #fff; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 64px; }
nav.top { font-size: 13px; color: var(--muted); margin-bottom: 8px; }
a { color: var(--accent); }
h1, h2, h3 { line-height: 1.25; }
h1 { font-size: 28px; margin: 8px 0 16px; }
h2 { font-size: 21px; margin-top: 32px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
p code, li code, td code { background: var(--code); padding: 1px 4px; border-radius: 3px; }
.cell { margin: 14px 0; }
.cell.code { display: grid; grid-template-columns: 64px minmax(0, 1fr); column-gap: 8px; }
.prompt { color: var(--muted); font: 12px ui-monospace, monospace; text-align: right; padding-top: 8px; }
.input pre { margin: 0; background: var(--code); border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
.outputs { grid-column: 2; }
.out { margin: 6px 0; overflow-x: auto; }
pre.out { white-space: pre-wrap; padding: 4px 10px; margin: 6px 0; }
pre.out.stderr { background: #fff6e5; }
pre.out.error { background: #fdecec; color: #8a1010; }
.out.chart img { max-width: 100%; height: auto; }
figure.vega-chart { margin: 6px 0; }
figure.vega-chart .vega-view { max-width: 100%; overflow-x: auto; overflow-y: hidden; }
figure.vega-chart .hint { color: var(--muted); font-size: 12px; margin-top: 2px; }
#vg-tooltip-element { font: 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; }
th { background: var(--code); }
.out.table { overflow: visible; }
.table-box { margin: 6px 0; }
.table-caption, .table-note { color: var(--muted); font-size: 12px; margin: 0 0 4px; }
.table-note { margin: 4px 0 0; }
.table-scroll { display: inline-block; vertical-align: top; max-width: 100%; overflow-x: auto; border: 1px solid var(--line); border-radius: 4px; }
table.data { margin: 0; border: 0; font-size: 12.5px; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.data th, table.data td { border: 0; border-bottom: 1px solid var(--line); padding: 4px 7px; }
table.data thead th { background: var(--code); border-bottom: 2px solid #b9c1cf; vertical-align: bottom; font-weight: 600; white-space: normal; }
table.data th .unit { display: block; font-weight: normal; color: var(--muted); font-size: 11px; }
table.data .num { text-align: right; }
table.data td.text { white-space: normal; min-width: 4em; max-width: 13em; }
table.data tbody tr:nth-child(even) { background: #fafbfc; }
table.data tr.gap td { text-align: center; color: var(--muted); font-style: italic; }
blockquote { margin: 8px 0; padding: 2px 14px; border-left: 4px solid var(--line); color: var(--muted); }
.synthetic-banner { background: #fdecea; border: 1px solid #b22222; color: #8b0000; font-weight: bold; border-radius: 6px; padding: 8px 14px; margin: 10px 0 16px; }
ul.notebooks { list-style: none; padding: 0; }
ul.notebooks li { border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; margin: 10px 0; }
ul.notebooks .summary { color: var(--muted); margin: 4px 0 0; }
ul.notebooks ol.summary, ul.notebooks ul.summary { padding-left: 22px; margin: 4px 0; }
ul.notebooks ul.summary { list-style: disc; }
ul.notebooks .summary li { border: 0; border-radius: 0; padding: 0; margin: 2px 0; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;
