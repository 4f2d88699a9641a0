/**
 * How many rows a danfo `iloc` or `loc` call reads, as far as its arguments say.
 */

/**
 * The most rows `iloc({ rows })` or `loc({ rows })` reads of a frame of `n` rows with the default index
 * (labels are positions): `n` when no rows are given or they cannot be counted up front.
 * @param selection the call's first argument (`{ rows, columns }`).
 * @param n the frame's rows.
 */
export function rowsAsked(selection: unknown, n: number): number {
  let rows = (selection as { rows?: unknown } | null | undefined)?.rows;
  if (rows !== null && typeof rows === "object" && !Array.isArray(rows)) rows = (rows as { values?: unknown }).values;
  if (!Array.isArray(rows)) return n;
  if (rows.length === 1 && typeof rows[0] === "string") {
    const [from, to, more] = rows[0].split(":");
    if (from === undefined || to === undefined || more !== undefined) return n;
    const start = from === "" ? 0 : Number.parseInt(from, 10);
    const end = to === "" ? n : Number.parseInt(to, 10);
    return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, Math.min(end, n) - Math.max(start, 0) + 1) : n;
  }
  let asked = 0;
  for (const r of rows) if (r !== false) asked++;
  return asked;
}
