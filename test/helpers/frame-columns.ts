/**
 * Frames compared as plain column arrays: `{ column: [values...] }`, in the frame's column order.
 * NaN (a missing number) is kept as NaN so that `toEqual` compares it as missing.
 */
import type { DataFrame } from "danfojs-node";

/** The frame's columns as plain arrays, keyed by name, in column order. */
export function frameColumns(df: DataFrame): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const names = df.columns as string[];
  const rows = df.values as unknown[][];
  names.forEach((name, j) => {
    out[name] = rows.map((r) => r[j]);
  });
  return out;
}

/** The frame's rows as plain objects (for spot checks of a few rows). */
export function frameRows(df: DataFrame): Record<string, unknown>[] {
  const names = df.columns as string[];
  return (df.values as unknown[][]).map((r) => Object.fromEntries(names.map((n, j) => [n, r[j]])));
}
