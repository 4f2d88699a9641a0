/**
 * A table's danfo view.
 */
import type { DataFrame } from "danfojs-node";
import { toFrame } from "../frame/to-frame";
import { withUnits } from "../frame/units";
import { columnsToFrame } from "../result/columns-to-frame";
import type { RecordColumns } from "./record-columns";
import type { RecordSchema } from "./schema";

/** The frame of a table held as records (`rows`) or as columns, with `units` recorded on it. */
export function tableToFrame(rows: readonly Record<string, unknown>[] | undefined, columns: RecordColumns | undefined, schema: RecordSchema | undefined, units: Readonly<Record<string, string>>): DataFrame {
  const frame = rows === undefined ? columnsToFrame(columns!, schema) : toFrame(rows, schema);
  return Object.keys(units).length > 0 ? withUnits(frame, { ...units }) : frame;
}
