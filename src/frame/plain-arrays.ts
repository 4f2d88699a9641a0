/**
 * Plain arrays from the column model's typed and dictionary-coded columns: what danfo stores. Each is a
 * function of its own so that its loop sees one kind of input: a copy loop shared by Float64Arrays and
 * other array-likes boxes every number it reads (a heap object per cell, and the collections they bring).
 */
import type { Codes } from "../table/column";

/** A Float64Array's numbers as a plain array (NaN stays NaN). */
export function arrayOfDoubles(values: Float64Array): number[] {
  const n = values.length;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = values[i]!;
  return out;
}

/** The values `dict[codes[i]]` as a plain array. */
export function arrayOfCodes(codes: Codes, dict: readonly unknown[]): unknown[] {
  const n = codes.length;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) out[i] = dict[codes[i]!];
  return out;
}

/** Any array-like's values as a plain array. */
export function arrayOf(values: ArrayLike<unknown>): unknown[] {
  if (Array.isArray(values)) return values as unknown[];
  if (values instanceof Float64Array) return arrayOfDoubles(values);
  const out = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i];
  return out;
}
