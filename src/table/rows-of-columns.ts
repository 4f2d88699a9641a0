/**
 * The row copy danfo keeps of a frame, made from its columns.
 */

type RowBuilder = (cols: readonly ArrayLike<unknown>[], n: number) => unknown[][];
const rowBuilders = new Map<number, RowBuilder>();

/**
 * The rows of these columns: `rows[i][j] === columns[j][i]`. The loop is generated per column count so
 * that each row is one array literal (allocated once at its final size, packed) and each column is read
 * through a load site of its own; a loop over the columns filling new Array(k) made holey rows through
 * one generic load.
 * @param columns the columns, each at least `n` long.
 * @param n the number of rows.
 */
export function rowsOfColumns(columns: readonly ArrayLike<unknown>[], n: number): unknown[][] {
  const k = columns.length;
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
  return build(columns, n);
}
