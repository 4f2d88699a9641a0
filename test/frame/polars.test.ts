// The polars view: a table's records cross to nodejs-polars as Arrow IPC. The absent-package case takes
// nodejs-polars away for real (a loader pointed at a folder without it), as the danfo tests do.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataError, MissingDependencyError } from "../../src/errors";
import { requireOptional } from "../../src/errors/missing-dependency";
import { Table, toPolars } from "../../src/index";
import { NumberColumn, RecordColumns } from "../../src/table/record-columns";
import type { ResultMeta } from "../../src/table/provenance";
import { Result } from "../../src/table/result";

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("toPolars: a table as a nodejs-polars DataFrame", () => {
  const records = [
    { date: "2024-05-01", region_natgas: "Permian", rigs: 310, gas_daily: 25.5, flag: true, at: "2024-05-01T06:00:00.123456Z" },
    { date: "5/2/2024", region_natgas: "Haynesville", rigs: null, gas_daily: Number.NaN, flag: false, at: null },
    { date: "2024-05-03", region_natgas: "Permian", rigs: 312, gas_daily: null, flag: null, at: "2024-05-03T00:00:00Z" },
  ];
  const table = Table.fromRecords(records, {
    schema: {
      name: "test",
      fields: [
        { name: "date", type: "date" },
        { name: "region_natgas", type: "string" },
        { name: "rigs", type: "int" },
        { name: "gas_daily", type: "float", unit: "BCF/day" },
        { name: "flag", type: "bool" },
        { name: "at", type: "timestamp" },
      ],
    },
  });

  it("keeps the columns, their order, values and types; missing values are nulls", () => {
    const df = table.toPolars();
    expect(df.columns).toEqual(["date", "region_natgas", "rigs", "gas_daily", "flag", "at"]);
    expect(df.height).toBe(3);
    const types = Object.fromEntries(Object.entries(df.schema).map(([k, v]) => [k, String(v).replace(/^DataType\((.*)\)$/, "$1")]));
    expect(types).toEqual({
      date: "Date",
      region_natgas: "String",
      rigs: "Int32",
      gas_daily: "Float64",
      flag: "Bool",
      at: "Datetime(us,UTC)",
    });
    expect(df.getColumn("rigs").toArray()).toEqual([310, null, 312]);
    expect(df.getColumn("gas_daily").toArray()).toEqual([25.5, null, null]);
    expect(df.getColumn("flag").toArray()).toEqual([true, false, null]);
  });

  it("reads dates as their UTC day (M/D/YYYY included) and timestamps as UTC instants", () => {
    const df = toPolars(table);
    const days = (df.getColumn("date").toArray() as unknown as Date[]).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(["2024-05-01", "2024-05-02", "2024-05-03"]);
    const at = df.getColumn("at").toArray() as unknown as (Date | null)[];
    expect(at.map((d) => (d === null ? null : d.toISOString()))).toEqual(["2024-05-01T06:00:00.123Z", null, "2024-05-03T00:00:00.000Z"]);
    expect(String(df.schema.at)).toContain("Datetime(us,UTC)");
  });

  it("gives repeated strings as a Categorical column with their values", () => {
    const names = ["Permian", "Haynesville", "Appalachia"];
    const rows = Array.from({ length: 3000 }, (_, i) => ({ region_natgas: i % 11 === 0 ? null : names[i % 3]! }));
    const repeated = Table.fromRecords(rows);
    expect(repeated.toArrow().schema.fields[0]!.type.toString()).toMatch(/^Dictionary/);
    const df = toPolars(repeated);
    expect(String(df.schema.region_natgas)).toContain("Categorical");
    expect(df.getColumn("region_natgas").cast(toPolarsUtf8()).toArray()).toEqual(rows.map((r) => r.region_natgas));
  });

  it("takes a Result (its provenance stays on the Result) and an Apache Arrow table", () => {
    const meta: ResultMeta = { service: "natgas", apiVersion: "v3", method: "POST", endpoint: "rigs", params: {}, url: "http://127.0.0.1/v3/rigs", pages: 1, rows: 3, bytes: 0, fetchedAt: "2024-01-01T00:00:00Z", attempts: 1, durationMs: 0 } as ResultMeta;
    const result = new Result(records, meta, table.schema);
    expect(result.toPolars().height).toBe(3);
    expect(toPolars(table.toArrow()).columns).toEqual(table.names);
  });

  it("carries a large table held as columns through Arrow", () => {
    const n = 300_000;
    const values = Float64Array.from({ length: n }, (_, k) => k / 2);
    const big = Table.fromColumns(new RecordColumns(["i"], new Map([["i", new NumberColumn(values)]]), n));
    const df = big.toPolars();
    expect(df.height).toBe(n);
    expect(df.getColumn("i").sum()).toBe((n * (n - 1)) / 4);
    expect(df.getColumn("i").get(n - 1)).toBe((n - 1) / 2);
  });

  it("is a DataError for anything but a table, before polars is loaded", () => {
    expect(() => toPolars([{ a: 1 }] as never)).toThrow(DataError);
    expect(() => toPolars([{ a: 1 }] as never)).toThrow(/expected a Table, a Result or an Apache Arrow table, got an array/);
  });

  it("names the package and the install command when nodejs-polars is absent", () => {
    const empty = mkdtempSync(join(tmpdir(), "gasframes-nopolars-"));
    temps.push(empty);
    let caught: unknown;
    try {
      requireOptional("nodejs-polars", "a polars DataFrame (toPolars())", { from: empty });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MissingDependencyError);
    const e = caught as MissingDependencyError;
    expect(e.packageName).toBe("nodejs-polars");
    expect(e.installed).toBe(false);
    expect(e.message).toContain("toPolars()");
    expect(e.message).toContain("npm install nodejs-polars@0.24.1");
    expect(e.message).not.toContain("overrides");
  });
});

function toPolarsUtf8(): import("nodejs-polars").DataType {
  return (require("nodejs-polars") as typeof import("nodejs-polars")).Utf8;
}
