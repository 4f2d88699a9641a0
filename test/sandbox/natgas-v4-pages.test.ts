/**
 * The sandbox's v4 endpoints as the vendor's v4 pages describe them: aggregate_by on the short-term
 * forecasts, DUCs and the long-term forecast; the declines' filters; the backcasts' optional run date;
 * stfaggregatedhistory, lower_48_stf_filled and tils. Raw HTTP only (never the clients).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { get, post } from "./sandbox-http";

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ asOf: "2025-06-15", seed: 11 });
});
afterAll(async () => {
  await s.close();
});

const keys = (o: object) => Object.keys(o).sort();
const total = (rows: any[], field: string) => rows.reduce((t, r) => t + (r[field] ?? 0), 0);
const ok = async (path: string, body: unknown): Promise<any[]> => {
  const answer = await post(s.url, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe("aggregate_by groups and sums", () => {
  it.each([
    ["/v4/shorttermforecast", { county: "Loving" }, "date_prod", ["prod_dry_gas_mcf_day", "prod_oil_bbl_month"]],
    ["/v4/shorttermforecastdeclines", { county: "Loving", production_month_max: 6 }, "date_prod", ["prod_wet_gas_mcf_day", "prod_oil_bbl_day"]],
    ["/v4/shorttermforecasthistory", { county: "Loving", date_forecast_run: "2024-01-01" }, "date_prod", ["prod_wet_gas_mcf_day"]],
  ])("%s: grouped by operator, the sums and the count of wells equal the plain rows'", async (path, body, date, measures) => {
    const plain = await ok(path, body);
    const grouped = await ok(path, { ...body, aggregate_by: ["operator"] });
    expect(plain.length).toBeGreaterThan(grouped.length);
    expect(total(grouped, "count")).toBe(plain.length);
    for (const m of measures) expect(total(grouped, m)).toBeCloseTo(total(plain, m), 0);
    const firstKey = `${grouped[0][date]}|${grouped[0].operator}`;
    const members = plain.filter((r) => `${r[date]}|${r.operator}` === firstKey);
    expect(grouped[0].count).toBe(members.length);
    expect(grouped[0].well_id).toBeUndefined();
  });

  it("shorttermforecast aggregated rows carry the month, the chosen columns, the sums and count", async () => {
    const rows = await ok("/v4/shorttermforecast", { region_natgas: "west", aggregate_by: ["sub_region_natgas", "date_prod"] });
    expect(keys(rows[0])).toEqual(["count", "date_prod", "prod_dry_gas_mcf_day", "prod_dry_gas_mcf_month", "prod_oil_bbl_day", "prod_oil_bbl_month", "sub_region_natgas"]);
    expect(new Set(rows.map((r) => r.sub_region_natgas))).toEqual(new Set(["West - TX", "NM", "ND", "MT", "CO", "WY", "UT"]));
  });

  it("shorttermforecasthistory never sums two runs together", async () => {
    const rows = await ok("/v4/shorttermforecasthistory", { county: "Loving", date_prod_min: "2024-01-01", date_prod_max: "2024-01-31", aggregate_by: "county" });
    const runs = new Set(rows.map((r) => r.date_forecast_run));
    expect(runs.size).toBeGreaterThan(1);
    expect(rows.length).toBe(runs.size);
  });

  it("ducsbyoperator sums ducs_count and has no count field", async () => {
    const body = { region_natgas: "west", date_observed_min: "2025-01-01", date_observed_max: "2025-01-31" };
    const plain = await ok("/v4/ducsbyoperator", body);
    const grouped = await ok("/v4/ducsbyoperator", { ...body, aggregate_by: ["state_code"] });
    expect(keys(grouped[0])).toEqual(["date_observed", "ducs_count", "state_code"]);
    expect(total(grouped, "ducs_count")).toBe(total(plain, "ducs_count"));
  });

  it("longtermforecast and lower_48_stf_filled sum their rates by region", async () => {
    for (const [path, measure] of [["/v4/longtermforecast", "prod_dry_gas_bcf_day"], ["/v4/lower_48_stf_filled", "prod_dry_gas_bcf_day"]] as const) {
      const plain = await ok(path, { region_natgas: "west", date_prod_min: "2025-08-01", date_prod_max: "2025-08-31" });
      const grouped = await ok(path, { region_natgas: "west", date_prod_min: "2025-08-01", date_prod_max: "2025-08-31", aggregate_by: "region_natgas" });
      expect(plain.length).toBe(7); // the west region's sub-regions, one month each
      expect(grouped).toHaveLength(1);
      expect(grouped[0][measure]).toBeCloseTo(total(plain, measure), 4);
    }
  });

  it("refuses an aggregate_by value the endpoint does not group by", async () => {
    const answer = await post(s.url, "/v4/ducsbyoperator", { aggregate_by: "well_id" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/aggregate_by/);
  });
});

describe("shorttermforecastdeclines filters (the v4 page's parameters)", () => {
  const base = { county: "Loving" };

  it("modeled splits the months at the run's last known month, state_reported the wells", async () => {
    const all = await ok("/v4/shorttermforecastdeclines", base);
    const modeled = await ok("/v4/shorttermforecastdeclines", { ...base, modeled: true });
    const reported = await ok("/v4/shorttermforecastdeclines", { ...base, modeled: false });
    expect(modeled.length + reported.length).toBe(all.length);
    expect(modeled.every((r) => r.date_prod >= "2025-06-01")).toBe(true);
    expect(reported.every((r) => r.date_prod <= "2025-05-01")).toBe(true);
    const yes = await ok("/v4/shorttermforecastdeclines", { ...base, state_reported: true });
    const no = await ok("/v4/shorttermforecastdeclines", { ...base, state_reported: "false" });
    expect(yes.length + no.length).toBe(all.length);
    expect(no.length).toBeGreaterThan(0);
    expect(no.every((r) => r.first_production_month > "2025-02-01")).toBe(true);
    expect((await post(s.url, "/v4/shorttermforecastdeclines", { ...base, modeled: "maybe" })).status).toBe(400);
  });

  it("first_production_month_min/max bound the wells' first month; production_month lists months", async () => {
    const rows = await ok("/v4/shorttermforecastdeclines", { ...base, first_production_month_min: "2023-01-01", first_production_month_max: "2023-12-01", production_month: [1, 3] });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.first_production_month >= "2023-01-01" && r.first_production_month <= "2023-12-01").toBe(true);
      expect([1, 3]).toContain(r.production_month);
    }
    expect(new Set(rows.map((r) => r.production_month))).toEqual(new Set([1, 3]));
  });

  it("aggregation_type avg gives the sums divided by the wells; modeled can be grouped by", async () => {
    const body = { ...base, production_month: [2], aggregate_by: ["production_month"] };
    const sum = await ok("/v4/shorttermforecastdeclines", body);
    const avg = await ok("/v4/shorttermforecastdeclines", { ...body, aggregation_type: "avg" });
    expect(avg.length).toBe(sum.length);
    avg.forEach((r, i) => expect(r.prod_oil_bbl_day).toBeCloseTo(sum[i].prod_oil_bbl_day / sum[i].count, 4));
    const byModeled = await ok("/v4/shorttermforecastdeclines", { ...base, aggregate_by: "modeled" });
    expect(new Set(byModeled.map((r) => r.modeled))).toEqual(new Set([true, false]));
    expect((await post(s.url, "/v4/shorttermforecastdeclines", { aggregation_type: "median" })).status).toBe(400);
  });
});

describe("shorttermforecasthistory (operator, state_code, optional run date)", () => {
  it("filters by operator and state_code", async () => {
    const some = await ok("/v4/shorttermforecasthistory", { county: "Loving", date_forecast_run: "2024-01-01" });
    const operator = some[0].operator;
    const rows = await ok("/v4/shorttermforecasthistory", { state_code: "TX", operator, date_forecast_run: "2024-01-01" });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.state_code, r.operator]).toEqual(["TX", operator]);
  });

  it("without date_forecast_run answers every run (within the row limit)", async () => {
    const rows = await ok("/v4/shorttermforecasthistory", { well_id: (await ok("/v4/shorttermforecast", { county: "Loving" }))[0].well_id });
    expect(new Set(rows.map((r) => r.date_forecast_run)).size).toBeGreaterThan(100);
  });
});

describe("new v4 endpoints", () => {
  it("stfaggregatedhistory: the nearest run's six months per sub-region, dry gas near the actual totals", async () => {
    const rows = await ok("/v4/stfaggregatedhistory", { sub_region_natgas: ["West - TX", "NM"], date_forecast_run: "2024-01-04" });
    expect(keys(rows[0])).toEqual(["date_forecast_run", "date_prod", "prod_dry_gas_bcf_day", "sub_region_natgas"]);
    expect(new Set(rows.map((r) => r.date_forecast_run))).toEqual(new Set(["2024-01-03"]));
    expect(new Set(rows.map((r) => r.date_prod))).toEqual(new Set(["2023-11-01", "2023-12-01", "2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01"]));
    expect(rows).toHaveLength(12);
    const filled = await ok("/v4/lower_48_stf_filled", { sub_region_natgas: "West - TX", date_prod_min: "2023-11-01", date_prod_max: "2023-11-30" });
    const history = rows.find((r) => r.sub_region_natgas === "West - TX" && r.date_prod === "2023-11-01");
    expect(Math.abs(history.prod_dry_gas_bcf_day / filled[0].prod_dry_gas_bcf_day - 1)).toBeLessThan(0.03);
    const all = await ok("/v4/stfaggregatedhistory", { sub_region_natgas: "West - TX", date_prod_min: "2024-01-01", date_prod_max: "2024-01-31" });
    expect(new Set(all.map((r) => r.date_forecast_run)).size).toBeGreaterThan(20);
  });

  it("lower_48_stf_filled: monthly dry gas per sub-region, close to the daily production's month", async () => {
    const rows = await ok("/v4/lower_48_stf_filled", { sub_region_natgas: "Haynesville - LA", date_prod_min: "2025-01-01" });
    expect(keys(rows[0])).toEqual(["date_prod", "prod_dry_gas_bcf_day", "region_natgas", "sub_region_natgas"]);
    expect(rows.map((r) => r.date_prod).at(-1)).toBe("2025-09-01");
    const days = await ok("/v4/dailyproduction", { sub_region_natgas: "Haynesville - LA", date_prod_min: "2025-01-01", date_prod_max: "2025-01-31" });
    const mean = total(days, "prod_dry_gas_bcf_day") / days.length;
    expect(Math.abs(rows[0].prod_dry_gas_bcf_day / mean - 1)).toBeLessThan(0.02);
  });

  it("tils: GET, the pads /v3/dtils reports under the page's v4 names, wet gas", async () => {
    const rows = (await get(s.url, "/v4/tils")).body;
    const v3 = (await get(s.url, "/v3/dtils")).body.data;
    expect(rows.length).toBe(v3.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(keys(rows[0])).toEqual(["date_frac_end", "date_til", "operator", "prod_wet_gas_bcf_day", "sub_region_natgas", "wellpad_id", "wells"]);
    rows.forEach((r: any, i: number) => {
      expect([r.wellpad_id, r.date_frac_end, r.date_til, r.operator, r.wells]).toEqual([String(v3[i].wellpad_id), v3[i].frac_end, v3[i].til_date, v3[i].operator_name, v3[i].wells]);
      expect(r.prod_wet_gas_bcf_day).toBeGreaterThan(v3[i].bcfd);
      expect(typeof r.sub_region_natgas).toBe("string");
    });
    expect((await post(s.url, "/v4/tils", {})).status).toBe(405);
  });
});
