/**
 * A table's danfo view. It lives with the table (rather than in frame/) so that `Table.toFrame()` needs
 * nothing above the table: no registration hook that works only once frame/ happens to be loaded.
 * danfojs-node itself is still required lazily, on the first frame built (see `loadDanfo`).
 */
import type { DataFrame } from "danfojs-node";
import { columnsToFrame } from "./columns-to-frame";
import { withUnits } from "./frame-units";
import type { RecordColumns } from "./record-columns";
import type { RecordSchema } from "./schema";
import { toFrame } from "./to-frame";

/** The frame of a table held as records (`rows`) or as columns, with `units` recorded on it. */
export function tableToFrame(rows: readonly Record<string, unknown>[] | undefined, columns: RecordColumns | undefined, schema: RecordSchema | undefined, units: Readonly<Record<string, string>>): DataFrame {
  const frame = rows === undefined ? columnsToFrame(columns!, schema) : toFrame(rows, schema);
  return Object.keys(units).length > 0 ? withUnits(frame, { ...units }) : frame;
}
