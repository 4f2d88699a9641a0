/**
 * The column types of a lake's files, as stored: one type per column in every file of a dataset
 * (integers Int64, text plain Utf8 in `ARROW:schema`), so that a folder reader (nodejs-polars with its
 * default options) unions them. Files written before 2026-11-28 may hold Int32 integers or dictionary
 * text in their `ARROW:schema`: `compactLake` finds them here and rewrites them. See docs/lake.md,
 * "Month files".
 */
import type { DuckDbConnection } from "../util/duckdb";
import { loadArrow } from "../io/to-arrow";
import { globLiteral } from "./plan-scan";

/** DuckDB's integer types narrower than BIGINT: written as BIGINT (Parquet INT64) in a lake file. */
const NARROW_INTEGERS = new Set(["TINYINT", "SMALLINT", "INTEGER", "UTINYINT", "USMALLINT", "UINTEGER"]);

/**
 * Why each file's stored schema differs from what the lake writes now (none listed: it does not):
 * an integer column stored as Parquet INT32 (`count: Int32`), a text column whose `ARROW:schema` type
 * is a dictionary (`county: dictionary text`, read as Categorical by polars).
 * @param paths local paths of Parquet files (footers only are read).
 */
export async function storedSchemaIssues(c: DuckDbConnection, paths: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (paths.length === 0) return out;
  const add = (file: string, issue: string) => {
    const list = out.get(file);
    if (list === undefined) out.set(file, [issue]);
    else if (!list.includes(issue)) list.push(issue);
  };
  const list = `[${paths.map((p) => `'${globLiteral(p)}'`).join(", ")}]`;
  // INT32 with no converted type, or INT_8/16/32 and UINT_8/16/32: an integer. DATE, TIME_MILLIS and
  // DECIMAL are INT32 too, and stay so.
  const ints = await c.runAndReadAll(
    `SELECT file_name, name FROM parquet_schema(${list}) WHERE type = 'INT32' AND coalesce(num_children, 0) = 0 AND (converted_type IS NULL OR converted_type LIKE 'INT\\_%' ESCAPE '\\' OR converted_type LIKE 'UINT\\_%' ESCAPE '\\')`,
  );
  // No row: DuckDB gives no columns at all.
  const [intFiles = [], intNames = []] = ints.getColumnsJson() as [unknown[]?, unknown[]?];
  for (let i = 0; i < intFiles.length; i++) add(String(intFiles[i]), `${String(intNames[i])}: Int32`);
  const kv = await c.runAndReadAll(`SELECT file_name, decode(value) AS v FROM parquet_kv_metadata(${list}) WHERE decode(key) = 'ARROW:schema'`);
  const [kvFiles = [], kvValues = []] = kv.getColumnsJson() as [unknown[]?, unknown[]?];
  for (let i = 0; i < kvFiles.length; i++) for (const name of dictionaryFields(String(kvValues[i]))) add(String(kvFiles[i]), `${name}: dictionary text`);
  return out;
}

/** The fields whose type is a dictionary in a stored `ARROW:schema` (base64 of an Arrow IPC schema message). */
export function dictionaryFields(arrowSchema: string): string[] {
  const A = loadArrow();
  let reader;
  try {
    reader = A.RecordBatchReader.from(Buffer.from(arrowSchema, "base64"));
    reader.open();
  } catch {
    // Not an Arrow schema gasframes can read: nothing to say about its types (the Parquet types stand).
    return [];
  }
  return reader.schema.fields.filter((f) => A.DataType.isDictionary(f.type)).map((f) => f.name);
}

/**
 * `SELECT *` of `read` (a DuckDB table expression) with every integer column narrower than BIGINT cast
 * to BIGINT, so the file DuckDB writes from it stores Int64, as the month writer does.
 */
export async function selectWithWideIntegers(c: DuckDbConnection, read: string): Promise<string> {
  const empty = await c.runAndReadAll(`SELECT * FROM ${read} LIMIT 0`);
  const types = empty.columnTypes().map(String);
  const casts = empty.columnNames().flatMap((name, i) => {
    if (!NARROW_INTEGERS.has(String(types[i]))) return [];
    const q = `"${String(name).replace(/"/g, '""')}"`;
    return [`CAST(${q} AS BIGINT) AS ${q}`];
  });
  return casts.length === 0 ? `SELECT * FROM ${read}` : `SELECT * REPLACE (${casts.join(", ")}) FROM ${read}`;
}
