import { describe, expect, it } from "vitest";
import { DataError } from "../../src/errors";
import type { RecordSchema } from "../../src/table/schema";
import { unitsOf } from "../../src/frame/units";
import { parseArrayColumns } from "../../src/decode/columnar/parse-columns";
import { CodedColumn, collectResult, columnsFromRecords, COLUMN_SOURCE, RecordColumns, Result, type ResultMeta } from "../../src/table";
import { frameColumns } from "../helpers/frame-columns";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/frame/table-to-frame";

const meta: ResultMeta = {
  service: "natgas",
  apiVersion: "v3",
  endpoint: "productionByCountyAndOperator",
  method: "POST",
  url: "http://127.0.0.1/v3/productionbycountyandoperator",
  params: {},
  fetchedAt: "2025-06-01T00:00:00.000Z",
  pages: 1,
  rows: 3,
  bytes: 0,
  attempts: 1,
  durationMs: 0,
  fromCache: false, source: "live" as const, synthetic: false,
  requestIds: [],
};

const schema: RecordSchema = {
  name: "test.production",
  fields: [
    { name: "date", type: "date" },
    { name: "region", type: "string" },
    { name: "gas_daily", type: "float", unit: "BCF/day" },
    { name: "gas_monthly", type: "int", unit: "MCF" },
  ],
};

const rows = [
  { date: "2024-01-01", region: "Permian", gas_daily: 0.25, gas_monthly: 7750, extra: "a" },
  { date: "1/2/2024", region: "Bakken", gas_daily: null, gas_monthly: 100, extra: "b" },
  { date: "2024-01-01", region: "Permian", gas_daily: 0.5, gas_monthly: null },
];

const columnar = () => Result.fromColumns(parseArrayColumns(new TextEncoder().encode(JSON.stringify(rows))), meta, schema);

describe("Result backed by columns", () => {
  it("answers length and toFrame without building row objects, then builds them once on demand", () => {
    const r = columnar();
    expect(r.length).toBe(3);
    const frame = r.toFrame();
    expect(r.isColumnar).toBe(true);
    expect(frameColumns(frame)).toEqual({
      date: ["2024-01-01", "2024-01-02", "2024-01-01"],
      region: ["Permian", "Bakken", "Permian"],
      gas_daily: [0.25, NaN, 0.5],
      gas_monthly: [7750, 100, NaN],
      extra: ["a", "b", null],
    });
    expect(unitsOf(frame)).toMatchObject({ gas_daily: "BCF/day", gas_monthly: "MCF" });
    expect(r.records).toEqual(rows);
    expect(r.records).toBe(r.records);
    expect(r.isColumnar).toBe(false);
  });

  it("gives the same frame as a records-backed Result of the same rows", () => {
    expect(frameColumns(columnar().toFrame())).toEqual(frameColumns(new Result(structuredClone(rows), meta, schema).toFrame()));
  });

  it("iterates, serialises and spreads like a records-backed Result", () => {
    const r = columnar();
    expect([...r]).toEqual(rows);
    expect(JSON.parse(JSON.stringify(columnar()))).toEqual({ records: rows, meta });
  });

  it("keeps its columns as its content: a change made to a record object shows in neither toFrame nor columns", () => {
    const r = columnar();
    (r.records[0] as Record<string, unknown>).region = "Haynesville";
    expect(r.records[0]).toMatchObject({ region: "Haynesville" });
    expect(frameColumns(r.toFrame()).region).toEqual(["Permian", "Bakken", "Permian"]);
    expect(r.columns().values("region")).toEqual(["Permian", "Bakken", "Permian"]);
  });

  it("hands its columns to the frame functions through COLUMN_SOURCE", () => {
    const cols = columnar()[COLUMN_SOURCE]();
    expect(cols.numbers("gas_daily")).toEqual(new Float64Array([0.25, NaN, 0.5]));
    expect(cols.coded("region")).toEqual(new CodedColumn(new Int32Array([0, 1, 0]), ["Permian", "Bakken"]));
    expect(cols.coded("region")!.at(1)).toBe("Bakken");
    expect(new Result(structuredClone(rows), meta)[COLUMN_SOURCE]().values("extra")).toEqual(["a", "b", null]);
  });

  it("names the row of a value that does not fit its type", () => {
    const bad = Result.fromColumns(columnsFromRecords([{ gas_monthly: 1 }, { gas_monthly: "lots" }])!, meta, schema);
    expect(() => bad.toFrame()).toThrow(DataError);
    expect(() => bad.toFrame()).toThrow(/row 1/);
  });

  it("is an empty frame with the schema's columns when there are no records", () => {
    const frame = Result.fromColumns(RecordColumns.empty(), meta, schema).toFrame();
    expect(frame.shape).toEqual([0, 4]);
  });
});

describe("RecordColumns", () => {
  it("concatenates parts in order, unifying dictionaries and fields seen in only some parts", () => {
    const a = columnsFromRecords([{ r: "P", x: 1 }, { r: "B", x: 2 }])!;
    const b = columnsFromRecords([{ r: "B", y: true }])!;
    const c = columnsFromRecords([{ r: "Q", x: "text" }])!;
    const all = RecordColumns.concat([a, b, c]);
    expect(all.toRecords()).toEqual([{ r: "P", x: 1 }, { r: "B", x: 2 }, { r: "B", y: true }, { r: "Q", x: "text" }]);
    expect(all.coded("r")!.dict).toEqual(["P", "B", "Q"]);
  });

  it("renames fields and maps a column's values once per distinct value", () => {
    let calls = 0;
    const cols = columnsFromRecords([{ state_ab: "TX", d: "1/2/2024" }, { state_ab: "TX", d: "1/2/2024" }])!
      .renamed({ state_ab: "state_code" })
      .mapped("d", (v) => {
        calls++;
        return v === "1/2/2024" ? "2024-01-02" : v;
      });
    expect(cols.toRecords()).toEqual([{ state_code: "TX", d: "2024-01-02" }, { state_code: "TX", d: "2024-01-02" }]);
    expect(calls).toBe(1);
  });

  it("cannot hold records that are not objects", () => {
    expect(columnsFromRecords(["2024-01-01T00:00:00Z"])).toBeUndefined();
  });
});

describe("collectResult", () => {
  async function* batches(parts: unknown[][]): AsyncGenerator<Record<string, unknown>[], ResultMeta, undefined> {
    for (const p of parts) yield p as Record<string, unknown>[];
    return { ...meta, rows: parts.flat().length };
  }

  it("gathers record batches into one column-backed Result with the stream's meta", async () => {
    const r = await collectResult(batches([[{ a: 1 }, { a: 2 }], [], [{ a: 3, b: "x" }]]));
    expect(r.isColumnar).toBe(true);
    expect(r.meta.rows).toBe(3);
    expect(r.records).toEqual([{ a: 1 }, { a: 2 }, { a: 3, b: "x" }]);
  });

  it("takes column batches and record batches alike", async () => {
    async function* mixed(): AsyncGenerator<RecordColumns | Record<string, unknown>[], ResultMeta, undefined> {
      yield [{ a: 1 }];
      yield columnsFromRecords([{ a: 2 }])!;
      yield [{ a: 3 }];
      return meta;
    }
    expect((await collectResult(mixed())).records).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it("keeps records that cannot be columns as records", async () => {
    const r = await collectResult(batches([[{ a: 1 }], ["2024-01-01"]]));
    expect(r.isColumnar).toBe(false);
    expect(r.records).toEqual([{ a: 1 }, "2024-01-01"]);
  });

  it("fails when the stream fails: no partial Result", async () => {
    async function* failing(): AsyncGenerator<Record<string, unknown>[], ResultMeta, undefined> {
      yield [{ a: 1 }];
      throw new DataError("cut");
    }
    await expect(collectResult(failing())).rejects.toThrow("cut");
  });
});
