import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregatedSchema } from "../../src/catalog/aggregated-schema";
import type { EndpointSpec } from "../../src/catalog/types";
import { resetWarnings } from "../../src/client/warn-once";
import { QueryTooLargeError } from "../../src/errors";
import { NATGAS_V3, NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { expectRecordsMatchSchema } from "./schema-check";

type V3Name = keyof typeof NATGAS_V3;
type Call = (params?: unknown, options?: unknown) => Promise<{ records: Record<string, unknown>[]; meta: { pages: number; params: unknown }; schema?: unknown; length: number }>;

/** A narrow query per endpoint (the sandbox's Reeves County, Delaware sub-region, Permian region). */
const FILTERED: Record<V3Name, Record<string, unknown>> = {
  shortTermForecastHistory: { county: "Reeves", forecast_run_date: "2024-03-01" },
  productionByCountyAndOperator: { sub_region: "West - TX", start_date: "2023-01-01", end_date: "2023-06-30" },
  shortTermForecast: { county: "Reeves" },
  fracCrews: { county: "Reeves", start_date: "2024-01-01", end_date: "2024-03-31" },
  completions: { county: "Reeves", start_date: "2023-01-01" },
  rigs: { region: "west", start_date: "2024-01-01", end_date: "2024-01-31" },
  wells: { county: "Reeves" },
  longTermForecast: { region: "west" },
  dailyFrackedFeet: { sub_region: "West - TX", start_date: "2024-01-01" },
  pipelineScrapeStatus: {},
  dtils: {},
  productionByWell: { county: "Reeves", start_date: "2024-01-01" },
  stfAggregatedHistory: { sub_region: "West - TX", forecast_run_date: "2024-03-01" },
  shortTermForecastDeclines: { county: "Reeves", start_date: "2024-04-01", end_date: "2024-08-31" },
  dailyProduction: { sub_region: "West - TX", start_date: "2024-05-01" },
  ducsByOperator: { county: "Reeves", start_date: "2024-01-01" },
  pipelineScrapes: { sub_region: "West - TX", start_date: "2024-06-01" },
  regions: {},
  operatorClassification: {},
  tilMonitoring: {},
  shortTermForecastHistoryDates: {},
};

/** v3 filter -> the record field it constrains. */
const FILTER_FIELD: Record<string, string> = { county: "county", region: "region", sub_region: "sub_region", operator: "operator_name" };

let sandbox: SandboxHandle;
let client: NatGasClient;
const warnings: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15", pageSize: 1000 });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: (m) => warnings.push(m) });
});

afterAll(() => sandbox.close());

function v3Call(name: V3Name): Call {
  return client.v3[name] as unknown as Call;
}

describe("v3 endpoints against the sandbox", () => {
  for (const name of Object.keys(NATGAS_V3) as V3Name[]) {
    const spec: EndpointSpec = NATGAS_V3[name];
    it(`${name}: filtered rows follow the record schema and the filters`, async () => {
      const result = await v3Call(name)(FILTERED[name]);
      expect(result.length, name).toBeGreaterThan(0);
      expect(result.schema).toBe(spec.record);
      expectRecordsMatchSchema(result.records, spec.record);
      for (const [param, value] of Object.entries(FILTERED[name])) {
        const field = FILTER_FIELD[param];
        if (field === undefined) continue;
        expect(result.records.filter((r) => r[field] !== value).slice(0, 3), `${name}.${field}`).toEqual([]);
      }
      const range = spec.ranges?.[0];
      const dateField = spec.record.fields.find((f) => f.name === "date") ? "date" : undefined;
      if (range && dateField && FILTERED[name].start_date && name !== "shortTermForecastHistory") {
        const start = String(FILTERED[name].start_date).slice(0, 7);
        const early = result.records.filter((r) => r.date !== null && String(r.date).slice(0, 7) < start).slice(0, 3);
        expect(early, `${name} dates from ${start}`).toEqual([]);
      }
    });

    for (const option of aggregateValues(spec)) {
      it(`${name}: aggregate_by ${option} gives the aggregated shape with YYYY-MM-DD dates`, async () => {
        const result = await v3Call(name)({ ...FILTERED[name], aggregate_by: option });
        expect(result.length).toBeGreaterThan(0);
        expect(result.schema).toBe(aggregatedSchema(spec, option));
        const dateFields = spec.aggregatedRecord!.fields.filter((f) => f.type === "date").map((f) => f.name);
        // Plain loops and one expect() each: an expect() per cell cost seconds on the larger answers.
        const badDates = result.records.filter((r) => dateFields.some((f) => r[f] !== null && r[f] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(r[f]))));
        expect(badDates.slice(0, 3), "YYYY-MM-DD dates").toEqual([]);
        const counts = spec.aggregatedRecord!.fields.filter((f) => f.name.endsWith("_count"));
        const badCounts = result.records.filter((r) => counts.some((c) => !Number.isInteger(r[c.name])));
        expect(badCounts.slice(0, 3), counts.map((c) => c.name).join(", ")).toEqual([]);
      });
    }
  }

  it("unfiltered queries return the whole dataset and warn once that they can take very long", async () => {
    warnings.length = 0;
    resetWarnings();
    const all = await client.v3.completions();
    const reeves = await client.v3.completions({ county: "Reeves" });
    await client.v3.completions();
    expect(all.length).toBeGreaterThan(reeves.length);
    expect(all.meta.pages).toBeGreaterThan(1);
    expect(warnings.filter((w) => w.includes("no filters"))).toHaveLength(1);
    for (const name of ["longTermForecast", "dailyFrackedFeet", "pipelineScrapeStatus", "dtils"] as const) {
      const r = await v3Call(name)();
      expect(r.length, name).toBeGreaterThanOrEqual((await v3Call(name)(FILTERED[name])).length);
    }
  });

  it("productionByCountyAndOperator warns once that it is deprecated and names productionByWell", async () => {
    warnings.length = 0;
    resetWarnings();
    await client.v3.productionByCountyAndOperator(FILTERED.productionByCountyAndOperator);
    await client.v3.productionByCountyAndOperator(FILTERED.productionByCountyAndOperator);
    const deprecations = warnings.filter((w) => w.includes("deprecated"));
    expect(deprecations).toHaveLength(1);
    expect(deprecations[0]).toContain("productionByWell");
  });

  it("labels the production state as state_code (the field table's name)", async () => {
    const r = await client.v3.productionByCountyAndOperator(FILTERED.productionByCountyAndOperator);
    for (const row of r.records) {
      expect("state_ab" in row).toBe(false);
      expect(row.state_code).toMatch(/^(TX|NM)$/);
    }
  });

  it("refuses a query over 1,000,000 rows with QueryTooLargeError naming the filters", async () => {
    const err = await client.v3.productionByCountyAndOperator().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryTooLargeError);
    expect((err as QueryTooLargeError).status).toBe(400);
    expect((err as QueryTooLargeError).narrowWith).toEqual(expect.arrayContaining(["region", "sub_region", "start_date"]));
    expect(String(err)).toContain("1,000,000");
  });
});

describe("v3 pagination", () => {
  it("fetches every page: rows equal total_count, in offset order, the same as a stream", async () => {
    const params = { region: "west", start_date: "2024-01-01", end_date: "2024-01-31" };
    const first = await fetch(`${sandbox.natgasUrl}/v3/rigs`, {
      method: "POST",
      headers: { "content-type": "application/json", access_key: "sandbox" },
      body: JSON.stringify({ ...params, region: ["west"] }),
    });
    const page = (await first.json()) as { data: unknown[]; pagination: { total_count: number; page_size: number } };
    expect(page.pagination.total_count).toBeGreaterThan(3 * page.pagination.page_size);
    const result = await client.v3.rigs(params);
    expect(result.length).toBe(page.pagination.total_count);
    expect(result.meta.pages).toBe(Math.ceil(page.pagination.total_count / page.pagination.page_size));
    expect(result.records.slice(0, page.data.length)).toEqual(page.data);
    const streamed: unknown[] = [];
    let batches = 0;
    for await (const batch of client.v3.stream.rigs(params)) {
      batches++;
      streamed.push(...batch);
    }
    expect(batches).toBe(result.meta.pages);
    expect(streamed).toEqual(result.records);
  });
});

function aggregateValues(spec: EndpointSpec): string[] {
  const p = spec.params.find((x) => x.name === "aggregate_by");
  return p && "values" in p.type && p.type.values ? [...p.type.values] : [];
}
