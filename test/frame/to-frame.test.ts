import { describe, expect, it } from "vitest";
import { toFrame } from "../../src/frame/to-frame";
import { unitsOf, withUnits, MIXED_UNITS } from "../../src/frame/units";
import { columnsOf } from "../../src/frame/columns";
import { frameFromColumns } from "../../src/frame/frame-from-columns";
import { loadDanfo } from "../../src/frame/load-danfo";
import { Result } from "../../src/table/result";
import type { RecordSchema } from "../../src/table/schema";
import { DataError } from "../../src/errors";
import { frameColumns } from "../helpers/frame-columns";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/frame/table-to-frame";

const rigSchema: RecordSchema = {
  name: "test.rigs",
  fields: [
    { name: "county", type: "string" },
    { name: "date", type: "date" },
    { name: "rigs_count", type: "int" },
    { name: "gas_daily", type: "float", unit: "BCF/day" },
    { name: "active", type: "bool" },
    { name: "seen_at", type: "timestamp" },
  ],
};

describe("toFrame", () => {
  it("types columns by the schema, in the schema's order, extras after", () => {
    const df = toFrame(
      [
        { extra: "x", seen_at: "2024-05-01 06:00:00+00", active: true, gas_daily: "1.5", rigs_count: 3, date: "5/1/2024", county: "Reeves" },
        { county: null, date: "2024-05-02", rigs_count: null, gas_daily: null, active: null, seen_at: "2024-05-01T08:00:00+02:00" },
      ],
      rigSchema,
    );
    expect(df.columns).toEqual(["county", "date", "rigs_count", "gas_daily", "active", "seen_at", "extra"]);
    const c = frameColumns(df);
    expect(c.county).toEqual(["Reeves", null]);
    expect(c.date).toEqual(["2024-05-01", "2024-05-02"]);
    expect(c.rigs_count![0]).toBe(3);
    expect(Number.isNaN(c.rigs_count![1])).toBe(true);
    expect(c.gas_daily![0]).toBe(1.5);
    expect(Number.isNaN(c.gas_daily![1])).toBe(true);
    expect(c.active).toEqual([true, null]);
    expect(c.seen_at).toEqual(["2024-05-01T06:00:00.000Z", "2024-05-01T06:00:00.000Z"]);
    expect(c.extra).toEqual(["x", null]);
    expect(df.dtypes).toEqual(["string", "string", "float32", "float32", "boolean", "string", "string"]);
    expect(toFrame([{ rigs_count: 2 }], rigSchema).dtypes[2]).toBe("int32");
  });

  it("never turns a null into 0 or the text null: danfo sees it as missing", () => {
    const df = toFrame([{ gas_daily: null, county: null }, { gas_daily: 2, county: "A" }], rigSchema);
    expect((df.isNa().values as unknown[][])[0]!.slice(0, 4)).toEqual([true, true, true, true]);
    expect((df["gas_daily"] as { sum(): number }).sum()).toBe(2);
  });

  it("gives the same columns on the compiled schema path as on the general path", () => {
    const recs = [
      { county: "A", date: "1/2/2024", rigs_count: "3", gas_daily: 1.25, active: "true", seen_at: "2024-01-02 03:04:05+00" },
      { county: 7, date: "2024-01-03T23:00:00-05:00", rigs_count: null, active: 0, seen_at: null },
    ];
    const fast = frameColumns(toFrame(recs, rigSchema));
    const general = frameColumns(toFrame(recs.map((r, i) => (i === 1 ? { ...r, note: "x" } : r)), rigSchema));
    delete general.note;
    expect(fast).toEqual(general);
    expect(fast.date).toEqual(["2024-01-02", "2024-01-04"]);
    expect(fast.county).toEqual(["A", "7"]);
    expect(fast.active).toEqual([true, false]);
  });

  it("gives the schema's columns and zero rows for an empty result", () => {
    const df = toFrame([], rigSchema);
    expect(df.shape).toEqual([0, 6]);
    expect(df.columns).toEqual(rigSchema.fields.map((f) => f.name));
  });

  it("infers types without a schema", () => {
    const c = frameColumns(
      toFrame([
        { n: 1, f: 1.5, d: "2024-01-31", t: "2024-01-31T10:00:00Z", b: false, s: "x", mixed: 1, o: { a: 1 } },
        { n: 2, f: null, d: null, t: null, b: true, s: null, mixed: "two", o: null },
      ]),
    );
    expect(c.n).toEqual([1, 2]);
    expect(c.d).toEqual(["2024-01-31", null]);
    expect(c.t).toEqual(["2024-01-31T10:00:00.000Z", null]);
    expect(c.b).toEqual([false, true]);
    expect(c.mixed).toEqual(["1", "two"]);
    expect(c.o).toEqual([{ a: 1 }, null]);
  });

  it("names the column, row and value that does not fit its type", () => {
    expect(() => toFrame([{ rigs_count: 1 }, { rigs_count: "many" }], rigSchema)).toThrow(DataError);
    expect(() => toFrame([{ rigs_count: 1 }, { rigs_count: "many" }], rigSchema)).toThrow(/rigs_count.*row 1.*many/);
    expect(() => toFrame([{ date: "2024-13-01" }], rigSchema)).toThrow(/date/);
  });

  it("is what Result.toFrame gives", () => {
    const meta = { service: "natgas", apiVersion: "v3", endpoint: "rigs", method: "POST", url: "x", params: {}, fetchedAt: "", pages: 1, rows: 1, bytes: 0, attempts: 1, durationMs: 0, fromCache: false, source: "live" as const, synthetic: false, requestIds: [] };
    const df = new Result([{ county: "A", gas_daily: "2" }], meta, rigSchema).toFrame();
    expect(frameColumns(df).gas_daily).toEqual([2]);
    expect(unitsOf(df).gas_daily).toBe("BCF/day");
  });

  it("builds frames whose columns danfo reads back (pins the danfo internals used)", () => {
    const df = toFrame([{ a: 1, b: "x" }, { a: 2, b: "y" }]);
    expect((df["a"] as { values: unknown[] }).values).toEqual([1, 2]);
    expect(df.column("b").values).toEqual(["x", "y"]);
    expect(df.values).toEqual([[1, "x"], [2, "y"]]);
    const q = df.query(df["a"].gt(1));
    expect(q.values).toEqual([[2, "y"]]);
    const dfd = loadDanfo();
    const g = df.groupby(["b"]).agg({ a: "sum" });
    expect(g.shape[0]).toBe(2);
    expect(dfd.toJSON(df)).toEqual([{ a: 1, b: "x" }, { a: 2, b: "y" }]);
    expect(columnsOf(df).values("a")).toEqual([1, 2]);
  });
});

describe("units", () => {
  it("come from the schema, from known field names, and from volume_unit", () => {
    const df = toFrame([{ gas_monthly: 1, oil_daily: 2, water_monthly: 3, prod_dry_gas_bcf_day: 1, prod_oil_bbl_month: 4, prod_wet_gas_mcf_day: 5 }]);
    expect(unitsOf(df)).toEqual({
      gas_monthly: "MCF", oil_daily: "BBL/day", water_monthly: "BBL", prod_dry_gas_bcf_day: "BCF/day", prod_oil_bbl_month: "BBL", prod_wet_gas_mcf_day: "MCF/day",
    });
    const lng = toFrame([{ volume: 1, volume_unit: "gas_Bcf" }]);
    expect(unitsOf(lng).volume).toBe("gas_Bcf");
    expect(unitsOf(toFrame([{ volume: 1, volume_unit: "bcf" }, { volume: 1, volume_unit: "mcf" }])).volume).toBe(MIXED_UNITS);
  });
  it("survive danfo operations that keep column names, and can be set", () => {
    const df = toFrame([{ gas_daily: 1, x: 1 }, { gas_daily: 2, x: 2 }], rigSchema);
    expect(unitsOf(df.head(1)).gas_daily).toBe("BCF/day");
    expect(unitsOf(df.sortValues("gas_daily", { ascending: false }) as never).gas_daily).toBe("BCF/day");
    withUnits(df, { x: "ft" });
    expect(unitsOf(df).x).toBe("ft");
    expect(unitsOf(df.head(1)).x).toBeUndefined();
  });
  it("frameFromColumns handles typed arrays, ints beyond int32, and empty frames", () => {
    const df = frameFromColumns([
      { name: "api", values: [42_000_000_000_001, 2], type: "int" },
      { name: "v", values: new Float64Array([1.5, NaN]), type: "float", unit: "MCF" },
    ]);
    expect(df.dtypes).toEqual(["float32", "float32"]);
    expect(frameColumns(df).api).toEqual([42_000_000_000_001, 2]);
    expect(unitsOf(df).v).toBe("MCF");
    expect(frameFromColumns([{ name: "a", values: [], type: "int" }]).shape).toEqual([0, 1]);
  });
});
