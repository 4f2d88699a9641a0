/**
 * One endpoint builder makes every client's methods from its catalog: a new catalog entry of any of
 * the three services' styles (a paged v3 envelope, a JSON array with the service's timestamps, an
 * old-API job) is a working method with no client code, and whole answers stay columns.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { buildEndpointMethods } from "../../src/client/endpoint-methods";
import { resetWarnings } from "../../src/client/warn-once";
import { Transport } from "../../src/decode";
import { LegacyLngClient, LEGACY_API, LegacyResult, LngClient, LNG_V1 } from "../../src/lng";
import { NatGasClient, NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { v4Datalinks } from "../../src/natgas/catalog";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

const TOKEN = "builder-test-token";
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => resetWarnings());

const transport = () => new Transport({ baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 0 }, { service: "test", baseUrlEnv: "UNSET_URL" });

/** Entries the clients do not have: each only data, in one of the three services' styles. */
const added = {
  wellCounts: {
    service: "natgas",
    version: "v3",
    method: "wellCounts",
    httpMethod: "POST",
    path: "/v3/wellcounts",
    decoder: "envelope-paged",
    params: [{ name: "region", type: { kind: "strArr" } }],
    record: { name: "natgas.v3.wellCounts", fields: [{ name: "date", type: "date" }, { name: "state_code", type: "string" }, { name: "wells", type: "int" }] },
    fieldAliases: { state_ab: "state_code" },
  },
  berthCalls: {
    service: "lng",
    version: "v1",
    method: "berthCalls",
    httpMethod: "POST",
    path: "/v1/berth_calls",
    decoder: "array",
    params: [{ name: "from_timestamp", type: { kind: "timestamp" } }],
    record: {
      name: "lng.v1.berthCalls",
      fields: [
        { name: "berthed_at", type: "timestamp" },
        { name: "volume", type: "float", unitField: "volume_unit" },
        { name: "volume_unit", type: "string" },
      ],
    },
  },
  cargoes: {
    service: "legacy",
    version: "legacy",
    method: "cargoes",
    httpMethod: "POST",
    path: "/api/v2/analysis_report",
    decoder: "job",
    fixedParams: { req_report: "cargoes" },
    legacySource: "overview",
    params: [{ name: "imos", type: { kind: "intArr", check: "imo" } }],
    record: { name: "legacy.cargoes", fields: [{ name: "imo", type: "int" }, { name: "start_date", type: "timestamp" }] },
  },
} as const satisfies Record<string, EndpointSpec & { legacySource?: string }>;

describe("a catalog entry is a client method", () => {
  it("a paged envelope entry: every page, aliases renamed and M/D/YYYY dates normalised on the columns", async () => {
    server.handle((req, res) => {
      const start = (req.json as { pagination: { start: number } }).pagination.start;
      const data = start === 0 ? [{ date: "3/7/2024", state_ab: "TX", wells: 4 }] : [{ date: "2024-03-08", state_ab: "NM", wells: null }];
      sendJson(res, 200, { data, pagination: { start, page_size: 1, total_count: 2 } });
    });
    const api = buildEndpointMethods(transport(), added, { warn: () => undefined });
    const result = await api.wellCounts({ region: "west" });
    expect(server.seen.map((s) => [s.url, s.json])).toEqual([
      ["/v3/wellcounts", { region: ["west"], pagination: { start: 0 } }],
      ["/v3/wellcounts", { region: ["west"], pagination: { start: 1 } }],
    ]);
    expect(result.isColumnar).toBe(true);
    expect(result.records).toEqual([
      { date: "2024-03-07", state_code: "TX", wells: 4 },
      { date: "2024-03-08", state_code: "NM", wells: null },
    ]);
    expect(result.meta).toMatchObject({ service: "natgas", apiVersion: "v3", endpoint: "wellCounts", pages: 2, rows: 2 });
    const batches = [];
    for await (const batch of api.stream.wellCounts({ region: "west" })) batches.push(batch);
    expect(batches).toEqual([[{ date: "2024-03-07", state_code: "TX", wells: 4 }], [{ date: "2024-03-08", state_code: "NM", wells: null }]]);
  });

  it("a JSON array entry: the service's timestamps made ISO 8601 UTC on the columns, a unit mixture warned", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, [
        { berthed_at: "2024-05-01 06:00:00.123456+00", volume: 1.5, volume_unit: "gas_Bcf" },
        { berthed_at: "2024-05-01 06:00:00.123456+00", volume: 2, volume_unit: "mcf" },
        { berthed_at: "soon", volume: null, volume_unit: "bcf" },
      ]),
    );
    const warnings: string[] = [];
    const api = buildEndpointMethods(transport(), added, { warn: (w) => warnings.push(w) });
    const result = await api.berthCalls({ from_timestamp: "2024-05-01" });
    expect(server.seen[0]).toMatchObject({ url: "/v1/berth_calls", json: { from_timestamp: "2024-05-01T00:00:00Z" } });
    expect(result.isColumnar).toBe(true);
    // The dictionary is mapped: each distinct timestamp is parsed once, not once per row.
    expect(result.columns().coded("berthed_at")!.dict).toEqual(["2024-05-01T06:00:00.123456Z", "soon"]);
    expect(result.records.map((r) => r.berthed_at)).toEqual(["2024-05-01T06:00:00.123456Z", "2024-05-01T06:00:00.123456Z", "soon"]);
    expect(warnings).toEqual([
      'lng.v1.berthCalls: berthed_at = "soon" is not a timestamp; kept as sent',
      "lng.v1.berthCalls: the records carry several volume units (gas_Bcf, mcf); each row keeps its own volume_unit: convert before adding volumes",
    ]);
  });

  it("a JSON array entry streamed: each batch shaped, a unit mixture across batches warned once", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, [
        { berthed_at: "2024-05-01 06:00:00+00", volume: 1.5, volume_unit: "gas_Bcf" },
        { berthed_at: "2024-05-02 06:00:00+00", volume: 1.5, volume_unit: "bcf" },
        { berthed_at: "2024-05-03 06:00:00+00", volume: 2, volume_unit: "mcf" },
      ]),
    );
    const warnings: string[] = [];
    const api = buildEndpointMethods(transport(), added, { warn: (w) => warnings.push(w) });
    const batches: unknown[][] = [];
    const seen: string[][] = [];
    for await (const batch of api.stream.berthCalls({}, { batchSize: 1 })) {
      batches.push(batch);
      seen.push([...warnings]);
    }
    expect(batches.map((b) => (b[0] as { berthed_at: string }).berthed_at)).toEqual([
      "2024-05-01T06:00:00.000Z",
      "2024-05-02T06:00:00.000Z",
      "2024-05-03T06:00:00.000Z",
    ]);
    // gas_Bcf and bcf are one unit: the warning comes with the batch that brings a second one.
    expect(seen.map((w) => w.length)).toEqual([0, 0, 1]);
    expect(warnings).toEqual([
      "lng.v1.berthCalls: the stream carries several volume units (gas_Bcf, mcf); each row keeps its own volume_unit: convert before adding volumes",
    ]);
  });

  it("a job entry: its fixed parameter sent first, the job unwrapped, its rows shaped", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { version: "2", state: "SUCCESS", job_id: "j-7", meta: { report_result: [{ imo: 9705641, start_date: "2024-01-03 10:00:00+00" }], code: 200 } }),
    );
    const api = buildEndpointMethods(transport(), added, { warn: () => undefined });
    const result = await api.cargoes({ imos: 9705641 });
    expect(server.seen[0]!.body).toBe('{"req_report":"cargoes","imos":[9705641]}');
    expect(result.records).toEqual([{ imo: 9705641, start_date: "2024-01-03T10:00:00.000Z" }]);
    expect(result.meta).toMatchObject({ service: "legacy", endpoint: "cargoes", rows: 1, params: { req_report: "cargoes", imos: [9705641] } });
  });
});

describe("the clients are their catalogs", () => {
  it("every entry of each catalog is a method of its client, named by the entry, and there are no others", () => {
    const options = { baseUrl: server.url, token: TOKEN, progress: false as const };
    const natgas = new NatGasClient(options);
    const lng = new LngClient(options);
    const legacy = new LegacyLngClient(options);
    const methods = (target: object) =>
      Object.entries(target)
        .filter(([, v]) => typeof v === "function")
        .map(([k]) => k)
        .sort();
    const named = (catalog: Record<string, EndpointSpec>) => Object.values(catalog).map((s) => s.method).sort();
    expect(methods(natgas.v3)).toEqual(named(NATGAS_V3));
    expect(methods(natgas.v3.stream)).toEqual(named(NATGAS_V3));
    // queryDatalinks is v4's one method written by hand (its SQL is checked before sending), from its own entry.
    expect(methods(natgas.v4)).toEqual([...named(NATGAS_V4), ...named(v4Datalinks)].sort());
    expect(methods(lng)).toEqual(named(LNG_V1));
    expect(methods(lng.stream)).toEqual(named(LNG_V1));
    expect(methods(legacy)).toEqual(named(LEGACY_API));
  });

  it("an LNG whole call keeps its columns: no detour through row objects", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, [
        { timestamp: "2024-05-01 00:00:00+00", volume: 1, count: 1, volume_unit: "gas_Bcf", volume_std: 0, count_std: 0 },
        { timestamp: "2024-05-02T00:00:00Z", volume: 2, count: 1, volume_unit: "gas_Bcf", volume_std: 0, count_std: 0 },
      ]),
    );
    const lng = new LngClient({ baseUrl: server.url, token: TOKEN, progress: false, checkNames: false });
    const flows = await lng.volumeFlows();
    expect(flows.isColumnar).toBe(true);
    expect(flows.columns().values("timestamp")).toEqual(["2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z"]);
    expect(flows.meta).toMatchObject({ service: "lng", apiVersion: "v1", endpoint: "volumeFlows", rows: 2 });
  });

  it("an old-API call is a LegacyResult carrying its job, and its report-less methods take only options", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { version: "2", state: "SUCCESS", job_id: "j-1", meta: { report_result: { summary: { lng_fleet_size: 2, datetime: "2024-05-01 00:00:00" } } } }),
    );
    const legacy = new LegacyLngClient({ baseUrl: server.url, token: TOKEN, progress: false });
    const status = await legacy.liveStatus({ signal: AbortSignal.timeout(60_000) });
    expect(status).toBeInstanceOf(LegacyResult);
    expect(status.job).toMatchObject({ state: "SUCCESS", job_id: "j-1" });
    expect(status.source).toBe("live_status");
    // The summary's other catalog fields were not sent: null in the row (schema drift, warned once).
    expect(status.records).toMatchObject([{ lng_fleet_size: 2, datetime: "2024-05-01T00:00:00.000Z", lng_volume: null }]);
    expect(status.meta.drift?.missing).toContain("lng_volume");
    expect(server.seen[0]).toMatchObject({ method: "GET", url: "/api/v2/live_status" });
  });
});
