import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { get, post, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startLngSandbox();
});
afterAll(() => sandbox.close());

async function refused(path: string, body: unknown, message: RegExp): Promise<void> {
  const a = await post<{ error: string }>(`${sandbox.lngUrl}${path}`, body);
  expect(a.status, `${path} ${JSON.stringify(body)}`).toBe(400);
  expect(a.body.error, `${path} ${JSON.stringify(body)}`).toMatch(message);
}

describe("LNG v1 refusals", () => {
  it("refuses a parameter the spec's table marks 'no' for the endpoint", async () => {
    const cases: Array<[string, Row]> = [
      ["/v1/volume_flows", { imos: [9074729] }],
      ["/v1/volume_flows", { loading_origin_countries: ["Qatar"] }],
      ["/v1/volume_flows/history", { destination_terminal_ids: ["reg-nl-gate"] }],
      ["/v1/volume_flows/history", { origin_terminal_ids: ["liq-us-sabine-pass"] }],
      ["/v1/volume_flows/history", { forecast_run_at: "2025-03-01T00:00:00Z" }],
      ["/v1/volume_flows/history", { imos: [9074729] }],
      ["/v1/transactions/forecast/history/details", { from_timestamp: "2025-01-01", forecast_run_at: "2025-03-01" }],
      ["/v1/transactions/forecast/history/details", { destination_terminal_ids: ["reg-nl-gate"], forecast_run_at: "2025-03-01" }],
    ];
    for (const [path, body] of cases) await refused(path, body, new RegExp(`"${Object.keys(body)[0]}" is not accepted by ${path.replace(/\//g, "\\/")}`));
  });

  it("ignores null parameters, known or not, as the Python client sends them", async () => {
    const a = await post<Row[]>(`${sandbox.lngUrl}/v1/volume_flows/history`, {
      imos: null, destination_terminal_ids: null, forecast_run_at: null, some_future_field: null,
      from_timestamp: "2025-02-27T00:00:00Z", to_timestamp: "2025-02-28T00:00:00Z",
    });
    expect(a.status).toBe(200);
    expect(a.body.length).toBeGreaterThan(0);
  });

  it("refuses unknown parameters, wrong types, bad timestamps and bad polygons, naming them", async () => {
    await refused("/v1/volume_flows", { destination: "Japan" }, /unknown parameter "destination"/);
    await refused("/v1/volume_flows", { destination_countries: 5 }, /destination_countries expects a list of strings/);
    await refused("/v1/transactions", { imos: ["9074729"] }, /imos expects a list of integers/);
    await refused("/v1/transactions", { imos: [9.5] }, /imos expects a list of integers/);
    await refused("/v1/volume_flows", { transaction_type: "transfer" }, /transaction_type expects "loading" or "offloading"/);
    await refused("/v1/volume_flows", { from_timestamp: "yesterday" }, /from_timestamp expects a UTC ISO 8601 timestamp/);
    await refused("/v1/volume_flows", { to_timestamp: "2025-02-30T00:00:00Z" }, /to_timestamp/);
    await refused("/v1/volume_flows", { from_timestamp: 20250101 }, /from_timestamp/);
    await refused("/v1/volume_flows", { from_timestamp: "2025-02-01", to_timestamp: "2025-01-01" }, /to_timestamp .* is before from_timestamp/);
    await refused("/v1/volume_flows", { destination_polygons: [[[[0, 0], [1, 0], [1, 1], [0, 1]]]] }, /destination_polygons: polygon 0 ring 0: ring is not closed/);
    await refused("/v1/volume_flows", { origin_polygons: "Japan" }, /origin_polygons: expected a list of polygons/);
    await refused("/v1/vessels", { vessel_types: [1] }, /vessel_types expects a list of strings/);
    await refused("/v1/transactions/forecast/forecast_run_at_timestamps", { imos: [1] }, /"imos" is not accepted/);
  });

  it("requires forecast_run_at for forecast details and checks it is a run", async () => {
    await refused("/v1/transactions/forecast/history/details", {}, /forecast_run_at is required.*latest: "2025-03-01 00:00:00\+00"/);
    await refused("/v1/transactions/forecast/history/details", { forecast_run_at: "2019-01-01" }, /not a forecast run; the nearest run is "2024-12-02 00:00:00\+00"/);
  });

  it("refuses a body that is not a JSON object, and malformed JSON", async () => {
    await refused("/v1/transactions", "[1, 2]", /must be a JSON object/);
    await refused("/v1/transactions", "42", /must be a JSON object/);
    const a = await post(`${sandbox.lngUrl}/v1/transactions`, "{not json");
    expect(a.status).toBe(400);
  });

  it("answers 405 for GET on POST endpoints, 404 for unknown paths, 401 without a token", async () => {
    expect((await get(`${sandbox.lngUrl}/v1/volume_flows`)).status).toBe(405);
    expect((await get(`${sandbox.lngUrl}/v1/transactions`)).status).toBe(405);
    expect((await post(`${sandbox.lngUrl}/v1/nothing`, {})).status).toBe(404);
    expect((await post(`${sandbox.lngUrl}/v2/volume_flows`, {})).status).toBe(404);
    const res = await fetch(`${sandbox.lngUrl}/v1/volume_flows`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
  });

  it("tolerates doubled slashes in paths", async () => {
    const a = await post<Row[]>(`${sandbox.lngUrl}//v1/volume_flows`, { from_timestamp: "2025-02-01", to_timestamp: "2025-02-03" });
    expect(a.status).toBe(200);
    expect(a.body.length).toBe(2);
  });
});
