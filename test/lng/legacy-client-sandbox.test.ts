import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { LngClient } from "../../src/lng/lng-client";
import { LegacyLngClient } from "../../src/lng/legacy/legacy-lng-client";
import { LegacyJobFailedError, unwrapJob } from "../../src/client/job-response";
import { JobFailedError } from "../../src/errors";

let sandbox: SandboxHandle;
let lng: LngClient;
let legacy: LegacyLngClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, asOf: "2024-06-01" });
  const common = { token: "sandbox-token", progress: false, maxRetries: 0 } as const;
  lng = new LngClient({ baseUrl: sandbox.lngUrl, ...common });
  legacy = new LegacyLngClient({ baseUrl: sandbox.legacyUrl, ...common });
});

afterAll(async () => {
  await sandbox.close();
});

describe("the old API through LegacyLngClient, checked against v1", () => {
  it("overview legs, renamed to v1, end where the v1 transactions of the vessel happen", async () => {
    const vessels = await lng.vessels({ vessel_types: ["LNG_CARRIER"], statuses: ["ACTIVE"] });
    const imo = vessels.records[0]!.imo!;
    const old = await legacy.overview({ imos: [imo] });
    expect(old.job.state).toBe("SUCCESS");
    expect(old.meta).toMatchObject({ service: "legacy", apiVersion: "legacy", endpoint: "overview" });
    const txs = (await lng.transactionsHistory({ imos: [imo] })).records
      .slice()
      .sort((a, b) => a.destination_timestamp!.localeCompare(b.destination_timestamp!) || a.transaction_number! - b.transaction_number!);
    expect(old.records.length).toBe(txs.length - 1);
    const v1 = old.toV1().records;
    v1.forEach((leg, i) => {
      expect(leg).toMatchObject({
        imo,
        origin_terminal: txs[i]!.destination_terminal,
        origin_timestamp: txs[i]!.destination_timestamp,
        destination_terminal: txs[i + 1]!.destination_terminal,
        destination_country: txs[i + 1]!.destination_country,
        destination_timestamp: txs[i + 1]!.destination_timestamp,
        transaction_type: txs[i + 1]!.transaction_type,
        volume_unit: "bcf",
      });
      expect(leg).not.toHaveProperty("start_terminal");
    });
  });

  it("flow_timeseries daily equals v1 volume_flows, number for number", async () => {
    const old = await legacy.flowTimeseries({ polygons: ["BE"], start_date: "2024-05-01", end_date: "2024-06-10" });
    const flows = await lng.volumeFlows({ destination_country_codes: ["BE"], from_timestamp: "2024-05-01", to_timestamp: "2024-06-11" });
    const long = old.toV1().records;
    expect(long.length).toBe(flows.records.length);
    long.forEach((row, i) => {
      expect(row.timestamp).toBe(flows.records[i]!.timestamp);
      expect(row.polygon).toBe("BE");
      expect(row.volume as number).toBeCloseTo(flows.records[i]!.volume!, 6);
    });
    expect(old.report).toMatchObject({ polygon_order: ["BE"], aggregation: "daily", volume_unit: "bcf" });
  });

  it("flow_timeseries weekly: weeks start on Monday and sum the daily rows", async () => {
    const daily = await legacy.flowTimeseries({ polygons: ["Japan"], start_date: "2024-04-01", end_date: "2024-04-28" });
    const weekly = await legacy.flowTimeseries({ polygons: ["Japan"], start_date: "2024-04-01", end_date: "2024-04-28", aggregation: "weekly" });
    expect(weekly.records.map((r) => r.date)).toEqual(["2024-04-01", "2024-04-08", "2024-04-15", "2024-04-22"]);
    const total = (rows: readonly Record<string, unknown>[]) => rows.reduce((s, r) => s + (r.Japan as number), 0);
    expect(total(weekly.records)).toBeCloseTo(total(daily.records), 5);
  });

  it("route_predictions renamed to v1 match the forecast transactions", async () => {
    const imo = (await lng.transactionsForecast()).records[0]!.imo!;
    const old = await legacy.routePredictions({ imos: [imo] });
    const forecast = await lng.transactionsForecast({ imos: [imo] });
    const v1 = old.toV1({ dropRemoved: true }).records;
    expect(v1.length).toBe(forecast.records.length);
    v1.forEach((r, i) => {
      expect(r).toEqual({
        imo,
        volume: forecast.records[i]!.volume,
        origin_timestamp: forecast.records[i]!.origin_timestamp,
        destination_timestamp: null,
        volume_unit: forecast.records[i]!.volume_unit,
      });
    });
  });

  it("targetd_query renamed to v1 equals /v1/transactions for the same filter", async () => {
    const old = await legacy.targetdQuery({ terminals: ["Zeebrugge"], start_date: "2024-01-01", end_date: "2024-03-31" });
    const v1 = await lng.transactions({ destination_terminals: ["Zeebrugge"], from_timestamp: "2024-01-01", to_timestamp: "2024-04-01" });
    expect(old.records.length).toBe(v1.records.length);
    expect(old.records.length).toBeGreaterThan(0);
    old.toV1().records.forEach((r, i) => {
      const t = v1.records[i]!;
      expect(r).toMatchObject({
        origin_terminal: t.origin_terminal,
        origin_timestamp: t.origin_timestamp,
        destination_terminal: t.destination_terminal,
        destination_timestamp: t.destination_timestamp,
        transaction_type: t.transaction_type,
        volume: t.volume,
        volume_unit: t.volume_unit,
        transaction_number: t.transaction_number,
      });
    });
  });

  it("live_status (report and GET endpoint) summarise the v1 fleet", async () => {
    const vessels = await lng.vessels();
    const report = await legacy.liveStatusReport();
    const get = await legacy.liveStatus();
    expect(report.records).toHaveLength(1);
    expect(report.records[0]!.lng_fleet_size).toBe(vessels.records.length);
    expect(get.records).toEqual(report.records);
    expect(report.records[0]!.datetime).toBe("2024-06-01T00:00:00.000Z");
    expect(report.report).toHaveProperty("details");
  });

  it("queryAIS positions with ISO timestamps", async () => {
    const imo = (await lng.vessels({ statuses: ["ACTIVE"] })).records[0]!.imo!;
    const r = await legacy.queryAis({ imo, start_date: "2024-05-20", end_date: "2024-05-21", interval_hours: 12 });
    expect(r.records.map((p) => p.timestamp)).toEqual([
      "2024-05-20T00:00:00.000Z",
      "2024-05-20T12:00:00.000Z",
      "2024-05-21T00:00:00.000Z",
      "2024-05-21T12:00:00.000Z",
    ]);
  });

  it("a job the service reports as FAILED is a JobFailedError with its code and message", async () => {
    const { records, meta } = await legacy.transport.fetchRecords<unknown>({
      service: "legacy",
      apiVersion: "legacy",
      endpoint: "analysisReport",
      httpMethod: "POST",
      path: "/api/v2/analysis_report",
      body: { req_report: "weekly_flows" },
      response: "job",
    });
    let err: unknown;
    try {
      unwrapJob(records[0], { endpoint: "legacy.analysisReport", url: meta.url });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JobFailedError);
    expect(err).toBeInstanceOf(LegacyJobFailedError);
    expect((err as LegacyJobFailedError).jobCode).toBe(400);
    expect((err as LegacyJobFailedError).jobMessage).toMatch(/weekly_flows/);
    expect((err as LegacyJobFailedError).jobId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
