/**
 * Aggregated v3 rows carry their group columns named by the dimension: against the sandbox over HTTP
 * on 127.0.0.1 (productionbycountyandoperator's aggregate_by / aggregate_by_filter_value get a `region`
 * column, rigs by region lists region and no county), a small server sending odd group values, and
 * the record types.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { NatGasClient } from "../../src/natgas";
import { DataError } from "../../src/errors";
import type { Result } from "../../src/table/result";
import { rawPost } from "../helpers/raw-post";
import { listenLocal } from "../helpers/listen-local";

const TOKEN = "aggregated-columns-test-token";
let sandbox: SandboxHandle;
let ng: NatGasClient;
const quiet = (): void => {};

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4, asOf: "2024-06-15", pageSize: 5000 });
  ng = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: TOKEN, progress: false, warn: quiet });
});
afterAll(async () => {
  await sandbox.close();
});

const window = { start_date: "2024-01-01", end_date: "2024-03-31", state_code: ["TX", "LA"] };

describe("productionbycountyandoperator aggregated rows", () => {
  it("get a region column holding aggregate_by_filter_value, the service's two columns kept", async () => {
    const res = await ng.v3.productionByCountyAndOperator({ ...window, aggregate_by: ["region"] });
    const wire = (await rawPost<{ data: Record<string, unknown>[] }>(`${sandbox.natgasUrl}/v3/productionbycountyandoperator`, { ...window, aggregate_by: ["region"] })).data;
    expect(res.names).toEqual(["region", "aggregate_by", "aggregate_by_filter_value", "date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"]);
    expect(res.length).toBe(wire.length);
    expect(res.column("region")).toEqual(wire.map((r) => r.aggregate_by_filter_value));
    expect(res.column("aggregate_by_filter_value")).toEqual(wire.map((r) => r.aggregate_by_filter_value));
    expect(new Set(res.column("aggregate_by"))).toEqual(new Set(["region"]));
    expect(res.toFrame().column("region").values).toEqual(wire.map((r) => r.aggregate_by_filter_value));
  });

  it("two dimensions give two columns, named by the record's fields", async () => {
    const res = await ng.v3.productionByCountyAndOperator({ ...window, aggregate_by: ["region", "operator"] });
    expect(res.length).toBeGreaterThan(5);
    for (const r of res) {
      expect(`${r.region},${r.operator_name}`).toBe(r.aggregate_by_filter_value);
      expect(r.aggregate_by).toBe("region,operator");
    }
  });

  it("streamed batches carry the column too", async () => {
    const rows: Record<string, unknown>[] = [];
    for await (const batch of ng.v3.stream.productionByCountyAndOperator({ ...window, aggregate_by: "state_code" })) rows.push(...batch);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.state_code)).toEqual(rows.map((r) => r.aggregate_by_filter_value));
  });
});

describe("other aggregated endpoints carry the group columns asked for, as the types say", () => {
  it("rigs by region: rows with region, no county", async () => {
    const res = await ng.v3.rigs({ start_date: "2024-02-01", end_date: "2024-02-03", aggregate_by: ["region"] });
    expect(Object.keys(res.get(0)).sort()).toEqual(["date", "region", "rigs_count"]);
    expect(res.names).toEqual(["region", "date", "rigs_count"]);
    const byDate = await ng.v3.rigs({ start_date: "2024-02-01", end_date: "2024-02-03", aggregate_by: "date" });
    expect(Object.keys(byDate.get(0)).sort()).toEqual(["date", "rigs_count"]);
    expect(byDate.names).toEqual(["date", "rigs_count"]);
  });
});

describe("group values that do not split", () => {
  let server: Server;
  let answer: Record<string, unknown>[] = [];
  let client: NatGasClient;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ data: answer, pagination: { start: 0, page_size: 5000, total_count: answer.length } }));
      });
    });
    const port = await listenLocal(server);
    client = new NatGasClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, progress: false, warn: quiet, maxRetries: 0, checkNames: false });
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const row = (by: unknown, value: unknown): Record<string, unknown> => ({ aggregate_by: by, aggregate_by_filter_value: value, date: "2024-01-01", gas_daily: 1, gas_monthly: 31, oil_daily: null, oil_monthly: null, water_daily: null, water_monthly: null });

  it("an operator name holding commas stays whole", async () => {
    answer = [row("region,operator", "west,Acme Energy, Inc.")];
    const res = await client.v3.productionByCountyAndOperator({ start_date: "2024-01-01", aggregate_by: ["region", "operator"] });
    expect(res.get(0)).toMatchObject({ region: "west", operator_name: "Acme Energy, Inc." });
  });

  it("a value that does not split into the dimensions is a DataError naming the row", async () => {
    answer = [row("region", "west"), row("region,state_code", "west")];
    const err = await client.v3.productionByCountyAndOperator({ start_date: "2024-01-01", aggregate_by: ["region", "state_code"] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(String((err as Error).message)).toMatch(/row 1/);
  });

  it("a group that is not text is a DataError, not a crash", async () => {
    answer = [row(7, { a: 1 })];
    await expect(client.v3.productionByCountyAndOperator({ start_date: "2024-01-01", aggregate_by: "region" })).rejects.toBeInstanceOf(DataError);
  });
});

describe("record types", () => {
  it("say which group columns aggregated rows carry", () => {
    const prod = (c: NatGasClient) => c.v3.productionByCountyAndOperator({ region: "west", aggregate_by: ["region"] });
    type Prod = Awaited<ReturnType<typeof prod>> extends Result<infer R> ? R : never;
    expectTypeOf<Prod["region"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Prod["aggregate_by_filter_value"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Prod["gas_daily"]>().toEqualTypeOf<number | null>();
    expectTypeOf<keyof Prod>().toEqualTypeOf<"aggregate_by" | "aggregate_by_filter_value" | "region" | "date" | "gas_daily" | "gas_monthly" | "oil_daily" | "oil_monthly" | "water_daily" | "water_monthly">();
    const rigs = (c: NatGasClient) => c.v3.rigs({ aggregate_by: ["region", "operator"] });
    type Rig = Awaited<ReturnType<typeof rigs>> extends Result<infer R> ? R : never;
    expectTypeOf<keyof Rig>().toEqualTypeOf<"region" | "operator_name" | "date" | "rigs_count">();
    expect([prod, rigs]).toHaveLength(2);
  });
});
