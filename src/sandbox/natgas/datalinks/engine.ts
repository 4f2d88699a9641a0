/**
 * The sandbox's SQL engine for data links: one in-memory DuckDB per sandbox, locked down (no file,
 * network or extension access, configuration locked), spilling only into a private temporary folder of
 * bounded size, whose tables are loaded with DuckDB's appender (on a connection of their own, one
 * table at a time) the first time a query names them.
 * A few connections run queries side by side; more wait in a bounded queue, and past it the answer is
 * 429. Every query is bounded as a whole once its tables are loaded (waiting, preparing and running;
 * loading the sandbox's own tables is not the query's work): at its limit it is
 * answered 400 at once and interrupted, and its connection is used again only once DuckDB has let go.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDuckDb, type DuckDbAppender, type DuckDbConnection, type DuckDbInstance, type DuckDbModule } from "../../../util/duckdb";
import type { SandboxContext } from "../../core/types";
import { SandboxHttpError } from "../../core/types";
import type { ResolvedDatalinkLimits } from "./limits";
import { readAnswer, type DatalinkAnswer } from "./read-answer";
import { checkDatalinkSql, sqlCheckNames, type SqlCheckNames } from "./sql-check";
import { DATALINK_TABLES, type DatalinkColumn, type DatalinkTable } from "./tables";

export type { DatalinkAnswer } from "./read-answer";

/** Rows one answer may have: more is refused, as the service refuses its biggest queries. */
export const DATALINK_ROW_LIMIT = 1_000_000;

/** What the feature is called in a missing-DuckDB message. */
export const DATALINKS_FEATURE = "the sandbox's /v4/beta/query_datalinks";

/** Settings of the sandbox database: nothing outside the process can be reached or changed. */
function lockedDown(tempDir: string, maxTempBytes: number): Record<string, string> {
  // The temporary folder is set first: once external access is off, DuckDB refuses to set it.
  return {
    temp_directory: tempDir,
    max_temp_directory_size: `${maxTempBytes}B`,
    enable_external_access: "false",
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    allow_community_extensions: "false",
    threads: "1",
    max_memory: "2GB",
    lock_configuration: "true",
  };
}

interface OpenDatabase {
  readonly module: DuckDbModule;
  readonly instance: DuckDbInstance;
  readonly names: SqlCheckNames;
  readonly tempDir: string;
  /** The connection that loads tables. */
  readonly loader: DuckDbConnection;
}

interface Waiter {
  resolve(connection: DuckDbConnection): void;
  reject(error: unknown): void;
}

/** The data-link engine of one sandbox. */
export class DatalinkEngine {
  private database: Promise<OpenDatabase> | undefined;
  private readonly idle: DuckDbConnection[] = [];
  /** Connections DuckDB is working on (running, or interrupted and not yet let go). */
  private readonly busy = new Set<DuckDbConnection>();
  private connections = 0;
  private readonly waiting: Waiter[] = [];
  private readonly loads = new Map<string, Promise<void>>();
  /** The loads in order: the loader connection does one at a time. */
  private loadChain: Promise<unknown> = Promise.resolve();
  private closed = false;
  private removeTempOnExit: (() => void) | undefined;

  constructor(private readonly limits: ResolvedDatalinkLimits) {}

  /**
   * Runs `sql` and answers its rows, or throws a SandboxHttpError: 400 for SQL refused or failed, too
   * slow or too big; 429 when every connection is busy and the queue is full (or stays busy past the
   * limit). `signal` (the request's end) interrupts the query.
   * Throws `MissingDependencyError` when `@duckdb/node-api` is not installed.
   */
  async query(sql: string, ctx: SandboxContext, signal?: AbortSignal): Promise<DatalinkAnswer> {
    if (this.closed) throw new SandboxHttpError(429, "query_datalinks: the sandbox is closing");
    const db = await this.open();
    for (const key of tablesNamedIn(sql)) {
      await this.load(db, key, ctx).catch((e: unknown) => {
        throw new SandboxHttpError(400, `query_datalinks: the table ${key} could not be loaded: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`);
      });
    }
    if (signal?.aborted) throw new SandboxHttpError(400, "query_datalinks: the request was cancelled");
    if (this.closed) throw new SandboxHttpError(429, "query_datalinks: the sandbox is closing");
    const stop = new AbortController();
    let stopError: SandboxHttpError | undefined;
    let connection: DuckDbConnection | undefined;
    const halt = (error: SandboxHttpError) => {
      if (stop.signal.aborted) return;
      stopError = error;
      stop.abort(error);
      connection?.interrupt();
    };
    const seconds = this.limits.queryTimeoutMs / 1000;
    const timer = setTimeout(() => {
      halt(connection === undefined
        ? new SandboxHttpError(429, `query_datalinks: every connection of the sandbox stayed busy for the query's whole ${seconds} s limit (queryTimeoutMs); retry later`)
        : new SandboxHttpError(400, `query_datalinks: the query ran longer than the sandbox's limit of ${seconds} s (queryTimeoutMs) and was stopped; narrow it`));
    }, this.limits.queryTimeoutMs);
    timer.unref();
    const onAbort = () => halt(new SandboxHttpError(400, "query_datalinks: the request was cancelled"));
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const stopped = new Promise<never>((_, reject) => stop.signal.addEventListener("abort", () => reject(stopError), { once: true }));
    stopped.catch(() => undefined);
    const checkStop = () => {
      if (stopError !== undefined) throw stopError;
    };
    const work = (async () => {
      const c = await this.acquire(db, stop.signal);
      connection = c;
      try {
        checkStop();
        await checkDatalinkSql(c, sql, db.names).catch((e: unknown) => (e instanceof SandboxHttpError ? Promise.reject(e) : badSql(e)));
        checkStop();
        const result = await c.stream(sql).catch((e: unknown) => badSql(e));
        const checked = { columnNames: () => result.columnNames(), columnTypes: () => result.columnTypes(), fetchChunk: () => (checkStop(), result.fetchChunk()) };
        return await readAnswer(checked, { maxRows: DATALINK_ROW_LIMIT, maxBytes: this.limits.maxResultBytes, converter: db.module.JsonDuckDBValueConverter }).catch((e: unknown) =>
          e instanceof SandboxHttpError ? Promise.reject(e) : badSql(e),
        );
      } finally {
        this.release(c);
      }
    })();
    work.catch(() => undefined);
    try {
      return await Promise.race([work, stopped]);
    } catch (e) {
      // An interrupted query fails with DuckDB's "Interrupted": the reason it was stopped is the answer.
      throw stopError ?? e;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Interrupts every running query, refuses new ones, and closes the database once DuckDB has let go of
   * each connection (at once for idle ones); its temporary folder is removed then.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new SandboxHttpError(429, "query_datalinks: the sandbox is closing"));
    for (const c of this.busy) c.interrupt();
    this.finishClose();
  }

  private finishClose(): void {
    if (!this.closed || this.busy.size > 0) return;
    for (const c of this.idle.splice(0)) c.closeSync();
    const database = this.database;
    this.database = undefined;
    // A table being loaded is finished first (an appender cut short by a closed connection is not safe).
    void database?.then(
      (db) =>
        this.loadChain.then(() => {
          db.loader.closeSync();
          db.instance.closeSync();
          this.removeTempOnExit?.();
        }),
      () => undefined,
    );
  }

  private open(): Promise<OpenDatabase> {
    this.database ??= this.start();
    return this.database;
  }

  private async start(): Promise<OpenDatabase> {
    const module = loadDuckDb(DATALINKS_FEATURE);
    const tempDir = mkdtempSync(join(tmpdir(), "gasframes-sandbox-duckdb-"));
    const removeTemp = () => rmSync(tempDir, { recursive: true, force: true });
    const onExit = () => removeTemp();
    process.once("exit", onExit);
    this.removeTempOnExit = () => {
      process.off("exit", onExit);
      removeTemp();
    };
    try {
      const instance = await module.DuckDBInstance.create(":memory:", lockedDown(tempDir, this.limits.maxTempBytes));
      const setup = await instance.connect();
      // The schemas exist from the start, so a query's errors do not depend on which tables were loaded before it.
      for (const schema of new Set([...DATALINK_TABLES.values()].map((t) => t.schema))) await setup.run(`CREATE SCHEMA ${schema}`);
      const names = await sqlCheckNames(setup);
      return { module, instance, names, tempDir, loader: setup };
    } catch (e) {
      this.removeTempOnExit();
      // A failed start is not kept: the next query tries again.
      this.database = undefined;
      throw e;
    }
  }

  /** A free connection (a new one while fewer than the limit exist), after the queries before it. */
  private async acquire(db: OpenDatabase, stop: AbortSignal): Promise<DuckDbConnection> {
    const idle = this.idle.pop();
    if (idle !== undefined) {
      this.busy.add(idle);
      return idle;
    }
    if (this.connections < this.limits.maxConcurrentQueries) {
      this.connections++;
      const c = await db.instance.connect().catch((e: unknown) => {
        this.connections--;
        throw e;
      });
      this.busy.add(c);
      return c;
    }
    if (this.waiting.length >= this.limits.maxQueuedQueries) {
      throw new SandboxHttpError(429, `query_datalinks: the sandbox is running ${this.busy.size} queries and ${this.waiting.length} more are waiting (maxConcurrentQueries, maxQueuedQueries); retry later`);
    }
    return new Promise<DuckDbConnection>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      this.waiting.push(waiter);
      stop.addEventListener("abort", () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(stop.reason);
      }, { once: true });
    });
  }

  private release(c: DuckDbConnection): void {
    this.busy.delete(c);
    if (this.closed) {
      c.closeSync();
      this.connections--;
      this.finishClose();
      return;
    }
    const next = this.waiting.shift();
    if (next !== undefined) {
      this.busy.add(c);
      next.resolve(c);
    } else this.idle.push(c);
  }

  /** Loads a table once; queries needing it while it loads wait for the same load. */
  private load(db: OpenDatabase, key: string, ctx: SandboxContext): Promise<void> {
    let loading = this.loads.get(key);
    if (loading === undefined) {
      loading = this.loadChain.then(() => loadTable(db.loader, DATALINK_TABLES.get(key)!, ctx));
      this.loadChain = loading.catch(() => undefined);
      this.loads.set(key, loading);
      loading.catch(() => this.loads.delete(key));
    }
    return loading;
  }
}

async function loadTable(connection: DuckDbConnection, table: DatalinkTable, ctx: SandboxContext): Promise<void> {
  const { columns, rows } = table.rows(ctx);
  await connection.run(`CREATE OR REPLACE TABLE ${table.schema}.${table.name} (${columns.map((c) => `"${c.name}" ${c.type}`).join(", ")})`);
  const appender = await connection.createAppender(table.name, table.schema);
  try {
    for (const row of rows) {
      for (const column of columns) append(appender, column, row[column.name]);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
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
