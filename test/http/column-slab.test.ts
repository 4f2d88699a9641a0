// Columns carved from a reused slab (the parse workers' memory for page columns): the same records as
// fresh arrays give, whatever the slab held before, whether it is big enough or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnSlab } from "../../src/decode/columnar/column-slab";
import { parseHere } from "../../src/decode/columnar/parse-pool";
import type { RecordColumns } from "../../src/table/record-columns";

const bytes = (text: string) => new TextEncoder().encode(text);
const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null));
const record = fc.dictionary(fc.constantFrom("county", "gas_daily", "date", "n", "flag"), scalar, { maxKeys: 5 });

/** A slab of `size` bytes full of junk (a previous page's values). */
function dirtySlab(size: number): ArrayBuffer {
  const buffer = new ArrayBuffer(size);
  new Uint8Array(buffer).fill(0xa7);
  return buffer;
}

function columnsOf(parsed: ReturnType<typeof parseHere>): RecordColumns {
  if (!("columns" in parsed)) throw new Error("expected columns");
  return parsed.columns;
}

describe("ColumnSlab", () => {
  it("gives exactly the records JSON.parse gives, from a dirty slab of any size", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), fc.constantFrom(0, 64, 1024, 1 << 16), fc.constantFrom("array", "envelope", "lines"), (records, size, kind) => {
        const text =
          kind === "array" ? JSON.stringify(records) : kind === "envelope" ? JSON.stringify({ data: records, pagination: { start: 0 } }) : records.map((r) => JSON.stringify(r)).join("\n");
        const slab = new ColumnSlab(dirtySlab(size));
        const parsed = parseHere(kind, bytes(text), slab);
        // What JSON.parse gives (it reads -0 written by JSON.stringify as 0).
        expect(columnsOf(parsed).toRecords()).toEqual(JSON.parse(JSON.stringify(records)));
      }),
      { numRuns: 300 },
    );
  });

  it("carves the columns of a page from the slab when it is big enough, and says what they wanted", () => {
    const records = Array.from({ length: 500 }, (_, i) => ({ region: `r${i % 7}`, gas: i / 3, oil: i }));
    const text = JSON.stringify(records);
    const slab = new ColumnSlab(dirtySlab(64 * 1024));
    const columns = columnsOf(parseHere("array", bytes(text), slab));
    const gas = columns.columns.get("gas")!;
    const region = columns.columns.get("region")!;
    expect(gas.kind === "number" && gas.values.buffer).toBe(slab.buffer);
    expect(region.kind === "coded" && region.codes.buffer).toBe(slab.buffer);
    expect(columns.toRecords()).toEqual(records);
    // Two number columns and one coded column of about 500 rows (a little over: the row estimate).
    expect(slab.wantedBytes).toBeGreaterThanOrEqual(500 * (8 + 8 + 4));
    expect(slab.wantedBytes).toBeLessThan(64 * 1024);
  });

  it("makes fresh arrays for what does not fit, and exact copies of them (no room left over)", () => {
    const records = Array.from({ length: 500 }, (_, i) => ({ gas: i / 3, oil: i }));
    const slab = new ColumnSlab(dirtySlab(4096));
    const columns = columnsOf(parseHere("array", bytes(JSON.stringify(records)), slab));
    const oil = columns.columns.get("oil")!;
    expect(oil.kind).toBe("number");
    if (oil.kind !== "number") return;
    expect(oil.values.buffer).not.toBe(slab.buffer);
    expect(oil.values.buffer.byteLength).toBe(500 * 8);
    expect(columns.toRecords()).toEqual(records);
  });

  it("makes every array fresh without a slab, still counting what it would have wanted", () => {
    const slab = new ColumnSlab(undefined);
    const columns = columnsOf(parseHere("array", bytes(JSON.stringify([{ a: 1 }, { a: 2 }])), slab));
    expect(columns.toRecords()).toEqual([{ a: 1 }, { a: 2 }]);
    expect(slab.wantedBytes).toBeGreaterThan(0);
  });
});
