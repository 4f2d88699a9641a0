/**
 * A danfo DataFrame as a notebook display, the same as a table's: gasframes gives danfo's DataFrame class
 * a `Symbol.for("Jupyter.display")` method when it first loads danfo, so that Deno's Jupyter kernel shows
 * a frame that ends a cell as a table with units, and `show(frame)` uses the same rendering.
 */
import { registeredUnits } from "./frame-units";
import { JUPYTER_DISPLAY, tableDisplay, type TableDisplayOptions } from "../io/table-display";
import { MIXED_UNITS, unitForField } from "../table/units";
import { distinctVolumeUnits } from "../table/volume-unit";

/** What is read of a danfo frame: its column names and rows, as danfo stores them. */
interface DanfoFrameData {
  $columns?: string[];
  $data?: unknown[][];
}

/** LNG columns measured in the row's `volume_unit`. */
const VOLUME_COLUMNS = new Set(["volume", "volume_std", "route_score_weighted_volume"]);

/**
 * The `text/html` and `text/plain` of a danfo frame. Units, as `unitsOf` finds them: those recorded for
 * this frame (`toFrame()`, `withUnits`), then those known from column names, then a volume's from its
 * `volume_unit` column.
 */
export function frameDisplay(frame: object, options: TableDisplayOptions = {}): { "text/html": string; "text/plain": string } {
  const f = frame as DanfoFrameData;
  const names = f.$columns ?? [];
  const rows = f.$data ?? [];
  const index = new Map(names.map((name, j) => [name, j]));
  const units: Record<string, string> = {};
  for (const name of names) {
    const unit = unitForField(name);
    if (unit !== undefined) units[name] = unit;
  }
  const labelsAt = index.get("volume_unit");
  if (labelsAt !== undefined) {
    const found = distinctVolumeUnits(rows.map((r) => r[labelsAt]));
    const unit = found.length === 1 ? found[0] : found.length > 1 ? MIXED_UNITS : undefined;
    if (unit !== undefined) for (const name of names) if (VOLUME_COLUMNS.has(name)) units[name] = unit;
  }
  Object.assign(units, registeredUnits(frame) ?? {});
  for (const name of Object.keys(units)) if (!index.has(name)) delete units[name];
  const { html, text } = tableDisplay(
    { title: "DataFrame", names, length: names.length === 0 ? 0 : rows.length, units, valueAt: (name, i) => rows[i]?.[index.get(name)!] },
    options,
  );
  return { "text/html": html, "text/plain": text };
}

/**
 * Gives danfo's DataFrame classes the display method (once; a method already there is kept). danfojs-node's
 * DataFrame extends danfo's base DataFrame, which `head()`, `tail()` and most operations return, so both get it.
 * @param danfo the loaded danfojs-node module.
 */
export function installFrameDisplay(danfo: { DataFrame?: { prototype: object } }): void {
  for (let proto: object | null = danfo.DataFrame?.prototype ?? null; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name !== "DataFrame" || Object.prototype.hasOwnProperty.call(proto, JUPYTER_DISPLAY)) continue;
    Object.defineProperty(proto, JUPYTER_DISPLAY, {
      value: function display(this: object, options?: TableDisplayOptions) {
        return frameDisplay(this, options);
      },
      writable: true,
      configurable: true,
    });
  }
}
