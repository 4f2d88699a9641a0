/**
 * The client's check of a data-links query before anything is sent: one query statement (SELECT,
 * WITH ... SELECT, DuckDB's FROM-first form or VALUES) that calls only functions known to compute on
 * values and names no file as a table. It reads the SQL's tokens, never its words alone: a decision is
 * made on what a word is where it stands (a call, an alias list, a table), and anything it does not know
 * is refused. The service enforces its own rules too; this check makes the common mistakes a clear local
 * error instead of a round trip, and keeps statements that should never leave the notebook from leaving it.
 */
import { SqlRefusedError } from "./sql-refused-error";
import { SQL_FUNCTIONS, SQL_KEYWORDS, SQL_TABLE_FUNCTIONS } from "./sql-names";
import { tokenizeSql, UnterminatedSqlError, type SqlToken } from "./sql-tokens";

/** Longest SQL accepted, in characters: a query is text a person wrote, not data. */
export const MAX_SQL_CHARS = 100_000;

/** Words a query statement may begin with. */
const QUERY_LEADS = new Set(["SELECT", "WITH", "FROM", "VALUES"]);

/** Table functions that only make values: rows of a list, a range of numbers. */
export const ALLOWED_TABLE_FUNCTIONS: ReadonlySet<string> = new Set(["unnest", "range", "generate_series"]);

/**
 * Names DuckDB's grammar reads before "(" without a catalog function of that name: sampling methods
 * (`TABLESAMPLE reservoir(10 ROWS)`) and the ordered-set aggregates (`percentile_cont(0.5) WITHIN GROUP (...)`).
 */
const SYNTAX_CALLS = new Set(["reservoir", "bernoulli", "system", "percentile_cont", "percentile_disc"]);

/** Statement kinds that are not queries: after "(" they would start a statement inside one. */
const OTHER_STATEMENTS = new Set([
  "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "ALTER", "TRUNCATE", "ATTACH", "DETACH", "COPY", "EXPORT", "IMPORT",
  "PRAGMA", "SET", "INSTALL", "LOAD", "CALL", "EXECUTE", "PREPARE", "DEALLOCATE", "VACUUM", "CHECKPOINT", "BEGIN", "COMMIT",
  "ROLLBACK", "GRANT", "REVOKE",
]);

/** Clause words that end a FROM list at its own depth: after them a string is a value again. */
const END_OF_FROM = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "QUALIFY", "WINDOW", "SELECT", "ON", "USING", "UNION", "EXCEPT", "INTERSECT", "RETURNING"]);

/** A quoted name DuckDB would read as a file (a replacement scan): a path, a URL or a name with an extension. */
const FILE_LIKE = /[./\\:]/;

/**
 * Throws {@link SqlRefusedError} unless `sql` is one query statement that reads only tables and values
 * (a trailing semicolon is fine). Semicolons, words and calls inside strings, quoted identifiers and
 * comments (`--` to the end of the line, `\n` or `\r`; nested block comments) do not count.
 *
 * Accepted: SELECT, WITH ... SELECT, `FROM t SELECT ...`, VALUES, each possibly in parentheses; calls of
 * DuckDB's scalar, aggregate and window functions (the list in sql-names.ts), plain or qualified
 * (`main.lower(x)`, `x.upper()`), and of the table functions unnest, range and generate_series.
 * Refused: anything but a non-empty string; several statements; a statement of another kind, also in
 * parentheses; any other call, quoted or qualified (`read_csv`, `main.read_csv`, `"read_text"`,
 * `json_execute_serialized_sql`, `glob`, an unknown name); a string or a quoted name with a dot,
 * slash or colon where a table stands (`FROM 'data.csv'`, `FROM "/tmp/x.csv"`).
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
  if (lead === undefined || lead.kind !== "word" || !QUERY_LEADS.has(lead.text)) {
    return refuse(`it begins with ${lead === undefined ? "nothing but parentheses" : `"${sql.slice(lead.at, lead.at + 20).split(/[\s(]/)[0]}"`}, not SELECT, WITH, FROM or VALUES`);
  }
  checkTokens(statement, refuse);
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

const isOpen = (t: SqlToken | undefined): boolean => t !== undefined && (t.kind === "open" || (t.kind === "other" && (t.text === "[" || t.text === "{")));
const isClose = (t: SqlToken | undefined): boolean => t !== undefined && (t.kind === "close" || (t.kind === "other" && (t.text === "]" || t.text === "}")));
const isWord = (t: SqlToken | undefined, ...words: string[]): boolean => t !== undefined && t.kind === "word" && words.includes(t.text);
const isKeyword = (t: SqlToken | undefined): boolean => t !== undefined && t.kind === "word" && SQL_KEYWORDS.has(t.text.toLowerCase());

function checkTokens(statement: readonly SqlToken[], refuse: (reason: string) => never): void {
  let depth = 0;
  // The depth of the FROM list being read, or -1: a string or file-like name there is a table.
  let fromDepth = -1;
  for (let k = 0; k < statement.length; k++) {
    const t = statement[k]!;
    const prev = statement[k - 1];
    const next = statement[k + 1];
    if (isOpen(t)) {
      depth++;
      if (t.kind === "open" && next?.kind === "word" && OTHER_STATEMENTS.has(next.text)) return refuse(`it holds the statement ${next.text} inside parentheses, which is not a query`);
      continue;
    }
    if (isClose(t)) {
      depth--;
      if (depth < fromDepth) fromDepth = -1;
      continue;
    }
    if ((t.kind === "word" || t.kind === "ident") && next?.kind === "open") checkCall(statement, k, refuse);
    if (t.kind === "word" && prev?.kind !== "dot") {
      if (t.text === "FROM" || t.text === "JOIN") fromDepth = depth;
      else if (END_OF_FROM.has(t.text) && depth === fromDepth) fromDepth = -1;
    }
    const tablePosition = depth === fromDepth && (isWord(prev, "FROM", "JOIN") || prev?.kind === "comma");
    if (tablePosition && t.kind === "string") return refuse(`it reads the string '${t.text.slice(0, 60)}' as a table, which reads a file`);
    if (tablePosition && t.kind === "ident" && FILE_LIKE.test(t.text) && next?.kind !== "dot") {
      return refuse(`it reads the quoted name "${t.text.slice(0, 60)}" as a table, which DuckDB reads as a file`);
    }
  }
}

/** `name (` at `k`: a known function, syntax (`IN (`, `DECIMAL(18, 3)`), an alias's column list, or refused. */
function checkCall(statement: readonly SqlToken[], k: number, refuse: (reason: string) => never): void {
  const t = statement[k]!;
  const prev = statement[k - 1];
  const name = t.text.toLowerCase();
  const qualified = prev?.kind === "dot";
  if (!qualified && t.kind === "word" && SQL_KEYWORDS.has(name)) return;
  if (SQL_FUNCTIONS.has(name) || ALLOWED_TABLE_FUNCTIONS.has(name) || (!qualified && SYNTAX_CALLS.has(name))) return;
  if (!qualified && isColumnList(statement, k)) return;
  const what = SQL_TABLE_FUNCTIONS.has(name)
    ? "a table function that reads files, other databases, settings or runs SQL; only unnest, range and generate_series are allowed"
    : "not a function the check knows (DuckDB's scalar, aggregate and window functions, and unnest, range and generate_series)";
  refuse(`it calls ${t.kind === "ident" ? `"${t.text.slice(0, 60)}"` : name}(), ${what}`);
}

/**
 * Whether `name (a, b)` at `k` names columns rather than calls: only names inside, and standing where a
 * call cannot (after AS, after a table or subquery, or as a CTE's `name (a, b) AS (`).
 */
function isColumnList(statement: readonly SqlToken[], k: number): boolean {
  let j = k + 2;
  while (j < statement.length && statement[j]!.kind !== "close") {
    const kind = statement[j]!.kind;
    if (kind !== "word" && kind !== "ident" && kind !== "comma") return false;
    j++;
  }
  const prev = statement[k - 1];
  if (prev === undefined) return false;
  if (isWord(prev, "AS") || prev.kind === "ident" || prev.kind === "close" || (prev.kind === "word" && !isKeyword(prev))) return true;
  const after = statement[j + 1];
  const then = statement[j + 2];
  const cte = isWord(prev, "WITH", "RECURSIVE") || prev.kind === "comma";
  return cte && isWord(after, "AS") && (then?.kind === "open" || isWord(then, "MATERIALIZED", "NOT"));
}
