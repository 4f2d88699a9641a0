// Writes src/natgas/datalinks/sql-names.ts: the function names, keywords and type names of the DuckDB
// installed here, which the client's SQL guard reads (the client itself never loads DuckDB).
// Run: node scripts/sql-names/generate.mjs
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const { DuckDBInstance } = createRequire(join(root, "package.json"))("@duckdb/node-api");
const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
const connection = await instance.connect();
const list = async (sql) => (await connection.runAndReadAll(sql)).getRowsJson().map((r) => String(r[0]));
const plain = (names) => [...new Set(names.map((n) => n.toLowerCase()).filter((n) => /^[a-z_][a-z0-9_]*$/.test(n)))].sort();

const version = (await list("SELECT version()"))[0];
const tableFunctions = plain(await list("SELECT function_name FROM duckdb_functions() WHERE function_type IN ('table', 'table_macro', 'pragma')"));
// Scalar, aggregate and scalar-macro functions compute on values: none of them reads a file or runs SQL.
const functions = plain(await list("SELECT function_name FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro')"));
// Words that may stand before "(" without being a call: keywords (IN, OVER, FILTER, CAST...) and type names (DECIMAL(18, 3)).
const words = plain([...(await list("SELECT keyword_name FROM duckdb_keywords()")), ...(await list("SELECT type_name FROM duckdb_types()"))]).filter(
  (w) => !tableFunctions.includes(w) || functions.includes(w),
);
connection.closeSync();
instance.closeSync();

const wrap = (names) => names.join(" ").replace(/(.{1,110})(?: |$)/g, "  $1\n").trimEnd();
const text = `/**
 * Names the client's SQL guard knows, taken from DuckDB ${version} by scripts/sql-names/generate.mjs (do
 * not edit by hand; run the script after a DuckDB upgrade).
 */

/** Scalar, aggregate and scalar-macro functions: computing on values, none reads a file or runs SQL. */
export const SQL_FUNCTIONS: ReadonlySet<string> = new Set(
  \`
${wrap(functions)}
\`.split(/\\s+/).filter(Boolean),
);

/** Table functions, pragmas and table macros: their own allow-list is in sql-guard.ts; listed to name them in refusals. */
export const SQL_TABLE_FUNCTIONS: ReadonlySet<string> = new Set(
  \`
${wrap(tableFunctions)}
\`.split(/\\s+/).filter(Boolean),
);

/** Keywords and type names: before "(" they are syntax (IN (...), OVER (...), DECIMAL(18, 3)), not a call. */
export const SQL_KEYWORDS: ReadonlySet<string> = new Set(
  \`
${wrap(words)}
\`.split(/\\s+/).filter(Boolean),
);
`;
writeFileSync(join(root, "src", "natgas", "datalinks", "sql-names.ts"), text);
console.log(`sql-names.ts: ${functions.length} functions, ${tableFunctions.length} table functions, ${words.length} keywords and types (DuckDB ${version})`);
