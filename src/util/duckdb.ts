/**
 * DuckDB, loaded on first use: `@duckdb/node-api` is an optional peer dependency (a native engine of
 * tens of megabytes), needed only to answer SQL data-link queries in the sandbox, so `require("gasframes")`
 * never loads it. The types below are the few parts gasframes calls, so its own type declarations do not
 * name the package.
 */
import { requireOptional, type OptionalLoadOptions } from "../errors/missing-dependency";

/** A DuckDB result read into memory. */
export interface DuckDbReader {
  columnNames(): string[];
  /** Column types as DuckDB names them (`DATE`, `BIGINT`, `DECIMAL(18,3)`...). */
  columnTypes(): { toString(): string }[];
  /** Values column by column, as JSON-safe values (dates as text, big integers and decimals as text). */
  getColumnsJson(): unknown[][];
  readonly currentRowCount: number;
  readonly done: boolean;
}

/** The parts of a DuckDB appender gasframes uses: one typed append per column, then `endRow`. */
export interface DuckDbAppender {
  appendVarchar(value: string): void;
  appendDouble(value: number): void;
  appendBigInt(value: bigint): void;
  appendInteger(value: number): void;
  appendBoolean(value: boolean): void;
  appendNull(): void;
  endRow(): void;
  flushSync(): void;
  closeSync(): void;
}

/** A prepared statement: its kind is known before it runs. */
export interface DuckDbPrepared {
  /** DuckDB's `StatementType` (1 is SELECT). */
  readonly statementType: number;
  streamAndReadUntil(targetRowCount: number): Promise<DuckDbReader>;
}

/** One vector of a chunk (a column's values in it). */
export interface DuckDbVector {
  getItem(index: number): unknown;
}

/** A chunk of a streamed result: up to 2,048 rows. */
export interface DuckDbChunk {
  readonly rowCount: number;
  getColumnVector(index: number): DuckDbVector;
  /** The chunk's values column by column, converted by `converter` (e.g. the module's `JsonDuckDBValueConverter`). */
  convertColumns(converter: unknown): unknown[][];
}

/** A result read chunk by chunk as the query produces it. */
export interface DuckDbStreamedResult {
  columnNames(): string[];
  columnTypes(): { readonly typeId: number; toString(): string }[];
  /** The next chunk; null (or a chunk of 0 rows) at the end. */
  fetchChunk(): Promise<DuckDbChunk | null>;
}

/** One connection. */
export interface DuckDbConnection {
  run(sql: string): Promise<unknown>;
  /** Runs `sql` (parameters `$1`... from `values`) and reads the whole answer. */
  runAndReadAll(sql: string, values?: unknown[]): Promise<DuckDbReader>;
  /** Prepares and starts `sql`, answering a result read chunk by chunk. */
  stream(sql: string): Promise<DuckDbStreamedResult>;
  prepare(sql: string): Promise<DuckDbPrepared>;
  extractStatements(sql: string): Promise<{ readonly count: number }>;
  createAppender(table: string, schema?: string | null): Promise<DuckDbAppender>;
  interrupt(): void;
  closeSync(): void;
}

/** One database. */
export interface DuckDbInstance {
  connect(): Promise<DuckDbConnection>;
  closeSync(): void;
}

/** What `@duckdb/node-api` exports that gasframes uses. */
export interface DuckDbModule {
  readonly DuckDBInstance: { create(path?: string, options?: Record<string, string>): Promise<DuckDbInstance> };
  /** The converter of values to JSON-safe ones (big integers and decimals as text, dates as text). */
  readonly JsonDuckDBValueConverter: unknown;
}

/** DuckDB's `StatementType.SELECT`. */
export const DUCKDB_SELECT_STATEMENT = 1;

let loaded: DuckDbModule | undefined;

/**
 * `@duckdb/node-api`, required on the first call and kept. Throws `MissingDependencyError` (naming
 * `npm install @duckdb/node-api@…`) when it is absent or fails to load.
 * @param feature what needs it, for the error message.
 * @param options where to resolve it from. Default: where gasframes is installed (and then the result is kept).
 */
export function loadDuckDb(feature: string, options: OptionalLoadOptions = {}): DuckDbModule {
  if (options.from !== undefined) return requireOptional<DuckDbModule>("@duckdb/node-api", feature, options);
  loaded ??= requireOptional<DuckDbModule>("@duckdb/node-api", feature);
  return loaded;
}
