import { OLD_OVERVIEW_VOYAGE } from "./fixtures/old-overview-voyage";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError, JobFailedError, ResponseParseError } from "../../src/errors";
import { LegacyLngClient } from "../../src/lng/legacy/legacy-lng-client";
import { LegacyJobFailedError } from "../../src/client/job-response";
import { listenLocal } from "../helpers/listen-local";

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

const seen: Seen[] = [];
let server: Server;
let client: LegacyLngClient;

function wrap(reportResult: unknown, state = "SUCCESS", extra: Record<string, unknown> = {}): unknown {
  return {
    version: "2.0",
    state,
    job_id: "job-42",
    meta: { report_result: reportResult, message: "report done", func: "analysis_report", execution: "sync", epoch: 1714521600, code: 200, ...extra },
    execution_seconds: 0.12,
  };
}

const voyage = OLD_OVERVIEW_VOYAGE;

function answer(req: Seen): unknown {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (req.url.startsWith("/api/v2/queryAIS/query")) return wrap([{ imo: 9705641, lat: 1.5 }], "SUCCESS", { query: req.url });
  if (req.url === "/api/v2/live_status") {
    return wrap({ details: { inactive: [], maintenance: [] }, notes: "n", summary: { lng_fleet_size: 3, laden: 1, balast: 2, datetime: "2024-05-01 00:00:00" } });
  }
  if (req.url === "/api/v2/targetd_query") return { not: "a wrapper" };
  switch (body.req_report) {
    case "overview":
      return wrap([voyage]);
    case "flow_timeseries":
      return wrap({
        data: [
          { date: "2024-01-01", Japan: 1.5, Europe: 4 },
          { date: "2024-01-08", Japan: 2.5, Europe: 5 },
        ],
        polygon_order: ["Japan", "Europe"],
        volume_unit: "bcf",
        aggregation: "weekly",
        tx_type: "offloading",
      });
    case "route_predictions":
      return wrap(null, "FAILED", { code: 500, message: "model not available" });
    case "live_status":
      return wrap(null, "PENDING", { code: 202 });
    default:
      return wrap([]);
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      const s: Seen = { method: req.method ?? "", url: req.url ?? "", body: text ? JSON.parse(text) : undefined };
      seen.push(s);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer(s)));
    });
  });
  await listenLocal(server);
  const { port } = server.address() as AddressInfo;
  client = new LegacyLngClient({ baseUrl: `http://127.0.0.1:${port}`, token: "legacy-token", maxRetries: 0, progress: false });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("LegacyLngClient", () => {
  it("unwraps an overview job into voyage records, keeping the job", async () => {
    const r = await client.overview({ imos: [9705641] });
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/v2/analysis_report", body: { imos: [9705641], req_report: "overview" } });
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({ imo: 9705641, start_date: "2024-01-03T10:00:00.000Z", units: "bcf" });
    expect(r.job).toMatchObject({ state: "SUCCESS", job_id: "job-42", code: 200, func: "analysis_report" });
    expect(r.meta.rows).toBe(1);
    expect(r.meta.service).toBe("legacy");
  });

  it("renames the unwrapped records to v1 with toV1()", async () => {
    const v1 = (await client.overview()).toV1({ dropRemoved: true });
    expect(v1.records[0]).toEqual({
      imo: 9705641,
      origin_timestamp: "2024-01-03T10:00:00.000Z",
      destination_timestamp: "2024-01-20T06:00:00.000Z",
      origin_country: "United States",
      origin_terminal: "Sabine Pass",
      destination_country: "Belgium",
      destination_terminal: "Zeebrugge",
      transaction_type: "offloading",
      volume: 3.4,
      volume_unit: "bcf",
    });
  });

  it("takes flow_timeseries rows from report_result.data, each row carrying the report's volume_unit", async () => {
    const r = await client.flowTimeseries({ aggregation: "weekly", polygons: ["Japan", "Europe"] });
    expect(seen.at(-1)!.body).toEqual({ req_report: "flow_timeseries", aggregation: "weekly", polygons: ["Japan", "Europe"] });
    expect(r.records.map((x) => x.Japan)).toEqual([1.5, 2.5]);
    expect(r.records.every((x) => x.volume_unit === "bcf")).toBe(true);
    expect(r.report).toEqual({ polygon_order: ["Japan", "Europe"], volume_unit: "bcf", aggregation: "weekly", tx_type: "offloading" });
    expect(r.toFrame().shape).toEqual([2, 4]);
    expect(r.toV1().meta.rows).toBe(4);
    expect(r.toV1().records).toEqual([
      { timestamp: "2024-01-01T00:00:00.000Z", polygon: "Japan", volume: 1.5, volume_unit: "bcf" },
      { timestamp: "2024-01-01T00:00:00.000Z", polygon: "Europe", volume: 4, volume_unit: "bcf" },
      { timestamp: "2024-01-08T00:00:00.000Z", polygon: "Japan", volume: 2.5, volume_unit: "bcf" },
      { timestamp: "2024-01-08T00:00:00.000Z", polygon: "Europe", volume: 5, volume_unit: "bcf" },
    ]);
  });

  it("turns a failed job into a JobFailedError with job id, state, code and message", async () => {
    const err = await client.routePredictions().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect(err).toBeInstanceOf(LegacyJobFailedError);
    const e = err as LegacyJobFailedError;
    expect(e.code).toBe("JOB_FAILED");
    expect(e.jobId).toBe("job-42");
    expect(e.state).toBe("FAILED");
    expect(e.jobCode).toBe(500);
    expect(e.jobMessage).toBe("model not available");
    expect(e.message).toMatch(/model not available/);
  });

  it("never returns a job that has not finished as if it had data", async () => {
    const err = await client.liveStatusReport().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect((err as JobFailedError).state).toBe("PENDING");
  });

  it("reads GET /live_status: the summary as one record, details and notes in report", async () => {
    const r = await client.liveStatus();
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/api/v2/live_status" });
    // The summary's other catalog fields were not sent: null in the row, and said in meta.drift.
    expect(r.records).toMatchObject([{ lng_fleet_size: 3, laden: 1, balast: 2, datetime: "2024-05-01T00:00:00.000Z", lng_volume: null }]);
    expect(r.meta.drift?.missing).toContain("lng_volume");
    expect(r.report).toEqual({ details: { inactive: [], maintenance: [] }, notes: "n" });
  });

  it("sends queryAIS filters in the query string, lists comma-separated", async () => {
    const r = await client.queryAis({ imo: [9705641, 9321483], interval_hours: 12 });
    expect(seen.at(-1)!.method).toBe("GET");
    expect(decodeURIComponent(seen.at(-1)!.url)).toBe("/api/v2/queryAIS/query?imo=9705641,9321483&interval_hours=12");
    expect(r.records).toMatchObject([{ imo: 9705641, lat: 1.5, latitude: null }]);
    expect(r.meta.drift?.added).toEqual(["lat"]);
  });

  it("a body that is not a job wrapper is a ResponseParseError", async () => {
    await expect(client.targetdQuery()).rejects.toBeInstanceOf(ResponseParseError);
  });

  it("refuses unknown filters and reports before sending", async () => {
    const before = seen.length;
    // @ts-expect-error imoz is not an overview filter
    await expect(client.overview({ imoz: [1] })).rejects.toBeInstanceOf(InvalidParamsError);
    // @ts-expect-error imo is required
    await expect(client.queryAis({})).rejects.toThrow(/imo is required/);
    await expect(client.overview({ start_date: "2024-03-01", end_date: "2024-02-01" })).rejects.toThrow(/start_date <= end_date/);
    await expect(client.analysisReport("weekly_flows" as never)).rejects.toThrow(/req_report/);
    expect(seen.length).toBe(before);
  });
});
