import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { AS_OF_MS, DAY, dayOf, get, post, rows, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let observed: Row[];
let vessels: Row[];

beforeAll(async () => {
  sandbox = await startLngSandbox();
  observed = await rows(`${sandbox.lngUrl}/v1/transactions/history`, {});
  vessels = await rows(`${sandbox.lngUrl}/v1/vessels`, {});
});
afterAll(() => sandbox.close());

async function report(body: unknown): Promise<Row> {
  const a = await post<Row>(`${sandbox.legacyUrl}/api/v2/analysis_report`, body);
  expect(a.status, a.text.slice(0, 200)).toBe(200);
  return a.body;
}

/** The voyage legs a migrating client derives from v1 transactions (the documented rules). */
function deriveLegs(transactions: Row[]): Row[] {
  const byImo = new Map<number, Row[]>();
  for (const tx of transactions) {
    if (!byImo.has(tx.imo)) byImo.set(tx.imo, []);
    byImo.get(tx.imo)!.push(tx);
  }
  const legs: Row[] = [];
  for (const imo of [...byImo.keys()].sort((a, b) => a - b)) {
    const list = byImo.get(imo)!.sort((a, b) => a.destination_timestamp.localeCompare(b.destination_timestamp) || a.transaction_number - b.transaction_number);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      const voyageTx = `${a.transaction_type === "loading" ? "L" : "R"} to ${b.transaction_type === "loading" ? "L" : "R"}`;
      legs.push({
        imo, tx: i, start_date: a.destination_timestamp, end_date: b.destination_timestamp,
        start_country: a.destination_country, start_terminal: a.destination_terminal,
        end_country: b.destination_country, end_terminal: b.destination_terminal,
        voyage_status: voyageTx === "R to L" ? "Ballast" : "Laden", type: b.transaction_type, voyage_tx: voyageTx,
        volume: b.transaction_type === "offloading" ? b.volume : a.transaction_type === "loading" ? a.volume : 0, units: "bcf",
      });
    }
  }
  return legs;
}

describe("legacy job wrapper", () => {
  it("wraps every answer as a finished job, deterministically", async () => {
    const a = await report({ req_report: "live_status" });
    expect(Object.keys(a)).toEqual(["version", "state", "job_id", "meta", "execution_seconds"]);
    expect(Object.keys(a.meta)).toEqual(["report_result", "message", "func", "execution", "epoch", "code"]);
    expect(a.state).toBe("SUCCESS");
    expect(a.meta.code).toBe(200);
    expect(a.meta.func).toBe("live_status");
    expect(a.meta.epoch).toBe(AS_OF_MS / 1000);
    expect(a.job_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await report({ req_report: "live_status" })).job_id).toBe(a.job_id);
  });

  it("fails the job (HTTP 200, state FAILED) for an unknown or missing req_report", async () => {
    for (const body of [{ req_report: "weather" }, {}]) {
      const a = await report(body);
      expect(a.state).toBe("FAILED");
      expect(a.meta.code).toBe(400);
      expect(a.meta.report_result).toBeNull();
      expect(a.meta.message).toMatch(/req_report.*live_status, route_predictions, overview, flow_timeseries/);
    }
  });

  it("refuses bad parameters with a 400 naming them", async () => {
    const url = `${sandbox.legacyUrl}/api/v2/analysis_report`;
    const cases: Array<[Row, RegExp]> = [
      [{ req_report: "overview", vessel: 1 }, /unknown parameter "vessel"/],
      [{ req_report: "overview", imos: ["x"] }, /imos expects a list of integers/],
      [{ req_report: "overview", start_date: "2024-02-30" }, /start_date expects a date/],
      [{ req_report: "flow_timeseries", aggregation: "hourly" }, /aggregation expects one of daily, weekly, monthly/],
      [{ req_report: "flow_timeseries", polygons: ["Atlantis"] }, /polygons: "Atlantis"/],
      [{ req_report: "flow_timeseries", tx_type: "transfer" }, /tx_type/],
      [{ req_report: "live_status", imos: [1] }, /unknown parameter "imos"/],
    ];
    for (const [body, message] of cases) {
      const a = await post<{ error: string }>(url, body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(a.body.error).toMatch(message);
    }
    expect((await post(url, "[1,2]")).status).toBe(400);
    expect((await get(url)).status).toBe(405);
    expect((await get(`${sandbox.legacyUrl}/api/v2/nothing`)).status).toBe(404);
  });
});

describe("live_status", () => {
  it("summarises the same fleet as /v1/vessels", async () => {
    const a = await report({ req_report: "live_status" });
    const s = a.meta.report_result.summary;
    const atSea = vessels.filter((v) => v.speed > 0);
    expect(s.lng_fleet_size).toBe(vessels.length);
    expect(s.laden).toBe(atSea.filter((v) => v.is_loaded === true).length);
    expect(s.balast).toBe(atSea.filter((v) => v.is_loaded === false).length);
    expect(s.inactive).toBe(vessels.filter((v) => v.status === "INACTIVE").length);
    expect(s.at_terminal + s.laden + s.balast + s.inactive + s.at_maintenance).toBe(vessels.length);
    expect(s.left_liquefaction_terminal + s.left_regasification_terminal).toBe(atSea.length);
    expect(s.lng_volume).toBeGreaterThan(s.laden * 2);
    expect(s.lng_volume_unit).toBe("bcf");
    expect(a.meta.report_result.details.inactive.map((d: Row) => d.imo).sort()).toEqual(
      vessels.filter((v) => v.status === "INACTIVE").map((v) => v.imo).sort(),
    );
  });

  it("answers GET /api/v2/live_status with the same report", async () => {
    const a = await get<Row>(`${sandbox.legacyUrl}/api/v2/live_status`);
    expect(a.status).toBe(200);
    expect(a.body.meta.func).toBe("live_status");
    expect(a.body.meta.report_result).toEqual((await report({ req_report: "live_status" })).meta.report_result);
  });
});

describe("route_predictions", () => {
  it("is /v1/transactions/forecast under the old names", async () => {
    const v1 = await rows(`${sandbox.lngUrl}/v1/transactions/forecast`, { imos: [vessels[3]!.imo, vessels[4]!.imo] });
    const a = await report({ req_report: "route_predictions", imos: [vessels[3]!.imo, vessels[4]!.imo] });
    expect(a.meta.report_result).toEqual(
      v1.map((tx) => ({
        imo: tx.imo, p_volume: tx.volume, predicated_rate: tx.route_score, predicted_polygon: tx.destination_terminal,
        start_polygon: tx.origin_terminal, start_terminal_timestamp: tx.origin_timestamp, unit: "bcf",
      })),
    );
    expect(v1.length).toBeGreaterThan(0);
  });
});

describe("overview", () => {
  it("equals the voyage legs derived client-side from /v1/transactions/history, number for number", async () => {
    const a = await report({ req_report: "overview" });
    const legs = a.meta.report_result as Row[];
    expect(legs).toEqual(deriveLegs(observed));
    const notations = new Set(legs.map((l) => l.voyage_tx));
    for (const n of ["L to R", "R to L", "R to R"]) expect(notations.has(n), n).toBe(true);
    expect([...notations].every((n) => ["L to R", "R to L", "R to R", "L to L"].includes(n))).toBe(true);
    expect(legs.filter((l) => l.voyage_status === "Ballast").every((l) => l.voyage_tx === "R to L")).toBe(true);
  });

  it("filters by imos and end dates without renumbering tx", async () => {
    const imo = vessels[0]!.imo;
    const all = (await report({ req_report: "overview", imos: [imo] })).meta.report_result as Row[];
    const some = (await report({ req_report: "overview", imos: imo, start_date: "2024-06-01", end_date: "2024-08-31" })).meta.report_result as Row[];
    expect(some.length).toBeGreaterThan(0);
    expect(some).toEqual(all.filter((l) => l.end_date >= "2024-06-01" && l.end_date < "2024-09-01"));
    expect(some[0]!.tx).toBeGreaterThan(1);
  });
});

describe("flow_timeseries", () => {
  it("daily equals /v1/volume_flows, per polygon (terminal, country or region name)", async () => {
    const a = await report({ req_report: "flow_timeseries", polygons: ["Japan", "Gate"] });
    const r = a.meta.report_result;
    expect(r.polygon_order).toEqual(["Japan", "Gate"]);
    expect(r.aggregation).toBe("daily");
    expect(r.volume_unit).toBe("bcf");
    expect(r.tx_type).toBe("offloading");
    const japan = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { destination_countries: ["Japan"] });
    const gate = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { destination_terminals: ["Gate"] });
    expect(r.data.map((d: Row) => d.date)).toEqual(japan.map((f) => f.timestamp.slice(0, 10)));
    expect(r.data.map((d: Row) => d.Japan)).toEqual(japan.map((f) => f.volume));
    expect(r.data.map((d: Row) => d.Gate)).toEqual(gate.map((f) => f.volume));
    const twice = (await report({ req_report: "flow_timeseries", polygons: ["Gate", "Gate"] })).meta.report_result;
    expect(twice.polygon_order).toEqual(["Gate"]);
    expect(twice.data.map((d: Row) => d.Gate)).toEqual(gate.map((f) => f.volume));
  });

  it("weekly sums Monday-to-Sunday weeks, monthly sums calendar months, partial periods listed", async () => {
    const daily = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2024-11-01", to_timestamp: "2025-02-01" });
    const weekly = (await report({ req_report: "flow_timeseries", aggregation: "weekly", start_date: "2024-11-01", end_date: "2025-01-31" })).meta.report_result;
    expect(weekly.data[0].date).toBe("2024-10-28");
    for (const w of weekly.data as Row[]) {
      const start = dayOf(`${w.date} 00:00:00+00`);
      const sum = daily.filter((f) => dayOf(f.timestamp) >= start && dayOf(f.timestamp) < start + 7).reduce((s, f) => s + f.volume, 0);
      expect(Math.abs(w.Global - sum)).toBeLessThan(1e-5);
      expect(new Date(start * DAY).getUTCDay()).toBe(1);
    }
    expect(weekly.details.partial_periods).toEqual(["2024-10-28", "2025-01-27"]);
    const monthly = (await report({ req_report: "flow_timeseries", aggregation: "monthly", start_date: "2024-11-01", end_date: "2025-01-31" })).meta.report_result;
    expect(monthly.data.map((m: Row) => m.date)).toEqual(["2024-11-01", "2024-12-01", "2025-01-01"]);
    expect(Math.abs(monthly.data[1].Global - daily.filter((f) => f.timestamp.startsWith("2024-12")).reduce((s, f) => s + f.volume, 0))).toBeLessThan(1e-5);
    expect(monthly.details.partial_periods).toEqual([]);
  });
});

describe("targetd_query and queryAIS", () => {
  it("targetd_query returns v1 transactions under the old names", async () => {
    const imo = vessels[1]!.imo;
    const a = await post<Row>(`${sandbox.legacyUrl}/api/v2/targetd_query`, { imos: [imo], start_date: "2024-01-01", end_date: "2024-12-31" });
    expect(a.status).toBe(200);
    expect(a.body.meta.func).toBe("targetd_query");
    expect(a.body.meta.query).toEqual({ imos: [imo], start_date: "2024-01-01", end_date: "2024-12-31" });
    const v1 = observed.filter((tx) => tx.imo === imo && tx.destination_timestamp.startsWith("2024"));
    expect(a.body.meta.report_result.map((r: Row) => [r.start_terminal, r.end_terminal, r.end_date, r.volume, r.type])).toEqual(
      v1.map((tx) => [tx.origin_terminal, tx.destination_terminal, tx.destination_timestamp, tx.volume, tx.transaction_type]),
    );
  });

  it("queryAIS returns positions every 6 hours for the days asked, never after asOf", async () => {
    const imo = vessels[2]!.imo;
    const a = await get<Row>(`${sandbox.legacyUrl}/api/v2/queryAIS/query?imo=${imo}&start_date=2025-02-20&end_date=2025-03-10`);
    expect(a.status).toBe(200);
    const positions = a.body.meta.report_result as Row[];
    expect(positions.length).toBe(9 * 4);
    expect(positions[positions.length - 1]!.timestamp).toBe("2025-02-28 18:00:00");
    expect(positions.every((p) => p.latitude >= -90 && p.latitude <= 90 && typeof p.status === "string")).toBe(true);
    expect((await get(`${sandbox.legacyUrl}/api/v2/queryAIS/query`)).status).toBe(400);
    expect((await get(`${sandbox.legacyUrl}/api/v2/queryAIS/query?imo=1234567`)).status).toBe(400);
    expect((await post(`${sandbox.legacyUrl}/api/v2/queryAIS/query`, {})).status).toBe(405);
  });
});
