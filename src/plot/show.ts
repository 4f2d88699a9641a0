import { inspect } from "node:util";
import { kernelChannel } from "../display/kernel-channel";
import { VEGA_LITE_MIME, type DisplayBundle } from "../display/display-bundle";
import { DataError } from "../errors";
import { columnSourceOf, isDataFrame } from "../frame/columns";
import { frameDisplay } from "../frame/frame-display";
import { Table } from "../table/table";
import { JUPYTER_DISPLAY, type TableDisplayOptions } from "../io/table-display";
import { chartBundle } from "./chart-display";
import { isVegaLiteSpec } from "./spec";

export { VEGA_LITE_MIME, type DisplayBundle };

/** Options of {@link show}. */
export type ShowOptions = TableDisplayOptions;

/**
 * Displays a chart or a table. Use `await show(x)` in a notebook cell.
 *
 * - A Vega-Lite spec goes out as ONE display bundle: `application/vnd.vegalite.v5+json` (the spec as a
 *   JSON object, interactive in JupyterLab), `image/svg+xml` (static HTML exports, GitHub) and `text/plain`.
 * - A Table or Result, a danfojs DataFrame or records go out as `text/html` (shape, each column's type and
 *   unit, the rows: all of them up to `rows`, default 10, else the first and last ones) and `text/plain`.
 *
 * In a notebook kernel (tslab, or Deno's `deno jupyter`) the bundle is sent to the running cell and `show`
 * resolves to undefined (so the cell prints nothing more). Elsewhere (a script, the Node REPL) it prints
 * the `text/plain` form to stdout and resolves to the bundle, for a caller that displays it some other way.
  * @example
  * await show(result); // a table, a chart spec or a frame, in the notebook
 */
export function show(x: unknown, options: ShowOptions = {}): Promise<DisplayBundle | undefined> {
  // Taken before rendering: without `await`, the next tslab cell may start (and own the sender) before the SVG is ready.
  const channel = kernelChannel();
  return new ShowPromise((resolve, reject) => {
    displayBundle(x, options)
      .then(async (bundle) => {
        if (channel !== undefined) {
          await channel.send(bundle);
          return undefined;
        }
        process.stdout.write(`${String(bundle["text/plain"])}\n`);
        return bundle;
      })
      .then(resolve, reject);
  });
}

/**
 * The promise `show` returns. A cell that forgets `await` prints its last value before the chart is ready,
 * and the chart is then lost; printed, this promise says so instead of "Promise { <pending> }".
 */
class ShowPromise<T> extends Promise<T> {
  [inspect.custom](): string {
    return "show() renders asynchronously: write `await show(x)` so the output reaches this cell";
  }
}

/**
 * The MIME bundle `show` sends for `x`: a Vega-Lite spec, a Table or Result, a danfojs DataFrame, records,
 * anything holding records as columns, or any object with a `Symbol.for("Jupyter.display")` method.
 * @throws DataError for anything else.
  * @example
  * const bundle = await displayBundle(flowsChart(flows)); // { "text/html": ..., ... }
 */
export async function displayBundle(x: unknown, options: ShowOptions = {}): Promise<DisplayBundle> {
  if (isVegaLiteSpec(x)) return chartBundle(x);
  if (typeof x !== "object" || x === null) {
    throw new DataError(`show: expected a Vega-Lite spec, a Table, a DataFrame or records, got ${x === null ? "null" : typeof x}`);
  }
  if (isDataFrame(x)) return frameDisplay(x, options);
  if (x instanceof Table) return x[JUPYTER_DISPLAY](options);
  const own = (x as { [JUPYTER_DISPLAY]?: unknown })[JUPYTER_DISPLAY];
  if (typeof own === "function") return (await (own as (o: ShowOptions) => unknown).call(x, options)) as DisplayBundle;
  if (Array.isArray(x)) return Table.fromRecords(x as Record<string, unknown>[])[JUPYTER_DISPLAY](options);
  const source = columnSourceOf(x);
  if (source !== undefined) return Table.fromColumns(source)[JUPYTER_DISPLAY](options);
  throw new DataError(`show: expected a Vega-Lite spec, a Table, a DataFrame or records, got an object with keys ${Object.keys(x).slice(0, 5).join(", ") || "(none)"}`);
}
