/**
 * The legacy reports rebuilt from v1 data agree with the sandbox's own old API, number for number,
 * and the analysis invariants hold on the sandbox's data (over real HTTP on 127.0.0.1).
 */
import { rawPost } from "../helpers/raw-post";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { legacyFlowTimeseries } from "../../src/analysis/legacy-flow-timeseries";
import { legacyOverview } from "../../src/analysis/legacy-overview";
import { resampleFlows } from "../../src/analysis/resample-flows";
import { deriveVoyages } from "../../src/analysis/derive-voyages";
import { fleetSummary } from "../../src/analysis/fleet-summary";
import { frameColumns, frameRows } from "../helpers/frame-columns";

let sandbox: SandboxHandle;

const post = (url: string, body: unknown): Promise<unknown> => rawPost(url, body);

async function legacyReport(body: Record<string, unknown>): Promise<unknown> {
  const job = (await post(`${sandbox.legacyUrl}/api/v2/analysis_report`, body)) as { meta: { report_result: unknown } };
  return job.meta.report_result;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
});
afterAll(async () => {
  await sandbox.close();
});

describe("legacy flow_timeseries from v1 volume_flows", () => {
  const range = { start: "2024-01-03", end: "2024-05-29" };
  for (const aggregation of ["daily", "weekly", "monthly"] as const) {
    it(`agrees with the old API for ${aggregation}`, async () => {
      const flows = (await post(`${sandbox.lngUrl}/v1/volume_flows`, {
        from_timestamp: `${range.start}T00:00:00Z`,
        to_timestamp: "2024-05-30T00:00:00Z",
      })) as Record<string, unknown>[];
      const old = (await legacyReport({ req_report: "flow_timeseries", aggregation, start_date: range.start, end_date: range.end })) as {
        data: Record<string, unknown>[];
        details: { partial_periods: string[]; start_date: string; end_date: string };
        volume_unit: string;
        polygon_order: string[];
      };
      const ours = legacyFlowTimeseries(flows, { aggregation });
      expect(ours.data.length).toBeGreaterThan(0);
      expect(ours.data.rows()).toEqual(old.data);
      expect(ours.polygon_order).toEqual(old.polygon_order);
      expect(ours.details.partial_periods).toEqual([...old.details.partial_periods].sort());
      expect(ours.details.start_date).toBe(old.details.start_date);
      expect(ours.details.end_date).toBe(old.details.end_date);
      expect(ours.volume_unit).toBe(old.volume_unit);
    });
  }

  it("agrees per polygon (destination countries as columns)", async () => {
    const countries = ["Japan", "Spain"];
    const flows: Record<string, unknown>[] = [];
    for (const c of countries) {
      const part = (await post(`${sandbox.lngUrl}/v1/volume_flows`, {
        destination_countries: [c], from_timestamp: "2024-02-01T00:00:00Z", to_timestamp: "2024-04-01T00:00:00Z",
      })) as Record<string, unknown>[];
      flows.push(...part.map((r) => ({ ...r, polygon: c })));
    }
    const old = (await legacyReport({ req_report: "flow_timeseries", aggregation: "weekly", polygons: countries, start_date: "2024-02-01", end_date: "2024-03-31" })) as { data: unknown[] };
    expect(legacyFlowTimeseries(flows, { aggregation: "weekly", by: "polygon" }).data.rows()).toEqual(old.data);
  });

  it("resampled volume sums to the daily total (weekly on each week start, monthly)", async () => {
    const flows = (await post(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2023-07-01T00:00:00Z", to_timestamp: "2024-09-01T00:00:00Z" })) as Record<string, unknown>[];
    const total = flows.reduce((s, r) => s + (typeof r.volume === "number" ? r.volume : 0), 0);
    expect(total).toBeGreaterThan(0);
    for (const opts of [{ freq: "week" }, { freq: "week", weekStart: "saturday" }, { freq: "week", weekStart: "sunday" }, { freq: "month" }] as const) {
      const c = frameColumns(resampleFlows(flows, opts).toFrame());
      expect((c.volume as number[]).reduce((s, v) => s + (Number.isNaN(v) ? 0 : v), 0)).toBeCloseTo(total, 6);
      expect((c.days as number[]).reduce((s, v) => s + v, 0)).toBe(flows.length);
    }
  });
});

describe("legacy overview from v1 transactions", () => {
  it("agrees with the old API, leg for leg", async () => {
    const txs = (await post(`${sandbox.lngUrl}/v1/transactions`, {})) as Record<string, unknown>[];
    const imos = [...new Set(txs.map((t) => t.imo as number))].sort((a, b) => a - b).slice(0, 12);
    const old = (await legacyReport({ req_report: "overview", imos })) as Record<string, unknown>[];
    const ours = legacyOverview(txs.filter((t) => imos.includes(t.imo as number)));
    expect(old.length).toBeGreaterThan(20);
    expect(ours.rows()).toEqual(old);
  });

  it("voyages chain: each leg starts where and when the previous one ended", async () => {
    const txs = (await post(`${sandbox.lngUrl}/v1/transactions`, {})) as Record<string, unknown>[];
    const legs = frameRows(deriveVoyages(txs).toFrame());
    expect(legs.length).toBeGreaterThan(100);
    for (let i = 1; i < legs.length; i++) {
      const [a, b] = [legs[i - 1]!, legs[i]!];
      if (a.imo !== b.imo) {
        expect(b.tx).toBe(1);
        continue;
      }
      expect(b.tx).toBe((a.tx as number) + 1);
      expect(b.start_date).toBe(a.end_date);
      expect(b.start_terminal).toBe(a.end_terminal);
      expect(b.start_country).toBe(a.end_country);
      expect(b.start_date! <= b.end_date!).toBe(true);
    }
  });
});

describe("fleet summary from v1 vessels", () => {
  it("agrees with the old live_status counts it can rebuild", async () => {
    const vessels = (await post(`${sandbox.lngUrl}/v1/vessels`, {})) as Record<string, unknown>[];
    const ours = fleetSummary(vessels);
    const old = (await legacyReport({ req_report: "live_status" })) as { summary: Record<string, unknown> };
    expect(ours.lng_fleet_size).toBe(vessels.length);
    expect(ours.laden + ours.balast + ours.unknown).toBe(ours.lng_fleet_size);
    expect(ours.lng_fleet_size).toBe(old.summary.lng_fleet_size);
    expect(ours.laden_at_sea).toBe(old.summary.laden);
    expect(ours.balast_at_sea).toBe(old.summary.balast);
    expect(ours.laden_at_sea + ours.balast_at_sea).toBeGreaterThan(0);
  });
});
