/**
 * The v4 catalog as the vendor's v4 pages describe it, through the client against the sandbox: every
 * entry's source, every gas measure's basis (and on chart axes), the declines' and backcasts' new
 * parameters checked before any request, and the v3 -> v4 migration of declines and ducsbyoperator.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregatedSchema } from "../../src/catalog/aggregated-schema";
import type { EndpointSource } from "../../src/catalog/types";
import { InvalidParamsError, QueryTooLargeError } from "../../src/errors";
import { NATGAS_V4, NatGasClient, v3ParamsToV4, v4ParamsToV3 } from "../../src/natgas";
import { productionChart } from "../../src/plot";
import { measureAxisTitle } from "../../src/plot/measure-axis";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { basisForField, unitForField } from "../../src/table/units";
import { listenLocal } from "../helpers/listen-local";

let sandbox: SandboxHandle;
let client: NatGasClient;
// A server that only counts: refusals must happen before any request reaches it.
let counter: Server;
let counted: NatGasClient;
let requests = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {} });
  counter = createServer((req, res) => {
    requests++;
    req.resume();
    res.setHeader("content-type", "application/json");
    res.end("[]");
  });
  await listenLocal(counter);
  counted = new NatGasClient({ baseUrl: `http://127.0.0.1:${(counter.address() as AddressInfo).port}`, token: "t0ken-for-tests", progress: false, warn: () => {}, checkNames: false });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => counter.close(() => resolve()));
});

const entries = Object.entries(NATGAS_V4);

describe("v4 catalog: sources and gas basis", () => {
  it("every entry names its source: the spec section, the vendor's pages, or gasframes' choice", () => {
    for (const [name, spec] of entries) {
      const source: EndpointSource = spec.source;
      expect(source, name).toBeDefined();
      expect(Boolean(source.spec || source.docs?.length || source.choice), name).toBe(true);
      if (source.spec !== undefined) expect(source.spec).toBe("natgas-service.md#v4-endpoint-changes");
      for (const url of source.docs ?? []) expect(url, name).toMatch(/^https:\/\/(apidocs|exceldocs)\.synmax\.com\/.+\.html$/);
    }
    expect(NATGAS_V4.tils.source.docs).toEqual(["https://exceldocs.synmax.com/hyperion_v4/tils.html"]);
  });

  it("every v4 gas measure states its basis, as its name says; other fields have none", () => {
    let gas = 0;
    for (const [name, spec] of entries) {
      const schemas = [spec.record, "aggregatedRecord" in spec ? spec.aggregatedRecord : undefined];
      for (const schema of schemas) {
        for (const f of schema?.fields ?? []) {
          const basis = (f as { basis?: string }).basis;
          const expected = /^prod_dry_gas_/.test(f.name) ? "dry" : /^prod_wet_gas_/.test(f.name) ? "wet" : undefined;
          expect(basis, `${name}.${f.name}`).toBe(expected);
          expect(basisForField(f.name), f.name).toBe(expected);
          if (expected !== undefined) gas++;
        }
      }
    }
    expect(gas).toBeGreaterThan(15);
    expect(basisForField("wet_gas_daily")).toBe("wet");
    expect(basisForField("gas_daily")).toBeUndefined();
    // The basis sits beside the unit; the unit itself (and so every conversion) is unchanged.
    expect(unitForField("prod_dry_gas_bcf_day")).toBe("BCF/day");
  });

  it("the result keeps the basis in its schema, and the chart axis shows it beside the unit", async () => {
    const result = await client.v4.dailyProduction({ region_natgas: "west", date_prod_min: "2024-01-01", date_prod_max: "2024-01-31" });
    const field = result.schema?.fields.find((f) => f.name === "prod_dry_gas_bcf_day");
    expect(field).toMatchObject({ unit: "BCF/day", basis: "dry" });
    const spec = productionChart(result) as unknown as { encoding: { y: { title: string } } };
    expect(spec.encoding.y.title).toBe("Gas production (Bcf/d, dry)");
    expect(measureAxisTitle("prod_wet_gas_mcf_day", "MMcf/d")).toBe("Wet gas production (MMcf/d)");
    expect(measureAxisTitle("gas_daily", "Bcf/d")).toBe("Gas production (Bcf/d)");
  });
});

describe("v4 parameters from the pages, checked before any request", () => {
  it("declines: aggregation_type and the booleans are checked; a bad value names the parameter", async () => {
    const before = requests;
    await expect(counted.v4.shortTermForecastDeclines({ county: "Reeves", aggregation_type: "median" } as never)).rejects.toThrow(InvalidParamsError);
    await expect(counted.v4.shortTermForecastDeclines({ county: "Reeves", modeled: "yes" } as never)).rejects.toThrow(/modeled/);
    await expect(counted.v4.shortTermForecastDeclines({ county: "Reeves", first_production_month_min: "2024-02-01", first_production_month_max: "2023-01-01" })).rejects.toThrow(/first_production_month/);
    await expect(counted.v4.shortTermForecastDeclines({ aggregate_by: "well_id" } as never)).rejects.toThrow(/aggregate_by/);
    expect(requests).toBe(before);
    await counted.v4.shortTermForecastDeclines({ county: "Reeves" });
    expect(requests).toBe(before + 1);
    const rows = await client.v4.shortTermForecastDeclines({ county: "Reeves", modeled: true, state_reported: true, aggregate_by: "sub_region_natgas", aggregation_type: "avg" });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.schema).toBe(aggregatedSchema(NATGAS_V4.shortTermForecastDeclines, "sub_region_natgas"));
    for (const r of rows.records as Record<string, unknown>[]) expect(r.sub_region_natgas).toBe("West - TX");
  });

  it("shorttermforecasthistory: date_forecast_run is optional; operator and state_code filter", async () => {
    const one = await client.v4.shortTermForecastHistory({ county: "Reeves", date_forecast_run: "2024-03-01" });
    const wellId = String(one.records[0]!.well_id);
    const every = await client.v4.shortTermForecastHistory({ well_id: [wellId] });
    expect(new Set(every.records.map((r) => r.date_forecast_run)).size).toBeGreaterThan(100);
    const operator = String(one.records[0]!.operator);
    const byOperator = await client.v4.shortTermForecastHistory({ operator, state_code: "TX", date_forecast_run: "2024-03-01" });
    expect(byOperator.records.every((r) => r.operator === operator && r.state_code === "TX")).toBe(true);
    // Every run of every well passes the service's 1,000,000-row limit: a typed error, not a partial answer.
    await expect(client.v4.shortTermForecastHistory({})).rejects.toThrow(QueryTooLargeError);
  });

  it("new endpoints are client methods from the catalog", async () => {
    const before = requests;
    await expect(counted.v4.stfAggregatedHistory({ date_forecast_run: "2020-06-01" })).rejects.toThrow(/date_forecast_run/);
    expect(requests).toBe(before);
    const hist = await client.v4.stfAggregatedHistory({ sub_region_natgas: "West - TX", date_forecast_run: "2024-03-01" });
    expect(hist.length).toBe(6);
    const filled = await client.v4.lower48StfFilled({ aggregate_by: "region_natgas", date_prod_min: "2024-01-01", date_prod_max: "2024-01-31" });
    expect(filled.schema).toBe(aggregatedSchema(NATGAS_V4.lower48StfFilled, "region_natgas"));
    expect(new Set((filled.records as Record<string, unknown>[]).map((r) => r.region_natgas)).size).toBe(filled.length);
    const tils = await client.v4.tils();
    expect(tils.length).toBeGreaterThan(0);
    expect(typeof tils.records[0]!.wellpad_id).toBe("string");
  });
});

describe("v3 -> v4 migration of declines and ducsbyoperator", () => {
  it("declines: first_production_month_start/end and aggregate_by values move to their v4 names", async () => {
    const v3 = {
      api: [4238901234],
      sub_region: ["West - TX"],
      start_date: "2024-01-01",
      first_production_month_start: "2023-01-01",
      first_production_month_end: "2023-06-01",
      // v3 takes the flags as the vendor's Python client sends them; aggregation_type is v4's only.
      modeled: "True",
      state_reported: "False",
      production_month: [3],
      aggregate_by: ["date", "region", "first_production_month", "modeled"],
    };
    const v4 = v3ParamsToV4("shortTermForecastDeclines", v3);
    expect(v4).toEqual({
      well_id: ["4238901234"],
      sub_region_natgas: ["West - TX"],
      date_prod_min: "2024-01-01",
      first_production_month_min: "2023-01-01",
      first_production_month_max: "2023-06-01",
      modeled: true,
      state_reported: false,
      production_month: [3],
      aggregate_by: ["date_prod", "region_natgas", "first_production_month", "modeled"],
    });
    expect(v4ParamsToV3("shortTermForecastDeclines", v4)).toMatchObject({ first_production_month_start: "2023-01-01", modeled: "True", state_reported: "False", aggregate_by: ["date", "region", "first_production_month", "modeled"] });
    const { well_id: _id, ...rest } = v4;
    const result = await client.v4.shortTermForecastDeclines({ ...rest, state_reported: true } as never);
    expect(result.schema).toBe(aggregatedSchema(NATGAS_V4.shortTermForecastDeclines, v4.aggregate_by));
  });

  it("ducsbyoperator: v3 aggregate_by date/region/sub_region become date_observed/region_natgas/sub_region_natgas, and v4 groups", async () => {
    const v4 = v3ParamsToV4("ducsByOperator", { region: ["west"], start_date: "2024-01-01", end_date: "2024-01-31", aggregate_by: ["date", "sub_region"] });
    expect(v4).toEqual({ region_natgas: ["west"], date_observed_min: "2024-01-01", date_observed_max: "2024-01-31", aggregate_by: ["date_observed", "sub_region_natgas"] });
    const result = await client.v4.ducsByOperator(v4 as never);
    expect(result.length).toBe(7); // the west region's seven sub-regions, one month
    expect(result.schema).toBe(aggregatedSchema(NATGAS_V4.ducsByOperator, v4.aggregate_by));
  });
});
