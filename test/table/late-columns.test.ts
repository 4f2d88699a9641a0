// A field that first appears many records into an answer (an optional field the early records lack):
// its column starts there. Before the fix, a column first written at row 16 or later, without a size
// reserved up front, lost that value (room was made for the rows written so far, none), and the absent
// rows before it kept whatever the memory held (a reused slab's numbers from the last page).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnSlab } from "../../src/decode/columnar/column-slab";
import { parseHere } from "../../src/decode/columnar/parse-pool";
import { columnsFromRecords } from "../../src/table/columns-from-records";

const encode = (text: string) => new TextEncoder().encode(text);
/** What JSON gives back for the records (absent stays absent; -0 reads as 0). */
const viaJson = (records: unknown[]) => JSON.parse(JSON.stringify(records)) as unknown[];

/** `n` records of one field, then one record that adds `late` with `value`. */
function lateField(n: number, value: unknown): Record<string, unknown>[] {
  return [...Array.from({ length: n }, (_, i) => ({ a: i })), { a: n, late: value }];
}

/** A slab full of a previous page's numbers (0xa7 bytes read as doubles). */
function dirtySlab(size: number): ArrayBuffer {
  const buffer = new ArrayBuffer(size);
  new Uint8Array(buffer).fill(0xa7);
  return buffer;
}

describe("a column that first appears after many rows", () => {
  for (const value of [2, "x", true, null, { nested: 1 }]) {
    it(`keeps its value (${JSON.stringify(value)}) from records, at rows 16, 31 and 1,000`, () => {
      for (const n of [16, 31, 1_000]) {
        const records = lateField(n, value);
        const columns = columnsFromRecords(records)!;
        expect(columns.toRecords()).toEqual(records);
        expect(columns.record(n)).toEqual({ a: n, late: value });
      }
    });
  }

  it("keeps its value from bytes, when the first record sized the columns too small", () => {
    // The long first record makes the parser expect a few rows: the late column is made past them.
    const records = [{ a: 0, p: "p".repeat(400) }, ...Array.from({ length: 40 }, (_, i) => ({ a: i + 1 })), { a: 41, late: 2.5 }];
    for (const kind of ["array", "envelope", "lines"] as const) {
      const text = kind === "array" ? JSON.stringify(records) : kind === "envelope" ? JSON.stringify({ data: records }) : records.map((r) => JSON.stringify(r)).join("\n");
      const parsed = parseHere(kind, encode(text), new ColumnSlab(dirtySlab(1 << 16)));
      if (!("columns" in parsed)) throw new Error("expected columns");
      expect(parsed.columns.toRecords()).toEqual(records);
    }
  });

  it("holds empty values, not the slab's old bytes, in the rows before it (what a reader of the values sees)", () => {
    const records = [{ a: 0, p: "p".repeat(400) }, ...Array.from({ length: 40 }, (_, i) => ({ a: i + 1 })), { a: 41, late: 2.5 }];
    const parsed = parseHere("array", encode(JSON.stringify(records)), new ColumnSlab(dirtySlab(1 << 16)));
    if (!("columns" in parsed)) throw new Error("expected columns");
    const late = parsed.columns.columns.get("late")!;
    expect(late.kind).toBe("number");
    const values = (late as { values: Float64Array }).values;
    expect(Array.from(values.subarray(0, 41)).every((v) => Number.isNaN(v))).toBe(true);
    expect(values[41]).toBe(2.5);
  });

  it("gives what JSON gives for any records whose fields come and go", () => {
    const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null));
    const record = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), scalar, { maxKeys: 4 });
    fc.assert(
      fc.property(fc.array(record, { minLength: 0, maxLength: 120 }), (records) => {
        // Records made columns give themselves back (-0 included); bytes give what JSON.parse gives.
        expect(columnsFromRecords(records)!.toRecords()).toEqual(records);
        const parsed = parseHere("array", encode(JSON.stringify(records)), new ColumnSlab(dirtySlab(1 << 12)));
        if (!("columns" in parsed)) throw new Error("expected columns");
        expect(parsed.columns.toRecords()).toEqual(viaJson(records));
      }),
      { numRuns: 300 },
    );
  });
});
