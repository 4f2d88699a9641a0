import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { callEndpoint, streamEndpoint } from "../../src/client/call-endpoint";
import { resetWarnings } from "../../src/client/warn-once";
import { BadRequestError, InvalidParamsError, QueryTooLargeError } from "../../src/errors";
import { FetchTransport } from "./fetch-transport";
import { listenLocal } from "../helpers/listen-local";

const rigs = {
  service: "natgas",
  version: "v3",
  method: "rigs",
  httpMethod: "POST",
  path: "/v3/rigs",
  decoder: "envelope",
  params: [
    { name: "aggregate_by", type: { kind: "strArr", values: ["county", "date"] } },
    { name: "region", type: { kind: "strArr" } },
    { name: "rig_class", type: { kind: "str", values: ["oil", "gas"] } },
  ],
  record: { name: "t.rigs", fields: [{ name: "date", type: "date" }, { name: "county", type: "string" }, { name: "state_code", type: "string" }] },
  aggregatedRecord: { name: "t.rigs.aggregated", fields: [{ name: "county", type: "string" }, { name: "date", type: "date" }, { name: "rigs_count", type: "int" }] },
  warnUnfiltered: true,
  deprecated: "use natgas.v4.rigs",
  rowLimit: 1_000_000,
} as const satisfies EndpointSpec;

let server: Server;
let transport: FetchTransport;
const received: { url: string; body: unknown }[] = [];

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = (await readBody(req)) as Record<string, unknown> | undefined;
    received.push({ url: req.url!, body });
    res.setHeader("content-type", "application/json");
    if (body?.region && (body.region as string[]).includes("Everywhere")) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: "query matches 2,500,000 rows, more than the 1,000,000-row limit; add filters" }));
      return;
    }
    if (body?.region && (body.region as string[]).includes("Nowhere")) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: "unknown parameter nowhere" }));
      return;
    }
    const data = body?.aggregate_by
      ? [
          { county: "Reeves", date: "3/7/2024", rigs_count: 4 },
          { county: "Loving", date: "12/31/2023", rigs_count: null },
        ]
      : [
          { date: "2024-03-07", county: "Reeves", state_ab: "TX" },
          { date: null, county: null, state_ab: null },
          { date: "2024-03-08", county: "Ward", state_ab: "TX" },
        ];
    res.end(JSON.stringify({ data }));
  });
  await listenLocal(server);
  transport = new FetchTransport(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  resetWarnings();
});

describe("callEndpoint", () => {
  it("validates, sends the normalised body and types the records by the schema", async () => {
    const result = await callEndpoint(transport, rigs, { region: "west", rig_class: "gas" }, { warn: () => {}, fieldAliases: { state_ab: "state_code" } });
    expect(received).toEqual([{ url: "/v3/rigs", body: { region: ["west"], rig_class: "gas" } }]);
    expect(result.schema).toBe(rigs.record);
    expect(result.records).toEqual([
      { date: "2024-03-07", county: "Reeves", state_code: "TX" },
      { date: null, county: null, state_code: null },
      { date: "2024-03-08", county: "Ward", state_code: "TX" },
    ]);
    expect(result.meta.params).toEqual({ region: ["west"], rig_class: "gas" });
    expect(result.meta.endpoint).toBe("rigs");
  });

  it("uses the aggregated schema and turns M/D/YYYY dates into YYYY-MM-DD, keeping nulls", async () => {
    const result = await callEndpoint(transport, rigs, { aggregate_by: ["county", "date"], region: ["west"] }, { warn: () => {} });
    // Grouped by county and the date: the aggregated record's fields, as the catalog orders them.
    expect(result.schema).toEqual(rigs.aggregatedRecord);
    expect(result.records).toEqual([
      { county: "Reeves", date: "2024-03-07", rigs_count: 4 },
      { county: "Loving", date: "2023-12-31", rigs_count: null },
    ]);
  });

  it("sends nothing when the parameters are invalid", async () => {
    await expect(callEndpoint(transport, rigs, { rig_class: "coal", regoin: "west" })).rejects.toBeInstanceOf(InvalidParamsError);
    expect(received).toHaveLength(0);
  });

  it("warns once that the endpoint is deprecated and once that an unfiltered query is slow", async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    await callEndpoint(transport, rigs, {}, { warn });
    await callEndpoint(transport, rigs, { aggregate_by: "county" }, { warn });
    await callEndpoint(transport, rigs, { region: "west" }, { warn });
    // This test's record says state_code where the rows say state_ab: that drift is warned too, once each way.
    const drift = warnings.filter((w) => w.startsWith("t.rigs: the service sent"));
    expect(drift).toEqual([
      "t.rigs: the service sent field the catalog does not know (state_ab); kept as sent",
      "t.rigs: the service sent no state_code, which the catalog lists; it is null in every row",
    ]);
    warnings.splice(0, warnings.length, ...warnings.filter((w) => !drift.includes(w)));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe("natgas.v3.rigs is deprecated: use natgas.v4.rigs");
    expect(warnings[1]).toMatch(/no filters.*can take very long.*region, rig_class/);
  });

  it("turns the 1,000,000-row refusal into QueryTooLargeError naming the filters", async () => {
    const err = await callEndpoint(transport, rigs, { region: "Everywhere" }, { warn: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryTooLargeError);
    const tooLarge = err as QueryTooLargeError;
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.narrowWith).toEqual(["region", "rig_class"]);
    expect(tooLarge.serviceMessage).toContain("1,000,000");
    expect(tooLarge.cause).toBeInstanceOf(BadRequestError);
  });

  it("leaves other 400s as BadRequestError", async () => {
    const err = await callEndpoint(transport, rigs, { region: "Nowhere" }, { warn: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).not.toBeInstanceOf(QueryTooLargeError);
  });
});

describe("streamEndpoint", () => {
  it("validates when called, before iterating", () => {
    expect(() => streamEndpoint(transport, rigs, { rig_class: "coal" })).toThrow(InvalidParamsError);
    expect(received).toHaveLength(0);
  });

  it("yields normalised batches and returns the meta", async () => {
    const gen = streamEndpoint(transport, rigs, { aggregate_by: "date", region: "west" }, { warn: () => {}, batchSize: 1 });
    const batches: unknown[][] = [];
    let step = await gen.next();
    while (!step.done) {
      batches.push(step.value);
      step = await gen.next();
    }
    expect(batches).toEqual([[{ county: "Reeves", date: "2024-03-07", rigs_count: 4 }], [{ county: "Loving", date: "2023-12-31", rigs_count: null }]]);
    expect(step.value.endpoint).toBe("rigs");
  });

  it("surfaces the row-limit refusal as QueryTooLargeError", async () => {
    const gen = streamEndpoint(transport, rigs, { region: "Everywhere" }, { warn: () => {} });
    await expect(gen.next()).rejects.toBeInstanceOf(QueryTooLargeError);
  });
});

describe("callEndpoint on a GET endpoint", () => {
  const runs = {
    service: "lng",
    version: "v1",
    method: "runs",
    httpMethod: "GET",
    path: "/v1/runs",
    decoder: "array",
    params: [
      { name: "from_timestamp", type: { kind: "timestamp" } },
      { name: "imos", type: { kind: "intArr" } },
    ],
    record: { name: "t.runs", fields: [] },
  } as const satisfies EndpointSpec;

  it("sends the validated parameters in the query string, not silently dropped", async () => {
    const { Transport } = await import("../../src/decode");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const real = new Transport({ baseUrl: base, token: "t0ken-get", progress: false }, { service: "lng", baseUrlEnv: "UNUSED_ENV" });
    await callEndpoint(real, runs, { from_timestamp: "2024-01-02", imos: [9321483, 9321495] }, { warn: () => {} }).catch(() => undefined);
    expect(received).toHaveLength(1);
    const url = new URL(received[0]!.url, base);
    expect(url.pathname).toBe("/v1/runs");
    expect(url.searchParams.get("imos")).toBe("9321483,9321495");
    expect(url.searchParams.get("from_timestamp")).toMatch(/^2024-01-02T00:00:00/);
  });
});
