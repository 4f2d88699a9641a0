/**
 * The transaction endpoints of the published reference, over raw HTTP: /v1/transactions (historic and
 * forecast), /v1/transactions/history (observed only) and /v1/transactions/details (forecast details
 * with scores, forecast_run_at optional). The spec's /v1/transactions/forecast/history/details stays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { AS_OF_MS, DAY, ms, post, rows, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let url: (path: string) => string;
const LATEST_RUN = "2025-03-01 00:00:00+00";
const WINDOW = { from_timestamp: "2025-02-01T00:00:00Z", to_timestamp: "2025-04-01T00:00:00Z" };

beforeAll(async () => {
  sandbox = await startLngSandbox();
  url = (path) => `${sandbox.lngUrl}${path}`;
});
afterAll(() => sandbox.close());

/** Of records sharing imo and transaction_number, the one with the highest route_score (the first on a tie). */
function mostLikely(forecast: Row[]): Row[] {
  const best = new Map<string, Row>();
  for (const r of forecast) {
    const key = `${r.imo}:${r.transaction_number}`;
    if (!best.has(key) || r.route_score > best.get(key)!.route_score) best.set(key, r);
  }
  return forecast.filter((r) => best.get(`${r.imo}:${r.transaction_number}`) === r);
}

const TRANSACTION_FIELDS = (r: Row) => {
  const { score: _s, route_score: _r, route_score_weighted_volume: _w, ...rest } = r;
  return rest;
};

describe("/v1/transactions: historic and forecast transactions", () => {
  it("answers the observed transactions, then the latest run's most likely forecast of each transaction", async () => {
    const all = await rows(url("/v1/transactions"), WINDOW);
    const history = await rows(url("/v1/transactions/history"), WINDOW);
    // The most likely route is chosen over the whole run, then the window applies: an alternative whose
    // main route lies outside the window is never answered in its place.
    const forecast = await rows(url("/v1/transactions/forecast"), {});
    const inWindow = (r: Row) => ms(r.destination_timestamp) >= ms(WINDOW.from_timestamp) && ms(r.destination_timestamp) < ms(WINDOW.to_timestamp);
    const expected = mostLikely(forecast).filter(inWindow);
    expect(history.length).toBeGreaterThan(50);
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.length).toBeLessThan(forecast.filter(inWindow).length);
    expect(all).toEqual([...history, ...expected.map(TRANSACTION_FIELDS)]);
  });

  it("tells the two apart by forecasted_transaction and forecast_run_at; observed before asOf, forecasts after", async () => {
    const all = await rows(url("/v1/transactions"), {});
    const observed = all.filter((r) => r.forecasted_transaction === false);
    const forecast = all.filter((r) => r.forecasted_transaction === true);
    expect(observed.length + forecast.length).toBe(all.length);
    expect(observed.every((r) => r.forecast_run_at === null && ms(r.destination_timestamp) < AS_OF_MS)).toBe(true);
    expect(forecast.every((r) => r.forecast_run_at === LATEST_RUN && ms(r.destination_timestamp) > AS_OF_MS)).toBe(true);
    expect(Math.max(...forecast.map((r) => ms(r.destination_timestamp)))).toBeLessThanOrEqual(AS_OF_MS + 90 * DAY);
    expect(forecast.length).toBeGreaterThan(100);
    expect(all.findIndex((r) => r.forecasted_transaction === true)).toBe(observed.length);
    expect(new Set(forecast.map((r) => `${r.imo}:${r.transaction_number}`)).size).toBe(forecast.length);
    expect(forecast.every((r) => !("route_score" in r))).toBe(true);
  });

  it("filters both parts alike", async () => {
    const body = { destination_country_codes: ["JP"], transaction_type: "offloading" };
    const got = await rows(url("/v1/transactions"), body);
    expect(got.some((r) => r.forecasted_transaction) && got.some((r) => !r.forecasted_transaction)).toBe(true);
    expect(got.every((r) => r.destination_country_code === "JP" && r.transaction_type === "offloading")).toBe(true);
  });

  it("takes the published page's parameters: no destination_terminal_ids, no forecast_run_at", async () => {
    for (const path of ["/v1/transactions", "/v1/transactions/history"]) {
      for (const body of [{ destination_terminal_ids: ["reg-nl-gate"] }, { forecast_run_at: "2025-03-01" }]) {
        const a = await post<{ error: string }>(url(path), body);
        expect(a.status).toBe(400);
        expect(a.body.error).toContain(`"${Object.keys(body)[0]}" is not accepted by ${path}`);
      }
    }
  });
});

describe("/v1/transactions/details: forecast details with scores", () => {
  it("without forecast_run_at, the latest run's details, every alternative with its scores (mcf)", async () => {
    const details = await rows(url("/v1/transactions/details"), WINDOW);
    const forecast = await rows(url("/v1/transactions/forecast"), WINDOW);
    expect(details.length).toBe(forecast.length);
    expect(details.every((r) => r.forecast_run_at === LATEST_RUN && r.volume_unit === "mcf" && typeof r.route_score === "number")).toBe(true);
    expect(details.map((r) => r.route_score)).toEqual(forecast.map((r) => r.route_score));
    expect(details.every((r) => typeof r.vessel_name === "string")).toBe(true);
  });

  it("with forecast_run_at, that run: the spec's history details of the run, within the time window", async () => {
    const run = "2025-02-10T00:00:00Z";
    const window = { from_timestamp: "2025-02-15T00:00:00Z", to_timestamp: "2025-03-15T00:00:00Z" };
    const details = await rows(url("/v1/transactions/details"), { forecast_run_at: run, ...window });
    const spec = await rows(url("/v1/transactions/forecast/history/details"), { forecast_run_at: run });
    const inWindow = spec.filter((r) => ms(r.destination_timestamp) >= ms(window.from_timestamp) && ms(r.destination_timestamp) < ms(window.to_timestamp));
    expect(details.length).toBeGreaterThan(20);
    expect(inWindow.length).toBeLessThan(spec.length);
    expect(details).toEqual(inWindow);
  });

  it("refuses a forecast_run_at that is no run, naming the nearest", async () => {
    const a = await post<{ error: string }>(url("/v1/transactions/details"), { forecast_run_at: "2025-02-10T05:00:00Z" });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain('the nearest run is "2025-02-10 00:00:00+00"');
  });
});
