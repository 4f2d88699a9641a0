/**
 * compactLake's `targetFileBytes`: consecutive closed years packed into one file of `year=YYYY-YYYY/`
 * up to a size, the year still revised kept one file a month; the same rows, verified, read by
 * nodejs-polars and DuckDB as a folder; a compacted lake is not rewritten by the next run.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duckDbScratch } from "../helpers/duckdb-scratch";
import { budget } from "../helpers/budget";
import { SMALL_RIGS } from "./small-rigs";
import { InvalidParamsError } from "../../src/errors";
import { compactLake, openLake, readLakeManifest, syncDataset, verifyLake } from "../../src/lake";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox } from "../../src/sandbox";
import { datasetFolder } from "../../src/lake/dataset-folder";
import { planCompaction } from "../../src/lake/lake-layout";
import { lakeAxis } from "../../src/lake/lake-axis";
import { lakeSortKey } from "../../src/lake/month-parquet";
import { RecordColumns } from "../../src/table/record-columns";
import { commitRigs, monthRigsLake, newMonthFileBytes, putFile, RIGS, rigsAnswer as answer, rigsMonth, type HandFile } from "./rigs-lake";

const AS_OF = "2025-06-15";
const MONTHS: Record<string, number> = { "2019-01": 20, "2019-02": 21, "2019-03": 22, "2020-01": 23, "2020-02": 24, "2021-05": 25, "2022-07": 26, "2025-03": 27, "2025-04": 28 };
const TOTAL = Object.values(MONTHS).reduce((s, n) => s + n, 0);
const scratch = duckDbScratch("gasframes-packing-");

function monthLake(name: string): string {
  return monthRigsLake(join(scratch.root(), name), MONTHS);
}

/**
 * A written file's rows, how many come before the row above them by `order` (SQL expressions of the
 * file's columns), and how many years its `month` column holds.
 */
async function fileOrder(file: string, order: string): Promise<[number, number, number]> {
  const [[rows], [backwards], [years]] = await scratch.columns(
    `SELECT count(*)::INT, (count(*) FILTER (WHERE k < prev))::INT, count(DISTINCT substr(month, 1, 4))::INT FROM (SELECT (${order}) AS k, lag((${order})) OVER (ORDER BY file_row_number) AS prev, month FROM read_parquet('${file}', file_row_number = true, hive_partitioning = false))`,
  );
  return [rows as number, backwards as number, years as number];
}

/** The order a compaction writes: year by year, each by the lake's sort key, then month. */
const YEAR_ORDER = ["substr(month, 1, 4)", ...lakeSortKey(RIGS, lakeAxis(RIGS)).map((k) => `"${k}"`), "month"].join(", ");

describe("compactLake with targetFileBytes", () => {
  it("plans runs of consecutive closed years up to the target, oldest first; one year alone when each is over it", async () => {
    const dir = monthLake("plan");
    const manifest = (await readLakeManifest(datasetFolder(dir, RIGS)))!;
    const all = planCompaction(manifest, { asOf: AS_OF, targetFileBytes: 1e12 });
    expect(all.groups.map((g) => [g.year, g.months.length, g.rows, g.closed])).toEqual([
      ["2019-2022", 7, 20 + 21 + 22 + 23 + 24 + 25 + 26, true],
      ["2025", 1, 27, false],
      ["2025", 1, 28, false],
    ]);
    expect(all.groups[0]!.target("ab".repeat(32))).toBe(`year=2019-2022/part-${"ab".repeat(10)}.parquet`);
    expect(all.filesAfter).toBe(3);
    const tiny = planCompaction(manifest, { asOf: AS_OF, targetFileBytes: 1 });
    expect(tiny.groups.filter((g) => g.closed).map((g) => g.year)).toEqual(["2019", "2020", "2021", "2022"]);
    // Two years' month files (each about the same size) a file: 2019 and 2020, then 2021 and 2022.
    const two = planCompaction(manifest, { asOf: AS_OF, targetFileBytes: manifest.partitions["2019-01"]!.bytes * 5.5 });
    expect(two.groups.filter((g) => g.closed).map((g) => g.year)).toEqual(["2019-2020", "2021-2022"]);
  });

  it("writes the packed layout in one commit: the same rows, verified, read as a folder by nodejs-polars and DuckDB; the next run commits nothing", { timeout: budget(120_000) }, async () => {
    const dir = monthLake("packed");
    const datasetDir = datasetFolder(dir, RIGS);
    const before = await answer(dir);
    const clock = () => Date.parse("2025-06-15T12:00:00Z");
    const report = await compactLake(dir, RIGS, { asOf: AS_OF, retainDays: 0, clock, targetFileBytes: 128 * 2 ** 20 });
    expect(report.written.map((k) => k.replace(/[0-9a-f]{20}\.parquet$/, "*"))).toEqual(["year=2019-2022/part-*", "year=2025/part-2025-03-*", "year=2025/part-2025-04-*"]);
    expect([report.filesBefore, report.filesAfter]).toEqual([9, 3]);
    expect(readdirSync(datasetDir).sort()).toEqual(["year=2019-2022", "year=2025"]);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answer(dir)).toEqual(before);
    // The span's file holds its years one after the other, each sorted by the lake's key then month
    // (merged a year at a time, so DuckDB never sorts the whole span): no row is before the one above.
    expect(await fileOrder(join(datasetDir, report.written[0]!), YEAR_ORDER)).toEqual([20 + 21 + 22 + 23 + 24 + 25 + 26, 0, 4]);
    const lake = await openLake(dir);
    try {
      // A date filter inside the span reads the one span file.
      const r = await lake.query("SELECT count(*)::INT AS n FROM natgas_v4_rigs WHERE date_observed BETWEEN '2020-01-01' AND '2020-12-31'");
      expect(r.column("n")).toEqual([23 + 24]);
    } finally {
      lake.close();
    }
    const pl = (await import("nodejs-polars")).default;
    const frame = pl.scanParquet(datasetDir).collectSync();
    expect(frame.height).toBe(TOTAL);
    // The folder names a year or a span of years: text.
    expect([...new Set(frame.getColumn("year").toArray().map(String))].sort()).toEqual(["2019-2022", "2025"]);
    const [[n]] = await scratch.columns(`SELECT count(*)::INT FROM read_parquet('${datasetDir}/*/*.parquet', hive_partitioning = true)`);
    expect(n).toBe(TOTAL);

    const again = await compactLake(dir, RIGS, { asOf: AS_OF, retainDays: 0, clock, targetFileBytes: 128 * 2 ** 20 });
    expect([again.snapshot, again.written]).toEqual([report.snapshot, []]);
  });

  it("packs a span again with the year that closes after it: each year read from the span's file once, the same rows, in year order", { timeout: budget(120_000) }, async () => {
    const dir = monthLake("repacked");
    const datasetDir = datasetFolder(dir, RIGS);
    const before = await answer(dir);
    let t = Date.parse("2025-06-15T12:00:00Z");
    const clock = () => t;
    const first = await compactLake(dir, RIGS, { asOf: AS_OF, retainDays: 0, clock, targetFileBytes: 128 * 2 ** 20 });
    expect(first.written[0]).toMatch(/^year=2019-2022\//);
    // 2025's December is 60 days old on 2026-03-02: the span's file (far under the target) and 2025's
    // two month files become one file.
    t = Date.parse("2026-03-15T12:00:00Z");
    const second = await compactLake(dir, RIGS, { asOf: "2026-03-15", retainDays: 0, clock, targetFileBytes: 128 * 2 ** 20 });
    expect(second.written.map((k) => k.replace(/[0-9a-f]{20}\.parquet$/, "*"))).toEqual(["year=2019-2025/part-*"]);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answer(dir)).toEqual(before);
    expect(await fileOrder(join(datasetDir, second.written[0]!), YEAR_ORDER)).toEqual([TOTAL, 0, 5]);
  });

  it("packs years whose files lack a column of the sort key that later years have (schema evolution): the same rows, columns in a folder read's order, each year sorted by what it holds", { timeout: budget(120_000) }, async () => {
    const dir = join(scratch.root(), "evolved");
    const datasetDir = datasetFolder(dir, RIGS);
    // 2019's months have no wellpad_id (a column of the sort key); 2020's and 2021's have it.
    const evolved: Record<string, number> = { "2019-01": 20, "2019-02": 21, "2020-01": 22, "2021-05": 23 };
    const files: HandFile[] = Object.entries(evolved).map(([month, rows]) => {
      const input = rigsMonth(month, rows);
      const names = month < "2020" ? input.names.filter((n) => n !== "wellpad_id") : input.names;
      const columns = new RecordColumns(names, new Map([...input.columns.columns].filter(([n]) => names.includes(n))), input.columns.length);
      return { key: putFile(datasetDir, newMonthFileBytes({ ...input, names, columns }), { month }), months: { [month]: rows } };
    });
    commitRigs(dir, files);
    // The manifest lists each month's columns, as a sync writes them.
    const log = join(dir, "_gasframes", "natgas", "v4", "rigs", "_log", `${"1".padStart(20, "0")}.json`);
    const committed = JSON.parse(readFileSync(log, "utf8")) as { partitions: Record<string, { files: string[]; columns?: string[] }> };
    const list = (keys: readonly string[]) => keys.map((k) => `'${join(datasetDir, k)}'`).join(", ");
    for (const p of Object.values(committed.partitions)) {
      const [names] = await scratch.columns(`SELECT list(name ORDER BY rowid) FROM (SELECT name, row_number() OVER () AS rowid FROM parquet_schema('${join(datasetDir, p.files[0]!)}') WHERE coalesce(num_children, 0) = 0)`);
      p.columns = names![0] as string[];
    }
    writeFileSync(log, JSON.stringify(committed));
    const [expectedColumns] = await scratch.columns(`SELECT list(column_name) FROM (DESCRIBE SELECT * FROM read_parquet([${list(files.map((f) => f.key))}], hive_partitioning = true, hive_types = {'month': VARCHAR}, union_by_name = true))`);
    const before = await answer(dir);
    const report = await compactLake(dir, RIGS, { asOf: AS_OF, retainDays: 0, targetFileBytes: 128 * 2 ** 20 });
    expect(report.written.map((k) => k.replace(/[0-9a-f]{20}\.parquet$/, "*"))).toEqual(["year=2019-2021/part-*"]);
    expect(await answer(dir)).toEqual(before);
    expect((await verifyLake(dir)).ok).toBe(true);
    const packed = join(datasetDir, report.written[0]!);
    const [[names]] = await scratch.columns(`SELECT list(column_name) FROM (DESCRIBE SELECT * FROM read_parquet('${packed}', hive_partitioning = false))`);
    expect(names).toEqual(expectedColumns![0]);
    // 2019 by date (no wellpad_id: NULL in the file), then 2020 and 2021 by wellpad_id then date.
    expect(await fileOrder(packed, "substr(month, 1, 4), coalesce(wellpad_id, 0), date_observed, month")).toEqual([86, 0, 3]);
    const [[nulls]] = await scratch.columns(`SELECT count(*)::INT FROM read_parquet('${packed}', hive_partitioning = false) WHERE wellpad_id IS NULL`);
    expect(nulls).toBe(20 + 21);
  });

  it("after a sandbox sync: a month of a packed span fetched again takes every month of the span with it; the same rows, verified", { timeout: budget(300_000) }, async () => {
    const sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
    try {
      const ng = NatGasClient.forSandbox(sandbox, { progress: false });
      let t = Date.parse("2025-06-15T12:00:00Z");
      const clock = () => t;
      const dir = join(scratch.root(), "synced");
      const sync = (extra: Record<string, unknown> = {}) => syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, { dir, from: "2023-01", to: "2025-03", asOf: AS_OF, clock, ...extra });
      await sync();
      const before = await answer(dir);
      t += 86_400_000;
      const compacted = await compactLake(dir, NATGAS_V4.rigs, { asOf: AS_OF, clock, targetFileBytes: 128 * 2 ** 20 });
      expect(compacted.written[0]).toMatch(/^year=2023-2024\/part-[0-9a-f]{20}\.parquet$/);
      expect(compacted.filesAfter).toBe(4);
      expect(await answer(dir)).toEqual(before);
      // A sync with a longer revision window than the compaction's fetches 2024's months again, and
      // with them 2023's, which the span's file holds too.
      t += 86_400_000;
      const resync = await sync({ from: "2024-11", reviseDays: 400 });
      expect(resync.fetched.filter((m) => m < "2025")).toHaveLength(24);
      const listed = Object.values(resync.manifest.partitions).flatMap((p) => p.files);
      expect(listed).not.toContain(compacted.written[0]);
      expect(resync.manifest.partitions["2023-01"]!.files[0]).toMatch(/^year=2023\/part-2023-01-/);
      expect((await verifyLake(dir)).ok).toBe(true);
      expect(await answer(dir)).toEqual(before);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses a targetFileBytes that is not a size, before reading anything", async () => {
    for (const bad of [0, -5, Number.NaN, "128MB"]) {
      await expect(compactLake(join(scratch.root(), "none"), RIGS, { targetFileBytes: bad as never })).rejects.toBeInstanceOf(InvalidParamsError);
    }
  });
});
