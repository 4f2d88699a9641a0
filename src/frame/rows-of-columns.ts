/**
 * The row copy danfo keeps of a frame, made from its columns.
 */
import type { CodedColumn } from "../table/column";

/** A column as rows are read from it: values by index (a plain or typed array), or dictionary codes. */
export type RowSource = ArrayLike<unknown> | Pick<CodedColumn, "codes" | "dict">;

type RowBuilder = (cols: readonly RowSource[], n: number) => unknown[][];
const rowBuilders = new Map<string, RowBuilder>();

function isCoded(c: RowSource): c is Pick<CodedColumn, "codes" | "dict"> {
  return !Array.isArray(c) && !ArrayBuffer.isView(c) && typeof (c as { codes?: unknown }).codes === "object";
}

/**
 * The rows of these columns: `rows[i][j]` is column j's value i. The loop is generated per column count
 * and kinds so that each row is one array literal (allocated once at its final size, packed) and each
 * column is read through a load site of its own; a loop over the columns filling new Array(k) made holey
 * rows through one generic load.
 * @param columns the columns, each at least `n` long.
 * @param n the number of rows.
 */
export function rowsOfColumns(columns: readonly RowSource[], n: number): unknown[][] {
  // A generated loop per code width too: each load site then sees one kind of typed array.
  const kinds = columns.map((c) => (isCoded(c) ? String(c.codes.BYTES_PER_ELEMENT) : "v")).join("");
  let build = rowBuilders.get(kinds);
  if (build === undefined) {
    const ks = Array.from(kinds, (kind, j) => ({ kind, j }));
    const locals = ks.map(({ kind, j }) => (kind !== "v" ? `const K${j} = cols[${j}].codes, D${j} = cols[${j}].dict;` : `const C${j} = cols[${j}];`));
    const cells = ks.map(({ kind, j }) => (kind !== "v" ? `D${j}[K${j}[i]]` : `C${j}[i]`));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    build = new Function(`return function rowsOf(cols, n) {
      ${locals.join(" ")}
      const rows = new Array(n);
      for (let i = 0; i < n; i++) rows[i] = [${cells.join(", ")}];
      return rows;
    };`)() as RowBuilder;
    if (rowBuilders.size < 256) rowBuilders.set(kinds, build);
  }
  return build(columns, n);
}

/**
 * Row `i` of these columns: `row[j]` is column j's value i (one row of what `rowsOfColumns` builds).
 * @param columns the columns, each longer than `i`.
 * @param i the row's position.
 */
export function rowOfColumns(columns: readonly RowSource[], i: number): unknown[] {
  const row: unknown[] = [];
  for (const c of columns) row.push(isCoded(c) ? c.dict[c.codes[i]!] : c[i]);
  return row;
}
