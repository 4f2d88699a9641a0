import { inspect } from "node:util";
import { DataError } from "../errors";
import { frameDisplay, type FrameDisplayOptions } from "./frame-display";
import { chartTitle } from "./standalone-html";
import { isVegaLiteSpec, type VegaLiteSpec } from "./spec";
import { toSvg } from "./to-svg";
import { tslabSender } from "./tslab-display";

/** MIME type of a Vega-Lite v5 spec in a notebook output (rendered interactively by JupyterLab). */
export const VEGA_LITE_MIME = "application/vnd.vegalite.v5+json";

/** A notebook display bundle: MIME type to content. */
export type DisplayBundle = Record<string, unknown>;

/** Options of {@link show}. */
export type ShowOptions = FrameDisplayOptions;

/**
 * Displays a chart or a frame. Use `await show(x)` in a notebook cell.
 *
 * - A Vega-Lite spec goes out as ONE display bundle: `application/vnd.vegalite.v5+json` (interactive in
 *   JupyterLab), `image/svg+xml` (static HTML exports, GitHub) and `text/plain`.
 * - A danfojs DataFrame, records or a Result goes out as `text/html` (first `rows` rows, default 10, with
 *   the shape and units) and `text/plain`.
 *
 * In a tslab kernel the bundle is sent to the cell and `show` resolves to undefined (so the cell prints
 * nothing more). Elsewhere (a script, the Node REPL) it prints the `text/plain` form to stdout and resolves
 * to the bundle, for a caller that displays it some other way.
 */
export function show(x: unknown, options: ShowOptions = {}): Promise<DisplayBundle | undefined> {
  // Taken before rendering: without `await`, the next cell may start (and own the sender) before the SVG is ready.
  const send = tslabSender();
  return new ShowPromise((resolve, reject) => {
    displayBundle(x, options).then((bundle) => {
      if (send !== undefined) {
        send({ data: bundle, metadata: {} }, false);
        resolve(undefined);
        return;
      }
      process.stdout.write(`${String(bundle["text/plain"])}\n`);
      resolve(bundle);
    }, reject);
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

/** The MIME bundle `show` sends for `x` (a Vega-Lite spec, a frame, records or a Result). */
export async function displayBundle(x: unknown, options: ShowOptions = {}): Promise<DisplayBundle> {
  if (isVegaLiteSpec(x)) {
    return { [VEGA_LITE_MIME]: x, "image/svg+xml": await toSvg(x), "text/plain": chartSummary(x) };
  }
  if (typeof x === "object" && x !== null) {
    const { html, text } = frameDisplay(x, options);
    return { "text/html": html, "text/plain": text };
  }
  throw new DataError(`show: expected a Vega-Lite spec, a DataFrame, records or a Result, got ${x === null ? "null" : typeof x}`);
}

function chartSummary(spec: VegaLiteSpec): string {
  const marks = Array.isArray(spec.layer)
    ? spec.layer.map((l: { mark?: unknown }) => markType(l.mark)).join(" + ")
    : markType(spec.mark);
  const rows = Array.isArray(spec.data?.values) ? `, ${spec.data.values.length} rows` : "";
  return `Vega-Lite chart "${chartTitle(spec) ?? "untitled"}" (${marks}${rows})`;
}

function markType(mark: unknown): string {
  if (typeof mark === "string") return mark;
  if (typeof mark === "object" && mark !== null && typeof (mark as { type?: unknown }).type === "string") return (mark as { type: string }).type;
  return "chart";
}
