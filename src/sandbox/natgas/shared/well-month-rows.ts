import type { Well } from "../model/wells";
import type { RowJoin } from "../../core/types";
import type { RowSet } from "../shared/row-set";

/**
 * The text of a well's rows for months [first, last]: each row `join.before + JSON + join.after`, the
 * JSON exactly `JSON.stringify` of the row's record.
 */
export type WellMonthsText = (w: Well, first: number, last: number, join: RowJoin) => string;

/**
 * Rows of (well, month) over a month range per well, well-major then month. Per-well counts differ,
 * so offsets are found by binary search over prefix sums: any page is read without the ones before it.
 * With `wellText`, the row set also gives its rows as text, a well at a time (RowSet.textChunks).
 */
export function wellMonthRows(
  wells: readonly Well[],
  range: (w: Well) => readonly [first: number, last: number],
  toRow: (w: Well, month: number) => Record<string, unknown>,
  wellText?: WellMonthsText,
): RowSet {
  const kept: Well[] = [];
  const firsts: number[] = [];
  const prefix: number[] = [0];
  for (const w of wells) {
    const [first, last] = range(w);
    if (last < first) continue;
    kept.push(w);
    firsts.push(first);
    prefix.push(prefix[prefix.length - 1] + (last - first + 1));
  }
  const count = prefix[prefix.length - 1];
  const wellAt = (k: number): number => {
    let lo = 0;
    let hi = kept.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (prefix[mid] <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const set: RowSet = {
    count,
    row(k) {
      const i = wellAt(k);
      return toRow(kept[i], firsts[i] + (k - prefix[i]));
    },
  };
  if (wellText === undefined) return set;
  return {
    ...set,
    *textChunks(from, to, join, chunkChars) {
      const start = Math.max(0, from);
      const end = Math.min(to, count);
      if (start >= end) return;
      let chunk = "";
      let i = wellAt(start);
      let k = start;
      while (k < end) {
        const first = firsts[i] + (k - prefix[i]);
        const last = firsts[i] + (Math.min(end, prefix[i + 1]) - 1 - prefix[i]);
        const text = wellText(kept[i], first, last, join);
        // The answer's first row has no separator before it.
        chunk += k === start ? text.slice(join.before.length) : text;
        k = prefix[++i];
        if (chunk.length >= chunkChars) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk !== "") yield chunk;
    },
  };
}
