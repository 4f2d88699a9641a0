/**
 * The sandbox's SQL engine for data links: an in-memory DuckDB per (seed, asOf), locked down (no file,
 * network or extension access, configuration locked), whose tables are loaded with DuckDB's appender
 * the first time a query names them and kept. Queries on one database run one at a time.
 */
import { DUCKDB_SELECT_STATEMENT, loadDuckDb, type DuckDbAppender, type DuckDbConnection, type DuckDbReader } from "../../../util/duckdb";
import type { SandboxContext } from "../../core/types";
import { SandboxHttpError } from "../../core/types";
import { DATALINK_TABLES, type DatalinkColumn, type DatalinkTable } from "./tables";

/** Rows one answer may have: more is refused, as the service refuses its biggest queries. */
export const DATALINK_ROW_LIMIT = 1_000_000;

/** A query still running after this long is interrupted (one runaway cross join must not hold the sandbox). */
export const DATALINK_QUERY_MS = 60_000;

/** What the feature is called in a missing-DuckDB message. */
export const DATALINKS_FEATURE = "the sandbox's /v4/beta/query_datalinks";

/** Settings of every sandbox database: nothing outside the process can be reached or changed. */
const LOCKED_DOWN: Readonly<Record<string, string>> = {
  enable_external_access: "false",
  autoinstall_known_extensions: "false",
  autoload_known_extensions: "false",
  allow_community_extensions: "false",
  threads: "1",
  max_memory: "2GB",
  lock_configuration: "true",
};

/** A query's answer: column names and JSON-safe values, column by column. */
export interface DatalinkAnswer {
  readonly names: readonly string[];
  readonly columns: readonly (readonly unknown[])[];
  readonly rows: number;
}

/** One locked-down database and the tables loaded into it so far. */
class DatalinkDatabase {
  private readonly loaded = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connection: DuckDbConnection,
    private readonly ctx: SandboxContext,
  ) {}

  /** Runs `sql` (already one statement) after the queries before it. */
  query(sql: string): Promise<DatalinkAnswer> {
    const run = this.queue.then(() => this.run(sql));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(sql: string): Promise<DatalinkAnswer> {
    for (const key of tablesNamedIn(sql)) if (!this.loaded.has(key)) await this.load(key, DATALINK_TABLES.get(key)!);
    const statements = await this.connection.extractStatements(sql).catch((e: unknown) => badSql(e));
    if (statements.count !== 1) throw new SandboxHttpError(400, `query_datalinks runs one SELECT statement; this query holds ${statements.count}`);
    const prepared = await this.connection.prepare(sql).catch((e: unknown) => badSql(e));
    if (prepared.statementType !== DUCKDB_SELECT_STATEMENT) throw new SandboxHttpError(400, "query_datalinks runs SELECT statements only");
    let interrupted = false;
    const timer = setTimeout(() => {
      interrupted = true;
      this.connection.interrupt();
    }, DATALINK_QUERY_MS);
    timer.unref();
    const reader = await prepared
      .streamAndReadUntil(DATALINK_ROW_LIMIT + 1)
      .catch((e: unknown) => (interrupted ? tooSlow() : badSql(e)))
      .finally(() => clearTimeout(timer));
    if (reader.currentRowCount > DATALINK_ROW_LIMIT) {
      throw new SandboxHttpError(400, `the query returns more than ${DATALINK_ROW_LIMIT.toLocaleString("en-US")} rows: add a WHERE or a LIMIT`);
    }
    return answerOf(reader);
  }

  private async load(key: string, table: DatalinkTable): Promise<void> {
    const { columns, rows } = table.rows(this.ctx);
    await this.connection.run(`CREATE OR REPLACE TABLE ${table.schema}.${table.name} (${columns.map((c) => `"${c.name}" ${c.type}`).join(", ")})`);
    const appender = await this.connection.createAppender(table.name, table.schema);
    try {
      for (const row of rows) {
        for (const column of columns) append(appender, column, row[column.name]);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    this.loaded.add(key);
  }
}

function append(appender: DuckDbAppender, column: DatalinkColumn, value: unknown): void {
  if (value === null || value === undefined) return appender.appendNull();
  switch (column.type) {
    case "DOUBLE": {
      const x = typeof value === "number" ? value : Number(value);
      return Number.isNaN(x) ? appender.appendNull() : appender.appendDouble(x);
    }
    case "INTEGER":
      return appender.appendInteger(Number(value));
    default:
      // DATE and TIMESTAMP columns take their text (YYYY-MM-DD, ISO 8601 in UTC): the appender casts it.
      return appender.appendVarchar(String(value));
  }
}

/** The known tables a query names (`hdl.fraccrews`, `"ldl"."transaction_history_raw"`), lower case. */
function tablesNamedIn(sql: string): string[] {
  const found = new Set<string>();
  for (const m of sql.matchAll(/"?\b(hdl|ldl)"?\s*\.\s*"?([A-Za-z_][A-Za-z0-9_]*)\b/gi)) {
    const key = `${m[1]!.toLowerCase()}.${m[2]!.toLowerCase()}`;
    if (DATALINK_TABLES.has(key)) found.add(key);
  }
  return [...found];
}

/** DuckDB's refusal of the SQL (a syntax error, an unknown column, a permission error) as a 400. */
function badSql(e: unknown): never {
  const message = e instanceof Error ? e.message : String(e);
  throw new SandboxHttpError(400, `query_datalinks: ${message.split("\n").slice(0, 3).join(" ").slice(0, 500)}`);
}

function tooSlow(): never {
  throw new SandboxHttpError(400, `query_datalinks: the query ran longer than ${DATALINK_QUERY_MS / 1000} s and was stopped; narrow it`);
}

/** DuckDB's JSON values made plain: integers and decimals as numbers where exact, timestamps as ISO 8601. */
function answerOf(reader: DuckDbReader): DatalinkAnswer {
  const names = reader.columnNames();
  const types = reader.columnTypes().map(String);
  const raw = reader.getColumnsJson();
  const columns = raw.map((values, j) => plainColumn(types[j] ?? "", values));
  return { names, columns, rows: reader.currentRowCount };
}

function plainColumn(type: string, values: unknown[]): unknown[] {
  if (/^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|DECIMAL.*)$/.test(type)) {
    return values.map((v) => {
      if (typeof v !== "string") return v;
      const x = Number(v);
      return Number.isFinite(x) && (type.startsWith("DECIMAL") || Number.isSafeInteger(x)) ? x : v;
    });
  }
  if (type.startsWith("TIMESTAMP")) {
    return values.map((v) => {
      const m = typeof v === "string" ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)(.*)$/.exec(v) : null;
      if (!m) return v;
      const zone = m[3] === "" || m[3] === "+00" ? "Z" : m[3];
      return `${m[1]}T${m[2]}${zone}`;
    });
  }
  return values;
}

const databases = new Map<string, Promise<DatalinkDatabase>>();

/**
 * The database of one sandbox (seed and asOf), created on first use. Throws `MissingDependencyError`
 * when `@duckdb/node-api` is not installed.
 */
export function datalinkDatabase(ctx: SandboxContext): Promise<DatalinkDatabase> {
  const key = `${ctx.seed}|${ctx.asOf}`;
  let db = databases.get(key);
  if (db === undefined) {
    const { DuckDBInstance } = loadDuckDb(DATALINKS_FEATURE);
    db = DuckDBInstance.create(":memory:", LOCKED_DOWN).then(async (instance) => {
      const connection = await instance.connect();
      // The schemas exist from the start, so a query's errors do not depend on which tables were loaded before it.
      for (const schema of new Set([...DATALINK_TABLES.values()].map((t) => t.schema))) await connection.run(`CREATE SCHEMA ${schema}`);
      return new DatalinkDatabase(connection, ctx);
    });
    // A failed start is not kept: the next query tries again.
    db.catch(() => databases.delete(key));
    if (databases.size >= 4) databases.delete(databases.keys().next().value as string);
    databases.set(key, db);
  }
  return db;
}
