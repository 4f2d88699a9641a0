/**
 * Read planning (src/lake/plan-scan.ts): date filters on the dataset's date column pick the month
 * files, and a lake whose files disagree on columns reads by name with the catalog's schema.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { openLake, readLakeManifest, syncDataset, type Lake } from "../../src/lake";
import { metadataRootOf } from "../../src/lake/lake-storage";
import { monthBoundsOfRange, pickFiles, pruneQuery, type ScanDataset } from "../../src/lake/plan-scan";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { loadDuckDb } from "../../src/util/duckdb";

const months = ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"];
const dataset: ScanDataset = {
  view: "natgas_v4_productionbywell",
  files: months.map((month) => ({ month, path: `/lake/month=${month}/part-00000.parquet`, columns: ["well_id", "date_prod"] })),
  dateField: "date_prod",
  dateKind: "date",
};
const chosen = (sql: string): string[] | "all" => {
  const planned = pruneQuery(sql, [dataset]);
  if (planned.sql === sql) return "all";
  return months.filter((m) => planned.sql.includes(`month=${m}/`));
};

describe("pruneQuery", () => {
  it("maps comparisons and BETWEEN on the date column to months", () => {
    const from = "SELECT well_id FROM natgas_v4_productionbywell";
    expect(chosen(`${from} WHERE date_prod >= '2024-03-15' AND date_prod < '2024-05-01'`)).toEqual(["2024-03", "2024-04", "2024-05"]);
    expect(chosen(`${from} WHERE date_prod BETWEEN DATE '2024-02-01' AND '2024-02-29' AND well_id = 7`)).toEqual(["2024-02"]);
    expect(chosen(`${from} p WHERE '2024-05-01' <= p.date_prod ORDER BY 1`)).toEqual(["2024-05", "2024-06"]);
    expect(chosen(`${from} WHERE "date_prod" = '2024-01-01'::DATE GROUP BY ALL`)).toEqual(["2024-01"]);
    expect(chosen(`${from} WHERE date_prod > '2023-01-01' AND (well_id = 1) AND natgas_v4_productionbywell.date_prod <= '2024-01-31'`)).toEqual(["2024-01"]);
  });

  it("reads every file when it cannot prove a narrower read safe", () => {
    const from = "SELECT well_id FROM natgas_v4_productionbywell";
    for (const sql of [
      `${from} WHERE well_id = 7`,
      `${from} WHERE date_prod >= '2024-03-01' OR well_id = 7`,
      `${from} WHERE NOT date_prod < '2024-03-01'`,
      `SELECT max(date_prod) AS date_prod FROM natgas_v4_productionbywell WHERE date_prod >= '2024-03-01'`,
      `SELECT * FROM (SELECT * FROM natgas_v4_productionbywell) WHERE date_prod >= '2024-03-01'`,
      `${from} JOIN other USING (well_id) WHERE date_prod >= '2024-03-01'`,
      `${from} WHERE date_prod >= '2024-03-01' -- a comment`,
      `${from} WHERE date_prod >= '2024-03-01' UNION ALL ${from}`,
      `${from} WHERE other.date_prod >= '2024-03-01'`,
      `${from} WHERE date_prod >= '2023-01-01'`,
    ]) {
      expect(chosen(sql), sql).toBe("all");
    }
  });

  it("maps a structured range, instants widened by a day", () => {
    expect(pickFiles(dataset.files, monthBoundsOfRange({ from: "2024-02-10", to: "2024-04-30" })).map((f) => f.month)).toEqual(["2024-02", "2024-03", "2024-04"]);
    expect(monthBoundsOfRange({ from: "2024-03-01T00:00:00Z" }, "timestamp")).toEqual({ min: "2024-02" });
    expect(monthBoundsOfRange({ to: "not a date" })).toEqual({});
  });
});

/**
 * The newest snapshot of `datasetDir` made to describe `month`'s file as it now is (the test rewrote it as
 * an older writer would have): its hash and size, and no recorded columns, so they are read from the footer.
 */
function recommit(datasetDir: string, month: string, path: string): void {
  const meta = metadataRootOf(datasetDir);
  const log = join(meta, "_log");
  const newest = join(log, readdirSync(log).filter((n) => /^\d{20}\.json$/.test(n)).sort().at(-1)!);
  const snapshot = JSON.parse(readFileSync(newest, "utf8"));
  const bytes = readFileSync(path);
  const { columns: _recorded, ...entry } = snapshot.partitions[month];
  snapshot.partitions[month] = { ...entry, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength };
  writeFileSync(newest, JSON.stringify(snapshot));
  writeFileSync(join(meta, "_manifest.json"), JSON.stringify(snapshot));
}

describe("a lake whose months disagree on columns", () => {
  let sandbox: SandboxHandle;
  let root: string;
  let lake: Lake;
  let rigsDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ asOf: "2025-06-15", pageSize: 5000 });
    const ng = NatGasClient.forSandbox(sandbox, { progress: false });
    root = mkdtempSync(join(tmpdir(), "gasframes-planscan-"));
    const report = await syncDataset(ng, NATGAS_V4.rigs, { region_natgas: ["west"] }, { dir: root, from: "2025-01", to: "2025-03", asOf: "2025-06-15" });
    rigsDir = report.datasetDir;
    // January as an older writer left it: no `operator` (added later), and a column since dropped.
    const duck = loadDuckDb("test");
    const instance = await duck.DuckDBInstance.create(":memory:");
    const c = await instance.connect();
    const jan = join(rigsDir, (await readLakeManifest(rigsDir))!.partitions["2025-01"]!.files[0]!);
    await c.run(`COPY (SELECT * EXCLUDE (operator), 'legacy' AS old_only FROM read_parquet('${jan}')) TO '${jan}.new' (FORMAT parquet)`);
    c.closeSync();
    instance.closeSync();
    rmSync(jan);
    const { renameSync } = await import("node:fs");
    renameSync(`${jan}.new`, jan);
    recommit(rigsDir, "2025-01", jan);
    lake = await openLake(root);
  }, budget(120_000));

  afterAll(async () => {
    lake?.close();
    await sandbox?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("reads columns by name: a newer column is NULL in old months, an old column stays queryable", async () => {
    const r = await lake.query(`SELECT month, count(operator) AS with_operator, count(*) AS n, count(old_only) AS with_old FROM natgas_v4_rigs GROUP BY month ORDER BY month`);
    const rows = r.rows();
    expect(rows.map((x) => x.month)).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect(rows[0]!.with_operator).toBe(0);
    expect(rows[0]!.with_old).toBe(rows[0]!.n);
    expect(rows[1]!.with_operator).toBe(rows[1]!.n);
    expect(rows[1]!.with_old).toBe(0);
    // The catalog's columns come first, in its order; `operator` keeps the catalog's place.
    const names = lake.datasets.find((d) => d.view === "natgas_v4_rigs")!.columns.map((c) => c.name);
    expect(names.indexOf("operator")).toBeLessThan(names.indexOf("old_only"));
    expect(names.at(-1)).toBe("month");
  });

  it("a date filter reads only its months' files (a damaged file of another month is never opened)", async () => {
    const sql = `SELECT count(*) AS n, min(date_observed) AS first FROM natgas_v4_rigs WHERE date_observed BETWEEN '2025-03-01' AND '2025-03-31'`;
    const before = (await lake.query(sql)).get(0);
    writeFileSync(join(rigsDir, (await readLakeManifest(rigsDir))!.partitions["2025-02"]!.files[0]!), "not parquet any more");
    const after = (await lake.query(sql)).get(0);
    expect(after).toEqual(before);
    expect(after.first).toBe("2025-03-01");
    await expect(lake.query(`SELECT count(*) AS n FROM natgas_v4_rigs`)).rejects.toThrow(/parquet|magic|file/i);
  });
});
