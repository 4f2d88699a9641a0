/**
 * A lake dataset as the analysis functions take it: the view, its columns and the lake that answers
 * SQL over it (`lake.dataset("natgas_v4_productionByWell")`), and the quoting every name needs on its
 * way into SQL.
 */
import { DataError } from "../errors";
import type { Result } from "../table/result";
import type { FieldType } from "../table/schema";

/** One field of a lake view, as DuckDB describes it (a description, not data). */
export interface LakeField {
  readonly name: string;
  /** How `lake.query` reads it (`int`, `float`, `date`, `timestamp`, `string`, `bool`, `json`). */
  readonly type: FieldType;
  /** DuckDB's own type name (`BIGINT`, `DOUBLE`, `TIMESTAMP WITH TIME ZONE`...). */
  readonly duckType: string;
}

/** What a lake dataset needs of its lake: SQL in, a Result out. */
export interface LakeQuery {
  query(sql: string): Promise<Result<Record<string, unknown>>>;
}

/**
 * A dataset of an open lake, to hand to `rollup` and `resampleFlows` (which then run in DuckDB and
 * resolve to the Table the in-memory path returns). Made by `lake.dataset(name)`.
 */
export interface LakeSource {
  /** Always `"lake-dataset"`: how the analysis functions tell it from records or a frame. */
  readonly kind: "lake-dataset";
  /** The SQL view (`natgas_v4_productionbywell`). */
  readonly view: string;
  /** The dataset's folder. */
  readonly dir: string;
  /** The view's columns, in order. */
  readonly columns: readonly LakeField[];
  /** The lake that answers queries over the view. */
  readonly lake: LakeQuery;
}

/** Whether `value` is a lake dataset (`lake.dataset(name)`), not records or a frame. */
export function isLakeSource(value: unknown): value is LakeSource {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Partial<LakeSource>;
  return v.kind === "lake-dataset" && typeof v.view === "string" && Array.isArray(v.columns) && typeof v.lake?.query === "function";
}

/**
 * `name` as a DuckDB identifier: in double quotes, each `"` doubled, so that any text (a quote, a
 * semicolon, a comment) is one name and never SQL. A NUL character cannot be quoted and is refused.
 */
export function quoteIdent(name: string): string {
  if (typeof name !== "string" || name.length === 0 || name.includes("\u0000")) {
    throw new DataError(`lake: ${JSON.stringify(name)} is no column name that SQL can quote`);
  }
  return `"${name.replace(/"/g, '""')}"`;
}
