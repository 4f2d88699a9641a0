/**
 * `writeParquet(table, path)` and `table.toParquet(path)`: a Table (or Result) as a Parquet file.
 * Loading this module gives `Table` its `toParquet` method.
 */
import { DataError } from "../errors";
import { Table } from "../table/table";
import { arrowSourceOf } from "./table-to-arrow";
import { writeParquetFile, type ParquetWritten, type WriteParquetOptions } from "./to-parquet";

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
  return writeParquetFile(arrowSourceOf(table), path, options);
}

declare module "../table/table" {
  interface Table<R> {
    /**
     * Writes the records to a Parquet file (see `toArrow()` for the column types; Snappy-compressed, the
     * Arrow schema with units kept in the file). The file appears whole or not at all: it is written
     * under a temporary name and renamed into place. The same as `writeParquet(table, path, options)`;
     * installed by io/ (loaded by the root module).
     * @param path the file to write; missing folders are created.
     * @param options row group size; default 131,072 rows.
     */
    toParquet(path: string, options?: WriteParquetOptions): ParquetWritten;
  }
}

Object.defineProperty(Table.prototype, "toParquet", {
  value: function toParquet(this: Table<unknown>, path: string, options?: WriteParquetOptions) {
    return writeParquet(this, path, options);
  },
  writable: true,
  configurable: true,
});
