// A page's columns sized from the pages before it: a first record longer than most made the parser's
// own estimate too small, and every column then grew to twice its size (three times the memory a
// page's columns need, in every slab). The hint only sizes memory: the records are the same with it,
// without it, and with a hint that is wrong or absurd.
import { describe, expect, it } from "vitest";
import { ColumnSlab } from "../../src/decode/columnar/column-slab";
import { ColumnParser } from "../../src/decode/columnar/parse-columns";
import { parseHere } from "../../src/decode/columnar/parse-pool";
import type { RecordColumns } from "../../src/table/record-columns";

const encode = (text: string) => new TextEncoder().encode(text);

/** 4,000 records whose first is about half as long again as the others (a long operator name). */
const ROWS = 4_000;
const records = Array.from({ length: ROWS }, (_, i) => ({
  operator_name: i === 0 ? "Operator ".repeat(6) : `Op ${i % 190}`,
  gas_daily: i / 7,
  gas_monthly: i * 31,
}));
const envelope = encode(JSON.stringify({ data: records, pagination: { start: 0, page_size: ROWS, total_count: ROWS } }));
/** What the columns need at the least: two number columns of 8 bytes a row, one coded of 4. */
const NEEDED = ROWS * (8 + 8 + 4);

/** Parses the envelope with a counting slab (no buffer: every array fresh, every request counted). */
function parse(hint: number): { columns: RecordColumns; wanted: number } {
  const slab = new ColumnSlab(undefined);
  const parsed = parseHere("envelope", envelope, slab, hint);
  if (!("columns" in parsed)) throw new Error("expected columns");
  return { columns: parsed.columns, wanted: slab.wantedBytes };
}

describe("the row hint of a page's parse", () => {
  it("without it, a long first record makes every column grow (the case the hint is for)", () => {
    const { columns, wanted } = parse(0);
    expect(columns.toRecords()).toEqual(records);
    expect(wanted).toBeGreaterThan(1.5 * NEEDED);
  });

  it("with the rows of the pages before, sizes the columns once, with the same records", () => {
    const { columns, wanted } = parse(Math.ceil(ROWS * 1.02));
    expect(columns.toRecords()).toEqual(records);
    expect(wanted).toBeGreaterThanOrEqual(NEEDED);
    expect(wanted).toBeLessThan(1.2 * NEEDED);
  });

  it("is believed at most twice the first record's estimate, so an absurd hint allocates nothing absurd", () => {
    const { columns, wanted } = parse(1_000_000_000);
    expect(columns.toRecords()).toEqual(records);
    // Twice the first record's estimate (about 2 x 4,000 / 1.5 rows), not a billion rows.
    expect(wanted).toBeLessThan(2 * NEEDED);
  });

  it("too small a hint only means growing, as without one", () => {
    const { columns } = parse(10);
    expect(columns.toRecords()).toEqual(records);
  });

  // An exact hint fills every column to its last row: finishing must not make room for one more.
  it("applies to JSON arrays too, and an exact one leaves nothing to grow", () => {
    const slab = new ColumnSlab(undefined);
    const parser = new ColumnParser(slab);
    parser.rowsHint = ROWS;
    expect(parser.parseArray(encode(JSON.stringify(records)))).toBe(ROWS);
    expect(parser.finish().toRecords()).toEqual(records);
    expect(slab.wantedBytes).toBeLessThan(1.2 * NEEDED);
  });
});
