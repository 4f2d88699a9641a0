/**
 * A test file's scratch folder and in-memory DuckDB, made before its tests and removed after them
 * (vitest's beforeAll/afterAll, registered by the call): `root()` is the folder, `columns(sql)` a query's
 * answer as JSON columns, `connection()` the connection itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadDuckDb, type DuckDbConnection } from "../../src/util/duckdb";

export interface DuckDbScratch {
  /** The scratch folder (made in beforeAll). */
  root(): string;
  /** `sql`'s answer, one array per column. */
  columns(sql: string): Promise<unknown[][]>;
  /** The connection (made in beforeAll). */
  connection(): DuckDbConnection;
}

export function duckDbScratch(prefix: string): DuckDbScratch {
  let root: string | undefined;
  let instance: { connect(): Promise<DuckDbConnection>; closeSync(): void } | undefined;
  let c: DuckDbConnection | undefined;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), prefix));
    instance = await loadDuckDb("test").DuckDBInstance.create(":memory:");
    c = await instance.connect();
  });
  afterAll(() => {
    c?.closeSync();
    instance?.closeSync();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return {
    root: () => root!,
    connection: () => c!,
    columns: async (sql) => (await c!.runAndReadAll(sql)).getColumnsJson(),
  };
}
