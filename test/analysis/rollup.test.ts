import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rollup } from "../../src/analysis/rollup";
import { toFrame } from "../../src/frame/to-frame";
import { frameFromColumns } from "../../src/frame/frame-from-columns";
import { unitsOf } from "../../src/frame/units";
import { InvalidParamsError, DataError } from "../../src/errors";
import { frameColumns } from "../helpers/frame-columns";

const rows = [
  { date: "2024-01-01", region: "Permian", gas_daily: 1, gas_monthly: 31 },
  { date: "2024-01-01", region: "Permian", gas_daily: null, gas_monthly: 10 },
  { date: "2024-01-01", region: "Haynesville", gas_daily: 2, gas_monthly: null },
  { date: "2024-02-01", region: "Permian", gas_daily: 4, gas_monthly: 29 },
  { date: "2024-02-01", region: null, gas_daily: 8, gas_monthly: 1 },
];

describe("rollup", () => {
  it("sums measures per group skipping nulls, counts rows, sorts by keys (null last)", () => {
    const df = rollup(rows, { by: ["date", "region"], measures: ["gas_daily", "gas_monthly"] }).toFrame();
    const c = frameColumns(df);
    expect(c.date).toEqual(["2024-01-01", "2024-01-01", "2024-02-01", "2024-02-01"]);
    expect(c.region).toEqual(["Haynesville", "Permian", "Permian", null]);
    expect(c.gas_daily).toEqual([2, 1, 4, 8]);
    expect(Number.isNaN(c.gas_monthly![0])).toBe(true);
    expect(c.gas_monthly!.slice(1)).toEqual([41, 29, 1]);
    expect(c.count).toEqual([1, 2, 1, 1]);
    expect(unitsOf(df)).toMatchObject({ gas_daily: "BCF/day", gas_monthly: "MCF" });
  });
  it("normalises the service's M/D/YYYY dates and buckets dates into months", () => {
    const c = frameColumns(rollup([{ d: "1/5/2024", n: 1 }, { d: "2024-01-05", n: 2 }, { d: "1/20/2024", n: 4 }], { by: [{ column: "d", freq: "month" }], measures: ["n"], countAs: "rigs_count" }).toFrame());
    expect(c.d).toEqual(["2024-01-01"]);
    expect(c.n).toEqual([7]);
    expect(c.rigs_count).toEqual([3]);
    const same = frameColumns(rollup([{ d: "1/5/2024" }, { d: "2024-01-05" }], { by: "d" }).toFrame());
    expect(same.d).toEqual(["2024-01-05"]);
    expect(same.count).toEqual([2]);
    // Spellings that merge nothing are still normalised.
    expect(frameColumns(rollup([{ d: "2/1/2024" }, { d: "1/5/2024" }, { d: "2/1/2024" }], { by: "d" }).toFrame())).toMatchObject({ d: ["2024-01-05", "2024-02-01"], count: [1, 2] });
  });
  it("works on frames, and with no keys gives one total row", () => {
    const c = frameColumns(rollup(toFrame(rows), { by: [], measures: ["gas_monthly"] }).toFrame());
    expect(c.gas_monthly).toEqual([71]);
    expect(c.count).toEqual([5]);
  });
  it("reads a frame's own columns: numeric strings count, missing values skip, a non-number names its row", () => {
    const df = frameFromColumns([
      { name: "k", values: ["a", "a", null, "b", undefined], type: "string" },
      { name: "v", values: [1, "2.5", null, NaN, 4], type: "string" },
    ]);
    const c = frameColumns(rollup(df, { by: "k", measures: ["v"] }).toFrame());
    expect(c.k).toEqual(["a", "b", null]);
    expect(c.v).toEqual([3.5, NaN, 4]);
    expect(c.count).toEqual([2, 1, 2]);
    const bad = frameFromColumns([
      { name: "k", values: ["a", "a", "a"], type: "string" },
      { name: "v", values: [1, 2, "lots"], type: "string" },
    ]);
    expect(() => rollup(bad, { by: "k", measures: ["v"] })).toThrow(/"v" row 2/);
  });
  it("gives a frame the same answer as its records, through the one-pass path and each way out of it", () => {
    const same = (records: Record<string, unknown>[], options: Parameters<typeof rollup>[1]) =>
      expect(frameColumns(rollup(toFrame(records), options).toFrame())).toEqual(frameColumns(rollup(records, options).toFrame()));
    // Missing keys (null, undefined and NaN are one group), unsorted rows, a group with no value.
    const rows = [
      { k: "b", j: 1, v: 1.5 },
      { k: null, j: 2, v: 2 },
      { k: "a", j: 1, v: null },
      { k: undefined, j: 2, v: 4 },
      { k: "b", j: 1, v: 8 },
      { k: "a", j: NaN, v: 16 },
    ];
    same(rows, { by: ["k", "j"], measures: ["v"] });
    same(rows, { by: "k", measures: ["v"] });
    // Three keys, and dates in two spellings that merge: the general path.
    same(rows.map((r, i) => ({ ...r, d: i % 2 === 0 ? "1/5/2024" : "2024-01-05" })), { by: ["k", "j", "d"], measures: ["v"] });
    same(rows.map((r, i) => ({ ...r, d: i % 2 === 0 ? "1/5/2024" : "2024-01-05" })), { by: ["d"], measures: ["v"] });
  });
  it("refuses missing options and unknown columns", () => {
    expect(() => rollup(rows, undefined as never)).toThrow(InvalidParamsError);
    expect(() => rollup(rows, { by: "regoin" })).toThrow(DataError);
    expect(() => rollup([{ a: "x", v: "lots" }], { by: "a", measures: ["v"] })).toThrow(/"v" row 0/);
    // Output columns must have distinct names (danfo refuses a frame with two columns of one name).
    expect(() => rollup(rows, { by: "region", measures: ["gas_daily", "gas_daily"] })).toThrow(InvalidParamsError);
    expect(() => rollup(rows, { by: "region", measures: ["gas_daily"], countAs: "region" })).toThrow(/region/);
    // A week start that is not one is refused, not read as Monday.
    expect(() => rollup([{ d: "2024-01-03" }], { by: [{ column: "d", freq: "week", weekStart: "tuesday" as never }] })).toThrow(InvalidParamsError);
  });
  it("property: group sums add up to the column total and counts to the rows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ k: fc.constantFrom("a", "b", "c", null), j: fc.integer({ min: 0, max: 3 }), v: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }) }), { maxLength: 200 }),
        (data) => {
          const c = frameColumns(rollup(data, { by: ["k", "j"], measures: ["v"] }).toFrame());
          // A frame's columns are read in place (not copied into typed arrays): same answer.
          if (data.length > 0) expect(frameColumns(rollup(toFrame(data), { by: ["k", "j"], measures: ["v"] }).toFrame())).toEqual(c);
          const total = data.reduce((s, r) => s + (r.v ?? 0), 0);
          expect((c.v ?? []).reduce((s: number, v) => s + (Number.isNaN(v as number) ? 0 : (v as number)), 0)).toBe(total);
          expect((c.count ?? []).reduce((s: number, v) => s + (v as number), 0)).toBe(data.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
