/**
 * A table as a Parquet file, through Arrow (`to-arrow.ts`) and parquet-wasm (the Rust `parquet` crate
 * compiled to WebAssembly): DATE, TIMESTAMP (UTC), integers as integers, dictionary-encoded strings,
 * Snappy-compressed pages, and the Arrow schema (with units) kept in the file's metadata.
 *
 * parquet-wasm is required on first use only.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DataError } from "../errors";
import { writeFileAtomic } from "../util/write-file-atomic";
import { loadArrow, tableToArrow, type ArrowSource } from "./to-arrow";

/** Options of `writeParquet`. */
export interface WriteParquetOptions {
  /** Rows per row group; default 131,072 (readers skip whole groups by their min/max statistics). */
  readonly rowGroupSize?: number;
}

/** What `writeParquet` wrote. */
export interface ParquetWritten {
  readonly path: string;
  readonly rows: number;
  readonly bytes: number;
}

// Typed by path: TypeScript's Node10 resolution does not read the package's `exports`, Node's require does.
type ParquetWasm = typeof import("parquet-wasm/node/parquet_wasm");
let parquetModule: ParquetWasm | undefined;

function loadParquet(): ParquetWasm {
  parquetModule ??= require("parquet-wasm/node") as ParquetWasm;
  return parquetModule;
}

/**
 * The Parquet bytes of a table.
 * @param source the table's columns and schema (see `tableToArrow`).
 * @param options row group size; default 131,072 rows.
 */
export function parquetBytes(source: ArrowSource, options: WriteParquetOptions = {}): Uint8Array {
  const rowGroupSize = options.rowGroupSize ?? 131_072;
  if (!Number.isInteger(rowGroupSize) || rowGroupSize < 1) throw new DataError(`writeParquet: rowGroupSize must be a positive integer, got ${String(rowGroupSize)}`);
  const A = loadArrow();
  const P = loadParquet();
  const ipc = A.tableToIPC(tableToArrow(source), "stream");
  const table = P.Table.fromIPCStream(ipc);
  const props = new P.WriterPropertiesBuilder().setCompression(P.Compression.SNAPPY).setMaxRowGroupSize(rowGroupSize).setDictionaryEnabled(true).build();
  return P.writeParquet(table, props);
}

/**
 * Writes a table to a Parquet file. The file appears whole or not at all: the bytes go to a
 * temporary name beside it, are flushed to disk, and are then renamed over `path` (a rename within a
 * folder is atomic), so a reader never sees half a file, even if the process is killed mid-write.
 * Missing folders are created.
 * @param source the table's columns and schema.
 * @param path the file to write.
 * @param options row group size; default 131,072 rows.
 */
export function writeParquetFile(source: ArrowSource, path: string, options?: WriteParquetOptions): ParquetWritten {
  const bytes = parquetBytes(source, options);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, bytes);
  return { path, rows: source.columns.length, bytes: bytes.byteLength };
}
