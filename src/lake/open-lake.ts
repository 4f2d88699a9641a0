/**
 * `openLake(dir)`: the lake `syncDataset` wrote, as DuckDB views, queried with SQL into gasframes Results.
 * DuckDB (`@duckdb/node-api`, an optional dependency) is loaded on first use.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DataError, InvalidParamsError } from "../errors";
import { MixedColumn, NumberColumn, RecordColumns, type Column } from "../table/record-columns";
import { Result } from "../table/result";
import type { FieldSpec, FieldType } from "../table/schema";
import { encodeColumn } from "../table/engine-arrays";
import { loadDuckDb, type DuckDbConnection, type DuckDbInstance, type DuckDbReader } from "../util/duckdb";
import { closest } from "../util/closest";
import { canonicalDecimal, isExactDouble } from "../util/exact-decimal";
import { dedupeColumnNames } from "../util/dedupe-column-names";
import { readSnapshot, snapshotFiles, type LakeFile, type LakeManifest, type SnapshotChoice } from "./lake-manifest";
import { asLakeError } from "./lake-storage";
import { findDatasets, integrityError, verifySnapshot, type DatasetVerification, type LakeVerification } from "./lake-verify";
import { cacheSnapshotFiles, defaultLakeCacheDir } from "./s3-lake-cache";
import { isS3Url } from "./s3-client";
import { lakeStorageOf } from "./storage-of";
import { quoteIdent, type LakeField, type LakeSource } from "./lake-source";
import { pruneQuery, scanSelect, type ScanDataset } from "./plan-scan";
import { scanDatasetOf } from "./scan-dataset";
import { toIsoTimestamp, toTimeMs } from "../table/dates";

/** One dataset of the lake: its view name, its folder, and the snapshot the view reads. */
export interface LakeDataset {
  /** The SQL view: `<service>_<version>_<endpoint>` in lower case (`natgas_v4_rigs`). */
  readonly view: string;
  /** The dataset's folder (`<dir>/natgas/v4/rigs`), or its `s3://` address. */
  readonly dir: string;
  /** The snapshot read (its number in the dataset's log). */
  readonly snapshot: number;
  /** Exactly the files of that snapshot, with month, size and SHA-256: the view reads these and no other. */
  readonly files: readonly LakeFile[];
  /** The view's columns as DuckDB describes them (the `month` partition column included). */
  readonly columns: readonly LakeField[];
}

/** Options of `openLake`. */
export interface OpenLakeOptions {
  /** DuckDB's memory limit; default `"2GB"`: bigger-than-memory queries spill to a temporary folder. */
  readonly maxMemory?: string;
  /** Where `@duckdb/node-api` is resolved from; default where gasframes is installed. */
  readonly from?: string;
  /**
   * Read this snapshot of every dataset (a number of its log) instead of the latest; a dataset
   * without it is a DataError listing the versions kept. Default: the latest.
   */
  readonly version?: number;
  /**
   * Read each dataset as it was committed at this instant (ISO 8601 or epoch ms): its latest snapshot
   * committed at or before it; datasets not yet synced then are left out. Default: now.
   */
  readonly asOf?: string | number;
  /**
   * `true` (default): every file is checked against the size and SHA-256 its snapshot recorded before
   * the view is made, and a file that differs is a LakeIntegrityError; `"size"`: kinds and sizes only
   * (no byte is read); `false`: no check.
   */
  readonly verify?: boolean | "size";
  /**
   * A lake on object storage (`s3://…`) is read from local copies of its snapshot's files, downloaded
   * here and checked against their SHA-256; default `<os tmp>/gasframes-lake-cache`.
   */
  readonly cacheDir?: string;
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
  /** Checks every file the views read against its recorded size and SHA-256 again (`ok` false on any difference); on object storage, the objects. */
  verify(): Promise<LakeVerification>;
  /** Closes the database. */
  close(): void;
}

/**
 * Opens a lake folder written by `syncDataset`: each dataset becomes a view of exactly the files of
 * its latest committed snapshot (or of `{ version }` / `{ asOf }`), checked against their recorded
 * SHA-256 first, in an in-memory DuckDB (the `month` column is the partition). Files the snapshot
 * does not list (a sync in progress, a stray file) are never read; the path is passed as a list of
 * files with glob characters escaped, so `[`, `*` and `?` in a folder's name are plain characters.
 * A lake on object storage (`s3://bucket/prefix`, reached with the AWS variables of the environment) is
 * read from a local cache of its snapshot's files (`cacheDir`), each checked against its SHA-256 when
 * downloaded.
 * @param dir the lake folder (the `dir` given to `syncDataset`), or `s3://bucket/prefix`.
 * @param options memory limit (default 2GB), `version` or `asOf`, `verify` (default true).
 * @example
 * const lake = await openLake("lake");
 * const rigs = await lake.query("SELECT month, count(*) AS n FROM rigs GROUP BY month");
 */
export async function openLake(dir: string, options: OpenLakeOptions = {}): Promise<Lake> {
  if (typeof dir !== "string" || dir.trim() === "") throw new DataError(`openLake: expected the lake's folder, got ${JSON.stringify(dir)}`);
  const choice = snapshotChoice(options);
  const remote = isS3Url(dir);
  const root = remote ? dir.trim().replace(/\/+$/, "") : resolve(dir);
  if (!remote && (!existsSync(root) || !statSync(root).isDirectory())) throw new DataError(`openLake: no folder ${root} (sync a dataset into it first: syncDataset(..., { dir }))`);
  const found: Omit<LakeDataset, "columns">[] = [];
  const manifests = new Map<string, LakeManifest>();
  // Where DuckDB reads each dataset: its folder, or the local cache of an object-storage dataset.
  const localDirs = new Map<string, string>();
  try {
    for (const d of await findDatasets(root, "openLake")) {
      const storage = await lakeStorageOf(d.dir, { label: "openLake" });
      const snapshot = await readSnapshot(storage, choice);
      if (snapshot === undefined) continue;
      const files = snapshotFiles(snapshot);
      if (files.length === 0) continue;
      if (remote) {
        localDirs.set(d.view, await cacheSnapshotFiles(storage, files, options.cacheDir ?? defaultLakeCacheDir(), options.verify !== false && options.verify !== "size"));
      } else if (options.verify !== false) {
        const checked = await verifySnapshot(storage, snapshot, options.verify !== "size");
        if (checked.problems.length > 0) throw integrityError("openLake", checked);
      }
      found.push({ view: d.view, dir: d.dir, snapshot: snapshot.snapshot ?? 0, files });
      manifests.set(d.view, snapshot);
    }
  } catch (error) {
    throw asLakeError(error, "read the lake", root);
  }
  if (found.length === 0) throw new DataError(`openLake: ${root} holds no dataset (no <service>/<version>/<endpoint> folder with a committed snapshot holding rows; is it the dir given to syncDataset?)`);
  const datasets: LakeDataset[] = [];
  const scans: ScanDataset[] = [];
  const duckdb = loadDuckDb("openLake", options.from === undefined ? {} : { from: options.from });
  // A query larger than maxMemory spills to disk: into a folder of the system's temp folder, removed by
  // close(), never DuckDB's default (".tmp" in the working directory: the user's project folder).
  const spill = mkdtempSync(join(tmpdir(), "gasframes-lake-spill-"));
  const removeSpill = () => rmSync(spill, { recursive: true, force: true });
  let instance: DuckDbInstance;
  try {
    instance = await duckdb.DuckDBInstance.create(":memory:", { max_memory: options.maxMemory ?? "2GB", temp_directory: spill });
  } catch (error) {
    removeSpill();
    throw error;
  }
  let connection: DuckDbConnection;
  try {
    connection = await instance.connect();
    for (const d of found) {
      // The read is planned in plan-scan.ts: the snapshot's files, the catalog's schema, files unioned by
      // name, month pruning per query.
      const scan = await scanDatasetOf(connection, d.view, localDirs.get(d.view) ?? d.dir, manifests.get(d.view)!, d.files);
      scans.push(scan);
      await connection.run(`CREATE VIEW ${quoteIdent(d.view)} AS ${scanSelect(scan.files, scan.schema)}`);
      datasets.push({ ...d, columns: await describe(connection, d.view) });
    }
  } catch (error) {
    instance.closeSync();
    removeSpill();
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
        const prepared = await connection.prepare(pruneQuery(sql, scans).sql);
        reader = await prepared.streamAndReadUntil(Number.MAX_SAFE_INTEGER);
      } catch (error) {
        throw new DataError(`lake.query: ${messageOf(error)}`, { cause: error });
      }
      return resultOf(reader, { sql, root, started });
    },
    async verify(): Promise<LakeVerification> {
      const checked: DatasetVerification[] = [];
      for (const d of datasets) {
        const storage = await lakeStorageOf(d.dir, { label: "lake.verify" });
        const snapshot = await readSnapshot(storage, { version: d.snapshot });
        checked.push(await verifySnapshot(storage, snapshot!, true));
      }
      return { ok: checked.every((c) => c.problems.length === 0), datasets: checked };
    },
    close(): void {
      if (closed) return;
      closed = true;
      connection.closeSync();
      instance.closeSync();
      removeSpill();
    },
  };
  return lake;
}

/**
 * The SELECT of a dataset's view: exactly `files` (paths relative to `datasetDir`), each path a
 * literal with DuckDB's glob characters escaped, hive partitioning giving the `month` column.
 */
export { globLiteral } from "./plan-scan";

function snapshotChoice(options: OpenLakeOptions): SnapshotChoice {
  const issues = [];
  if (options.version !== undefined && (!Number.isInteger(options.version) || options.version < 0)) issues.push({ param: "version", value: options.version, expected: "a snapshot number, 0 or more" });
  if (options.asOf !== undefined && (typeof options.asOf === "number" ? !Number.isFinite(options.asOf) : typeof options.asOf !== "string" || Number.isNaN(toTimeMs(options.asOf)))) {
    issues.push({ param: "asOf", value: options.asOf, expected: "an instant: ISO 8601 (2026-11-27T12:00:00Z) or epoch milliseconds" });
  }
  if (options.version !== undefined && options.asOf !== undefined) issues.push({ param: "asOf", value: options.asOf, expected: "either version or asOf, not both" });
  if (options.cacheDir !== undefined && (typeof options.cacheDir !== "string" || options.cacheDir.trim() === "")) issues.push({ param: "cacheDir", value: options.cacheDir, expected: "a folder for the downloaded files of an s3:// lake" });
  if (options.verify !== undefined && options.verify !== true && options.verify !== false && options.verify !== "size") issues.push({ param: "verify", value: options.verify, expected: 'true, false or "size"' });
  if (issues.length > 0) throw new InvalidParamsError("openLake", issues);
  return { ...(options.version === undefined ? {} : { version: options.version }), ...(options.asOf === undefined ? {} : { asOf: options.asOf }) };
}

/** The columns of a view, as DuckDB's DESCRIBE names and types them. */
async function describe(connection: DuckDbConnection, view: string): Promise<LakeField[]> {
  const reader = await (await connection.prepare(`DESCRIBE SELECT * FROM ${quoteIdent(view)}`)).streamAndReadUntil(Number.MAX_SAFE_INTEGER);
  const names = reader.columnNames();
  const raw = reader.getColumnsJson();
  const nameAt = raw[names.indexOf("column_name")] ?? [];
  const typeAt = raw[names.indexOf("column_type")] ?? [];
  return nameAt.map((n, i) => ({ name: String(n), type: fieldTypeOf(String(typeAt[i])), duckType: String(typeAt[i]) }));
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
  const columns = new Map<string, Column>();
  const fields: FieldSpec[] = [];
  names.forEach((name, j) => {
    const duckType = duckTypes[j]!;
    let type = fieldTypeOf(duckType);
    const values = raw[j] ?? [];
    let column: Column;
    if (type === "int" || type === "float") {
      const exact = exactNumbers(duckType, values, length);
      if (exact.kind === "text") type = "string";
      column = exact.column;
    } else {
      const text = type === "timestamp" ? values.map(isoTimestamp) : values;
      const coded = encodeColumn(text);
      column = coded;
    }
    fields.push({ name, type });
    columns.set(name, column);
  });
  const meta = {
    service: "lake",
    apiVersion: "",
    endpoint: "query",
    method: "SQL",
    url: /^s3:\/\//.test(ctx.root) ? ctx.root : `file://${ctx.root}`,
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
function exactNumbers(duckType: string, values: readonly unknown[], length: number): { kind: "number" | "bigint" | "text"; column: Column } {
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
  if (!exact && integer) return { kind: "bigint", column: new MixedColumn(values.slice(0, length).map((v) => (v === null || v === undefined ? null : BigInt(v as string | number)))) };
  if (!exact) return { kind: "text", column: new MixedColumn(values.slice(0, length).map((v) => (v === null || v === undefined ? null : canonicalDecimal(String(v))))) };
  if (nan) return { kind: "number", column: new MixedColumn(values.slice(0, length).map((v) => (v === null || v === undefined ? null : Number(v)))) };
  return { kind: "number", column: new NumberColumn(out) };
}


/** DuckDB's JSON form of a timestamp (`2024-05-01 06:00:00+00`, `2024-05-01 06:00:00`) as ISO 8601 UTC. */
function isoTimestamp(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return toIsoTimestamp(v) ?? v;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 3).join(" ").slice(0, 500);
}
