/**
 * LngClient's transaction methods of the published reference, against the sandbox:
 * transactions (observed, then the latest run's forecasts), transactionsHistory (observed only) and
 * transactionsDetails (forecast details with scores; forecast_run_at optional).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { LngClient } from "../../src/lng/lng-client";
import { InvalidParamsError } from "../../src/errors";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { listenLocal } from "../helpers/listen-local";

let sandbox: SandboxHandle;
let lng: LngClient;
const LATEST = "2024-06-01T00:00:00.000Z";

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-01" });
  lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "sandbox-token", progress: false, maxRetries: 0, warn: () => {} });
});
afterAll(async () => {
  await sandbox.close();
});

describe("LngClient: the published reference's transaction endpoints", () => {
  it("transactions: the observed ones (transactionsHistory), then the latest run's, marked forecasted", async () => {
    const window = { from_timestamp: "2024-05-01", to_timestamp: "2024-07-01", destination_country_codes: ["JP", "KR"] };
    const all = await lng.transactions(window);
    const history = await lng.transactionsHistory(window);
    expect(all.meta.url).toBe(`${sandbox.lngUrl}/v1/transactions`);
    expect(history.records.length).toBeGreaterThan(10);
    expect(all.records.slice(0, history.records.length)).toEqual(history.records);
    const forecast = all.records.slice(history.records.length);
    expect(forecast.length).toBeGreaterThan(10);
    expect(forecast.every((r) => r.forecasted_transaction === true && r.forecast_run_at === LATEST && r.destination_timestamp! > LATEST)).toBe(true);
    expect(history.records.every((r) => r.forecasted_transaction === false && r.forecast_run_at === null)).toBe(true);
    expect(all.toFrame().columns).toContain("forecasted_transaction");
  });

  it("transactionsDetails: the latest run without forecast_run_at, the given run with it", async () => {
    const latest = await lng.transactionsDetails({ origin_country_codes: ["US"], from_timestamp: "2024-06-01", to_timestamp: "2024-07-01" });
    expect(latest.meta.url).toBe(`${sandbox.lngUrl}/v1/transactions/details`);
    expect(latest.records.length).toBeGreaterThan(5);
    expect(latest.records.every((r) => r.forecast_run_at === LATEST && r.volume_unit === "mcf" && typeof r.route_score === "number")).toBe(true);
    const run = "2024-05-20T00:00:00.000Z";
    const past = await lng.transactionsDetails({ forecast_run_at: run, origin_country_codes: ["US"] });
    const spec = await lng.transactionsForecastHistoryDetails({ forecast_run_at: run, origin_country_codes: ["US"] });
    expect(past.records.length).toBeGreaterThan(5);
    expect(past.records).toEqual(spec.records);
  });

  it("refuses, before any request, what the published pages do not list", async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    await listenLocal(server);
    const { port } = server.address() as AddressInfo;
    const strict = new LngClient({ baseUrl: `http://127.0.0.1:${port}`, token: "sandbox-token", maxRetries: 0, checkNames: false, progress: false });
    for (const call of [
      // @ts-expect-error destination_terminal_ids is not a parameter of /v1/transactions
      () => strict.transactions({ destination_terminal_ids: ["reg-nl-gate"] }),
      // @ts-expect-error forecast_run_at is not a parameter of /v1/transactions/history
      () => strict.transactionsHistory({ forecast_run_at: "2024-05-01" }),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidParamsError);
    }
    await strict.transactions({ destination_country_codes: ["JP"] });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(hits).toBe(1);
  });
});
