import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { get, post, TOKEN } from "./sandbox-http";

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ asOf: "2025-06-15", seed: 11 });
});
afterAll(async () => {
  await s.close();
});

const keys = (o: object) => Object.keys(o).sort();

async function ndjson(path: string, body: unknown): Promise<any[]> {
  const res = await fetch(s.url + path, {
    method: "POST",
    headers: { access_key: TOKEN, accept: "application/x-ndjson", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/x-ndjson/);
  const text = await res.text();
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

describe("v4 record shapes and renamed parameters", () => {
  it.each([
    ["/v4/completions", { date_completion_end_min: "2025-01-01", date_completion_end_max: "2025-01-31" },
      ["well_id", "completion_class", "count", "county", "date_completion_end", "operator", "region_natgas", "date_completion_start", "state_code", "sub_region_natgas", "wellpad_id"]],
    ["/v4/dailyfrackedfeet", { date_frac_min: "2025-01-01", date_frac_max: "2025-01-02" }, ["date_frac", "fracked_feet", "region_natgas", "sub_region_natgas"]],
    ["/v4/dailyproduction", { date_prod_min: "2025-01-01", date_prod_max: "2025-01-02" }, ["date_prod", "prod_dry_gas_bcf_day", "region_natgas", "sub_region_natgas"]],
    ["/v4/ducsbyoperator", { date_observed_min: "2025-01-01", date_observed_max: "2025-01-31", region_natgas: "west" },
      ["county", "date_observed", "ducs_count", "operator", "region_natgas", "state_code", "sub_region_natgas"]],
    ["/v4/fraccrews", { date_frac_min: "2025-01-01", date_frac_max: "2025-01-01" },
      ["county", "date_frac", "frac_class", "count", "lat", "long", "operator", "region_natgas", "service_company", "state_code", "sub_region_natgas", "wellpad_id"]],
    ["/v4/longtermforecast", { region_natgas: "west" }, ["date_prod", "prod_dry_gas_bcf_day", "prod_oil_bbl_day", "region_natgas", "sub_region_natgas"]],
    ["/v4/productionbywell", { county: "Loving", date_prod_min: "2025-01-01" },
      ["well_id", "county", "date_prod", "prod_wet_gas_mcf_day", "prod_wet_gas_mcf_month", "prod_oil_bbl_day", "prod_oil_bbl_month", "operator", "production_month", "region_natgas", "state_code", "sub_region_natgas", "prod_water_bbl_day", "prod_water_bbl_month", "well_name"]],
    ["/v4/rigs", { date_observed_min: "2025-01-01", date_observed_max: "2025-01-01" },
      ["county", "date_observed", "lat", "long", "operator", "region_natgas", "rig_class", "count", "state_code", "sub_region_natgas", "wellpad_id"]],
    ["/v4/shorttermforecast", { county: "Loving" },
      ["well_id", "county", "date_prod", "date_forecast_run", "prod_dry_gas_mcf_day", "prod_dry_gas_mcf_month", "prod_oil_bbl_day", "prod_oil_bbl_month", "operator", "region_natgas", "state_code", "sub_region_natgas"]],
    ["/v4/shorttermforecastdeclines", { county: "Loving", production_month_max: 3 },
      ["well_id", "county", "date_prod", "first_production_month", "prod_wet_gas_mcf_day", "count", "prod_oil_bbl_day", "operator", "production_month", "region_natgas", "state_code", "sub_region_natgas"]],
    ["/v4/shorttermforecasthistory", { county: "Loving", date_forecast_run: "2024-01-01" },
      ["well_id", "county", "date_prod", "date_forecast_run", "prod_wet_gas_mcf_day", "prod_oil_bbl_day", "operator", "region_natgas", "state_code", "sub_region_natgas"]],
  ])("%s answers a JSON array with the v4 fields", async (path, body, fields) => {
    const { status, body: records } = await post(s.url, path, body);
    expect(status).toBe(200);
    expect(Array.isArray(records)).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    expect(keys(records[0])).toEqual([...fields].sort());
  });

  it("well_id is the API number as a 10-digit string, and filters by it", async () => {
    const records = (await post(s.url, "/v4/productionbywell", { county: "Weld", date_prod_min: "2025-01-01" })).body;
    const id = records[0].well_id;
    expect(id).toMatch(/^05\d{8}$/);
    const one = (await post(s.url, "/v4/productionbywell", { well_id: id })).body;
    expect(new Set(one.map((r: any) => r.well_id))).toEqual(new Set([id]));
    expect(one.map((r: any) => r.production_month)).toEqual(one.map((_: unknown, i: number) => i + 1));
    const v3 = (await post(s.url, "/v3/wells", { county: "Weld" })).body.data.find((w: any) => w.api === Number(id));
    expect(v3).toBeDefined();
  });

  it("productionbywell filters by production month and date range, in MCF/day and MCF/month", async () => {
    const rows = (await post(s.url, "/v4/productionbywell", { sub_region_natgas: "Haynesville - LA", production_month_min: 2, production_month_max: 4, date_prod_min: "2024-01-01", date_prod_max: "2024-12-31" })).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.production_month).toBeGreaterThanOrEqual(2);
      expect(r.production_month).toBeLessThanOrEqual(4);
      expect(r.date_prod.startsWith("2024-")).toBe(true);
      if (r.prod_wet_gas_mcf_day !== null) expect(Math.abs(r.prod_wet_gas_mcf_month - r.prod_wet_gas_mcf_day * Number(new Date(Date.UTC(2024, Number(r.date_prod.slice(5, 7)), 0)).getUTCDate()))).toBeLessThan(2);
    }
  });

  it("productionbywell aggregate_by sums per month and dimension, with a count of wells", async () => {
    const rows = (await post(s.url, "/v4/productionbywell", { region_natgas: "northeast", date_prod_min: "2025-01-01", date_prod_max: "2025-01-31", aggregate_by: ["sub_region_natgas"] })).body;
    expect(rows.map((r: any) => r.sub_region_natgas).sort()).toEqual(["NE PA", "OH", "SW PA", "WV"]);
    expect(keys(rows[0])).toEqual(["count", "date_prod", "prod_oil_bbl_day", "prod_oil_bbl_month", "prod_water_bbl_day", "prod_water_bbl_month", "prod_wet_gas_mcf_day", "prod_wet_gas_mcf_month", "sub_region_natgas"]);
  });

  it("rigs and fraccrews aggregate to count", async () => {
    const plain = (await post(s.url, "/v4/rigs", { date_observed_min: "2025-02-01", date_observed_max: "2025-02-01" })).body;
    const agg = (await post(s.url, "/v4/rigs", { date_observed_min: "2025-02-01", date_observed_max: "2025-02-01", aggregate_by: ["region_natgas"] })).body;
    expect(agg.reduce((t: number, r: any) => t + r.count, 0)).toBe(plain.length);
    expect(keys(agg[0])).toEqual(["count", "date_observed", "region_natgas"]);
  });

  it("completions take date_completion_start_* and date_completion_end_* ranges", async () => {
    const rows = (await post(s.url, "/v4/completions", { date_completion_start_min: "2024-03-01", date_completion_end_max: "2024-03-31" })).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.date_completion_start >= "2024-03-01" && r.date_completion_end <= "2024-03-31").toBe(true);
  });

  it("shorttermforecasthistory refuses more than 1,000,000 rows and takes the nearest date_forecast_run", async () => {
    const big = await post(s.url, "/v4/shorttermforecasthistory", {});
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/1,000,000/);
    const rows = (await post(s.url, "/v4/shorttermforecasthistory", { county: "Ward", date_forecast_run: "2024-01-01" })).body;
    expect(new Set(rows.map((r: any) => r.date_forecast_run)).size).toBe(1);
  });
});

describe("v4 protocol", () => {
  it("refuses pagination (v4 has none) and the v3 names", async () => {
    for (const body of [{ pagination: { start: 0 } }, { region: "west" }, { start_date: "2025-01-01" }]) {
      const answer = await post(s.url, "/v4/rigs", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/unknown parameter/);
    }
  });

  it("streams NDJSON when asked, with the same records as the JSON array", async () => {
    const body = { sub_region_natgas: "ND", date_prod_min: "2024-01-01", date_prod_max: "2024-06-30" };
    const lines = await ndjson("/v4/productionbywell", body);
    const array = (await post(s.url, "/v4/productionbywell", body)).body;
    expect(lines).toEqual(array);
    expect(lines.length).toBeGreaterThan(100);
  });

  it("GET endpoints: regions, operatorclassification, shorttermforecasthistorydates", async () => {
    const regions = (await get(s.url, "/v4/regions")).body;
    expect(keys(regions[0])).toEqual(["county", "region_natgas", "state_code", "sub_region_natgas"]);
    expect(regions.length).toBe(101);
    const ops = (await get(s.url, "/v4/operatorclassification")).body;
    expect(keys(ops[0])).toEqual(["operator", "public_or_private", "ticker"]);
    for (const o of ops) expect(o.public_or_private === "public" ? typeof o.ticker === "string" : o.ticker === null).toBe(true);
    const v3ops = (await get(s.url, "/v3/operatorclassification")).body.data;
    expect(v3ops.map((o: any) => o.operator_name)).toEqual(ops.map((o: any) => o.operator));
    expect((await post(s.url, "/v4/regions", {})).status).toBe(405);
  });

  it("glossary: filter_type required, dependent filters and text search narrow the values", async () => {
    expect((await post(s.url, "/v4/glossary", {})).status).toBe(400);
    const counties = (await post(s.url, "/v4/glossary", { target_function: "rigs", filter_type: "county", state_code: "NM" })).body;
    expect(counties.map((r: any) => r.county).sort()).toEqual(["Eddy", "Lea"]);
    expect(keys(counties[0])).toEqual(
      ["category", "completion_class", "county", "date_forecast_run", "frac_class", "operator", "region_natgas", "rig_class", "service_company", "source", "state_code", "sub_region_natgas"].sort(),
    );
    expect(counties[0].source).toBe("rigs");
    expect(counties[0].rig_class).toBeNull();
    const search = (await post(s.url, "/v4/glossary", { filter_type: "sub_region_natgas", search: "pa" })).body;
    expect(search.map((r: any) => r.sub_region_natgas).sort()).toEqual(["NE PA", "SW PA"]);
    expect((await post(s.url, "/v4/glossary", { filter_type: "colour" })).status).toBe(400);
  });
});
