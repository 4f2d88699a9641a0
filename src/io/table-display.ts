/**
 * A table as a notebook display: `text/html` and `text/plain` showing the shape, each column's type and
 * unit, and the rows (head and tail of a long table) with numbers formatted for reading. The cells and
 * the text are the table's own (table/table-text.ts), so a table looks the same printed and in a
 * notebook. Loading this module gives `Table` its `Symbol.for("Jupyter.display")` method.
 */
import { DISPLAY_VIEW, Table } from "../table/table";
import { displayCells, tableText, type TableDisplayOptions, type TableDisplayView } from "../table/table-text";

export type { TableDisplayOptions, TableDisplayView } from "../table/table-text";

/**
 * The key under which Deno's Jupyter kernel looks for an object's display bundle (a method returning
 * `{ [mimeType]: data }`), called when the object is the last expression of a cell.
 */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display") as never;

/** The `text/html` and `text/plain` of a table. */
export function tableDisplay(view: TableDisplayView, options: TableDisplayOptions = {}): { html: string; text: string } {
  const { columns, shown, gapAt, shape } = displayCells(view, options);
  const th = columns
    .map((c) => `<th style="text-align:${c.align}">${esc(c.name)}<br><span style="font-weight:normal;color:#777">${esc(c.type)}${c.unit ? `, ${esc(c.unit)}` : ""}</span></th>`)
    .join("");
  const body: string[] = [];
  for (let k = 0; k < shown; k++) {
    if (k === gapAt) body.push(`<tr>${columns.map(() => '<td style="text-align:center">…</td>').join("")}</tr>`);
    body.push(`<tr>${columns.map((c) => `<td style="text-align:${c.align}">${esc(c.cells[k]!)}</td>`).join("")}</tr>`);
  }
  const html = [
    '<div class="gasframes-table">',
    `<p style="color:#555;margin:0 0 4px">${esc(shape)}</p>`,
    `<table border="1" class="dataframe"><thead><tr>${th}</tr></thead><tbody>`,
    ...body,
    "</tbody></table>",
    "</div>",
  ].join("\n");
  return { html, text: tableText(view, options) };
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

declare module "../table/table" {
  interface Table<R> {
    /**
     * The table as a notebook display bundle: `text/html` and `text/plain` with the shape, each column's
     * type and unit, and the rows (the first and last ones of a long table). Deno's Jupyter kernel shows
     * it when a table is the last expression of a cell; `show(table)` sends it in tslab and Deno alike.
     * Installed by io/ (loaded by the root module).
     * @param options `rows` shown; default 10.
     */
    [JUPYTER_DISPLAY](options?: TableDisplayOptions): { "text/html": string; "text/plain": string };
  }
}

Object.defineProperty(Table.prototype, JUPYTER_DISPLAY, {
  value: function display(this: Table<unknown>, options: TableDisplayOptions = {}) {
    const { html, text } = tableDisplay(this[DISPLAY_VIEW](), options);
    return { "text/html": html, "text/plain": text };
  },
  writable: true,
  configurable: true,
});
