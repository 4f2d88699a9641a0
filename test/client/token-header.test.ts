/**
 * Each API gets the token in the header its documentation names: natural gas v3 and the old LNG API in
 * `access_key` (the vendor's Python client), natural gas v4 and LNG v1 in `Access-Key` (LNG v1: the
 * `securitySchemes` of the vendor's OpenAPI document in its Python client's wheel; an underscore
 * header is dropped by nginx by default, so sending it to an API that documents the other would fail).
 * One natural gas client sends both, by path; `tokenHeader` overrides all; a 401 names the header sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_KEY_HEADER, LEGACY_ACCESS_KEY_HEADER, tokenHeaderFor, tokenHeaderForPath } from "../../src/catalog/token-headers";
import { NATGAS_SERVICE } from "../../src/client/services";
import { AuthenticationError } from "../../src/errors";
import { Transport } from "../../src/decode";
import { LegacyLngClient, LngClient } from "../../src/lng";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { sendJson, startServer, type SeenRequest, type TestServer } from "../http/helpers/test-server";

const TOKEN = "header-test-token-7f3a9c";
const quiet = { token: TOKEN, progress: false, maxRetries: 0, warn: () => undefined } as const;
let server: TestServer;

/** Answers every API's empty answer, in its own shape. */
function answerEmpty(req: SeenRequest, res: Parameters<Parameters<TestServer["handle"]>[0]>[1]): void {
  if (req.url.startsWith("/api/v2")) sendJson(res, 200, { state: "SUCCESS", meta: { report_result: [] } });
  else if (req.url.startsWith("/v3")) sendJson(res, 200, { data: [], pagination: { start: 0, page_size: 10, total_count: 0 } });
  else sendJson(res, 200, []);
}

/** The token headers a request carried (`access_key`, `access-key`, anything else holding the token). */
function tokenHeadersOf(req: SeenRequest): string[] {
  return Object.entries(req.headers)
    .filter(([, v]) => v === TOKEN)
    .map(([k]) => k);
}

beforeAll(async () => {
  server = await startServer(answerEmpty);
});
afterAll(() => server.close());

describe("the header of each API", () => {
  it("is looked up by service and version, and by path for requests without a catalog entry", () => {
    expect(tokenHeaderFor("natgas", "v3")).toBe("access_key");
    expect(tokenHeaderFor("natgas", "v4")).toBe("Access-Key");
    expect(tokenHeaderFor("lng", "v1")).toBe("Access-Key");
    expect(tokenHeaderFor("legacy", "legacy")).toBe("access_key");
    expect(tokenHeaderForPath("natgas", "/v3/rigs")).toBe(LEGACY_ACCESS_KEY_HEADER);
    expect(tokenHeaderForPath("natgas", "//v4/regions")).toBe(ACCESS_KEY_HEADER);
    expect(tokenHeaderForPath("lng", "/v1/transactions/forecast")).toBe(ACCESS_KEY_HEADER);
    expect(tokenHeaderForPath("legacy", "/api/v2/live_status")).toBe(LEGACY_ACCESS_KEY_HEADER);
  });

  it("one natural gas client sends access_key to /v3 and Access-Key to /v4", async () => {
    server.handle(answerEmpty);
    const ng = new NatGasClient({ ...quiet, baseUrl: server.url, checkNames: false });
    await ng.v3.rigs({ region: "west" });
    await ng.v4.rigs({ county: ["REEVES"] });
    await ng.v3.rigs({ region: "west" });
    expect(server.seen.map((s) => [s.url, tokenHeadersOf(s)])).toEqual([
      ["/v3/rigs", ["access_key"]],
      ["/v4/rigs", ["access-key"]],
      ["/v3/rigs", ["access_key"]],
    ]);
  });

  it("LNG v1 sends Access-Key, the old LNG API access_key", async () => {
    server.handle(answerEmpty);
    await new LngClient({ ...quiet, baseUrl: server.url, checkNames: false }).vessels();
    await new LegacyLngClient({ ...quiet, baseUrl: server.url }).liveStatus();
    expect(server.seen.map((s) => [s.url.split("?")[0], tokenHeadersOf(s)])).toEqual([
      ["/v1/vessels", ["access-key"]],
      ["/api/v2/live_status", ["access_key"]],
    ]);
  });

  it("every LNG v1 endpoint, GET ones included, sends Access-Key: the header the vendor's OpenAPI document names", async () => {
    // synmax-api-python-client 4.6.0, synmax/leviaton/v1/openapi.yaml: securitySchemes.ApiKeyAuth, in: header, name: Access-Key.
    server.handle(answerEmpty);
    const lng = new LngClient({ ...quiet, baseUrl: server.url, checkNames: false });
    await lng.forecastRunAtTimestamps();
    await lng.terminals();
    await lng.vesselsHistory();
    expect(server.seen.map((s) => [s.method, s.url.split("?")[0], tokenHeadersOf(s)])).toEqual([
      ["GET", "/v1/forecast_run_at_timestamps", ["access-key"]],
      ["POST", "/v1/terminals", ["access-key"]],
      ["POST", "/v1/vessels/history", ["access-key"]],
    ]);
  });

  it("a request built outside the catalog (the name lists) gets its service's header for its path", async () => {
    server.handle(answerEmpty);
    const t = new Transport({ ...quiet, baseUrl: server.url }, NATGAS_SERVICE);
    await t.fetchRecords({ endpoint: "regions", httpMethod: "GET", path: "/v4/regions", response: "array" });
    await t.fetchRecords({ endpoint: "dtils", httpMethod: "GET", path: "/v3/dtils", response: "envelope" });
    expect(server.seen.map(tokenHeadersOf)).toEqual([["access-key"], ["access_key"]]);
  });

  it("tokenHeader overrides every API's header", async () => {
    server.handle(answerEmpty);
    const ng = new NatGasClient({ ...quiet, baseUrl: server.url, checkNames: false, tokenHeader: "X-Team-Key" });
    await ng.v3.rigs({ region: "west" });
    await ng.v4.rigs({ county: ["REEVES"] });
    await new LngClient({ ...quiet, baseUrl: server.url, checkNames: false, tokenHeader: "X-Team-Key" }).vessels();
    await new LegacyLngClient({ ...quiet, baseUrl: server.url, tokenHeader: "X-Team-Key" }).liveStatus();
    expect(server.seen.map(tokenHeadersOf)).toEqual([["x-team-key"], ["x-team-key"], ["x-team-key"], ["x-team-key"]]);
  });
});

describe("a 401", () => {
  it("names the header the token was sent in, never the token", async () => {
    server.handle((req, res) => sendJson(res, 401, { error: `no valid key (got ${tokenHeadersOf(req).join(", ") || "none"})` }));
    const ng = new NatGasClient({ ...quiet, baseUrl: server.url, checkNames: false });
    const v3 = await ng.v3.rigs({ region: "west" }).catch((e: unknown) => e);
    const v4 = await ng.v4.rigs({ county: ["REEVES"] }).catch((e: unknown) => e);
    const custom = await new NatGasClient({ ...quiet, baseUrl: server.url, checkNames: false, tokenHeader: "X-Team-Key" }).v4.rigs({ county: ["REEVES"] }).catch((e: unknown) => e);
    for (const [err, header] of [
      [v3, "access_key"],
      [v4, "Access-Key"],
      [custom, "X-Team-Key"],
    ] as const) {
      expect(err).toBeInstanceOf(AuthenticationError);
      expect((err as Error).message).toContain(`it was sent in the header ${header};`);
      expect(`${String(err)} ${JSON.stringify(err)}`).not.toContain(TOKEN);
      expect(`${String(err)} ${JSON.stringify(err)}`).not.toContain(TOKEN.slice(7, 14));
    }
  });
});

describe("the sandbox", () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ asOf: "2025-06-15", tokens: [TOKEN] });
  });
  afterAll(() => sandbox.close());

  it("accepts the token in each API's own header, and refuses a wrong token in either", async () => {
    const ng = new NatGasClient({ ...quiet, baseUrl: sandbox.natgasUrl, checkNames: false });
    expect((await ng.v3.longTermForecast()).meta.rows).toBeGreaterThan(0);
    expect((await ng.v4.longTermForecast()).meta.rows).toBeGreaterThan(0);
    expect((await new LngClient({ ...quiet, baseUrl: sandbox.lngUrl, checkNames: false }).vessels()).meta.rows).toBeGreaterThan(0);
    for (const header of ["access_key", "Access-Key"]) {
      for (const path of ["/v3/longtermforecast", "/v4/longtermforecast"]) {
        const good = await fetch(`${sandbox.natgasUrl}${path}`, { method: "POST", headers: { [header]: TOKEN, "content-type": "application/json" }, body: "{}" });
        expect(good.status, `${header} ${path}`).toBe(200);
        await good.arrayBuffer();
        const bad = await fetch(`${sandbox.natgasUrl}${path}`, { method: "POST", headers: { [header]: "not-the-token", "content-type": "application/json" }, body: "{}" });
        expect(bad.status, `${header} ${path}`).toBe(401);
        await bad.arrayBuffer();
      }
    }
  });
});
