/**
 * openLake over a lake synced from the sandbox: one DuckDB view per dataset, SQL answers as Results
 * whose numbers equal the service's, types read from DuckDB, and typed errors for bad input.
 */
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { DataError } from "../../src/errors";
import { openLake, syncDataset, type Lake } from "../../src/lake";
import { LngClient, LNG_V1 } from "../../src/lng";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";

const AS_OF = "2025-06-15";
let sandbox: SandboxHandle;
let ng: NatGasClient;
let root: string;
let lake: Lake;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  ng = NatGasClient.forSandbox(sandbox, { progress: false });
  root = mkdtempSync(join(tmpdir(), "gasframes-openlake-"));
  await syncDataset(ng, NATGAS_V4.rigs, { region_natgas: ["west"] }, { dir: root, from: "2025-01", to: "2025-03", asOf: AS_OF });
  const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "open-lake-test", progress: false });
  await syncDataset(lng, LNG_V1.volumeFlows, null, { dir: root, from: "2025-01", to: "2025-02", asOf: AS_OF });
  // What a reader must never see: a half-written temporary file beside a partition.
  writeFileSync(join(root, "natgas", "v4", "rigs", "month=2025-01", "part-00000.parquet.123.tmp"), "half a file");
  lake = await openLake(root);
}, budget(120_000));

afterAll(async () => {
  lake?.close();
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe("openLake", () => {
  it("finds each synced dataset and names its view <service>_<version>_<endpoint>", () => {
    expect(lake.datasets.map((d) => d.view)).toEqual(["lng_v1_volume_flows", "natgas_v4_rigs"]);
  });

  it("answers SQL as a Result whose numbers equal the service's own answer", async () => {
    const byMonth = await lake.query(`SELECT month, region_natgas, sum("count") AS rig_days, min(date_observed) AS first_day FROM natgas_v4_rigs GROUP BY ALL ORDER BY month`);
    expect(byMonth.names).toEqual(["month", "region_natgas", "rig_days", "first_day"]);
    expect(byMonth.schema?.fields.map((f) => f.type)).toEqual(["string", "string", "int", "date"]);
    const rows = byMonth.rows();
    expect(rows.map((r) => r.month)).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect(rows[0]!.first_day).toBe("2025-01-01");

    const direct = await ng.v4.rigs({ region_natgas: ["west"], date_observed_min: "2025-01-01", date_observed_max: "2025-03-31" });
    const perMonth = new Map<string, number>();
    for (const r of direct.rows()) perMonth.set(String(r.date_observed).slice(0, 7), (perMonth.get(String(r.date_observed).slice(0, 7)) ?? 0) + (r.count as number));
    expect(rows.map((r) => [r.month, r.rig_days])).toEqual([...perMonth].sort());
    expect(rows.reduce((s, r) => s + (r.rig_days as number), 0)).toBe(direct.length);
  });

  it("reads timestamps as ISO 8601 UTC and leaves the partition column a YYYY-MM string", async () => {
    const flows = await lake.query("SELECT timestamp, volume, month FROM lng_v1_volume_flows ORDER BY timestamp LIMIT 2");
    expect(flows.schema?.fields.map((f) => [f.name, f.type])).toEqual([["timestamp", "timestamp"], ["volume", "float"], ["month", "string"]]);
    expect(flows.get(0).timestamp).toBe("2025-01-01T00:00:00.000Z");
    expect(flows.get(0).month).toBe("2025-01");
  });

  // DuckDB's default spill folder is ".tmp" in the working directory: a user's project folder (a killed
  // bench once left a 1 GB file there). Each open lake spills into a folder of its own under the system's
  // temp folder, removed when it closes.
  it("spills into a folder of its own under the system's temp folder, removed by close()", async () => {
    const other = await openLake(root);
    const spill = String((await other.query("SELECT current_setting('temp_directory') AS t")).records[0]!.t);
    const ours = String((await lake.query("SELECT current_setting('temp_directory') AS t")).records[0]!.t);
    expect(spill.startsWith(join(tmpdir(), "gasframes-lake-spill-"))).toBe(true);
    expect(ours).not.toBe(spill);
    expect(existsSync(spill)).toBe(true);
    other.close();
    expect(existsSync(spill)).toBe(false);
    expect(existsSync(ours)).toBe(true);
  });

  it("turns DuckDB's refusals and bad input into DataErrors naming what was wrong", async () => {
    await expect(lake.query("SELECT no_such_column FROM natgas_v4_rigs")).rejects.toThrow(DataError);
    await expect(lake.query("SELECT no_such_column FROM natgas_v4_rigs")).rejects.toThrow(/no_such_column/);
    await expect(lake.query("  ")).rejects.toThrow(/SQL/);
    await expect(openLake(join(root, "nowhere"))).rejects.toThrow(/no folder/);
    const empty = join(root, "empty");
    mkdirSync(empty);
    await expect(openLake(empty)).rejects.toThrow(/holds no dataset/);
  });
});
