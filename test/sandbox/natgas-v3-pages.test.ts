/**
 * The sandbox's v3 endpoints from the vendor's published pages, over raw HTTP: envelope and paging,
 * the row limit, filters, and agreement with the models the other endpoints read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { COUNTIES } from "../../src/sandbox/natgas/geo/geography";
import { allPages, get, post } from "./sandbox-http";

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ asOf: "2025-06-15", seed: 11 });
});
afterAll(async () => {
  await s.close();
});

const near = (a: number, b: number, rel: number) => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const sumBy = (rows: any[], key: (r: any) => string, value: (r: any) => number | null) => {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + (value(r) ?? 0));
  return out;
};

describe("productionbywell", () => {
  it("refuses a query matching more than 1,000,000 rows with a 400 naming the limit", async () => {
    const { status, body } = await post(s.url, "/v3/productionbywell", {});
    expect(status).toBe(400);
    expect(body.error).toMatch(/more than the 1,000,000-row limit/);
  });

  it("pages in the v3 envelope and keeps the listed production months", async () => {
    const first = await post(s.url, "/v3/productionbywell", { county: "Reeves", production_month: [1, 2], pagination: { start: 0 } });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toMatchObject({ start: 0 });
    const { rows, total } = await allPages(s.url, "/v3/productionbywell", { county: ["Reeves"], production_month: [1, 2] });
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((r) => r.production_month))).toEqual(new Set([1, 2]));
    for (const r of rows) expect(r.county).toBe("Reeves");
  });

  it("is the v4 well-month in v3 units, and its sub-region sums match productionbycountyandoperator", async () => {
    const month = { start_date: "2025-03-01", end_date: "2025-03-31" };
    const { rows } = await allPages(s.url, "/v3/productionbywell", { sub_region: ["West - TX"], ...month });
    const v4 = (await post(s.url, "/v4/productionbywell", { sub_region_natgas: ["West - TX"], date_prod_min: "2025-03-01", date_prod_max: "2025-03-31" })).body as any[];
    expect(rows.length).toBe(v4.length);
    const wet = new Map(v4.map((r) => [Number(r.well_id), r.prod_wet_gas_mcf_day]));
    for (const r of rows.slice(0, 200)) if (r.gas_daily !== null) near(r.gas_daily * 1e6 * 1.08, wet.get(r.api), 1e-4);
    const pairs = await allPages(s.url, "/v3/productionbycountyandoperator", { sub_region: ["West - TX"], ...month });
    const total = (list: any[]) => list.reduce((a, r) => a + (r.gas_daily ?? 0), 0);
    near(total(rows), total(pairs.rows), 0.02);
  });

  it("aggregate_by sums the wells and counts them", async () => {
    const body = { county: ["Reeves"], start_date: "2025-01-01", end_date: "2025-02-28" };
    const plain = await allPages(s.url, "/v3/productionbywell", body);
    const agg = await allPages(s.url, "/v3/productionbywell", { ...body, aggregate_by: ["operator"] });
    expect(agg.rows.reduce((a, r) => a + r.well_count, 0)).toBe(plain.rows.length);
    const byOperator = sumBy(plain.rows, (r) => `${r.date}|${r.operator_name}`, (r) => r.oil_monthly);
    for (const r of agg.rows) expect(r.oil_monthly).toBe(byOperator.get(`${r.date}|${r.operator_name}`));
  });
});

describe("stfaggregatedhistory", () => {
  it("is the run's well backcasts summed over the sub-region, six months per run", async () => {
    const run = "2024-03-01";
    const agg = await allPages(s.url, "/v3/stfaggregatedhistory", { sub_region: ["West - TX"], forecast_run_date: run });
    expect(agg.rows.length).toBe(6);
    expect(new Set(agg.rows.map((r) => r.forecast_run_date)).size).toBe(1);
    const counties = COUNTIES.filter((c) => c.subRegion === "West - TX").map((c) => c.name);
    const wells = await allPages(s.url, "/v3/shorttermforecasthistory", { county: counties, forecast_run_date: run });
    const byMonth = sumBy(wells.rows, (r) => r.date, (r) => r.gas_daily);
    for (const r of agg.rows) near(r.gas_daily, byMonth.get(r.date)!, 0.03);
  });

  it("without a run date covers every run; aggregate_by forecast_run_date sums the sub-regions", async () => {
    const all = await post(s.url, "/v3/stfaggregatedhistory", {});
    expect(all.status).toBe(200);
    const runs = (await get(s.url, "/v3/shorttermforecasthistorydates")).body.data.length;
    expect(all.body.pagination.total_count % (6 * runs)).toBe(0);
    const one = await allPages(s.url, "/v3/stfaggregatedhistory", { forecast_run_date: "2024-03-01" });
    const agg = await allPages(s.url, "/v3/stfaggregatedhistory", { forecast_run_date: "2024-03-01", aggregate_by: ["forecast_run_date"] });
    const byMonth = sumBy(one.rows, (r) => r.date, (r) => r.gas_monthly);
    expect(agg.rows.length).toBe(6);
    for (const r of agg.rows) expect(r.gas_monthly).toBe(byMonth.get(r.date));
  });
});

describe("shorttermforecastdeclines", () => {
  it("splits each curve into reported and modelled months", async () => {
    const base = { county: ["Reeves"], start_date: "2024-10-01" };
    const all = await allPages(s.url, "/v3/shorttermforecastdeclines", base);
    const modeled = await allPages(s.url, "/v3/shorttermforecastdeclines", { ...base, modeled: "True" });
    const reported = await allPages(s.url, "/v3/shorttermforecastdeclines", { ...base, state_reported: "True" });
    expect(modeled.rows.length).toBeGreaterThan(0);
    expect(reported.rows.length).toBeGreaterThan(0);
    expect(modeled.rows.length + reported.rows.length).toBe(all.rows.length);
    for (const r of modeled.rows) expect([r.modeled, r.date > "2025-05-01"]).toEqual([true, true]);
    for (const r of reported.rows) expect([r.modeled, r.date <= "2025-05-01"]).toEqual([false, true]);
    for (const r of all.rows) expect(r.production_month).toBe(monthsBetween(r.first_production_month, r.date) + 1);
  });

  it("filters by first production month and counts wells when aggregating", async () => {
    const body = { county: ["Reeves"], first_production_month_start: "2023-01-01", first_production_month_end: "2023-12-01", start_date: "2025-01-01", end_date: "2025-01-31" };
    const { rows } = await allPages(s.url, "/v3/shorttermforecastdeclines", body);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.first_production_month.slice(0, 4)).toBe("2023");
    const agg = await allPages(s.url, "/v3/shorttermforecastdeclines", { ...body, aggregate_by: ["date"] });
    expect(agg.rows).toHaveLength(1);
    expect(agg.rows[0].num_records).toBe(rows.length);
  });
});

describe("series shared with v4", () => {
  it("dailyproduction is v4's daily model under v3 names", async () => {
    const v3 = await allPages(s.url, "/v3/dailyproduction", { region: ["west"], start_date: "2025-05-01", end_date: "2025-05-10" });
    const v4 = (await post(s.url, "/v4/dailyproduction", { region_natgas: ["west"], date_prod_min: "2025-05-01", date_prod_max: "2025-05-10" })).body as any[];
    expect(v3.rows.map((r) => [r.date, r.sub_region, r.dry_gas])).toEqual(v4.map((r) => [r.date_prod, r.sub_region_natgas, r.prod_dry_gas_bcf_day]));
    const agg = await allPages(s.url, "/v3/dailyproduction", { region: ["west"], start_date: "2025-05-01", end_date: "2025-05-10", aggregate_by: ["region"] });
    expect(agg.rows).toHaveLength(10);
  });

  it("ducsbyoperator is v4's DUC count, in count and ducs_count", async () => {
    const v3 = await allPages(s.url, "/v3/ducsbyoperator", { county: ["Reeves"], start_date: "2025-01-01" });
    const v4 = (await post(s.url, "/v4/ducsbyoperator", { county: ["Reeves"], date_observed_min: "2025-01-01" })).body as any[];
    expect(v3.rows.map((r) => [r.date, r.operator_name, r.count, r.ducs_count])).toEqual(v4.map((r) => [r.date_observed, r.operator, r.ducs_count, r.ducs_count]));
  });

  it("pipelinescrapes covers the scrape-status days, each point a share of its sub-region's daily gas", async () => {
    const status = (await get(s.url, "/v3/pipelinescrapestatus")).body.data;
    const { rows } = await allPages(s.url, "/v3/pipelinescrapes", { sub_region: ["West - TX"], start_date: "2025-06-01" });
    expect(rows.length).toBeGreaterThan(0);
    const days = new Set(status.map((r: any) => r.date));
    const daily = await allPages(s.url, "/v3/dailyproduction", { sub_region: ["West - TX"], start_date: "2025-06-01" });
    const gas = new Map(daily.rows.map((r) => [r.date, r.dry_gas]));
    for (const r of rows) {
      expect(days.has(r.date)).toBe(true);
      expect(["timely", "id1", "id2", "id3", "other"]).toContain(r.cycle);
      const share = r.scheduled_volume / (gas.get(r.date)! * 1e6 * 1.037);
      expect(share).toBeGreaterThan(0.05);
      expect(share).toBeLessThan(0.2);
    }
  });
});

describe("GET endpoints", () => {
  it("til_monitoring watches the wellpads /v3/dtils lists, flagging the late ones", async () => {
    const dtils = (await get(s.url, "/v3/dtils")).body.data;
    const til = (await get(s.url, "/v3/til_monitoring")).body.data;
    expect(til.map((r: any) => r.wellpad_id)).toEqual(dtils.map((r: any) => r.wellpad_id));
    expect(til.some((r: any) => r.dtil)).toBe(true);
    expect(til.some((r: any) => !r.dtil)).toBe(true);
    for (const r of til) {
      if (r.frac_end === null) expect(r.dtil).toBe(false);
      if (r.dtil && r.til_date !== null) expect(daysBetween(r.frac_end, r.til_date)).toBeGreaterThan(60);
    }
  });

  it("regions lists every county; shorttermforecasthistorydates the v4 runs", async () => {
    const regions = (await get(s.url, "/v3/regions")).body.data;
    expect(regions).toHaveLength(COUNTIES.length);
    expect(Object.keys(regions[0]).sort()).toEqual(["county", "region", "state_ab", "sub_region"]);
    const v3 = (await get(s.url, "/v3/shorttermforecasthistorydates")).body.data;
    const v4 = (await get(s.url, "/v4/shorttermforecasthistorydates")).body;
    expect(v3.map((r: any) => r.forecast_run_date)).toEqual(v4.map((r: any) => r.date_forecast_run));
    expect((await post(s.url, "/v3/regions", {})).status).toBe(405);
  });
});

function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

function daysBetween(a: string, b: string): number {
  return (Date.parse(b) - Date.parse(a)) / 86_400_000;
}
