/**
 * One type per column in every file of a dataset: integers Int64 whatever a month's values (a table has
 * one schema), so nodejs-polars (default options) and DuckDB read a folder whose values cross 2^31 in
 * some months only; openLake widens the Int32 files of older lakes; compactLake rewrites files of the
 * earlier writers (Int32 integers, dictionary text in `ARROW:schema`) so the folder reads whole.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duckDbScratch } from "../helpers/duckdb-scratch";
import { budget } from "../helpers/budget";
import { compactLake, openLake, verifyLake } from "../../src/lake";
import { datasetFolder } from "../../src/lake/dataset-folder";
import { commitRigs, newMonthFileBytes, oldMonthFileBytes, oldYearFile, putFile, RIGS, rigsAnswer, rigsMonth } from "./rigs-lake";

const BIG = 3_000_000_000;
const scratch = duckDbScratch("gasframes-coltypes-");
const rows = scratch.columns;

/** Each file's stored Parquet type of `column`, by file. */
async function storedTypes(datasetDir: string, column: string): Promise<string[]> {
  const [, types] = await rows(`SELECT file_name, type FROM parquet_schema('${datasetDir}/*/*.parquet') WHERE name = '${column}' ORDER BY file_name`);
  return types!.map(String);
}

async function polarsFolder(datasetDir: string): Promise<{ height: number; wellpads: number; dtype: string }> {
  const pl = (await import("nodejs-polars")).default;
  const frame = pl.scanParquet(datasetDir).collectSync();
  return { height: frame.height, wellpads: Number(frame.getColumn("wellpad_id").sum()), dtype: String(frame.getColumn("wellpad_id").dtype) };
}

describe("integer columns", () => {
  it("are Int64 in every month file, whatever the month's values: a folder crossing 2^31 in one month reads whole in nodejs-polars and DuckDB", async () => {
    const dir = join(scratch.root(), "writer");
    const datasetDir = datasetFolder(dir, RIGS);
    const big = rigsMonth("2024-01", 50, { wellpadBase: BIG });
    // February's `count` is null in every record: a column of nulls, of the same type.
    const small = rigsMonth("2024-02", 40, { withCount: false });
    putFile(datasetDir, newMonthFileBytes(big), { month: "2024-01" });
    putFile(datasetDir, newMonthFileBytes(small), { month: "2024-02" });
    expect(await storedTypes(datasetDir, "wellpad_id")).toEqual(["INT64", "INT64"]);
    expect(await storedTypes(datasetDir, "count")).toEqual(["INT64", "INT64"]);
    const expected = 50 * BIG + [...Array(90).keys()].reduce((s, i) => s + 1000 + ((i < 50 ? i : i - 50) % 7), 0);
    expect(await polarsFolder(datasetDir)).toEqual({ height: 90, wellpads: expected, dtype: "DataType(Int64)" });
    const [[n], [sum], [type]] = await rows(`SELECT count(*)::INT, sum(wellpad_id)::BIGINT, any_value(typeof(wellpad_id)) FROM read_parquet('${datasetDir}/*/*.parquet', hive_partitioning = true)`);
    expect([n, String(sum), type]).toEqual([90, String(expected), "BIGINT"]);
  });

  it("of an older lake (Int32 files beside Int64 ones) read widened by openLake", async () => {
    const dir = join(scratch.root(), "older");
    const datasetDir = datasetFolder(dir, RIGS);
    const oldKey = putFile(datasetDir, oldMonthFileBytes(rigsMonth("2024-01", 30)), { month: "2024-01" });
    const newKey = putFile(datasetDir, newMonthFileBytes(rigsMonth("2024-02", 20, { wellpadBase: BIG })), { month: "2024-02" });
    commitRigs(dir, [{ key: oldKey, months: { "2024-01": 30 } }, { key: newKey, months: { "2024-02": 20 } }]);
    expect(await storedTypes(datasetDir, "wellpad_id")).toEqual(["INT32", "INT64"]);
    const lake = await openLake(dir);
    try {
      const r = await lake.query("SELECT month, count(*) AS n, max(wellpad_id) AS top, any_value(typeof(wellpad_id)) AS t FROM natgas_v4_rigs GROUP BY month ORDER BY month");
      expect(r.column("n")).toEqual([30, 20]);
      expect(r.column("top")).toEqual([1006, BIG + 1006]);
      expect(r.column("t")).toEqual(["BIGINT", "BIGINT"]);
    } finally {
      lake.close();
    }
  });
});

describe("compactLake on files of the earlier writers", () => {
  it("rewrites files whose stored types differ (Int32, dictionary text) as a new snapshot; the folder then reads whole in nodejs-polars", { timeout: budget(120_000) }, async () => {
    const dir = join(scratch.root(), "upgrade");
    const datasetDir = datasetFolder(dir, RIGS);
    // 2024, closed, as the compaction of before wrote it: one DuckDB year file from Int32 month files.
    const months2024 = ["2024-01", "2024-02", "2024-03"].map((m) => putFile(datasetDir, oldMonthFileBytes(rigsMonth(m, 20)), { month: m }));
    const year2024 = await oldYearFile(scratch.connection(), datasetDir, "2024", months2024);
    rmSync(join(datasetDir, "month=2024-01"), { recursive: true });
    rmSync(join(datasetDir, "month=2024-02"), { recursive: true });
    rmSync(join(datasetDir, "month=2024-03"), { recursive: true });
    // 2025, still revised: a month the earlier sync wrote into the year layout (dictionary text,
    // Int32), and one the sync writes now (Int64, values past 2^31).
    const march = putFile(datasetDir, oldMonthFileBytes(rigsMonth("2025-03", 30, { monthColumn: true })), { year: "2025", month: "2025-03" });
    const april = putFile(datasetDir, newMonthFileBytes(rigsMonth("2025-04", 25, { wellpadBase: BIG, monthColumn: true })), { year: "2025", month: "2025-04" });
    commitRigs(dir, [
      { key: year2024, months: { "2024-01": 20, "2024-02": 20, "2024-03": 20 } },
      { key: march, months: { "2025-03": 30 } },
      { key: april, months: { "2025-04": 25 } },
    ]);
    const before = await answer(dir);
    const pl = (await import("nodejs-polars")).default;
    expect(() => pl.scanParquet(datasetDir).collectSync()).toThrow();

    const clock = () => Date.parse("2025-06-15T12:00:00Z");
    const report = await compactLake(dir, RIGS, { asOf: "2025-06-15", retainDays: 0, clock });
    expect(report.snapshot).toBe(2);
    expect([...report.upgraded].sort()).toEqual([march, year2024].sort());
    expect(report.written).toHaveLength(2);
    expect(report.filesAfter).toBe(3);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answer(dir)).toEqual(before);
    expect(await storedTypes(datasetDir, "wellpad_id")).toEqual(["INT64", "INT64", "INT64"]);
    const frame = pl.scanParquet(datasetDir).collectSync();
    expect(frame.height).toBe(60 + 30 + 25);
    expect(Object.values(frame.schema).map(String).join(" ")).not.toMatch(/Categorical|Int32/);

    // Nothing left to rewrite: the next run commits nothing.
    const again = await compactLake(dir, RIGS, { asOf: "2025-06-15", retainDays: 0, clock });
    expect([again.snapshot, again.written, again.upgraded]).toEqual([2, [], []]);
  });
});

function answer(dir: string): Promise<unknown> {
  return rigsAnswer(dir, "month, wellpad_id, date_observed, region_natgas, county, count");
}
