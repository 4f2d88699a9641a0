/**
 * An aggregated answer carries, and declares, only its real fields: for every v3 and v4 endpoint with
 * `aggregate_by` and every dimension it allows, the sandbox's answer (over HTTP on 127.0.0.1) has
 * exactly the columns `aggregatedSchema` derives from the catalog (the same data and rules as the
 * `AggregatedRecordOf` type; see test/catalog/aggregated-schema.test.ts for the two side by side),
 * in that order, each holding a value in some row: through the columnar fast path (JSON, and NDJSON
 * on v4), the record path, streams, frames and Arrow. A plain answer keeps the endpoint's record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregatedSchema, aggregateDimensions } from "../../src/catalog/aggregated-schema";
import type { EndpointSpec } from "../../src/catalog/types";
import type { EndpointTransport } from "../../src/client/endpoint-transport";
import { NATGAS_V3, NATGAS_V4, NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";

type Answer = { names: readonly string[]; schema?: { fields: readonly { name: string }[] }; length: number; isColumnar: boolean; column(n: string): unknown[] };
type Call = (params: unknown, options?: unknown) => Promise<Answer & { toFrame(): { columns: string[] }; toArrow(): { schema: { fields: { name: string }[] } } }>;
type Stream = (params: unknown, options?: unknown) => AsyncGenerator<Record<string, unknown>[], unknown, undefined>;

/** A narrow query per endpoint with `aggregate_by` (the sandbox's Reeves County, Delaware, Permian). */
const NARROW: Record<string, Record<string, unknown>> = {
  "v3.shortTermForecastHistory": { county: "Reeves", forecast_run_date: "2024-03-01" },
  "v3.productionByCountyAndOperator": { sub_region: "West - TX", start_date: "2023-01-01", end_date: "2023-03-31" },
  "v3.shortTermForecast": { county: "Reeves" },
  "v3.fracCrews": { county: "Reeves", start_date: "2024-01-01", end_date: "2024-03-31" },
  "v3.completions": { county: "Reeves", start_date: "2023-01-01" },
  "v3.rigs": { region: "west", start_date: "2024-01-01", end_date: "2024-01-15" },
  "v3.productionByWell": { county: "Reeves", start_date: "2024-01-01" },
  "v3.stfAggregatedHistory": { sub_region: "West - TX", forecast_run_date: "2024-03-01" },
  "v3.shortTermForecastDeclines": { county: "Reeves", start_date: "2024-04-01", end_date: "2024-08-31" },
  "v3.dailyProduction": { sub_region: "West - TX", start_date: "2024-05-01" },
  "v3.ducsByOperator": { county: "Reeves", start_date: "2024-01-01" },
  "v4.completions": { county: "Reeves", date_completion_start_min: "2023-01-01" },
  "v4.ducsByOperator": { county: "Reeves" },
  "v4.fracCrews": { county: "Reeves", date_frac_min: "2024-01-01", date_frac_max: "2024-03-31" },
  "v4.longTermForecast": { region_natgas: "west" },
  "v4.dailyProduction": { region_natgas: "west", date_prod_min: "2024-05-01" },
  "v4.productionByWell": { county: "Reeves", date_prod_min: "2024-01-01" },
  "v4.rigs": { region_natgas: "west", date_observed_min: "2024-01-01", date_observed_max: "2024-01-15" },
  "v4.shortTermForecast": { county: "Reeves" },
  "v4.shortTermForecastDeclines": { county: "Reeves", first_production_month_min: "2023-01-01" },
  "v4.shortTermForecastHistory": { county: "Reeves", date_forecast_run: "2024-03-01" },
  "v4.lower48StfFilled": { region_natgas: "west", date_prod_min: "2024-01-01" },
};

const AGGREGATING: [version: "v3" | "v4", spec: EndpointSpec][] = [
  ...Object.values(NATGAS_V3).map((s) => ["v3", s] as ["v3", EndpointSpec]),
  ...Object.values(NATGAS_V4).map((s) => ["v4", s] as ["v4", EndpointSpec]),
].filter(([, s]) => s.aggregatedRecord !== undefined && aggregateDimensions(s).length > 0);

let sandbox: SandboxHandle;
let client: NatGasClient;
/** The same service through a transport without `fetchColumns`: whole answers take the record path. */
let recordClient: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {}, checkNames: false });
  const t = client.transport;
  const recordsOnly: EndpointTransport = { fetchRecords: (req) => t.fetchRecords(req), streamRecords: (req, o) => t.streamRecords(req, o) };
  recordClient = new NatGasClient({ transport: recordsOnly, warn: () => {}, checkNames: false });
});
afterAll(() => sandbox.close());

const method = (c: NatGasClient, version: "v3" | "v4", spec: EndpointSpec) => (c[version] as unknown as Record<string, Call>)[spec.method]!;
const streamOf = (version: "v3" | "v4", spec: EndpointSpec) => (client[version].stream as unknown as Record<string, Stream>)[spec.method]!;

/** The answer's columns are the expected ones, in order, and each holds a value in some row. */
function expectCarried(answer: Answer, expected: readonly string[], where: string): void {
  expect(answer.length, `${where}: rows`).toBeGreaterThan(0);
  expect(answer.names, `${where}: names`).toEqual(expected);
  expect(answer.schema?.fields.map((f) => f.name), `${where}: schema`).toEqual(expected);
  for (const name of expected) expect(answer.column(name).some((v) => v !== null && v !== undefined), `${where}: ${name} is all null`).toBe(true);
}

describe("every aggregated answer lists exactly the fields its rows carry", () => {
  it("covers every endpoint that takes aggregate_by, v3 and v4", () => {
    expect(AGGREGATING.map(([v, s]) => `${v}.${s.method}`).sort()).toEqual(Object.keys(NARROW).sort());
  });

  for (const [version, spec] of AGGREGATING) {
    for (const dimension of aggregateDimensions(spec)) {
      it(`${version}.${spec.method} by ${dimension}`, async () => {
        const params = { ...NARROW[`${version}.${spec.method}`], aggregate_by: [dimension] };
        const expected = aggregatedSchema(spec, [dimension]).fields.map((f) => f.name);
        const where = `${version}.${spec.method} by ${dimension}`;

        const whole = await method(client, version, spec)(params);
        expect(whole.isColumnar).toBe(true);
        expectCarried(whole, expected, `${where} (columns)`);
        expect(whole.toFrame().columns, `${where}: frame`).toEqual(expected);
        expect(whole.toArrow().schema.fields.map((f) => f.name), `${where}: arrow`).toEqual(expected);

        const records = await method(recordClient, version, spec)(params);
        expect(records.isColumnar).toBe(false);
        expectCarried(records, expected, `${where} (records)`);

        if (version === "v4") {
          const ndjson = await method(client, version, spec)(params, { ndjson: true });
          expect(ndjson.isColumnar).toBe(true);
          expectCarried(ndjson, expected, `${where} (NDJSON columns)`);
          expectCarried(await method(recordClient, version, spec)(params, { ndjson: true }), expected, `${where} (NDJSON records)`);
        }

        const seen = new Set<string>();
        for await (const batch of streamOf(version, spec)(params)) {
          for (const row of batch) for (const [k, v] of Object.entries(row)) if (v !== null && v !== undefined) seen.add(k);
        }
        expect([...seen].sort(), `${where}: streamed rows`).toEqual([...expected].sort());
      });
    }
  }
});

describe("a plain answer is unchanged", () => {
  for (const [version, spec] of AGGREGATING) {
    it(`${version}.${spec.method} without aggregate_by follows the endpoint's record`, async () => {
      const result = await method(client, version, spec)(NARROW[`${version}.${spec.method}`]);
      expect(result.length).toBeGreaterThan(0);
      expect(result.schema).toBe(spec.record);
      expect(result.names.slice(0, spec.record.fields.length)).toEqual(spec.record.fields.map((f) => f.name));
    });
  }
});

describe("several dimensions", () => {
  it("give their group columns in the order asked, the date once", async () => {
    const window = NARROW["v3.rigs"];
    const byOperatorRegion = await client.v3.rigs({ ...window, aggregate_by: ["operator", "region", "date"] });
    expectCarried(byOperatorRegion, ["operator_name", "region", "date", "rigs_count"], "rigs by operator, region, date");
    const byRegionOperator = await client.v3.rigs({ ...window, aggregate_by: ["region", "operator"] });
    expect(byRegionOperator.names).toEqual(["region", "operator_name", "date", "rigs_count"]);
    const prod = await client.v3.productionByCountyAndOperator({ ...NARROW["v3.productionByCountyAndOperator"], aggregate_by: ["region", "operator"] });
    expectCarried(prod, ["region", "operator_name", "aggregate_by", "aggregate_by_filter_value", "date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"], "production by region, operator");
  });
});
