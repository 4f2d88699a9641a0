/**
 * Builds a danfojs DataFrame from typed column arrays, the fast way.
 */
import type { DataFrame } from "danfojs-node";
import type { FieldType } from "../table/schema";
import { loadDanfo } from "./load-danfo";
import { withUnits } from "./frame-units";
import { frameOverColumns, type FrameColumnData } from "./frame-over-columns";
import { arrayOf } from "./plain-arrays";

/** One field of a frame to build: name, type and unit, with its values (already normalised). */
export interface FrameField {
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

/**
 * A DataFrame with these columns, in this order. Numeric columns may be typed arrays; they are copied
 * into plain arrays (danfo expects them). Missing numbers are NaN; missing strings, dates and
 * booleans are null. Units given are recorded for `unitsOf`.
 *
 * danfo keeps every frame twice (rows and columns) and builds the column copy by transposing the
 * rows. Here the columns are handed over as they are and the rows are built from them only when
 * danfo first reads them (see `frameOverColumns`), which is several times faster than
 * `new DataFrame(records)` on large inputs.
 */
export function frameFromColumns(columns: readonly FrameField[], length?: number): DataFrame {
  return frameFromColumnData(columns, length);
}

/** A column for `frameFromColumnData`: `values` give the dtype; `data`, where given, is what the frame's array is made from when first read. */
export interface DeferredFrameField extends FrameField {
  readonly data?: FrameColumnData;
}

/**
 * `frameFromColumns` for the package's own columns: a column with `data` is made from it when danfo
 * first reads it (`values` must then hold the same numbers, or anything when the type is not numeric).
 */
export function frameFromColumnData(columns: readonly DeferredFrameField[], length?: number): DataFrame {
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
  const cols: FrameColumnData[] = columns.map((c) => c.data ?? arrayOf(c.values));
  return withUnits(frameOverColumns(names, cols, dtypes, n), units);
}
