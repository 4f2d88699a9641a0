/**
 * The year layout a compaction writes (src/lake/lake-layout.ts planCompaction): which files it plans,
 * and that the files it names, written as a compact command writes them (here by DuckDB, sorted, the
 * `month` column inside), are read by the read planner (one file per closed year, pruned by its span
 * of months), by a DuckDB folder read and by nodejs-polars with default options, with the same rows.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { SMALL_RIGS } from "./small-rigs";
import { readLakeManifest, syncDataset } from "../../src/lake";
import { lakeAxis } from "../../src/lake/lake-axis";
import { partitionOfKey, planCompaction, yearFileKey, type CompactionPlan } from "../../src/lake/lake-layout";
import type { LakeManifest } from "../../src/lake/lake-manifest";
import { lakeSortKey } from "../../src/lake/month-parquet";
import { pruneQuery, scanSelect, type ScanDataset, type ScanFile } from "../../src/lake/plan-scan";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { loadDuckDb } from "../../src/util/duckdb";

const VIEW = "natgas_v4_rigs";
const ASOF = "2025-06-15";

describe("planCompaction and the year layout", () => {
  let sandbox: SandboxHandle;
  let root: string;
  let monthDir: string;
  let yearDir: string;
  let manifest: LakeManifest;
  let plan: CompactionPlan;
  let yearFiles: ScanFile[];
  let monthFiles: ScanFile[];
  let duck: { instance: { closeSync(): void }; c: { run(sql: string): Promise<unknown>; runAndReadAll(sql: string): Promise<{ getRowObjectsJS(): Record<string, unknown>[] }>; closeSync(): void } };

  beforeAll(async () => {
    sandbox = await startSandbox({ asOf: ASOF, pageSize: 5000 });
    const ng = NatGasClient.forSandbox(sandbox, { progress: false });
    root = mkdtempSync(join(tmpdir(), "gasframes-compaction-"));
    const report = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, { dir: join(root, "lake"), from: "2023-01", to: "2025-03", asOf: ASOF });
    monthDir = report.datasetDir;
    manifest = (await readLakeManifest(monthDir))!;
    plan = planCompaction(manifest, { asOf: ASOF });
    const D = loadDuckDb("test");
    const instance = await D.DuckDBInstance.create(":memory:");
    duck = { instance, c: (await instance.connect()) as never };
    // What a compact command does per group: the sources read with their month, sorted, one new file named by its hash.
    yearDir = join(root, "compacted");
    const sortKey = lakeSortKey(NATGAS_V4.rigs, lakeAxis(NATGAS_V4.rigs)).map((k) => `"${k}"`).join(", ");
    const written: { key: string; months: readonly string[] }[] = [];
    for (const g of plan.groups) {
      const list = g.sources.map((s) => `'${join(monthDir, s)}'`).join(", ");
      const staged = join(root, "staged.parquet");
      await duck.c.run(
        `COPY (SELECT * FROM read_parquet([${list}], hive_partitioning = true, hive_types = {'month': VARCHAR}, union_by_name = true) ORDER BY ${sortKey}) TO '${staged}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 8192)`,
      );
      const key = g.target(createHash("sha256").update(readFileSync(staged)).digest("hex"));
      mkdirSync(join(yearDir, key, ".."), { recursive: true });
      renameSync(staged, join(yearDir, key));
      written.push({ key, months: g.months });
    }
    // As a commit lists them: a year's file under each month it holds.
    yearFiles = written.flatMap((w) => w.months.map((month) => ({ month, path: join(yearDir, w.key), columns: [...(manifest.partitions[month]!.columns ?? []), "month"] })));
    monthFiles = Object.entries(manifest.partitions).flatMap(([month, p]) => p.files.map((f) => ({ month, path: join(monthDir, f), ...(p.columns ? { columns: p.columns } : {}) })));
  }, budget(180_000));

  afterAll(async () => {
    duck?.c.closeSync();
    duck?.instance.closeSync();
    await sandbox?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("plans one file per closed year and one per month of a year still revised, in year= folders", () => {
    const withRows = Object.values(manifest.partitions).filter((p) => p.rows > 0).length;
    expect(plan.filesBefore).toBe(withRows);
    // 2023 and 2024 are settled 60 days after their Decembers; 2025's three months are not.
    expect(plan.groups.map((g) => [g.year, g.closed, g.months.length])).toEqual([
      ["2023", true, 12],
      ["2024", true, 12],
      ["2025", false, 1],
      ["2025", false, 1],
      ["2025", false, 1],
    ]);
    expect(plan.filesAfter).toBe(5);
    expect(plan.groups.reduce((s, g) => s + g.rows, 0)).toBe(Object.values(manifest.partitions).reduce((s, p) => s + p.rows, 0));
    expect(plan.groups[0]!.target("ab".repeat(32))).toBe(`year=2023/part-${"ab".repeat(10)}.parquet`);
    expect(plan.groups[2]!.target("cd".repeat(32))).toBe(`year=2025/part-2025-01-${"cd".repeat(10)}.parquet`);
    expect(partitionOfKey(yearFileKey("2023", "ef".repeat(32)))).toBe("year");
    expect(partitionOfKey(manifest.partitions["2023-01"]!.files[0]!)).toBe("month");
  });

  it("plans nothing more for a dataset already in the year layout, and a year once it closes", () => {
    const compacted: LakeManifest = {
      ...manifest,
      partitions: Object.fromEntries(
        Object.entries(manifest.partitions).map(([month, p]) => {
          const file = month < "2025" ? yearFileKey(month.slice(0, 4), month.slice(0, 4).repeat(16)) : yearFileKey("2025", month.replace("-", "").repeat(11), month);
          return [month, { ...p, files: [file] }];
        }),
      ),
    };
    expect(planCompaction(compacted, { asOf: ASOF }).groups).toEqual([]);
    expect(planCompaction(compacted, { asOf: ASOF }).filesAfter).toBe(5);
    const later = planCompaction(compacted, { asOf: "2026-06-01" });
    expect(later.groups.map((g) => [g.year, g.closed, g.sources.length])).toEqual([["2025", true, 3]]);
    expect(later.filesAfter).toBe(3);
  });

  it("reads the compacted files with the same rows, and a date filter reads one year's file", async () => {
    const schema = NATGAS_V4.rigs.record;
    const total = async (files: ScanFile[]) => (await duck.c.runAndReadAll(`SELECT count(*)::INT AS n, sum("count")::DOUBLE AS s, count(DISTINCT month)::INT AS m FROM (${scanSelect(files, schema)})`)).getRowObjectsJS()[0];
    expect(await total(yearFiles)).toEqual(await total(monthFiles));
    const d: ScanDataset = { view: VIEW, files: yearFiles, schema, dateField: "date_observed", dateKind: "date" };
    const sql = `SELECT month, count(*)::INT AS n FROM ${VIEW} WHERE date_observed BETWEEN '2024-05-01' AND '2024-08-31' GROUP BY month ORDER BY month`;
    const planned = pruneQuery(sql, [d]);
    expect([planned.files, planned.of]).toEqual([1, 5]);
    expect(planned.sql).toContain("year=2024/");
    const fromMonths = pruneQuery(sql, [{ ...d, files: monthFiles }]);
    expect(fromMonths.files).toBe(4);
    const rows = (await duck.c.runAndReadAll(planned.sql)).getRowObjectsJS();
    expect(rows).toEqual((await duck.c.runAndReadAll(fromMonths.sql)).getRowObjectsJS());
    expect(rows.map((r) => r.month)).toEqual(["2024-05", "2024-06", "2024-07", "2024-08"]);
  });

  it("refuses to read one dataset's files from month= and year= folders at once", () => {
    expect(() => scanSelect([...monthFiles.slice(0, 1), ...yearFiles.slice(0, 1)], undefined)).toThrow(/mix month= and year=/);
  });

  it("is read as a folder by DuckDB and by nodejs-polars (default options): year from the path, month from the files", async () => {
    const rows = Object.values(manifest.partitions).reduce((s, p) => s + p.rows, 0);
    const folder = (await duck.c.runAndReadAll(`SELECT count(*)::INT AS n, count(DISTINCT month)::INT AS m, min(year)::VARCHAR AS y FROM read_parquet('${yearDir}/*/*.parquet', hive_partitioning = true)`)).getRowObjectsJS()[0];
    expect(folder).toEqual({ n: rows, m: Object.values(manifest.partitions).filter((p) => p.rows > 0).length, y: "2023" });
    const pl = (await import("nodejs-polars")).default;
    const frame = pl.scanParquet(yearDir).collectSync();
    expect(frame.height).toBe(rows);
    expect(frame.getColumn("year").unique().sort().toArray().map(String)).toEqual(["2023", "2024", "2025"]);
    expect(frame.getColumn("month").unique().toArray().length).toBe(27);
  });
});
