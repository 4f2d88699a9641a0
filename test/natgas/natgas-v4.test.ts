import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregatedSchema } from "../../src/catalog/aggregated-schema";
import type { EndpointSpec } from "../../src/catalog/types";
import { NATGAS_V4, NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { expectRecordsMatchSchema } from "./schema-check";

type V4Name = keyof typeof NATGAS_V4;
type Rows = { records: Record<string, unknown>[]; schema?: unknown; length: number; meta: { pages: number } };
type Call = (params?: unknown, options?: unknown) => Promise<Rows>;
type Stream = (params?: unknown, options?: unknown) => AsyncGenerator<Record<string, unknown>[], { rows: number }, undefined>;

const FILTERED: Record<V4Name, Record<string, unknown>> = {
  completions: { county: "Reeves", date_completion_start_min: "2023-01-01" },
  dailyFrackedFeet: { sub_region_natgas: "West - TX", date_frac_min: "2024-01-01" },
  dailyProduction: { region_natgas: "west", date_prod_min: "2024-01-01" },
  ducsByOperator: { county: "Reeves" },
  glossary: { filter_type: "operator", county: "Reeves" },
  fracCrews: { county: "Reeves", date_frac_min: "2024-01-01", date_frac_max: "2024-03-31" },
  longTermForecast: { region_natgas: "west" },
  operatorClassification: {},
  productionByWell: { county: "Reeves", date_prod_min: "2024-01-01" },
  regions: {},
  rigs: { region_natgas: "west", date_observed_min: "2024-01-01", date_observed_max: "2024-01-31" },
  shortTermForecast: { county: "Reeves" },
  // Wells of Reeves first producing since 2023: all of Reeves' wells took a second or more of CPU per
  // aggregate_by value (nine of them), for the same fields and groups.
  shortTermForecastDeclines: { county: "Reeves", first_production_month_min: "2023-01-01" },
  shortTermForecastHistory: { county: "Reeves", date_forecast_run: "2024-03-01" },
  shortTermForecastHistoryDates: {},
  stfAggregatedHistory: { sub_region_natgas: "West - TX", date_forecast_run: "2024-03-01" },
  lower48StfFilled: { region_natgas: "west", date_prod_min: "2024-01-01" },
  tils: {},
  dryGasFactors: { sub_region_natgas: "West - TX", date_factor_min: "2024-01-01" },
  darkOilVolumes: { country: "Iran", date_min: "2024-05-01" },
};
const FILTER_FIELDS = ["county", "region_natgas", "sub_region_natgas"];

let sandbox: SandboxHandle;
let client: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {} });
});

afterAll(() => sandbox.close());

const call = (name: V4Name) => client.v4[name] as unknown as Call;
const stream = (name: V4Name) => client.v4.stream[name] as unknown as Stream;

describe("v4 endpoints against the sandbox", () => {
  for (const name of Object.keys(NATGAS_V4) as V4Name[]) {
    const spec: EndpointSpec = NATGAS_V4[name];
    it(`${name}: filtered rows follow the record schema and the filters`, async () => {
      const result = await call(name)(FILTERED[name]);
      expect(result.length).toBeGreaterThan(0);
      expect(result.schema).toBe(spec.record);
      expectRecordsMatchSchema(result.records, spec.record);
      for (const field of FILTER_FIELDS) {
        const wanted = FILTERED[name][field];
        if (wanted === undefined || name === "glossary") continue;
        expect(result.records.filter((r) => r[field] !== wanted).slice(0, 3), `${name}.${field}`).toEqual([]);
      }
    });

    const aggregate = spec.params.find((p) => p.name === "aggregate_by");
    const values = aggregate && "values" in aggregate.type ? (aggregate.type.values ?? []) : [];
    for (const value of values) {
      it(`${name}: aggregate_by ${value}`, async () => {
        const result = await call(name)({ ...FILTERED[name], aggregate_by: value });
        expect(result.length).toBeGreaterThan(0);
        expect(result.schema).toBe(aggregatedSchema(spec, value));
        const counted = spec.aggregatedRecord?.fields.some((f) => f.name === "count") === true;
        for (const r of result.records) {
          if (counted) expect(Number.isInteger(r.count), `${name} count`).toBe(true);
          expect(r[value] !== undefined, `${name} grouped by ${value}`).toBe(true);
          for (const f of (spec.aggregatedRecord?.fields ?? []).filter((f) => !values.includes(f.name))) expect(f.name in r, `${name} aggregated ${f.name}`).toBe(true);
        }
      });
    }
  }

  it("unfiltered calls on the small reference endpoints", async () => {
    expect((await client.v4.regions()).length).toBeGreaterThan(50);
    const dates = await client.v4.shortTermForecastHistoryDates();
    expect(dates.records.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(String(r.date_forecast_run)))).toBe(true);
    expect((await client.v4.longTermForecast()).length).toBeGreaterThan((await client.v4.longTermForecast({ region_natgas: "west" })).length);
  });
});

describe("v4 NDJSON streaming", () => {
  it("streams batches of at most batchSize that add up to the whole answer, in order", async () => {
    // Reeves' wells since 2023 (2,709 rows in batches of 250): all of Reeves' months (15,422 rows in
    // batches of 1,000) took a second more of CPU to check the same thing.
    const params = { county: "Reeves", date_prod_min: "2023-01-01" };
    const whole = await client.v4.productionByWell(params);
    expect(whole.length).toBeGreaterThan(2000);
    const gen = stream("productionByWell")(params, { batchSize: 250 });
    const rows: Record<string, unknown>[] = [];
    let batches = 0;
    let step = await gen.next();
    while (!step.done) {
      expect(step.value.length).toBeLessThanOrEqual(250);
      batches++;
      rows.push(...step.value);
      step = await gen.next();
    }
    expect(batches).toBe(Math.ceil(whole.length / 250));
    expect(rows).toEqual(whole.records);
    expect(step.value.rows).toBe(whole.length);
  });

  it("gives the same records as NDJSON and as a JSON array", async () => {
    const asArray = await client.v4.rigs(FILTERED.rigs, { ndjson: false });
    const asNdjson = await client.v4.rigs(FILTERED.rigs, { ndjson: true });
    expect(asNdjson.records).toEqual(asArray.records);
    expect(asArray.length).toBeGreaterThan(0);
  });
});
