/**
 * `writeParquet(table, path)`: the function form of `table.toParquet(path)`, for pipelines that pass
 * tables around.
 */
import { DataError } from "../errors";
import { Table } from "./table";
import type { ParquetWritten, WriteParquetOptions } from "./to-parquet";

/**
 * Writes a table (a Result, or any analysis output) to a Parquet file: see `Table#toParquet`.
 * @param table the table.
 * @param path the file; missing folders are created; it appears whole or not at all.
 * @param options row group size; default 131,072 rows.
  * @example
  * writeParquet(await natgas.v3.rigs({ start_date: "2024-01-01" }), "rigs.parquet");
 */
export function writeParquet(table: Table<unknown>, path: string, options?: WriteParquetOptions): ParquetWritten {
  if (!(table instanceof Table)) throw new DataError(`writeParquet: expected a gasframes Table or Result, got ${table === null ? "null" : typeof table}`);
  if (typeof path !== "string" || path.trim() === "") throw new DataError(`writeParquet: expected a file path, got ${JSON.stringify(path)}`);
  return table.toParquet(path, options);
}
