/**
 * `openLake(dir)`: the lake `syncDataset` wrote, as DuckDB views, queried with SQL into gasframes Results.
 * DuckDB (`@duckdb/node-api`, an optional dependency) is loaded on first use.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataError, InvalidParamsError } from "../errors";
import { RecordColumns, type RecordColumn } from "../table/record-columns";
import { Result } from "../table/result";
import type { FieldSpec, FieldType } from "../table/schema";
import { encodeColumn } from "../table/typed-columns";
import { loadDuckDb, type DuckDbConnection, type DuckDbInstance, type DuckDbReader } from "../util/duckdb";
import { closest } from "../util/closest";
import { canonicalDecimal, isExactDouble } from "../util/exact-decimal";
import { dedupeColumnNames } from "../util/dedupe-column-names";
import { MANIFEST_FILE } from "./lake-manifest";
import { quoteIdent, type LakeColumn, type LakeSource } from "./lake-source";

/** One dataset of the lake: its view name and where its files are. */
export interface LakeDataset {
  /** The SQL view: `<service>_<version>_<endpoint>` in lower case (`natgas_v4_rigs`). */
  readonly view: string;
  /** The dataset's folder (`<dir>/natgas/v4/rigs`). */
  readonly dir: string;
  /** The view's columns as DuckDB describes them (the `month` partition column included). */
  readonly columns: readonly LakeColumn[];
}

/** Options of `openLake`. */
export interface OpenLakeOptions {
  /** DuckDB's memory limit; default `"2GB"`: bigger-than-memory queries spill to a temporary folder. */
  readonly maxMemory?: string;
  /** Where `@duckdb/node-api` is resolved from; default where gasframes is installed. */
  readonly from?: string;
}

/** An open lake. Close it when done (`close()`); a script that forgets still exits. */
export interface Lake {
  /** The datasets found, one view each. */
  readonly datasets: readonly LakeDataset[];
  /**
   * Runs SQL over the views and answers a Result (so `toFrame()`, charts and analysis work on it).
   * Column types come from DuckDB's: integers as `int`, floating and decimal numbers as `float`, DATE as
   * `date`, TIMESTAMP as `timestamp`, BOOLEAN as `bool`, text as `string`, anything else as `json`.
   * Nothing is rounded or dropped: repeated column names are renamed as DuckDB renames them
   * (`operator`, `operator_1`); an integer column with a value beyond 2^53 holds bigint values; a
   * DECIMAL column with a value a double cannot write back holds exact decimal text (`string`); NaN and
   * ±Infinity stay numbers, apart from null (docs/lake.md).
   * A DuckDB error (a typo, an unknown column) is a DataError carrying DuckDB's message.
   */
  query(sql: string): Promise<Result<Record<string, unknown>>>;
  /**
   * One dataset, to hand to `rollup` or `resampleFlows`, which then aggregate in DuckDB.
   * @param name the view's name, in any letter case (`"natgas_v4_productionByWell"`).
   * @throws InvalidParamsError naming the closest view when there is no such dataset.
   */
  dataset(name: string): LakeSource;
  /** Closes the database. */
  close(): void;
}

/**
 * Opens a lake folder written by `syncDataset`: every `<service>/<version>/<endpoint>` folder holding
 * `month=YYYY-MM/*.parquet` becomes a view of all its months (hive partitioning: the `month` column is
 * the partition), in an in-memory DuckDB. Temporary files and the manifest are never read.
 * @param dir the lake folder (the `dir` given to `syncDataset`).
 * @param options memory limit; default 2GB.
 */
export async function openLake(dir: string, options: OpenLakeOptions = {}): Promise<Lake> {
  if (typeof dir !== "string" || dir.trim() === "") throw new DataError(`openLake: expected the lake's folder, got ${JSON.stringify(dir)}`);
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new DataError(`openLake: no folder ${root} (sync a dataset into it first: syncDataset(..., { dir }))`);
  const found = findDatasets(root);
  const datasets: LakeDataset[] = [];
  const duckdb = loadDuckDb("openLake", options.from === undefined ? {} : { from: options.from });
  const instance: DuckDbInstance = await duckdb.DuckDBInstance.create(":memory:", { max_memory: options.maxMemory ?? "2GB" });
  let connection: DuckDbConnection;
  try {
    connection = await instance.connect();
    for (const d of found) {
      const files = join(d.dir, "month=*", "*.parquet").replace(/'/g, "''");
      await connection.run(`CREATE VIEW ${quoteIdent(d.view)} AS SELECT * FROM read_parquet('${files}', hive_partitioning = true, hive_types = {'month': VARCHAR})`);
      datasets.push({ ...d, columns: await describe(connection, d.view) });
    }
  } catch (error) {
    instance.closeSync();
    throw new DataError(`openLake: DuckDB could not open the lake at ${root}: ${messageOf(error)}`, { cause: error });
  }
  let closed = false;
  const lake: Lake = {
    datasets,
    dataset(name: string): LakeSource {
      const views = datasets.map((d) => d.view);
      const d = typeof name === "string" ? datasets.find((x) => x.view === name.toLowerCase()) : undefined;
      if (d === undefined) {
        const guess = typeof name === "string" ? closest(name, views) : undefined;
        throw new InvalidParamsError("lake.dataset", [{ param: "name", value: name, expected: `a dataset of the lake: ${views.join(", ")}`, ...(guess === undefined ? {} : { suggestion: guess }) }]);
      }
      return { kind: "lake-dataset", view: d.view, dir: d.dir, columns: d.columns, lake };
    },
    async query(sql: string): Promise<Result<Record<string, unknown>>> {
      if (closed) throw new DataError("lake.query: the lake is closed");
      if (typeof sql !== "string" || sql.trim() === "") throw new DataError(`lake.query: expected SQL text, got ${JSON.stringify(sql)}`);
      const started = Date.now();
      let reader: DuckDbReader;
      try {
        const prepared = await connection.prepare(sql);
        reader = await prepared.streamAndReadUntil(Number.MAX_SAFE_INTEGER);
      } catch (error) {
        throw new DataError(`lake.query: ${messageOf(error)}`, { cause: error });
      }
      return resultOf(reader, { sql, root, started });
    },
    close(): void {
      if (closed) return;
      closed = true;
      connection.closeSync();
      instance.closeSync();
    },
  };
  return lake;
}

/** The columns of a view, as DuckDB's DESCRIBE names and types them. */
async function describe(connection: DuckDbConnection, view: string): Promise<LakeColumn[]> {
  const reader = await (await connection.prepare(`DESCRIBE SELECT * FROM ${quoteIdent(view)}`)).streamAndReadUntil(Number.MAX_SAFE_INTEGER);
  const names = reader.columnNames();
  const raw = reader.getColumnsJson();
  const nameAt = raw[names.indexOf("column_name")] ?? [];
  const typeAt = raw[names.indexOf("column_type")] ?? [];
  return nameAt.map((n, i) => ({ name: String(n), type: fieldTypeOf(String(typeAt[i])), duckType: String(typeAt[i]) }));
}

/** `<root>/<service>/<version>/<endpoint>` folders with at least one `month=*` folder. */
function findDatasets(root: string): Omit<LakeDataset, "columns">[] {
  const out: Omit<LakeDataset, "columns">[] = [];
  const dirs = (p: string): string[] => readdirSync(p, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith(".") && !e.name.startsWith("_")).map((e) => e.name).sort();
  for (const service of dirs(root))
    for (const version of dirs(join(root, service)))
      for (const endpoint of dirs(join(root, service, version))) {
        const dir = join(root, service, version, endpoint);
        if (!dirs(dir).some((m) => m.startsWith("month="))) continue;
        const view = `${service}_${version}_${endpoint}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
        out.push({ view, dir });
      }
  if (out.length === 0) throw new DataError(`openLake: ${root} holds no dataset (no <service>/<version>/<endpoint>/month=YYYY-MM folder; is it the dir given to syncDataset? ${MANIFEST_FILE} files mark them)`);
  return out;
}

/** The type a DuckDB column is read as. */
function fieldTypeOf(duckType: string): FieldType {
  const t = duckType.toUpperCase();
  if (/^U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?$/.test(t)) return "int";
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL.*)$/.test(t)) return "float";
  if (t === "DATE") return "date";
  if (t.startsWith("TIMESTAMP")) return "timestamp";
  if (t === "BOOLEAN") return "bool";
  if (t === "VARCHAR") return "string";
  return "json";
}

function resultOf(reader: DuckDbReader, ctx: { sql: string; root: string; started: number }): Result<Record<string, unknown>> {
  // Two columns of one name (`SELECT r1.operator, r2.operator`) both stay, renamed as DuckDB renames a subquery's.
  const names = dedupeColumnNames(reader.columnNames());
  const duckTypes = reader.columnTypes().map((t) => String(t).toUpperCase());
  const raw = reader.getColumnsJson();
  const length = reader.currentRowCount;
  const columns = new Map<string, RecordColumn>();
  const fields: FieldSpec[] = [];
  names.forEach((name, j) => {
    const duckType = duckTypes[j]!;
    let type = fieldTypeOf(duckType);
    const values = raw[j] ?? [];
    let column: RecordColumn;
    if (type === "int" || type === "float") {
      const exact = exactNumbers(duckType, values, length);
      if (exact.kind === "text") type = "string";
      column = exact.column;
    } else {
      const text = type === "timestamp" ? values.map(isoTimestamp) : values;
      const coded = encodeColumn(text);
      column = { kind: "coded", codes: coded.codes, dict: coded.dict };
    }
    fields.push({ name, type });
    columns.set(name, column);
  });
  const meta = {
    service: "lake",
    apiVersion: "",
    endpoint: "query",
    method: "SQL",
    url: `file://${ctx.root}`,
    params: { sql: ctx.sql },
    fetchedAt: new Date(ctx.started).toISOString(),
    pages: 1,
    rows: length,
    bytes: 0,
    attempts: 1,
    durationMs: Date.now() - ctx.started,
    fromCache: false,
    source: "lake" as const,
    synthetic: false,
    requestIds: [],
  };
  return Result.fromColumns<Record<string, unknown>>(new RecordColumns(names, columns, length), meta, { name: "lake.query", fields });
}

/**
 * A numeric column kept exact: numbers (NaN for null) where every value is a double exactly; a column of
 * bigint values (null for null) for an integer column with any value beyond 2^53; a column of exact
 * decimal text for a DECIMAL column with any value a double cannot hold; numbers with NaN and
 * ±Infinity as themselves (null for null) for a floating column holding NaN.
 */
function exactNumbers(duckType: string, values: readonly unknown[], length: number): { kind: "number" | "bigint" | "text"; column: RecordColumn } {
  const integer = /INT/.test(duckType);
  const decimal = duckType.startsWith("DECIMAL");
  const scale = decimal ? Number(/,\s*(\d+)\)/.exec(duckType)?.[1] ?? 0) : 0;
  let exact = true;
  let nan = false;
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      out[i] = NaN;
      continue;
    }
    const x = Number(v);
    out[i] = x;
    if (x !== x) nan = true;
    if (typeof v === "string" && (integer || decimal) && !isExactDouble(v, x, scale)) exact = false;
  }
  if (!exact && integer) return { kind: "bigint", column: { kind: "mixed", values: values.slice(0, length).map((v) => (v === null || v === undefined ? null : BigInt(v as string | number))) } };
  if (!exact) return { kind: "text", column: { kind: "mixed", values: values.slice(0, length).map((v) => (v === null || v === undefined ? null : canonicalDecimal(String(v)))) } };
  if (nan) return { kind: "number", column: { kind: "mixed", values: values.slice(0, length).map((v) => (v === null || v === undefined ? null : Number(v))) } };
  return { kind: "number", column: { kind: "number", values: out } };
}


/** DuckDB's JSON form of a timestamp (`2024-05-01 06:00:00+00`, `2024-05-01 06:00:00`) as ISO 8601 UTC. */
function isoTimestamp(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-]\d{2})(?::?(\d{2}))?|Z)?$/.exec(v);
  if (m === null) return v;
  const offset = m[3] === undefined ? "Z" : `${m[3]}:${m[4] ?? "00"}`;
  const ms = Date.parse(`${m[1]}T${m[2]}${offset}`);
  return Number.isNaN(ms) ? v : new Date(ms).toISOString();
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 3).join(" ").slice(0, 500);
}
