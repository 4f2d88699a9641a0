/**
 * The sandbox's check of a data-links query, decided on DuckDB's own parse (`json_serialize_sql`):
 * exactly one SELECT statement (the serializer refuses every other kind), whose table functions are
 * unnest, range or generate_series, whose tables are the data-link tables or its own CTEs, and which
 * calls no table function as a value. External access is off as well; this check answers a clear 400
 * before DuckDB looks anything up.
 */
import type { DuckDbConnection } from "../../../util/duckdb";
import { SandboxHttpError } from "../../core/types";

/** Table functions a query may read from: they only make values. */
const ALLOWED_TABLE_FUNCTIONS = new Set(["unnest", "range", "generate_series"]);

/** Schemas of the data-link tables. */
const TABLE_SCHEMAS = new Set(["hdl", "ldl"]);

/** What a check needs of the database: the names of its table functions that are not also scalar functions. */
export interface SqlCheckNames {
  readonly tableOnlyFunctions: ReadonlySet<string>;
}

/** The names of the database's table-only functions (read once per database). */
export async function sqlCheckNames(connection: DuckDbConnection): Promise<SqlCheckNames> {
  const reader = await connection.runAndReadAll(
    "SELECT DISTINCT lower(function_name) FROM duckdb_functions() WHERE function_type IN ('table', 'table_macro', 'pragma') " +
      "EXCEPT SELECT lower(function_name) FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro')",
  );
  const names = (reader.getColumnsJson()[0] ?? []).map(String).filter((n) => !ALLOWED_TABLE_FUNCTIONS.has(n));
  return { tableOnlyFunctions: new Set(names) };
}

/** Throws a 400 SandboxHttpError unless `sql` is one SELECT reading only what it may. */
export async function checkDatalinkSql(connection: DuckDbConnection, sql: string, names: SqlCheckNames): Promise<void> {
  const reader = await connection.runAndReadAll("SELECT json_serialize_sql($1::VARCHAR)", [sql]);
  const tree = JSON.parse(String(reader.getColumnsJson()[0]?.[0])) as { error?: boolean; error_message?: string; statements?: unknown[] };
  if (tree.error === true) {
    const message = String(tree.error_message ?? "");
    throw new SandboxHttpError(400, /Only SELECT/i.test(message) ? "query_datalinks runs SELECT statements only" : `query_datalinks: ${message.slice(0, 500)}`);
  }
  const statements = tree.statements ?? [];
  if (statements.length !== 1) throw new SandboxHttpError(400, `query_datalinks runs one SELECT statement; this query holds ${statements.length}`);
  const ctes = new Set<string>();
  collectCteNames(statements[0], ctes);
  checkNode(statements[0], ctes, names);
}

function collectCteNames(node: unknown, out: Set<string>): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) collectCteNames(child, out);
    return;
  }
  const map = (node as { cte_map?: { map?: { key?: unknown }[] } }).cte_map?.map;
  if (Array.isArray(map)) for (const entry of map) if (typeof entry.key === "string") out.add(entry.key.toLowerCase());
  for (const child of Object.values(node)) collectCteNames(child, out);
}

function checkNode(node: unknown, ctes: ReadonlySet<string>, names: SqlCheckNames): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) checkNode(child, ctes, names);
    return;
  }
  const n = node as Record<string, unknown>;
  if (n.type === "TABLE_FUNCTION") {
    const fn = n.function as { function_name?: unknown; children?: unknown } | undefined;
    const name = String(fn?.function_name ?? "").toLowerCase();
    if (!ALLOWED_TABLE_FUNCTIONS.has(name)) {
      throw new SandboxHttpError(400, `query_datalinks: the table function ${name}() is not available (only unnest, range and generate_series are)`);
    }
    checkNode(fn?.children, ctes, names);
    return;
  }
  if (n.type === "BASE_TABLE") {
    const schema = String(n.schema_name ?? "").toLowerCase();
    const table = String(n.table_name ?? "");
    if (!TABLE_SCHEMAS.has(schema) && !(schema === "" && ctes.has(table.toLowerCase()))) {
      throw new SandboxHttpError(400, `query_datalinks: no table ${JSON.stringify((schema === "" ? table : `${schema}.${table}`).slice(0, 200))}: the tables are hdl.* and ldl.* (files cannot be read)`);
    }
  }
  if (n.class === "FUNCTION" && typeof n.function_name === "string" && names.tableOnlyFunctions.has(n.function_name.toLowerCase())) {
    throw new SandboxHttpError(400, `query_datalinks: ${n.function_name.toLowerCase()}() is not available`);
  }
  for (const child of Object.values(n)) checkNode(child, ctes, names);
}
