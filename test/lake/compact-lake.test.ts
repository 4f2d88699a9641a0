/**
 * compactLake end to end against the sandbox: a synced lake compacted into the year layout reads the
 * same rows (exact), has fewer files and verifies; the snapshot before it still reads its month files
 * until retention; a re-sync writes new months into year= folders; one writer at a time; DuckDB and
 * nodejs-polars read the compacted folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { SMALL_RIGS } from "./small-rigs";
import { DataError, InvalidParamsError, LakeLockedError } from "../../src/errors";
import { compactLake, openLake, readLakeManifest, syncDataset, verifyLake } from "../../src/lake";
import { metadataRootOf } from "../../src/lake/lake-storage";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { loadDuckDb } from "../../src/util/duckdb";

const ASOF = "2025-06-15";
const DAY = 86_400_000;
const QUERIES = [
  "SELECT * FROM natgas_v4_rigs ORDER BY ALL",
  "SELECT month, count(*) AS n, sum(count) AS s FROM natgas_v4_rigs GROUP BY month ORDER BY month",
  "SELECT * FROM natgas_v4_rigs WHERE date_observed BETWEEN '2024-05-01' AND '2024-08-31' ORDER BY ALL",
];

async function answers(dir: string, options: Parameters<typeof openLake>[1] = {}): Promise<unknown[]> {
  const lake = await openLake(dir, options);
  try {
    const out: unknown[] = [];
    for (const sql of QUERIES) {
      const r = await lake.query(sql);
      out.push({ names: r.names, schema: r.schema, columns: r.names.map((n) => r.column(n)) });
    }
    return out;
  } finally {
    lake.close();
  }
}

const distinctFiles = (m: { partitions: Record<string, { files: readonly string[] }> }) => new Set(Object.values(m.partitions).flatMap((p) => p.files));

describe("compactLake", () => {
  let sandbox: SandboxHandle;
  let ng: NatGasClient;
  let root: string;
  let t = Date.parse("2025-06-15T12:00:00Z");
  const clock = () => t;
  const sync = (dir: string, extra: Record<string, unknown> = {}) => syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, { dir, from: "2023-01", to: "2025-03", asOf: ASOF, clock, ...extra });

  beforeAll(async () => {
    sandbox = await startSandbox({ asOf: ASOF, pageSize: 5000 });
    ng = NatGasClient.forSandbox(sandbox, { progress: false });
    root = mkdtempSync(join(tmpdir(), "gasframes-compact-"));
  }, budget(60_000));

  afterAll(async () => {
    await sandbox?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("rewrites a synced lake in the year layout: same rows, fewer files, verified; the earlier snapshot reads its month files until retention; a re-sync writes year= files", { timeout: budget(240_000) }, async () => {
    const dir = join(root, "lake");
    const first = await sync(dir);
    const before = await answers(dir);
    t += DAY;
    const report = await compactLake(dir, NATGAS_V4.rigs, { asOf: ASOF, clock });
    expect(report.snapshot).toBe(first.snapshot + 1);
    // 24 months of 2023-2024 in two files; 2025's three months still revised, a file each.
    expect([report.filesBefore, report.filesAfter]).toEqual([27, 5]);
    expect(report.written.map((k) => k.replace(/[0-9a-f]{20}\.parquet$/, "*"))).toEqual(["year=2023/part-*", "year=2024/part-*", "year=2025/part-2025-01-*", "year=2025/part-2025-02-*", "year=2025/part-2025-03-*"]);
    const manifest = (await readLakeManifest(report.datasetDir))!;
    expect(distinctFiles(manifest).size).toBe(5);
    expect(manifest.partitions["2023-07"]!.files).toEqual([report.written[0]]);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answers(dir)).toEqual(before);
    // The snapshot before still lists (and reads) the month files, kept for retention.
    expect(await answers(dir, { version: first.snapshot })).toEqual(before);
    expect((await verifyLake(dir, { version: first.snapshot })).ok).toBe(true);
    expect(readdirSync(report.datasetDir).filter((n) => n.startsWith("month=")).length).toBe(27);
    // Nothing more to compact.
    const again = await compactLake(dir, NATGAS_V4.rigs, { asOf: ASOF, clock });
    expect([again.snapshot, again.written]).toEqual([report.snapshot, []]);

    // A re-sync after it: two new months, written into year=2025 with their month inside; retention 0 drops the month files.
    t += DAY;
    const resync = await sync(dir, { to: "2025-05", retainDays: 0 });
    // 2025-01..03 are settled for a sync (60 days past) though their year is still open: not fetched.
    expect(resync.fetched).toEqual(["2025-04", "2025-05"]);
    const after = resync.manifest;
    expect(after.partitions["2025-04"]!.files[0]).toMatch(/^year=2025\/part-2025-04-[0-9a-f]{20}\.parquet$/);
    // Unchanged months keep their compacted files.
    expect(after.partitions["2023-07"]!.files).toEqual([report.written[0]]);
    expect(after.partitions["2025-01"]!.files).toEqual([report.written[2]]);
    expect(readdirSync(resync.datasetDir).sort()).toEqual(["year=2023", "year=2024", "year=2025"]);
    expect((await verifyLake(dir)).ok).toBe(true);
    const lake = await openLake(dir);
    try {
      const old = await lake.query("SELECT * FROM natgas_v4_rigs WHERE month <= '2025-03' ORDER BY ALL");
      expect({ names: old.names, schema: old.schema, columns: old.names.map((n) => old.column(n)) }).toEqual(before[0]);
      const months = await lake.query("SELECT DISTINCT month FROM natgas_v4_rigs WHERE month >= '2025-01' ORDER BY month");
      expect(months.column("month")).toEqual(["2025-01", "2025-02", "2025-03", "2025-04", "2025-05"]);
    } finally {
      lake.close();
    }

    // DuckDB and nodejs-polars (default options) read the folder: year from the path, month from the files, the units in key-value metadata.
    const total = Object.values(after.partitions).reduce((s, p) => s + p.rows, 0);
    const D = loadDuckDb("test");
    const instance = await D.DuckDBInstance.create(":memory:");
    const c = await instance.connect();
    try {
      const folder = (await c.runAndReadAll(`SELECT count(*)::INT AS n, count(DISTINCT month)::INT AS m FROM read_parquet('${resync.datasetDir}/*/*.parquet', hive_partitioning = true)`)).getColumnsJson();
      expect(folder.map((col) => col[0])).toEqual([total, 29]);
      const units = (await c.runAndReadAll(`SELECT decode(value) FROM parquet_kv_metadata('${join(resync.datasetDir, report.written[0]!)}') WHERE decode(key) = 'gasframes.units'`)).getColumnsJson();
      expect(JSON.parse(String(units[0]![0]))).toMatchObject({});
      expect(units[0]!.length).toBe(1);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
    // nodejs-polars reads the whole folder, compactLake's files (DuckDB's) beside the re-sync's
    // (parquet-wasm's): both store text columns as plain Utf8 in their Arrow schema.
    const pl = (await import("nodejs-polars")).default;
    const frame = pl.scanParquet(resync.datasetDir).collectSync();
    expect(frame.height).toBe(total);
    expect(frame.getColumn("month").unique().toArray().length).toBe(29);
    expect(frame.getColumn("year").unique().sort().toArray().map(Number)).toEqual([2023, 2024, 2025]);
    for (const [name, type] of Object.entries(frame.schema)) if (name !== "year") expect(String(type), name).not.toMatch(/Categorical/);
  });

  it("a month of a compacted year fetched again takes its whole year with it: no file is left listed for only some of the months it holds; a merge over maxMemory commits nothing", { timeout: budget(240_000) }, async () => {
    const dir = join(root, "revise");
    await sync(dir);
    const before = await answers(dir);
    t += DAY;
    // A merge DuckDB cannot fit in maxMemory is a DataError naming the limit, and commits nothing.
    const tight = await compactLake(dir, NATGAS_V4.rigs, { asOf: ASOF, clock, maxMemory: "8MB" }).catch((e: unknown) => e);
    expect(tight).toBeInstanceOf(DataError);
    expect(String((tight as Error).message)).toMatch(/maxMemory 8MB.*nothing was committed/);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answers(dir)).toEqual(before);
    const compacted = await compactLake(dir, NATGAS_V4.rigs, { asOf: ASOF, clock, maxMemory: "256MB" });
    // The sync committed version 1; the refused merge took no number.
    expect(compacted.snapshot).toBe(2);
    // A sync with a longer revision window than the compaction's fetches 2024's months again.
    t += DAY;
    const resync = await sync(dir, { from: "2024-11", reviseDays: 400 });
    expect(resync.fetched.filter((m) => m.startsWith("2024"))).toHaveLength(12);
    const listed = Object.values(resync.manifest.partitions).flatMap((p) => p.files);
    expect(listed).not.toContain(compacted.written[1]);
    expect(listed).toContain(compacted.written[0]);
    expect(resync.manifest.partitions["2024-01"]!.files[0]).toMatch(/^year=2024\/part-2024-01-/);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answers(dir)).toEqual(before);
  });

  it("is one writer: a sync or compaction running meanwhile, or a lock held elsewhere, is a LakeLockedError", { timeout: budget(240_000) }, async () => {
    const dir = join(root, "locked");
    await sync(dir, { to: "2024-02" });
    t += DAY;
    const [a, b] = await Promise.allSettled([compactLake(dir, NATGAS_V4.rigs, { asOf: ASOF, clock }), sync(dir, { to: "2024-02" })]);
    const outcomes = [a, b].map((r) => r.status);
    expect(outcomes.sort()).toEqual(["fulfilled", "rejected"]);
    const refused = ([a, b].find((r) => r.status === "rejected") as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(LakeLockedError);
    expect((await verifyLake(dir)).ok).toBe(true);

    const meta = metadataRootOf(join(dir, "natgas", "v4", "rigs"));
    mkdirSync(meta, { recursive: true });
    writeFileSync(join(meta, "_lock"), JSON.stringify({ pid: 1, host: `elsewhere-${hostname()}.example`, since: "2025-01-01T00:00:00.000Z", id: "remote" }));
    await expect(compactLake(dir, NATGAS_V4.rigs, { asOf: "2026-06-01", clock })).rejects.toBeInstanceOf(LakeLockedError);
    rmSync(join(meta, "_lock"));
  });

  it("refuses bad input before reading anything: a bad asOf, reviseDays or cacheDir, a folder with no snapshot", async () => {
    await expect(compactLake("s3://bucket/lake", NATGAS_V4.rigs, { cacheDir: " " })).rejects.toThrow(InvalidParamsError);
    await expect(compactLake("s3://bucket/lake", NATGAS_V4.rigs, { cacheDir: " " })).rejects.toThrow(/cacheDir/);
    await expect(compactLake("s3://No_Such/lake", NATGAS_V4.rigs)).rejects.toThrow(/dir.*bucket name/s);
    await expect(compactLake(join(root, "x"), NATGAS_V4.rigs, { asOf: "June" })).rejects.toThrow(/asOf/);
    await expect(compactLake(join(root, "x"), NATGAS_V4.rigs, { reviseDays: -1 })).rejects.toThrow(/reviseDays/);
    await expect(compactLake(join(root, "x"), NATGAS_V4.rigs, { maxMemory: "lots" })).rejects.toThrow(/maxMemory.*"1GB"/s);
    await expect(compactLake(join(root, "empty"), NATGAS_V4.rigs)).rejects.toThrow(/no committed snapshot/);
  });
});
