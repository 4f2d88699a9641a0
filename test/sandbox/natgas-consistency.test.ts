/**
 * The natural-gas endpoints describe one market: over raw HTTP (no gasframes client), production by
 * county and operator, production by well, backcasts, the short-term and the long-term forecasts agree
 * per sub-region, region and month.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { NATGAS_REGIONS, NATGAS_SUB_REGIONS } from "../../src/places/natgas-places";
import { allPages, post } from "./sandbox-http";

/** Sub-regions and regions of the sandbox (src/places: 17 and 3). */
const SUBS = NATGAS_SUB_REGIONS.length;
const REGIONS = NATGAS_REGIONS.length;

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ asOf: "2025-06-15", seed: 5 });
});
afterAll(async () => {
  await s.close();
});

type Totals = Map<string, number>;
const key = (place: unknown, date: unknown) => `${String(place)}|${String(date).slice(0, 10)}`;
const WET_OVER_DRY = 1.08;
/** Actuals from the two production endpoints: nulls (skipped in sums) are the only difference. */
const ACTUALS_TOLERANCE = 0.025;
/** A forecast or backcast sum against the actuals of the same month. */
const FORECAST_TOLERANCE = 0.07;

/** v3 productionbycountyandoperator summed by sub-region (or region) and month (gas BCF/day). */
async function v3Actuals(by: "sub_region" | "region", start: string, end: string, field = "gas_daily"): Promise<Totals> {
  const { rows } = await allPages(s.url, "/v3/productionbycountyandoperator", { start_date: start, end_date: end, aggregate_by: [by] });
  return new Map(rows.map((r) => [key(r.aggregate_by_filter_value, r.date), r[field] as number]));
}

/** v4 productionbywell summed by sub-region (or region) and month: gas as dry BCF/day, oil and water BBL/day. */
async function v4Actuals(by: "sub_region_natgas" | "region_natgas", start: string, end: string, field = "gas"): Promise<Totals> {
  const { status, body } = await post(s.url, "/v4/productionbywell", { date_prod_min: start, date_prod_max: end, aggregate_by: [by] });
  expect(status).toBe(200);
  const value = (r: any) => (field === "gas" ? r.prod_wet_gas_mcf_day / WET_OVER_DRY / 1e6 : r[field]);
  return new Map(body.map((r: any) => [key(r[by], r.date_prod), value(r)]));
}

/** Largest |a/b - 1| over `keys` (default: every key of b); fails when a lacks one. */
function worst(a: Totals, b: Totals, keys: Iterable<string> = b.keys()): number {
  let max = 0;
  for (const k of keys) {
    const x = a.get(k);
    expect(x, k).toBeTypeOf("number");
    max = Math.max(max, Math.abs((x as number) / (b.get(k) as number) - 1));
  }
  return max;
}

/** Sums of a row list by (place, date). */
function sumBy(rows: any[], place: string, date: string, value: (r: any) => number): Totals {
  const out: Totals = new Map();
  for (const r of rows) out.set(key(r[place], r[date]), (out.get(key(r[place], r[date])) ?? 0) + value(r));
  return out;
}

describe("actual production: county-operator rows and wells", () => {
  it("agree per sub-region and month, early and recent", async () => {
    for (const [start, end] of [["2009-01-01", "2011-12-31"], ["2024-06-01", "2025-05-31"]]) {
      const v3 = await v3Actuals("sub_region", start, end);
      const v4 = await v4Actuals("sub_region_natgas", start, end);
      expect(v3.size).toBe(SUBS * (start === "2009-01-01" ? 36 : 12));
      expect(worst(v4, v3)).toBeLessThan(ACTUALS_TOLERANCE);
    }
  });

  it("agree per region for gas, oil and water", async () => {
    const [start, end] = ["2024-01-01", "2024-12-31"];
    for (const [v3Field, v4Field] of [["gas_daily", "gas"], ["oil_daily", "prod_oil_bbl_day"], ["water_daily", "prod_water_bbl_day"]]) {
      const v3 = await v3Actuals("region", start, end, v3Field);
      const v4 = await v4Actuals("region_natgas", start, end, v4Field);
      expect(v3.size).toBe(REGIONS * 12);
      expect(worst(v4, v3)).toBeLessThan(ACTUALS_TOLERANCE);
    }
  });

  it("total about 100 BCF/day in the lower 48 recently, with the shale growth since 2010", async () => {
    const total = (t: Totals, month: string) => [...t].filter(([k]) => k.endsWith(month)).reduce((sum, [, v]) => sum + v, 0);
    const recent = await v3Actuals("region", "2024-06-01", "2024-06-30");
    const early = await v3Actuals("region", "2010-06-01", "2010-06-30");
    expect(total(recent, "2024-06-01")).toBeGreaterThan(95);
    expect(total(recent, "2024-06-01")).toBeLessThan(110);
    expect(total(early, "2010-06-01")).toBeLessThan(0.8 * total(recent, "2024-06-01"));
  });

  it("daily production averages to the monthly totals", async () => {
    const { body } = await post(s.url, "/v4/dailyproduction", { date_prod_min: "2025-03-01", date_prod_max: "2025-03-31" });
    expect(body).toHaveLength(SUBS * 31);
    const monthly = sumBy(body, "sub_region_natgas", "date_prod", (r) => r.prod_dry_gas_bcf_day / 31);
    const byMonth: Totals = new Map();
    for (const [k, v] of monthly) byMonth.set(k.slice(0, k.indexOf("|")) + "|2025-03-01", (byMonth.get(k.slice(0, k.indexOf("|")) + "|2025-03-01") ?? 0) + v);
    const v3 = await v3Actuals("sub_region", "2025-03-01", "2025-03-31");
    expect(worst(byMonth, v3)).toBeLessThan(ACTUALS_TOLERANCE);
  });
});

describe("forecasts", () => {
  it("backcasts of past runs sum to the actuals of their months", async () => {
    for (const run of ["2021-03-02", "2022-08-20", "2024-11-20"]) {
      const { rows } = await allPages(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: run, aggregate_by: ["sub_region"] });
      const back = new Map(rows.map((r) => [key(r.sub_region, r.date), r.gas_daily as number]));
      const months = [...new Set(rows.map((r) => r.date as string))].sort();
      expect(months).toHaveLength(6);
      const actual = await v3Actuals("sub_region", months[0], months[5]);
      expect(actual.size).toBe(SUBS * 6);
      expect(worst(back, actual)).toBeLessThan(FORECAST_TOLERANCE);
    }
  });

  it("the short-term forecast fills the lagging months near the actuals and continues into the long-term forecast", async () => {
    const { rows } = await allPages(s.url, "/v3/shorttermforecast", { aggregate_by: ["sub_region"] });
    const st = new Map(rows.map((r) => [key(r.sub_region, r.date), r.gas_daily as number]));
    const actual = await v3Actuals("sub_region", "2025-01-01", "2025-05-31");
    expect(actual.size).toBe(SUBS * 5);
    expect(worst(st, actual)).toBeLessThan(FORECAST_TOLERANCE);
    const lt = (await allPages(s.url, "/v3/longtermforecast", {})).rows;
    const long = sumBy(lt, "sub_region", "date", (r) => r.gas_daily);
    const ahead = [...long.keys()].filter((k) => k.endsWith("2025-07-01") || k.endsWith("2025-08-01") || k.endsWith("2025-09-01"));
    expect(ahead).toHaveLength(SUBS * 3);
    expect(worst(st, long, ahead)).toBeLessThan(FORECAST_TOLERANCE);
  });

  it("v4 long-term forecast is v3's summed over states; it continues the history", async () => {
    const lt = (await allPages(s.url, "/v3/longtermforecast", {})).rows;
    const v3 = sumBy(lt, "sub_region", "date", (r) => r.gas_daily);
    const { body } = await post(s.url, "/v4/longtermforecast", {});
    const v4: Totals = new Map(body.map((r: any) => [key(r.sub_region_natgas, r.date_prod), r.prod_dry_gas_bcf_day as number]));
    expect(v4.size).toBe(SUBS * 12);
    expect(worst(v4, v3)).toBeLessThan(1e-5);
    const last = await v3Actuals("sub_region", "2025-05-01", "2025-05-31");
    const first = new Map([...v3].filter(([k]) => k.endsWith("2025-07-01")).map(([k, v]) => [k.replace("2025-07-01", "2025-05-01"), v]));
    expect(first.size).toBe(SUBS);
    // two months later: seasonality, growth and the actuals' 1% wiggle
    expect(worst(first, last)).toBeLessThan(FORECAST_TOLERANCE);
  });
});
