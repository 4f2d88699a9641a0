import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GatheredParts } from "../../src/decode/columnar/gathered-parts";
import { ColumnsAccumulator } from "../../src/table/columns-accumulator";
import { columnsFromRecords } from "../../src/table/columns-from-records";
import type { RecordColumns } from "../../src/table/record-columns";

/** Flat records with fields present in some parts only, and fields whose kind changes between parts. */
const value = fc.oneof(fc.constantFrom("P", "B", "Q", ""), fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const record = fc.dictionary(fc.constantFrom("r", "x", "y", "z"), value, { maxKeys: 4 });
const parts = fc.array(fc.array(record, { maxLength: 12 }), { maxLength: 6 });

const columnsOf = (records: Record<string, unknown>[]): RecordColumns => columnsFromRecords(records)!;

describe("ColumnsAccumulator", () => {
  it("gives the records of its parts in order, whatever room it was given at the start", () => {
    fc.assert(
      fc.property(parts, fc.nat({ max: 80 }), (batches, expected) => {
        const all = new ColumnsAccumulator(expected);
        for (const b of batches) all.append(columnsOf(b));
        const out = all.finish();
        expect(out.length).toBe(batches.flat().length);
        expect(out.toRecords()).toEqual(batches.flat());
      }),
      { numRuns: 300 },
    );
  });

  it("keeps numbers as numbers and one dictionary per field; a field that changes kind keeps every value", () => {
    const all = new ColumnsAccumulator(2);
    all.append(columnsOf([{ r: "P", x: 1 }, { r: "B", x: null }]));
    all.append(columnsOf([{ r: "B", x: 2.5 }, { y: true }]));
    all.append(columnsOf([{ r: "Q", x: "text" }]));
    const out = all.finish();
    expect(out.coded("r")!.dict).toEqual(["P", "B", null, "Q"]);
    expect(out.numbers("x")).toBeUndefined();
    expect(out.toRecords()).toEqual([{ r: "P", x: 1 }, { r: "B", x: null }, { r: "B", x: 2.5 }, { y: true }, { r: "Q", x: "text" }]);
    const numbers = new ColumnsAccumulator();
    numbers.append(columnsOf([{ x: 1 }]));
    numbers.append(columnsOf([{ x: null }, { x: 3 }]));
    expect(Array.from(numbers.finish().numbers("x")!)).toEqual([1, NaN, 3]);
  });
});

describe("ColumnsAccumulator limits", () => {
  it("refuses to append after finish (the result given out shares its arrays)", () => {
    const all = new ColumnsAccumulator();
    all.append(columnsOf([{ x: "a" }]));
    const first = all.finish();
    expect(() => all.append(columnsOf([{ x: "b" }]))).toThrow(/append after finish/);
    expect(first.toRecords()).toEqual([{ x: "a" }]);
  });
});

describe("GatheredParts", () => {
  it("does not believe a huge stated size: columns are sized up to a bound and grow past it", () => {
    // A total_count of a trillion rows would otherwise be a RangeError (or gigabytes) at the first page.
    const gathered = new GatheredParts();
    gathered.add(columnsOf([{ x: 1, r: "P" }]), 1e12);
    gathered.add(columnsOf([{ x: 2, r: "B" }]), 1e12);
    expect((gathered.result() as RecordColumns).toRecords()).toEqual([{ x: 1, r: "P" }, { x: 2, r: "B" }]);
  });

  it("joins column parts, sized or not, and turns everything into records when a part has no columns", () => {
    const a = [{ r: "P", x: 1 }];
    const b = [{ r: "B", x: 2 }];
    const sized = new GatheredParts();
    sized.add(columnsOf(a), 2);
    sized.add(columnsOf(b), 2);
    expect((sized.result() as RecordColumns).toRecords()).toEqual([...a, ...b]);
    const unsized = new GatheredParts();
    unsized.add(columnsOf(a));
    unsized.add(columnsOf(b), 1);
    expect((unsized.result() as RecordColumns).toRecords()).toEqual([...a, ...b]);
    const mixed = new GatheredParts();
    mixed.add(columnsOf(a), 3);
    mixed.add(["2024-01-01T00:00:00Z"]);
    mixed.add(columnsOf(b));
    expect(mixed.result()).toEqual([...a, "2024-01-01T00:00:00Z", ...b]);
  });
});
