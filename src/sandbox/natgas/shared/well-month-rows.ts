import { ByteChunks } from "../../core/byte-chunks";
import type { SpareBuffers } from "../../core/byte-chunks";
import type { RowJoin } from "../../core/types";
import type { Well } from "../model/wells";
import type { RowSet } from "../shared/row-set";

/** A row separator as bytes (RowJoin's). */
export interface RowJoinBytes {
  readonly before: Uint8Array;
  readonly after: Uint8Array;
}

/**
 * Writes a well's rows for months [first, last] into `out`: each row `join.before + JSON + join.after`,
 * the JSON exactly the UTF-8 of `JSON.stringify` of the row's record.
 */
export type WellMonthsWriter = (out: ByteChunks, w: Well, first: number, last: number, join: RowJoinBytes) => void;

const NOTHING = new Uint8Array(0);
/** Separators as bytes, one object per pair of strings, so that writers can cache what they make of one. */
const joins = new Map<string, { readonly all: RowJoinBytes; readonly first: RowJoinBytes }>();

function joinBytes(join: RowJoin): { readonly all: RowJoinBytes; readonly first: RowJoinBytes } {
  const key = `${join.before}\u0000${join.after}`;
  let j = joins.get(key);
  if (j === undefined) {
    const after = Buffer.from(join.after, "utf8");
    j = { all: { before: Buffer.from(join.before, "utf8"), after }, first: { before: NOTHING, after } };
    joins.set(key, j);
  }
  return j;
}

/**
 * Rows of (well, month) over a month range per well, well-major then month. Per-well counts differ,
 * so offsets are found by binary search over prefix sums: any page is read without the ones before it.
 * With `writeWell`, the row set also gives its rows as bytes, a well at a time (RowSet.byteChunks).
 */
export function wellMonthRows(
  wells: readonly Well[],
  range: (w: Well) => readonly [first: number, last: number],
  toRow: (w: Well, month: number) => Record<string, unknown>,
  writeWell?: WellMonthsWriter,
): RowSet {
  const kept: Well[] = [];
  // Typed arrays: a month's answer keeps every producing well (24,000) with one row each.
  const firsts = new Float64Array(wells.length);
  const prefix = new Float64Array(wells.length + 1);
  let count = 0;
  for (const w of wells) {
    const [first, last] = range(w);
    if (last < first) continue;
    firsts[kept.length] = first;
    kept.push(w);
    count += last - first + 1;
    prefix[kept.length] = count;
  }
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
  if (writeWell === undefined) return set;
  return {
    ...set,
    *byteChunks(from, to, join, chunkBytes, spare?: SpareBuffers) {
      const start = Math.max(0, from);
      const end = Math.min(to, count);
      if (start >= end) return;
      const out = new ByteChunks(chunkBytes, spare);
      const bytes = joinBytes(join);
      const i0 = wellAt(start);
      const first0 = firsts[i0] + (start - prefix[i0]);
      // The answer's first row has no separator before it.
      writeWell(out, kept[i0], first0, first0, bytes.first);
      for (let i = i0; i < kept.length && prefix[i] < end; i++) {
        const first = i === i0 ? first0 + 1 : firsts[i];
        const last = firsts[i] + (Math.min(end, prefix[i + 1]) - 1 - prefix[i]);
        if (first <= last) writeWell(out, kept[i], first, last, bytes.all);
        // Mostly empty (a month's answer is one row per well): no iterator made for it.
        const full = out.takeFull();
        for (let k = 0; k < full.length; k++) yield full[k];
      }
      yield* out.takeAll();
    },
  };
}
