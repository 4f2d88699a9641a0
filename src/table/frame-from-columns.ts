/**
 * Builds a danfojs DataFrame from typed column arrays, the fast way.
 */
import type { DataFrame } from "danfojs-node";
import type { FieldType } from "./schema";
import { loadDanfo } from "./load-danfo";
import { withUnits } from "./frame-units";

/** One output column: name, values (already normalised) and type. */
export interface FrameColumn {
  readonly name: string;
  readonly values: ArrayLike<unknown>;
  readonly type: FieldType;
  /** The column's unit, recorded for `unitsOf`. */
  readonly unit?: string;
}

const INT32_MAX = 2_147_483_647;

/** The danfo dtype label of a column of this field type. */
export function danfoDtype(type: FieldType, values: ArrayLike<unknown>): string {
  if (type === "bool") return "boolean";
  if (type === "float") return "float32";
  if (type === "int") {
    // danfo's int32 label sends values through Int32 tensors in some operations; well ids and
    // volumes overflow that, and NaN (missing) has no int32 form, so only columns that fit are int32.
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number;
      if (!(v <= INT32_MAX && v >= -INT32_MAX)) return "float32";
    }
    return "int32";
  }
  return "string";
}

/** A typed array copied into a plain array (a plain loop: Array.from goes through the iterator). */
function plainArray(values: ArrayLike<unknown>): unknown[] {
  const out = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i];
  return out;
}

interface Patchable {
  $dataIncolumnFormat?: unknown;
  $config?: { lowMemoryMode?: unknown };
}

/**
 * A DataFrame with these columns, in this order. Numeric columns may be typed arrays; they are copied
 * into plain arrays (danfo expects them). Missing numbers are NaN; missing strings, dates and
 * booleans are null. Units given are recorded for `unitsOf`.
 *
 * danfo keeps every frame twice (rows and columns) and builds the column copy by transposing the
 * rows. Here the rows are built once from the columns and the columns are handed over as they are,
 * which is several times faster than `new DataFrame(records)` on large inputs.
 */
export function frameFromColumns(columns: readonly FrameColumn[], length?: number): DataFrame {
  const dfd = loadDanfo();
  const names = columns.map((c) => c.name);
  const n = length ?? (columns.length === 0 ? 0 : columns[0]!.values.length);
  const units: Record<string, string> = {};
  for (const c of columns) if (c.unit !== undefined) units[c.name] = c.unit;
  const dtypes = columns.map((c) => danfoDtype(c.type, c.values));
  if (n === 0 || columns.length === 0) {
    const empty = new dfd.DataFrame([], { columns: names, dtypes: names.length === 0 ? undefined : dtypes });
    return withUnits(empty, units);
  }
  const cols: unknown[][] = columns.map((c) => (Array.isArray(c.values) ? (c.values as unknown[]) : plainArray(c.values)));
  return withUnits(frameFromRowsAndColumns(names, rowsOf(cols, n), cols, dtypes), units);
}

type RowBuilder = (cols: readonly unknown[][], n: number) => unknown[][];
const rowBuilders = new Map<number, RowBuilder>();

/**
 * The rows of these columns. The loop is generated per column count so that each row is one array
 * literal (allocated once at its final size, packed) and each column is read through a load site of
 * its own; a loop over the columns filling new Array(k) made holey rows through one generic load.
 */
function rowsOf(cols: readonly unknown[][], n: number): unknown[][] {
  const k = cols.length;
  let build = rowBuilders.get(k);
  if (build === undefined) {
    const ks = Array.from({ length: k }, (_, j) => j);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    build = new Function(`return function rowsOf(cols, n) {
      ${ks.map((j) => `const C${j} = cols[${j}];`).join(" ")}
      const rows = new Array(n);
      for (let i = 0; i < n; i++) rows[i] = [${ks.map((j) => `C${j}[i]`).join(", ")}];
      return rows;
    };`)() as RowBuilder;
    if (rowBuilders.size < 256) rowBuilders.set(k, build);
  }
  return build(cols, n);
}

/**
 * A DataFrame from rows and the same data as columns, both already built (no copy, no transpose).
 * The caller guarantees `rows[i][j] === columns[j][i]`.
 */
export function frameFromRowsAndColumns(names: readonly string[], rows: unknown[][], columns: unknown[][], dtypes: string[]): DataFrame {
  const dfd = loadDanfo();
  const df = new dfd.DataFrame(rows, { columns: [...names], dtypes, config: { lowMemoryMode: true } });
  const internals = df as unknown as Patchable;
  // Relies on danfo 1.x internals (pinned by a test): the frame keeps a column copy unless in low
  // memory mode. When they are not where expected, the frame simply stays in low memory mode, which
  // danfo supports publicly (columns are rebuilt from rows on access).
  if ("$dataIncolumnFormat" in internals && internals.$config !== undefined && "lowMemoryMode" in internals.$config) {
    internals.$dataIncolumnFormat = columns;
    internals.$config.lowMemoryMode = false;
  }
  return df;
}
