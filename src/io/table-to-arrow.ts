/**
 * `toArrow(table)` and `table.toArrow()`: a Table (or Result, with its provenance) as an Apache Arrow
 * table. Loading this module gives `Table` its `toArrow` method.
 */
import type * as Arrow from "apache-arrow";
import { DataError } from "../errors";
import { Result } from "../table/result";
import type { FieldSpec } from "../table/schema";
import { Table } from "../table/table";
import { tableToArrow, type ArrowSource } from "./to-arrow";

/** What the Arrow and Parquet writers read of a table; a Result adds its provenance. */
export function arrowSourceOf(table: Table<unknown>): ArrowSource {
  const fields = new Map<string, FieldSpec>();
  for (const f of table.schema?.fields ?? []) if (!fields.has(f.name)) fields.set(f.name, f);
  const base = { names: table.names, units: table.units, fields, columns: table.columns() };
  const named = table.schema === undefined ? base : { ...base, schemaName: table.schema.name };
  return table instanceof Result ? { ...named, meta: table.meta } : named;
}

/**
 * An Apache Arrow table of all the records of a table (apache-arrow is loaded on first use): see
 * `Table#toArrow`.
 * @param table a Table or Result.
 * @throws DataError when `table` is not a gasframes Table.
 * @example
 * const arrow = toArrow(await ng.v4.rigs({ region_natgas: ["west"] }));
 * console.log(arrow.schema.fields.map((f) => f.name), arrow.numRows);
 */
export function toArrow(table: Table<unknown>): Arrow.Table {
  if (!(table instanceof Table)) throw new DataError(`toArrow: expected a gasframes Table or Result, got ${table === null ? "null" : typeof table}`);
  return tableToArrow(arrowSourceOf(table));
}

declare module "../table/table" {
  interface Table<R> {
    /**
     * An Apache Arrow table of all the records (apache-arrow is loaded on first use): columns in `names`
     * order; ints as Int32 (Int64 where a value needs it), floats as Float64, dates as Date32, timestamps
     * as microsecond UTC timestamps, repeated strings dictionary-encoded; missing values as nulls. Each
     * field's unit, basis (dry/wet) and gasframes type are its metadata (`unit`, `basis`,
     * `gasframes.type`); a Result's provenance is the schema's `gasframes.meta` (JSON, never the token).
     * The same as `toArrow(table)`; installed by io/ (loaded by the root module).
     */
    toArrow(): Arrow.Table;
  }
}

Object.defineProperty(Table.prototype, "toArrow", {
  value: function toArrowMethod(this: Table<unknown>) {
    return tableToArrow(arrowSourceOf(this));
  },
  writable: true,
  configurable: true,
});
