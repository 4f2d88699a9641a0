/**
 * Tables to Arrow and Parquet: column types, nulls, units as metadata, and files read back by an
 * independent reader (hyparquet, a pure-JavaScript Parquet reader that shares no code with the
 * writer), including a real download from the sandbox.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetMetadataAsync, parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { Result } from "../../src/table/result";
import type { RecordSchema } from "../../src/table/schema";
import { Table } from "../../src/table/table";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/io";

const schema: RecordSchema = {
  name: "test.wells",
  fields: [
    { name: "api", type: "int" },
    { name: "pad", type: "int" },
    { name: "county", type: "string" },
    { name: "date", type: "date" },
    { name: "seen_at", type: "timestamp" },
    { name: "gas_daily", type: "float", unit: "BCF/day", basis: "dry" },
    { name: "active", type: "bool" },
    { name: "shape", type: "json" },
    { name: "never_sent", type: "float" },
  ],
};

const records = [
  { api: 42_013_301_240_000, pad: 7, county: "Reeves", date: "2024-05-01", seen_at: "2024-05-01 06:00:00.123456+00", gas_daily: 1.5, active: true, shape: [1, 2] },
  { api: null, pad: 8, county: "Reeves", date: "5/2/2024", seen_at: "2024-05-01T08:00:00+02:00", gas_daily: null, active: null, shape: null },
  { api: 5_123_456_789, pad: null, county: null, date: null, seen_at: null, gas_daily: 0.25, active: false, shape: { a: 1 } },
  { api: 1, pad: 9, county: "Loving", date: "2024-02-29", seen_at: "2024-05-03", gas_daily: -0, active: true, shape: "x" },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gasframes-parquet-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function readBack(path: string): Promise<{ rows: Record<string, unknown>[]; metadata: Awaited<ReturnType<typeof parquetMetadataAsync>> }> {
  const bytes = readFileSync(path);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const metadata = await parquetMetadataAsync(file);
  const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
  return { rows, metadata };
}

describe("toArrow", () => {
  it("types columns by the schema, keeps nulls, and writes units and basis as field metadata", () => {
    const arrow = Table.fromRecords(records, { schema }).toArrow();
    const types = Object.fromEntries(arrow.schema.fields.map((f) => [f.name, String(f.type)]));
    expect(types).toEqual({
      api: "Int64",
      pad: "Int32",
      county: "Utf8",
      date: "Date32<DAY>",
      seen_at: "Timestamp<MICROSECOND, UTC>",
      gas_daily: "Float64",
      active: "Bool",
      shape: "Utf8",
      never_sent: "Float64",
    });
    const gas = arrow.schema.fields.find((f) => f.name === "gas_daily")!;
    expect(gas.metadata.get("unit")).toBe("BCF/day");
    expect(gas.metadata.get("basis")).toBe("dry");
    expect(arrow.getChild("api")!.toArray()[0]).toBe(42_013_301_240_000n);
    expect(arrow.getChild("pad")!.get(2)).toBeNull();
    expect(arrow.getChild("county")!.get(2)).toBeNull();
    expect(arrow.getChild("gas_daily")!.get(1)).toBeNull();
    expect(arrow.getChild("never_sent")!.nullCount).toBe(4);
    // The LNG service's microseconds are kept (1714543200 s = 2024-05-01T06:00:00Z).
    expect(arrow.getChild("seen_at")!.data[0]!.values[0]).toBe(1_714_543_200_123_456n);
    // 5/2/2024 is read by the table's date codec; a leap day is a day.
    expect(arrow.getChild("date")!.get(1)).toBe(Date.UTC(2024, 4, 2));
    expect(arrow.getChild("date")!.get(3)).toBe(Date.UTC(2024, 1, 29));
  });

  it("writes Int64 values of either sign and any size up to 2^53 exactly", () => {
    const values = [-1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, -(2 ** 32), 2 ** 40 + 3, -(2 ** 40) - 3, 2 ** 53 - 1, -(2 ** 53 - 1), null];
    const table = Table.fromRecords(values.map((n) => ({ n })), { schema: { name: "t", fields: [{ name: "n", type: "int" }] } });
    const column = table.toArrow().getChild("n")!;
    expect(String(column.type)).toBe("Int64");
    expect(column.toArray().slice(0, -1)).toEqual(BigInt64Array.from(values.slice(0, -1), (v) => BigInt(v!)));
    expect(column.get(values.length - 1)).toBeNull();
  });

  it("dictionary-encodes strings that repeat", () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ county: i % 3 === 0 ? null : i % 2 === 0 ? "Reeves" : "Loving" }));
    const county = Table.fromRecords(many).toArrow().getChild("county")!;
    expect(String(county.type)).toBe("Dictionary<Int32, Utf8>");
    expect(county.toArray()).toEqual(many.map((r) => r.county));
  });

  it("writes unique texts (empty, non-Latin, astral, null) as one UTF-8 buffer an independent reader reads back", async () => {
    // ASCII before a non-ASCII character, and texts longer than the short-ASCII loop takes.
    const names = ["", "Zoë", "北海道 7", "gas 🔥 well", null, "a\u0000b", "plain", "abcdefgh é", "x".repeat(70), "é" + "a".repeat(70), "0512310000"];
    const table = Table.fromRecords(names.map((name, i) => ({ i, name })));
    const name = table.toArrow().getChild("name")!;
    expect(String(name.type)).toBe("Utf8");
    expect(name.toArray()).toEqual(names);
    const path = join(dir, "unique-texts.parquet");
    table.toParquet(path);
    expect((await readBack(path)).rows.map((r) => r.name)).toEqual(names);
  });

  it("refuses a value that does not fit its field's type, naming the column and row", () => {
    const bad = Table.fromRecords([{ pad: 1 }, { pad: 1.5 }], { schema: { name: "t", fields: [{ name: "pad", type: "int" }] } });
    expect(() => bad.toArrow()).toThrow(DataError);
    expect(() => bad.toArrow()).toThrow(/"pad".*row 1/);
    const notDate = Table.fromRecords([{ d: "2023-02-29" }], { schema: { name: "t", fields: [{ name: "d", type: "date" }] } });
    expect(() => notDate.toArrow()).toThrow(/"d" row 0/);
  });
});

describe("toParquet", () => {
  it("writes DATE, TIMESTAMP (UTC), integer and dictionary-encoded string columns that an independent reader reads back", async () => {
    const path = join(dir, "wells", "part-0.parquet");
    const written = Table.fromRecords(records, { schema }).toParquet(path);
    expect(written.rows).toBe(4);
    expect(readdirSync(join(dir, "wells"))).toEqual(["part-0.parquet"]);
    const { rows, metadata } = await readBack(path);
    const byName = new Map(metadata.schema.map((s) => [s.name, s]));
    expect(byName.get("date")?.converted_type).toBe("DATE");
    expect(byName.get("seen_at")?.logical_type).toMatchObject({ type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" });
    expect(byName.get("api")?.type).toBe("INT64");
    expect(byName.get("pad")?.type).toBe("INT32");
    expect(byName.get("county")?.converted_type).toBe("UTF8");
    const countyChunk = metadata.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema[0] === "county")!;
    expect(countyChunk.meta_data!.encodings.some((e) => e.includes("DICTIONARY"))).toBe(true);

    expect(rows.map((r) => r.county)).toEqual(["Reeves", "Reeves", null, "Loving"]);
    expect(rows.map((r) => (r.date instanceof Date ? r.date.toISOString().slice(0, 10) : r.date))).toEqual(["2024-05-01", "2024-05-02", null, "2024-02-29"]);
    expect(rows.map((r) => r.api)).toEqual([42_013_301_240_000n, null, 5_123_456_789n, 1n]);
    expect(rows.map((r) => r.pad)).toEqual([7, 8, null, 9]);
    expect(rows.map((r) => r.gas_daily)).toEqual([1.5, null, 0.25, -0]);
    expect(rows.map((r) => r.active)).toEqual([true, null, false, true]);
    expect(rows.map((r) => r.shape)).toEqual(["[1,2]", null, '{"a":1}', '"x"']);
    // Microseconds survive: hyparquet reads TIMESTAMP(MICROS) as a Date (millisecond) ...
    expect((rows[0]!.seen_at as Date).toISOString()).toBe("2024-05-01T06:00:00.123Z");
    expect((rows[1]!.seen_at as Date).toISOString()).toBe("2024-05-01T06:00:00.000Z");
    expect(rows[2]!.seen_at).toBeNull();
    // ... and the Arrow schema with the units is kept in the file's key-value metadata.
    expect(metadata.key_value_metadata?.some((kv) => kv.key === "ARROW:schema")).toBe(true);
  });

  it("writes a sandbox download whole: every row and the column sums equal the Result's", async () => {
    const sandbox: SandboxHandle = await startSandbox({ seed: 5, asOf: "2024-06-15", pageSize: 2000 });
    try {
      const client = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: "parquet-test-token", progress: false, warn: () => {} });
      const result = await client.v3.productionByCountyAndOperator({ region: ["west"], start_date: "2023-01-01", end_date: "2023-12-31" });
      expect(result).toBeInstanceOf(Result);
      expect(result.length).toBeGreaterThan(1000);
      const path = join(dir, "production.parquet");
      result.toParquet(path, { rowGroupSize: 1000 });
      const { rows, metadata } = await readBack(path);
      expect(rows.length).toBe(result.length);
      expect(metadata.row_groups.length).toBe(Math.ceil(result.length / 1000));
      const sum = (xs: Iterable<unknown>): number => {
        let s = 0;
        for (const x of xs) if (typeof x === "number") s += x;
        return s;
      };
      expect(sum(rows.map((r) => r.gas_monthly))).toBeCloseTo(sum(result.column("gas_monthly" as never)), 3);
      expect(new Set(rows.map((r) => r.county))).toEqual(new Set(result.column("county" as never)));
      const arrowMeta = JSON.parse(result.toArrow().schema.metadata.get("gasframes.meta")!) as Record<string, unknown>;
      expect(arrowMeta.endpoint).toBe("productionByCountyAndOperator");
      expect(JSON.stringify(arrowMeta)).not.toContain("parquet-test-token");
    } finally {
      await sandbox.close();
    }
  });
});

describe("writeParquet", () => {
  it("is table.toParquet as a function, and refuses what is not a table before writing anything", async () => {
    const { writeParquet } = await import("../../src/io/write-parquet");
    const path = join(dir, "fn", "t.parquet");
    expect(writeParquet(Table.fromRecords([{ a: 1 }, { a: 2 }]), path).rows).toBe(2);
    expect((await readBack(path)).rows).toEqual([{ a: 1 }, { a: 2 }]);
    expect(() => writeParquet([{ a: 1 }] as never, join(dir, "no.parquet"))).toThrow(DataError);
    expect(() => writeParquet(Table.fromRecords([{ a: 1 }]), "  ")).toThrow(/file path/);
    expect(readdirSync(dir)).not.toContain("no.parquet");
  });
});
