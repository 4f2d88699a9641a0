/**
 * A table's danfo view: `tableToFrame(table)` and `table.toFrame()`. Loading this module gives `Table`
 * its `toFrame` method (frame/index.ts loads it, and the root module loads frame/); danfojs-node itself
 * is still required lazily, on the first frame built (see `loadDanfo`).
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";
import { Table } from "../table/table";
import { columnsToFrame } from "./columns-to-frame";
import { toFrame } from "./to-frame";

/**
 * A danfojs DataFrame of all the records of a table, with its units recorded for `unitsOf`: see
 * `Table#toFrame`.
 * @param table a Table or Result.
 * @throws DataError when `table` is not a gasframes Table.
 */
export function tableToFrame(table: Table<unknown>): DataFrame {
  if (!(table instanceof Table)) throw new DataError(`tableToFrame: expected a gasframes Table or Result, got ${table === null ? "null" : typeof table}`);
  // The schema holds the table's units; the frame builders record them for `unitsOf`. The columns are
  // the table's content; only records that are not objects (no columns) are read as records.
  const columns = table.columns();
  return columns.length === table.length ? columnsToFrame(columns, table.schema) : toFrame(table.rows() as Record<string, unknown>[], table.schema);
}

declare module "../table/table" {
  interface Table<R> {
    /**
     * A danfojs DataFrame of all the records (danfojs-node is loaded on first use): columns in `names`
     * order, typed by the schema (numbers, YYYY-MM-DD dates, ISO 8601 UTC timestamps, booleans), units
     * readable with `unitsOf(frame)`. The same as `tableToFrame(table)`; installed by frame/ (loaded by
     * the root module).
     */
    toFrame(): DataFrame;
  }
}

Object.defineProperty(Table.prototype, "toFrame", {
  value: function toFrameMethod(this: Table<unknown>) {
    return tableToFrame(this);
  },
  writable: true,
  configurable: true,
});
