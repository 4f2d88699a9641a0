import type { Well } from "../model/wells";
import type { RowSet } from "../shared/row-set";

/**
 * Rows of (well, month) over a month range per well, well-major then month. Per-well counts differ,
 * so offsets are found by binary search over prefix sums: any page is read without the ones before it.
 */
export function wellMonthRows(
  wells: readonly Well[],
  range: (w: Well) => readonly [first: number, last: number],
  toRow: (w: Well, month: number) => Record<string, unknown>,
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
  return {
    count: prefix[prefix.length - 1],
    row(k) {
      let lo = 0;
      let hi = kept.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (prefix[mid] <= k) lo = mid;
        else hi = mid - 1;
      }
      return toRow(kept[lo], firsts[lo] + (k - prefix[lo]));
    },
  };
}
