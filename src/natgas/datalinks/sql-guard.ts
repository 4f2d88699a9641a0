/**
 * The client's check of a data-links query before anything is sent: one read-only SELECT (or WITH ...
 * SELECT) statement, nothing that writes, changes settings, loads code or reads files. The service
 * enforces its own rules too; this check makes the common mistakes a clear local error instead of a
 * round trip, and keeps statements that should never leave the notebook from leaving it.
 */
import { SqlRefusedError } from "./sql-refused-error";
import { tokenizeSql, UnterminatedSqlError, type SqlToken } from "./sql-tokens";

/** Longest SQL accepted, in characters: a query is text a person wrote, not data. */
export const MAX_SQL_CHARS = 100_000;

/** Statement keywords that write, change the session or the database, or run other statements. */
const FORBIDDEN_KEYWORDS = new Set([
  "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "CREATE", "DROP", "ALTER", "TRUNCATE", "RENAME", "COMMENT",
  "ATTACH", "DETACH", "USE", "COPY", "EXPORT", "IMPORT", "PRAGMA", "SET", "RESET", "INSTALL", "LOAD", "FORCE",
  "CALL", "EXECUTE", "PREPARE", "DEALLOCATE", "VACUUM", "CHECKPOINT", "ANALYZE", "GRANT", "REVOKE",
  "BEGIN", "COMMIT", "ROLLBACK", "ABORT", "TRANSACTION",
]);

/** Table functions (and their like) that read files, URLs, other databases or the environment. */
const FILE_FUNCTIONS = new Set([
  "GLOB", "SNIFF_CSV", "PARQUET_SCAN", "PARQUET_METADATA", "PARQUET_SCHEMA", "PARQUET_FILE_METADATA", "PARQUET_KV_METADATA",
  "PARQUET_BLOOM_PROBE", "ICEBERG_SCAN", "ICEBERG_METADATA", "ICEBERG_SNAPSHOTS", "DELTA_SCAN", "ST_READ", "ST_READ_META",
  "SQLITE_SCAN", "SQLITE_ATTACH", "POSTGRES_SCAN", "POSTGRES_ATTACH", "POSTGRES_QUERY", "MYSQL_SCAN", "MYSQL_QUERY",
  "QUERY", "QUERY_TABLE", "GETENV", "HTTP_GET", "HTTP_POST", "DUCKDB_SECRETS", "DUCKDB_EXTENSIONS", "DUCKDB_SETTINGS",
]);

/** Clause keywords after which a string literal is a value again, not a table (DuckDB reads `FROM 'x.csv'` as a file). */
const END_OF_FROM = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "QUALIFY", "WINDOW", "SELECT", "ON", "USING", "UNION", "EXCEPT", "INTERSECT", "RETURNING"]);

/**
 * Throws {@link SqlRefusedError} unless `sql` is one read-only SELECT or WITH ... SELECT statement
 * (a trailing semicolon is fine). Keywords and semicolons inside strings, quoted identifiers and
 * comments do not count. Refused: anything but a non-empty string; several statements; DDL and DML;
 * PRAGMA, SET, ATTACH, COPY, INSTALL/LOAD and the like anywhere; table functions that read files or
 * other databases (`read_csv`, `read_parquet`, `glob`...); a string literal used as a table
 * (`FROM 'data.csv'`). A column or table whose name is one of those words can be double-quoted.
 * @param endpoint the method's label for the error.
 */
export function checkSelectOnly(endpoint: string, sql: unknown): void {
  const refuse = (reason: string, suggestion?: string): never => {
    throw new SqlRefusedError(endpoint, sql, reason, suggestion);
  };
  if (typeof sql !== "string") return refuse(`it is ${sql === null ? "null" : Array.isArray(sql) ? "a list" : `a ${typeof sql}`}, not a string of SQL`);
  if (sql.length > MAX_SQL_CHARS) return refuse(`it is ${sql.length.toLocaleString("en-US")} characters long, more than the ${MAX_SQL_CHARS.toLocaleString("en-US")} accepted`);
  let tokens: SqlToken[];
  try {
    tokens = tokenizeSql(sql);
  } catch (err) {
    if (err instanceof UnterminatedSqlError) return refuse(`it has ${err.message}`);
    throw err;
  }
  const statements = splitStatements(tokens);
  if (statements.length === 0) return refuse("it holds no statement");
  if (statements.length > 1) {
    const first = statements[0]!;
    const text = sql.slice(first[0]!.at, tokens[tokens.indexOf(first[first.length - 1]!) + 1]?.at ?? sql.length).trim();
    return refuse(`it holds ${statements.length} statements (semicolons outside strings and comments separate statements)`, text);
  }
  const statement = statements[0]!;
  const lead = statement.find((t) => t.kind !== "open");
  if (lead === undefined || lead.kind !== "word" || (lead.text !== "SELECT" && lead.text !== "WITH")) {
    return refuse(`it begins with ${lead === undefined ? "nothing but parentheses" : `"${sql.slice(lead.at, lead.at + 20).split(/\s/)[0]}"`}`);
  }
  checkWords(statement, refuse);
}

function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const out: SqlToken[][] = [];
  let current: SqlToken[] = [];
  for (const t of tokens) {
    if (t.kind === "semicolon") {
      if (current.length > 0) out.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length > 0) out.push(current);
  return out;
}

function checkWords(statement: readonly SqlToken[], refuse: (reason: string) => never): void {
  let inFrom = false;
  for (let k = 0; k < statement.length; k++) {
    const t = statement[k]!;
    const next = statement[k + 1];
    const prev = statement[k - 1];
    if (t.kind === "word") {
      // A name after a dot is a member (`t.load`), not a keyword.
      if (prev?.text === ".") continue;
      if (FORBIDDEN_KEYWORDS.has(t.text)) return refuse(`it contains ${t.text}, which is not read-only (double-quote it if it names a column)`);
      if ((t.text.startsWith("READ_") || FILE_FUNCTIONS.has(t.text)) && next?.kind === "open") {
        return refuse(`it calls ${t.text.toLowerCase()}(), which reads files or other databases`);
      }
      if (t.text === "FROM" || t.text === "JOIN") inFrom = true;
      else if (END_OF_FROM.has(t.text)) inFrom = false;
    } else if (t.kind === "string" && inFrom && (prev?.text === "FROM" || prev?.text === "JOIN" || prev?.kind === "comma")) {
      return refuse(`it reads the string '${t.text.slice(0, 60)}' as a table, which reads a file`);
    }
  }
}
