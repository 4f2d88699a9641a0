/**
 * rollup and resampleFlows over a lake dataset: the group-by runs in DuckDB, and for every option set
 * the answer equals the in-memory answer over the same rows read back with `lake.query`. Bad options
 * are typed errors before any query; names reach SQL quoted, a hostile one included.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { resampleFlows, rollup, type ResampleFlowsOptions, type RollupOptions } from "../../src/analysis";
import { DataError, InvalidParamsError } from "../../src/errors";
import { isLakeSource, openLake, syncDataset, type Lake, type LakeSource } from "../../src/lake";
import { commitHandLake } from "./hand-lake";
import { LngClient, LNG_V1 } from "../../src/lng";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import type { Result } from "../../src/table/result";
import { expectSameTable } from "./table-equal";

const AS_OF = "2025-06-15";
let sandbox: SandboxHandle;
let root: string;
let lake: Lake;
let wells: LakeSource;
let flows: LakeSource;
let wellRows: Result<Record<string, unknown>>;
let flowRows: Result<Record<string, unknown>>;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  const ng = NatGasClient.forSandbox(sandbox, { progress: false });
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-aggregate-"));
  await syncDataset(ng, NATGAS_V4.productionByWell, { region_natgas: ["west"] }, { dir: root, from: "2024-11", to: "2025-01", asOf: AS_OF });
  const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "lake-aggregate-test", progress: false });
  await syncDataset(lng, LNG_V1.volumeFlows, null, { dir: root, from: "2025-01", to: "2025-03", asOf: AS_OF });
  lake = await openLake(root);
  wells = lake.dataset("natgas_v4_productionByWell");
  flows = lake.dataset("lng_v1_volume_flows");
  wellRows = await lake.query("SELECT * FROM natgas_v4_productionbywell");
  flowRows = await lake.query("SELECT * FROM lng_v1_volume_flows");
}, budget(120_000));

afterAll(async () => {
  lake?.close();
  await sandbox?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** The dataset with a lake that counts the queries it is asked. */
function counted(source: LakeSource): { source: LakeSource; calls: () => number } {
  let calls = 0;
  const query = (sql: string) => {
    calls++;
    return source.lake.query(sql);
  };
  return { source: { ...source, lake: { query } }, calls: () => calls };
}

const ROLLUPS: [string, RollupOptions][] = [
  ["operator by month, a volume and a daily rate", { by: ["operator", { column: "date_prod", freq: "month" }], measures: ["prod_wet_gas_mcf_month", "prod_wet_gas_mcf_day"] }],
  ["sub-region means, renamed count", { by: "sub_region_natgas", measures: ["prod_oil_bbl_month", "prod_water_bbl_day"], agg: "mean", countAs: "wells" }],
  ["one measure averaged, one summed", { by: ["state_code", "date_prod"], measures: ["prod_oil_bbl_day", "prod_oil_bbl_month"], agg: { prod_oil_bbl_day: "mean" } }],
  ["weeks from Sunday, count per day", { by: [{ column: "date_prod", freq: "week", weekStart: "sunday" }, "county"], measures: ["prod_wet_gas_mcf_day"], countPer: "day", countUnit: "wells" }],
  ["days, rate on a plain date key", { by: [{ column: "date_prod", freq: "day" }], measures: ["prod_water_bbl_day", "prod_water_bbl_month"] }],
  ["a numeric key", { by: ["production_month"], measures: ["prod_oil_bbl_month"] }],
  ["no key: one row", { by: [], measures: ["prod_wet_gas_mcf_month"] }],
  ["the partition column as the key", { by: ["month", "region_natgas"] }],
];

describe("rollup over a lake dataset", () => {
  it("is told from records and frames, and resolves to a Table where records give one at once", async () => {
    expect(isLakeSource(wells)).toBe(true);
    expect(isLakeSource(wellRows)).toBe(false);
    const pending = rollup(wells, { by: "operator" });
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending).length).toBeGreaterThan(1);
  });

  for (const [label, options] of ROLLUPS) {
    it(`equals the in-memory rollup of the same rows: ${label}`, async () => {
      const inMemory = rollup(wellRows, options);
      expect(inMemory.length).toBeGreaterThan(0);
      expectSameTable(await rollup(wells, options), inMemory, label);
    });
  }

  it("refuses a column the dataset lacks, naming the option, the value and the closest column, before any query", async () => {
    const { source, calls } = counted(wells);
    const error = await rollup(source, { by: "operater" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect((error as InvalidParamsError).issues[0]).toMatchObject({ param: "by[0]", value: "operater", suggestion: "operator" });
    await expect(rollup(source, { by: "operator", measures: ["well_name"] })).rejects.toThrow(/measures\[0\] = "well_name": expected a numeric column/);
    await expect(rollup(source, { by: [{ column: "operator", freq: "month" }] })).rejects.toThrow(/by\[0\]\.column = "operator": expected a DATE or TIMESTAMP column/);
    await expect(rollup(source, { by: "operator", measures: ["prod_oil_bbl_day"], agg: "median" as "sum" })).rejects.toThrow(InvalidParamsError);
    await expect(rollup(source, { by: "operator", countPer: "day" })).rejects.toThrow(/countPer/);
    await expect(rollup(source, { by: "production_month", measures: ["prod_oil_bbl_day"] })).rejects.toThrow(/prod_oil_bbl_day \(BBL\/day\) is a daily rate/);
    expect(calls()).toBe(0);
    // A text key may hold dates: as in memory, its values decide, so the refusal follows the group-by.
    await expect(rollup(source, { by: "operator", measures: ["prod_oil_bbl_day"] })).rejects.toThrow(/daily rate/);
    expect(() => rollup(wellRows, { by: "operator", measures: ["prod_oil_bbl_day"] })).toThrow(/daily rate/);
  });

  it("keeps a hostile name out of SQL: refused when the view lacks it, the view intact", async () => {
    const hostile = `operator" FROM natgas_v4_productionbywell; DROP VIEW natgas_v4_productionbywell; --`;
    await expect(rollup(wells, { by: hostile })).rejects.toThrow(InvalidParamsError);
    await expect(rollup(wells, { by: "operator", measures: [hostile] })).rejects.toThrow(InvalidParamsError);
    expect((await lake.query("SELECT count(*) AS n FROM natgas_v4_productionbywell")).get(0).n).toBe(wellRows.length);
  });

  it("names an unknown dataset with the closest one", () => {
    expect(() => lake.dataset("natgas_v4_productionbywel")).toThrow(/suggestion|did you mean|productionbywell/i);
    try {
      lake.dataset("natgas_v4_productionbywel");
    } catch (e) {
      expect((e as InvalidParamsError).issues[0]).toMatchObject({ param: "name", suggestion: "natgas_v4_productionbywell" });
    }
  });
});

const RESAMPLES: [string, ResampleFlowsOptions][] = [
  ["months", { freq: "month" }],
  ["weeks from Saturday", { freq: "week", weekStart: "saturday" }],
  ["ISO weeks by partition", { freq: "week", by: "month" }],
  ["days", { freq: "day" }],
];

describe("resampleFlows over a lake dataset", () => {
  for (const [label, options] of RESAMPLES) {
    it(`equals the in-memory resampleFlows of the same rows: ${label}`, async () => {
      const inMemory = resampleFlows(flowRows, options);
      expect(inMemory.length).toBeGreaterThan(1);
      expectSameTable(await resampleFlows(flows, options), inMemory, label);
    });
  }

  it("refuses a bad option before any query", async () => {
    const { source, calls } = counted(flows);
    await expect(resampleFlows(source, { freq: "year" as "month" })).rejects.toThrow(/freq/);
    await expect(resampleFlows(source, { freq: "month", by: "destination" })).rejects.toThrow(InvalidParamsError);
    await expect(resampleFlows(wells, { freq: "month" })).rejects.toThrow(/timestamp/);
    expect(calls()).toBe(0);
  });
});

describe("a lake whose names and rows are hostile", () => {
  let odd: Lake;
  const QUOTED = `a"b; DROP VIEW x_v1_flows; --`;

  beforeAll(async () => {
    // Written by DuckDB itself: a column name with a quote and a semicolon, a NaN volume (missing, as in
    // memory), two rows on one day of one series, and a month holding two volume units.
    const write = async (dataset: string, month: string, select: string): Promise<void> => {
      const dir = join(root, "odd", "x", "v1", dataset, `month=${month}`);
      mkdirSync(dir, { recursive: true });
      await lake.query(`COPY (${select}) TO '${join(dir, "part-00000.parquet")}' (FORMAT parquet)`);
    };
    await write("flows", "2025-01", `SELECT * FROM (VALUES (TIMESTAMPTZ '2025-01-01 00:00:00+00', 1.5, 'bcf', 'A'), (TIMESTAMPTZ '2025-01-02 00:00:00+00', 2.0, 'gas_Bcf', 'A'), (TIMESTAMPTZ '2025-01-02 00:00:00+00', 4.0, 'gas_Bcf', 'B'), (TIMESTAMPTZ '2025-01-03 00:00:00+00', 'NaN'::DOUBLE, 'gas_Bcf', 'A')) t("timestamp", volume, volume_unit, "${QUOTED.replace(/"/g, '""')}")`);
    await write("dupes", "2025-01", `SELECT * FROM (VALUES (TIMESTAMPTZ '2025-01-03 00:00:00+00', 1.0, 'A'), (TIMESTAMPTZ '2025-01-03 06:00:00+00', 2.0, 'A')) t("timestamp", volume, series)`);
    await write("mixed", "2025-01", `SELECT * FROM (VALUES (TIMESTAMPTZ '2025-01-03 00:00:00+00', 1.0, 'mt'), (TIMESTAMPTZ '2025-01-04 00:00:00+00', 2.0, 'bcf')) t("timestamp", volume, volume_unit)`);
    await write("undated", "2025-01", `SELECT * FROM (VALUES (TIMESTAMPTZ '2025-01-03 00:00:00+00', 1.0), (NULL, 2.0)) t("timestamp", volume)`);
    for (const dataset of ["flows", "dupes", "mixed", "undated"]) commitHandLake(join(root, "odd", "x", "v1", dataset));
    odd = await openLake(join(root, "odd"));
  });

  afterAll(() => odd?.close());

  it("groups by a column whose name holds a quote and a semicolon, as the in-memory path does", async () => {
    const source = odd.dataset("x_v1_flows");
    const rows = await odd.query("SELECT * FROM x_v1_flows");
    const options: RollupOptions = { by: [QUOTED], measures: ["volume"] };
    const sql = await rollup(source, options);
    expect(sql.column(QUOTED)).toEqual(["A", "B"]);
    expect(sql.column("volume")).toEqual([3.5, 4]);
    expect(sql.units.volume).toBe("bcf");
    expectSameTable(sql, rollup(rows, options), "quoted key");
    expectSameTable(await resampleFlows(source, { freq: "month", by: QUOTED }), resampleFlows(rows, { freq: "month", by: QUOTED }), "quoted series");
    const monthly = await resampleFlows(source, { freq: "month", by: QUOTED });
    expect(monthly.column("volume_missing")).toEqual([1, 0]);
    expect((await odd.query("SELECT count(*) AS n FROM x_v1_flows")).get(0).n).toBe(4);
  });

  it("refuses two rows on one UTC day of a series, and two units in one period, as DataErrors", async () => {
    const dupes = odd.dataset("x_v1_dupes");
    await expect(resampleFlows(dupes, { freq: "month", by: "series" })).rejects.toThrow(DataError);
    await expect(resampleFlows(dupes, { freq: "month", by: "series" })).rejects.toThrow(/two rows for the UTC day 2025-01-03 \(series="A"\)/);
    await expect(resampleFlows(odd.dataset("x_v1_mixed"), { freq: "month" })).rejects.toThrow(/mixes volume units/);
  });

  it("answers a DataError once its lake is closed", async () => {
    const other = await openLake(join(root, "odd"));
    const source = other.dataset("x_v1_mixed");
    other.close();
    await expect(rollup(source, { by: "volume_unit" })).rejects.toThrow(/the lake is closed/);
  });

  it("refuses a row without a date where a period is asked, as the in-memory path does", async () => {
    const undated = odd.dataset("x_v1_undated");
    const rows = await odd.query("SELECT * FROM x_v1_undated");
    expect(() => resampleFlows(rows, { freq: "month" })).toThrow(/null is not a date or timestamp/);
    await expect(resampleFlows(undated, { freq: "month" })).rejects.toThrow(DataError);
    await expect(resampleFlows(undated, { freq: "month" })).rejects.toThrow(/"timestamp": a row has null, which is not a date or timestamp/);
    expect(() => rollup(rows, { by: [{ column: "timestamp", freq: "week" }] })).toThrow(/null is not a date or timestamp/);
    await expect(rollup(undated, { by: [{ column: "timestamp", freq: "week" }] })).rejects.toThrow(/"timestamp": a row has null/);
  });
});
