/**
 * The v3 catalog against the vendor's published v3 pages: every entry names its source, the documented
 * limits are data, class filters go on the wire as lists, and gas fields carry the basis a page states.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { QueryTooLargeError } from "../../src/errors";
import { NATGAS_V3, NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

let sandbox: SandboxHandle;
let server: TestServer;
let onSandbox: NatGasClient;
let counted: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  server = await startServer((_req, res) => sendJson(res, 200, { data: [], pagination: { start: 0, page_size: 100, total_count: 0 } }));
  const common = { token: "v3-pages-token", progress: false, maxRetries: 0, warn: () => {} } as const;
  onSandbox = new NatGasClient({ baseUrl: sandbox.natgasUrl, ...common });
  counted = new NatGasClient({ baseUrl: server.url, ...common });
});

afterAll(async () => {
  await Promise.all([sandbox.close(), server.close()]);
});

const entries = Object.entries(NATGAS_V3) as [string, EndpointSpec][];

describe("v3 catalog sources and limits", () => {
  it("every entry names a source: the spec section, the vendor's pages, or gasframes' choice", () => {
    for (const [name, spec] of entries) {
      const s = spec.source;
      expect(s, name).toBeDefined();
      expect(Boolean(s!.spec || s!.docs?.length || s!.choice), name).toBe(true);
      if (s!.spec) expect(s!.spec, name).toMatch(/^natgas-service\.md#[a-z0-9-]+$/);
      for (const url of s!.docs ?? []) expect(url, name).toMatch(/^https?:\/\/(apidocs|exceldocs)\.synmax\.com\/[\w/.-]+\.html$/);
    }
  });

  it("endpoints that only the pages or the Python client describe say where their shape was chosen", () => {
    for (const name of ["productionByWell", "stfAggregatedHistory", "shortTermForecastDeclines", "pipelineScrapes", "regions", "tilMonitoring", "shortTermForecastHistoryDates"]) {
      expect(NATGAS_V3[name as keyof typeof NATGAS_V3].source.choice, name).toBeTruthy();
    }
    expect(NATGAS_V3.pipelineScrapes.source.choice).toContain("Python client");
  });

  it("holds the documented row limit and rate limits as data", () => {
    expect(NATGAS_V3.productionByWell.rowLimit).toBe(1_000_000);
    const perMinute = (name: keyof typeof NATGAS_V3) => {
      const r = (NATGAS_V3[name] as EndpointSpec).rateLimit;
      return r === undefined ? undefined : (r.requests * 60_000) / r.perMs;
    };
    expect(perMinute("stfAggregatedHistory")).toBe(30);
    expect(perMinute("shortTermForecastDeclines")).toBe(30);
    expect(perMinute("productionByWell")).toBe(300);
    expect(perMinute("dailyProduction")).toBe(300);
    expect(perMinute("rigs")).toBeUndefined();
    for (const [name, spec] of entries) if (spec.rateLimit) expect(spec.rateLimit.perMs, name).toBe(60_000);
  });

  it("marks gas as dry where a page says so and leaves the basis unset elsewhere", () => {
    const basis = (spec: EndpointSpec, field: string) => spec.record.fields.find((f) => f.name === field)?.basis;
    expect(basis(NATGAS_V3.stfAggregatedHistory, "gas_daily")).toBe("dry");
    expect(basis(NATGAS_V3.stfAggregatedHistory, "gas_monthly")).toBe("dry");
    expect(basis(NATGAS_V3.dailyProduction, "dry_gas")).toBe("dry");
    expect(basis(NATGAS_V3.productionByWell, "gas_daily")).toBeUndefined();
    expect(basis(NATGAS_V3.shortTermForecast, "gas_daily")).toBeUndefined();
  });
});

describe("v3 class filters", () => {
  it("go on the wire as lists, as the vendor's client sends them", async () => {
    await counted.v3.rigs({ rig_class: "gas" });
    expect(server.seen.at(-1)!.json).toMatchObject({ rig_class: ["gas"] });
    await counted.v3.fracCrews({ frac_class: ["oil", "gas"] });
    expect(server.seen.at(-1)!.json).toMatchObject({ frac_class: ["oil", "gas"] });
    await counted.v3.completions({ completion_class: "oil" });
    expect(server.seen.at(-1)!.json).toMatchObject({ completion_class: ["oil"] });
  });

  it("new v3 endpoints send their documented parameters as lists and strings", async () => {
    await counted.v3.productionByWell({ api: 4247524259, production_month: 1, county: "Reeves" });
    expect(server.seen.at(-1)!.url).toMatch(/\/v3\/productionbywell$/);
    expect(server.seen.at(-1)!.json).toMatchObject({ api: [4247524259], production_month: [1], county: ["Reeves"] });
    await counted.v3.shortTermForecastDeclines({ modeled: "True" });
    expect(server.seen.at(-1)!.json).toMatchObject({ modeled: "True" });
  });
});

describe("v3 endpoints from the pages against the sandbox", () => {
  it("productionByWell refuses more than 1,000,000 rows with QueryTooLargeError naming its filters", async () => {
    const err = await onSandbox.v3.productionByWell().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryTooLargeError);
    expect((err as QueryTooLargeError).narrowWith).toEqual(expect.arrayContaining(["api", "county", "production_month", "sub_region"]));
    const narrow = await onSandbox.v3.productionByWell({ county: "Reeves", start_date: "2024-04-01" });
    expect(narrow.length).toBeGreaterThan(0);
  });

  it("GET endpoints answer records of their schema", async () => {
    const dates = await onSandbox.v3.shortTermForecastHistoryDates();
    expect(dates.records[0]).toEqual({ forecast_run_date: "2021-01-15" });
    expect(dates.records.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(String(r.forecast_run_date)))).toBe(true);
    const regions = await onSandbox.v3.regions();
    expect(regions.records.find((r) => r.county === "Reeves")).toMatchObject({ region: "west", state_ab: "TX", sub_region: "West - TX" });
    const ops = await onSandbox.v3.operatorClassification();
    expect(ops.records.some((r) => r.public_or_private === "private" && r.ticker === null)).toBe(true);
  });
});
