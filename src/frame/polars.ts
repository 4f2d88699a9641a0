/**
 * A table's nodejs-polars view. nodejs-polars is an optional peer dependency that installs from the npm
 * registry as is (a prebuilt native binary per platform, no install script, no overrides), loaded on the
 * first `toPolars()`. The records cross as Arrow IPC: the table's Arrow export (`toArrow()`) is written
 * to one buffer and polars decodes its columns from it, so no row object is built on either side.
 */
import type * as Arrow from "apache-arrow";
import type * as Polars from "nodejs-polars";
import { DataError } from "../errors";
import { requireOptional } from "../errors/missing-dependency";
import { loadArrow } from "../io/to-arrow";
import { Table } from "../table/table";

type PolarsModule = typeof Polars;

let polars: PolarsModule | undefined;

/**
 * Returns the nodejs-polars module, loading it on first use. Throws MissingDependencyError, naming the
 * package and `npm install nodejs-polars@...`, when it is not installed or its native binary does not load.
 */
export function loadPolars(): PolarsModule {
  polars ??= requireOptional<PolarsModule>("nodejs-polars", "a polars DataFrame (toPolars())");
  return polars;
}

/**
 * A nodejs-polars DataFrame of a table's records (nodejs-polars is loaded on first use), made from the
 * table's Arrow export (see `toArrow()` for the column types), so the records never become row objects:
 * ints are Int32 (Int64 where a value needs it), floats Float64, dates Date, timestamps Datetime in
 * microseconds, UTC; repeated strings are Categorical (Arrow's dictionary encoding), other strings
 * Utf8; missing values are nulls. Polars' DataFrame holds no field metadata, so units, basis and a
 * Result's provenance do not travel: read them from `table.units` and `result.meta` (or use
 * `toArrow()`, whose fields keep them). polars decodes the IPC buffer into its own memory (one
 * columnar copy; see docs/results-and-frames.md for the measurement).
 * @param input a Table or Result, or an Apache Arrow table.
 * @throws DataError for any other input; MissingDependencyError when nodejs-polars is not installed.
 * @example
 * const df = toPolars(await ng.v4.rigs({ region_natgas: ["west"] }));
 * console.log(df.groupBy("region_natgas").agg(pl.col("rig_count").sum()).toString());
 */
export function toPolars(input: Table<unknown> | Arrow.Table): Polars.DataFrame {
  const arrow = input instanceof Table ? input.toArrow() : isArrowTable(input) ? input : undefined;
  if (arrow === undefined) throw new DataError(`toPolars: expected a Table, a Result or an Apache Arrow table, got ${describe(input)}`);
  const pl = loadPolars();
  const ipc = loadArrow().tableToIPC(arrow, "file");
  // A view of the IPC bytes, not a copy: polars reads a Node Buffer only.
  return pl.readIPC(Buffer.from(ipc.buffer, ipc.byteOffset, ipc.byteLength));
}

/** Duck-typed: a second copy of apache-arrow may be loaded (a user's own). */
function isArrowTable(x: unknown): x is Arrow.Table {
  return x !== null && typeof x === "object" && typeof (x as Arrow.Table).schema === "object" && Array.isArray((x as Arrow.Table).batches);
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array (make a table with Table.fromRecords first)";
  return typeof x === "object" ? `an object (${(x as object).constructor?.name ?? "no class"})` : `${typeof x} ${String(x).slice(0, 40)}`;
}

// The table is the ground floor and imports none of its views, so the polars view attaches its method
// to Table here; gasframes' entry point loads this module with the rest of frame/.
declare module "../table/table" {
  interface Table<R> {
    /**
     * A nodejs-polars DataFrame of all the records, through Arrow (see `toPolars`); nodejs-polars is
     * an optional peer dependency, loaded on first use.
     */
    toPolars(): Polars.DataFrame;
  }
}
Table.prototype.toPolars = function toPolarsMethod(this: Table<unknown>): Polars.DataFrame {
  return toPolars(this);
};
