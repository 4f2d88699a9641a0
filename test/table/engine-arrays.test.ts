import { describe, expect, it } from "vitest";
import { DataError } from "../../src/errors";
import { columnsOf, toEngineArrays } from "../../src/frame/columns";
import { toFrame } from "../../src/frame/to-frame";
import { columnsFromRecords, RecordColumns, Table } from "../../src/table";
import { readRecords } from "../../src/table/read-records";
import { engineArrays } from "../../src/table/engine-arrays";

const records = [
  { day: "2024-01-02", region: "Permian", gas: 1.5, note: "a" },
  { day: "1/3/2024", region: "Bakken", gas: null, note: null },
  { day: "2024-01-02T23:00:00Z", region: "Permian", gas: "2.5", note: "c" },
  { day: "2024-01-04 06:00:00+00", region: null, gas: 4, note: "d" },
];
const spec = { fn: "test", values: ["note"], numbers: ["gas"], days: ["day"], codes: ["region"] } as const;

/** The typed columns as plain arrays (codes as the values they stand for). */
function plain(input: Parameters<typeof toEngineArrays>[0]) {
  const t = toEngineArrays(input, spec);
  const coded = t.codes.get("region")!;
  return {
    length: t.length,
    note: [...t.values.get("note")!],
    gas: [...t.numbers.get("gas")!],
    day: [...t.days.get("day")!],
    region: Array.from(coded.codes, (c) => coded.dict[c]),
  };
}

describe("one column model: records, danfo frames and tables become RecordColumns", () => {
  const expected = {
    length: 4,
    note: ["a", null, "c", "d"],
    gas: [1.5, NaN, 2.5, 4],
    // 2024-01-02 is day 19724 since 1970-01-01.
    day: [19724, 19725, 19724, 19726],
    region: ["Permian", "Bakken", "Permian", null],
  };

  it("gives the same typed columns from records, a Table, a column-backed Table and a danfo frame", () => {
    expect(plain(records)).toEqual(expected);
    expect(plain(Table.fromRecords(records))).toEqual(expected);
    expect(plain(Table.fromColumns(columnsFromRecords(records)!))).toEqual(expected);
    const frame = toFrame(records.map((r) => ({ ...r, gas: r.gas === null ? null : Number(r.gas), day: String(r.day) })));
    expect(plain(frame)).toEqual(expected);
  });

  it("reads records' fields straight into numbers and codes, and a date column as codes parsed once per value", () => {
    const c = columnsOf(records, { values: ["note"], numbers: ["gas"], codes: ["region", "day"] });
    expect(c).toBeInstanceOf(RecordColumns);
    expect(c.numbers("gas")).toBeInstanceOf(Float64Array);
    expect(c.coded("region")!.dict).toEqual(["Permian", "Bakken", null]);
    expect(c.coded("day")!.dict).toHaveLength(4);
    expect(c.values("note")).toEqual(["a", null, "c", "d"]);
  });

  it("reads a field wanted as numbers and as codes as plain values, and a field no record has as nulls", () => {
    const c = readRecords(records, { numbers: ["gas", "missing"], codes: ["gas"] });
    expect(c.columns.get("gas")!.kind).toBe("mixed");
    expect(engineArrays(c, { numbers: ["gas"], codes: ["gas"] }).numbers.get("gas")).toEqual(new Float64Array([1.5, NaN, 2.5, 4]));
    expect([...c.numbers("missing")!]).toEqual([NaN, NaN, NaN, NaN]);
    expect(readRecords(records, ["nothing"]).values("nothing")).toEqual([null, null, null, null]);
  });

  it("hands out a frame's and records' columns without copying them", () => {
    const c = columnsOf(records, ["note"]);
    expect(c.valuesView("note")).toBe(c.valuesView("note"));
    const frame = toFrame(records.map((r) => ({ note: r.note })));
    const a = columnsOf(frame, ["note"]).valuesView("note");
    expect(columnsOf(frame, ["note"]).valuesView("note")).toBe(a);
    expect(a).toEqual(["a", null, "c", "d"]);
    // values() is always a copy the caller may change.
    expect(c.values("note")).not.toBe(c.valuesView("note"));
  });

  it("refuses values that do not fit with a DataError naming the column and row", () => {
    const bad = [{ gas: 1, day: "2024-01-01" }, { gas: "lots", day: "2024-01-02" }];
    expect(() => toEngineArrays(bad, { numbers: ["gas"] })).toThrow(new DataError('column "gas" row 1: "lots" is not a number'));
    expect(() => toEngineArrays(Table.fromRecords(bad), { numbers: ["gas"] })).toThrow(new DataError('column "gas" row 1: "lots" is not a number'));
    const badDay = [{ day: "2024-01-01" }, { day: "yesterday" }];
    for (const input of [badDay, Table.fromRecords(badDay), toFrame(badDay.map((r) => ({ day: r.day as string })), { name: "s", fields: [{ name: "day", type: "string" }] })]) {
      expect(() => toEngineArrays(input, { fn: "rollup", days: ["day"] })).toThrow(new DataError('rollup: column "day" row 1: "yesterday" is not a date or timestamp'));
    }
    expect(() => columnsOf([{ a: 1 }, 5 as unknown as Record<string, unknown>], ["a"])).toThrow(new DataError("record 1 is number, not an object"));
    expect(() => columnsOf("text" as never)).toThrow(new DataError("expected an array of records or a danfojs DataFrame, got string"));
  });
});

describe("RecordColumns.take", () => {
  it("takes rows in order, keeps absent fields absent and keeps only the dictionary values in use", () => {
    const c = columnsFromRecords([{ a: 1, u: "bcf" }, { a: 2, u: "m3" }, { u: "bcf" }, { a: 4, u: "t" }])!;
    const t = c.take([3, 0, 2]);
    expect(t.toRecords()).toEqual([{ a: 4, u: "t" }, { a: 1, u: "bcf" }, { u: "bcf" }]);
    expect(t.coded("u")!.dict).toEqual(["t", "bcf"]);
    expect(c.toRecords()).toHaveLength(4);
  });
});
