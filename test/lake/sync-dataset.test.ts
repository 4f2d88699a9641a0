/**
 * syncDataset against the sandbox over HTTP: the layout, month filters that cut the data without
 * gaps or overlaps (checked against one whole-range call), the manifest, the revision rule, the token
 * kept out of the lake, and bad input refused before anything is written or sent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GasframesError, InvalidParamsError } from "../../src/errors";
import { syncDataset, readLakeManifest, type SyncProgress } from "../../src/lake";
import { LngClient, LNG_V1 } from "../../src/lng";
import { NatGasClient, NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { metadataRootOf } from "../../src/lake/lake-storage";
import { allFiles, monthTotals, readLake, readSnapshotLake } from "./read-lake";

const AS_OF = "2025-06-15";
const TOKEN = "lake-test-Secret-7f3a9c2e";
let sandbox: SandboxHandle;
let ng: NatGasClient;
let root: string;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  ng = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: TOKEN, progress: false });
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe("syncDataset", () => {
  it("writes one hive partition per month whose rows and sums equal one whole-range call, and a manifest of each", async () => {
    const dir = join(root, "v4");
    const progress: SyncProgress[] = [];
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, { region_natgas: ["west", "gulf"] }, { dir, from: "2025-01", to: "2025-03", asOf: AS_OF, batchSize: 40, onProgress: (p) => progress.push(p) });
    expect(run.datasetDir).toBe(join(dir, "natgas", "v4", "dailyproduction"));
    // The dataset folder holds the month files only; the log and the manifest are in its metadata root.
    expect(allFiles(run.datasetDir)).toEqual([...run.manifest.partitions["2025-01"]!.files, ...run.manifest.partitions["2025-02"]!.files, ...run.manifest.partitions["2025-03"]!.files]);
    expect(allFiles(join(dir, "_gasframes", "natgas", "v4", "dailyproduction"))).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
    for (const f of allFiles(run.datasetDir).filter((f) => f.endsWith(".parquet"))) expect(f).toMatch(/^month=2025-0[123]\/part-[0-9a-f]{20}\.parquet$/);

    const whole = await ng.v4.dailyProduction({ region_natgas: ["west", "gulf"], date_prod_min: "2025-01-01", date_prod_max: "2025-03-31" });
    const expected = new Map<string, Record<string, unknown>[]>();
    for (const r of whole.rows()) expected.set(String(r.date_prod).slice(0, 7), [...(expected.get(String(r.date_prod).slice(0, 7)) ?? []), r]);
    const lake = await readLake(run.datasetDir);
    expect(monthTotals(lake, "prod_dry_gas_bcf_day")).toEqual(monthTotals(expected, "prod_dry_gas_bcf_day"));
    expect(run.rows).toBe(whole.length);

    const manifest = (await readLakeManifest(run.datasetDir))!;
    expect(manifest.axis).toEqual({ field: "date_prod", minParam: "date_prod_min", maxParam: "date_prod_max", kind: "date" });
    const feb = manifest.partitions["2025-02"]!;
    expect(feb.query).toMatchObject({ date_prod_min: "2025-02-01", date_prod_max: "2025-02-28" });
    expect(feb.rows).toBe(lake.get("2025-02")!.length);
    expect(feb.sha256).toBe(createHash("sha256").update(readFileSync(join(run.datasetDir, feb.files[0]!))).digest("hex"));
    expect(Number.isNaN(Date.parse(feb.fetchedAt))).toBe(false);

    const last = progress.filter((p) => p.phase === "partition").at(-1)!;
    expect(last).toMatchObject({ phase: "partition", month: "2025-03", partitionsDone: 3, partitionsTotal: 3, rows: whole.length });
    expect(progress.at(-1)).toMatchObject({ phase: "commit", partitionsDone: 3 });
    expect(progress.filter((p) => p.phase === "batch").length).toBeGreaterThan(3);
  });

  it("re-runs fetch only missing months and the months still revised (within reviseDays of as-of)", async () => {
    const dir = join(root, "incremental");
    const options = { dir, from: "2025-02", to: "2025-03", asOf: AS_OF };
    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, null, options);
    expect(first.fetched).toEqual(["2025-02", "2025-03"]);
    const before = (await readLakeManifest(first.datasetDir))!;

    // 2025-04 and 2025-05 are missing; 2025-05 ended 15 days before as-of and 2025-04 45, both under 60.
    const second = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, to: "2025-05" });
    expect(second.fetched).toEqual(["2025-04", "2025-05"]);
    expect(second.kept).toEqual(["2025-02", "2025-03"]);
    expect(second.manifest.partitions["2025-02"]).toEqual(before.partitions["2025-02"]);

    const third = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, to: "2025-05" });
    expect(third.fetched).toEqual(["2025-04", "2025-05"]);
    // A run whose as-of is past both windows fetches them once more, and that settles them for good.
    const later = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, to: "2025-05", asOf: "2025-08-01" });
    expect(later.fetched).toEqual(["2025-04", "2025-05"]);
    const settled = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, to: "2025-05", asOf: "2025-08-01" });
    expect(settled.fetched).toEqual([]);

    // A partition deleted by hand is fetched again.
    rmSync(join(first.datasetDir, "month=2025-03"), { recursive: true });
    const repaired = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, to: "2025-05", asOf: "2025-08-01" });
    expect(repaired.fetched).toEqual(["2025-03"]);
    expect(existsSync(join(first.datasetDir, repaired.manifest.partitions["2025-03"]!.files[0]!))).toBe(true);
  });

  it("records a month without rows in the manifest with no folder, and keeps refetching it while it is revised", async () => {
    const dir = join(root, "empty");
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-08", asOf: AS_OF });
    const future = run.manifest.partitions["2025-08"]!;
    expect(future).toMatchObject({ rows: 0, files: [], bytes: 0 });
    expect(allFiles(run.datasetDir).filter((f) => f.startsWith("month=2025-08"))).toEqual([]);
    expect(run.manifest.partitions["2025-06"]!.rows).toBeGreaterThan(0);
    const again = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-08", asOf: AS_OF });
    expect(again.fetched).toEqual(["2025-06", "2025-07", "2025-08"]);
  });

  it("cuts v3 by start_date/end_date (paged) and LNG by from/to timestamps, and never writes the token", async () => {
    const dir = join(root, "token");
    const v3 = await syncDataset(ng, NATGAS_V3.rigs, { region: ["gulf"] }, { dir, from: "2025-01", to: "2025-02", asOf: AS_OF });
    const v3Lake = await readLake(v3.datasetDir);
    const whole = await ng.v3.rigs({ region: ["gulf"], start_date: "2025-01-01", end_date: "2025-02-28" });
    expect([...v3Lake.values()].reduce((n, rows) => n + rows.length, 0)).toBe(whole.length);
    expect(v3.manifest.partitions["2025-02"]!.query).toMatchObject({ start_date: "2025-02-01", end_date: "2025-02-28" });

    const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: TOKEN, progress: false });
    const flows = await syncDataset(lng, LNG_V1.volumeFlows, { destination_country_codes: ["BE"] }, { dir, from: "2025-01", to: "2025-02", asOf: AS_OF });
    expect(flows.datasetDir).toBe(join(dir, "lng", "v1", "volume_flows"));
    const lake = await readLake(flows.datasetDir);
    for (const [month, rows] of lake) for (const r of rows) expect((r.timestamp as Date).toISOString().slice(0, 7)).toBe(month);
    expect(flows.manifest.partitions["2025-01"]!.query).toMatchObject({ from_timestamp: "2025-01-01T00:00:00.000Z", to_timestamp: "2025-01-31T23:59:59.999Z" });

    for (const file of allFiles(dir)) {
      const text = readFileSync(join(dir, file)).toString("latin1");
      for (let i = 0; i + 8 <= TOKEN.length; i++) expect(text.includes(TOKEN.slice(i, i + 8)), `${file} holds part of the token`).toBe(false);
    }
  });

  it("writes an aggregated answer with the columns its rows carry: the group column and measures, no all-null catalog field", async () => {
    const run = await syncDataset(ng, NATGAS_V4.rigs, { aggregate_by: ["region_natgas"] }, { dir: join(root, "aggregated"), from: "2025-01", to: "2025-02", asOf: AS_OF });
    const lake = await readLake(run.datasetDir);
    const rows = [...lake.values()].flat();
    expect(rows.length).toBeGreaterThan(0);
    const names = Object.keys(rows[0]!).sort();
    expect(names).toContain("region_natgas");
    expect(names).not.toContain("county");
    for (const name of names) expect(rows.some((r) => r[name] !== null && r[name] !== undefined), `column ${name} is all null`).toBe(true);
  });

  it("refuses bad input before anything is written or sent, naming the parameter and the closest value", async () => {
    const dir = join(root, "refused");
    const attempt = (f: () => Promise<unknown>) => f().then(() => undefined, (e: unknown) => e);

    const badMonth = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, null, { dir, from: "2025-1" }));
    expect(badMonth).toBeInstanceOf(InvalidParamsError);
    expect((badMonth as InvalidParamsError).issues[0]).toMatchObject({ param: "from", value: "2025-1", suggestion: "2025-01" });

    const backwards = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, null, { dir, from: "2025-03", to: "2025-01" }));
    expect((backwards as InvalidParamsError).issues[0]).toMatchObject({ param: "to", suggestion: "2025-03" });

    const dated = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, { date_observed_min: "2025-01-01" }, { dir, from: "2025-01" }));
    expect((dated as InvalidParamsError).issues[0]).toMatchObject({ param: "date_observed_min" });

    const noAxis = await attempt(() => syncDataset(ng, NATGAS_V4.regions, null, { dir, from: "2025-01" }));
    expect((noAxis as InvalidParamsError).issues[0]).toMatchObject({ param: "endpoint", value: "regions" });

    const wrongClient = await attempt(() => syncDataset({}, NATGAS_V4.rigs, null, { dir, from: "2025-01" }));
    expect((wrongClient as InvalidParamsError).issues[0]).toMatchObject({ param: "client" });
    expect(existsSync(dir)).toBe(false);

    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, { region_natgas: ["west"] }, { dir, from: "2025-01", to: "2025-01", asOf: AS_OF });
    const other = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, { region_natgas: ["gulf"] }, { dir, from: "2025-01", to: "2025-01", asOf: AS_OF }));
    expect((other as InvalidParamsError).issues[0]).toMatchObject({ param: "params" });
    expect((await readLakeManifest(first.datasetDir))!.params).toEqual({ region_natgas: ["west"] });
  });
});

describe("syncDataset when the service fails mid-month", () => {
  it("rejects with a typed error, commits nothing, and the next run reuses the months it had staged", async () => {
    const faulty = await startSandbox({ asOf: AS_OF, faults: { truncateEvery: 2, faultAfterBytes: 20_000, paths: "/v4/dailyproduction" } });
    try {
      const dir = join(root, "faulty");
      const client = new NatGasClient({ baseUrl: faulty.natgasUrl, token: TOKEN, progress: false, maxRetries: 0 });
      const options = { dir, from: "2025-01", to: "2025-03", asOf: AS_OF, batchSize: 40 };
      const failure = await syncDataset(client, NATGAS_V4.dailyProduction, null, options).then(() => undefined, (e: unknown) => e);
      expect(failure).toBeInstanceOf(GasframesError);
      const datasetDir = join(dir, "natgas", "v4", "dailyproduction");
      // One sync, one commit: a failed run commits nothing, and no Parquet file of it is in a month folder.
      expect((await readLakeManifest(datasetDir))).toBeUndefined();
      expect(allFiles(datasetDir).filter((f) => f.startsWith("month="))).toEqual([]);

      // The next run (same params and as-of) reuses the month the failed one had staged, and commits all three.
      const months: string[] = [];
      const resumed = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { ...options, onProgress: (p) => p.phase === "batch" && months.push(p.month) });
      expect(resumed.fetched).toEqual(["2025-01", "2025-02", "2025-03"]);
      expect(months).not.toContain("2025-01");
      const whole = await ng.v4.dailyProduction({ date_prod_min: "2025-01-01", date_prod_max: "2025-03-31" });
      expect([...(await readSnapshotLake(datasetDir)).values()].reduce((n, rows) => n + rows.length, 0)).toBe(whole.length);
      expect(allFiles(metadataRootOf(datasetDir)).filter((f) => f.startsWith("_tmp/"))).toEqual([]);
    } finally {
      await faulty.close();
    }
  });
});
