import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas";
import { listenLocal } from "../helpers/listen-local";

let server: Server;
let requests = 0;
let lastBody: unknown;
let client: NatGasClient;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    requests++;
    let text = "";
    for await (const chunk of req) text += chunk;
    lastBody = text ? JSON.parse(text) : undefined;
    res.setHeader("content-type", "application/json");
    res.end(req.url!.startsWith("/v3/") ? JSON.stringify({ data: [], pagination: { start: 0, page_size: 10, total_count: 0 } }) : "[]");
  });
  await listenLocal(server);
  client = new NatGasClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: "t0ken-for-tests", progress: false, warn: () => {} });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests = 0;
});

async function refusal(call: () => Promise<unknown>) {
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidParamsError);
  expect(requests).toBe(0);
  return err as InvalidParamsError;
}

// Calls with deliberately wrong params: the casts stand for a notebook user without type checking.
const loose = (m: unknown) => m as (p?: unknown) => Promise<unknown>;

describe("NatGasClient refuses bad parameters before any request", () => {
  it("a misspelt parameter, with the closest name", async () => {
    const err = await refusal(() => loose(client.v3.rigs)({ sub_regoin: "West - TX" }));
    expect(err.issues[0]).toMatchObject({ param: "sub_regoin", suggestion: "sub_region" });
    expect(err.endpoint).toBe("natgas.v3.rigs");
  });

  it("a v3 name on v4, with its v4 name", async () => {
    const err = await refusal(() => loose(client.v4.rigs)({ region: "west" }));
    expect(err.issues[0]).toMatchObject({ param: "region", suggestion: "region_natgas" });
  });

  it("a parameter the endpoint does not take", async () => {
    const err = await refusal(() => loose(client.v3.rigs)({ frac_class: "oil" }));
    expect(err.issues[0]!.param).toBe("frac_class");
  });

  it("an aggregate_by value the endpoint does not offer", async () => {
    const err = await refusal(() => loose(client.v3.rigs)({ aggregate_by: ["service_company"] }));
    expect(err.issues[0]).toMatchObject({ param: "aggregate_by[0]", value: "service_company" });
    expect(err.issues[0]!.expected).toContain("sub_region");
  });

  it("a class that is not oil or gas", async () => {
    for (const [method, param] of [
      [client.v3.fracCrews, "frac_class"],
      [client.v3.rigs, "rig_class"],
      [client.v3.completions, "completion_class"],
    ] as const) {
      const err = await refusal(() => loose(method)({ [param]: "Gas " }));
      expect(err.issues[0]).toMatchObject({ param, expected: "one of oil, gas" });
    }
  });

  it("dates that are not real or not YYYY-MM-DD, and a start after the end", async () => {
    await refusal(() => client.v3.rigs({ start_date: "2023-02-29" }));
    await refusal(() => client.v3.rigs({ start_date: "03/01/2024" }));
    await refusal(() => client.v4.rigs({ date_observed_min: "2024-01-01T00:00:00Z" }));
    const err = await refusal(() => client.v3.rigs({ start_date: "2024-03-02", end_date: "2024-03-01" }));
    expect(err.issues[0]!.expected).toContain("start_date <= end_date");
  });

  it("wrong types", async () => {
    await refusal(() => loose(client.v3.rigs)({ region: 5 }));
    await refusal(() => loose(client.v4.productionByWell)({ production_month_min: "3" }));
    await refusal(() => loose(client.v3.shortTermForecastHistory)({ forecast_run_date: "2024-03-01", api: [1.5] }));
  });

  it("a required parameter left out, saying how to get a value", async () => {
    // (v4 shortTermForecastHistory's date_forecast_run is optional: the vendor's v4 page says "nearest".)
    const err = await refusal(() => loose(client.v4.glossary)({ county: "Reeves" }));
    expect(err.issues[0]!.param).toBe("filter_type");
    expect(err.issues[0]!.expected).toContain("which filter's values you want");
  });

  it("in a stream too, when the stream is created", async () => {
    expect(() => loose(client.v4.stream.rigs)({ regoin_natgas: "west" })).toThrow(InvalidParamsError);
    expect(requests).toBe(0);
  });

  it("and in asV3, with the v3 names the user wrote", async () => {
    const err = await refusal(() => loose(client.v4.asV3.rigs)({ sub_regoin: "West - TX" }));
    expect(err.issues[0]).toMatchObject({ param: "sub_regoin", suggestion: "sub_region" });
  });

  it("sends a single string as a list, v3 API numbers as integers and v4 well ids as strings", async () => {
    const r = await client.v3.shortTermForecastHistory({ forecast_run_date: "2024-03-01", api: "42389012340000", county: "Reeves" });
    expect(requests).toBe(1);
    expect(lastBody).toEqual({ forecast_run_date: "2024-03-01", api: [42389012340000], county: ["Reeves"], pagination: { start: 0 } });
    expect(r.records).toEqual([]);
    await client.v4.productionByWell({ well_id: [4238901234, "4238901235"], production_month_min: 1 });
    expect(lastBody).toEqual({ well_id: ["4238901234", "4238901235"], production_month_min: 1 });
  });
});
