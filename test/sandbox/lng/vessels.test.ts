import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { buildLngDataset } from "../../../src/sandbox/lng/model/dataset";
import { isValidImo } from "../../../src/sandbox/lng/model/imo";
import { get, post, rows, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let vessels: Row[];

beforeAll(async () => {
  sandbox = await startLngSandbox();
  vessels = await rows(`${sandbox.lngUrl}/v1/vessels`, {});
});
afterAll(() => sandbox.close());

describe("/v1/vessels", () => {
  it("lists a fleet of 80 to 150 vessels with valid, unique identifiers", () => {
    expect(vessels.length).toBeGreaterThanOrEqual(80);
    expect(vessels.length).toBeLessThanOrEqual(150);
    expect(vessels.every((v) => isValidImo(v.imo))).toBe(true);
    expect(new Set(vessels.map((v) => v.imo)).size).toBe(vessels.length);
    expect(new Set(vessels.map((v) => v.name)).size).toBe(vessels.length);
    expect(vessels.every((v) => String(v.mmsi).length === 9)).toBe(true);
    expect(vessels.every((v) => /^[0-9A-Z]{4,7}$/.test(v.callsign))).toBe(true);
  });

  it("has the documented fields and units", () => {
    const keys = [
      "vessel_id", "imo", "mmsi", "name", "callsign", "length", "width", "maximum_capacity", "maximum_capacity_unit",
      "latitude", "longitude", "last_ais_signal_timestamp", "captains_destination", "captains_eta", "vessel_type", "status",
      "speed", "heading", "modified_at", "is_loaded", "forecast_destination_terminal", "forecast_destination_terminal_id",
      "forecast_destination_timestamp", "charterer", "flag_state", "first_active_date", "first_operation_date",
    ];
    expect(Object.keys(vessels[0]!)).toEqual(keys);
    expect(vessels.every((v) => v.maximum_capacity_unit === "CUBIC_METER" && v.maximum_capacity >= 125_000 && v.maximum_capacity <= 180_000)).toBe(true);
    expect(vessels.every((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v.last_ais_signal_timestamp))).toBe(true);
    expect(new Set(vessels.map((v) => v.vessel_type))).toEqual(new Set(["LNG_CARRIER", "FSRU"]));
    expect(new Set(vessels.map((v) => v.status))).toEqual(new Set(["ACTIVE", "INACTIVE"]));
    expect(vessels.filter((v) => v.vessel_type === "FSRU").every((v) => v.is_loaded === null && v.speed === 0)).toBe(true);
  });

  it("points each active carrier's forecast destination at its first forecast transaction", async () => {
    const forecast = await rows(`${sandbox.lngUrl}/v1/transactions/forecast`, {});
    const carrier = vessels.find((v) => v.vessel_type === "LNG_CARRIER" && v.status === "ACTIVE" && v.forecast_destination_terminal)!;
    const mine = forecast.filter((tx) => tx.imo === carrier.imo);
    const first = Math.min(...mine.map((tx) => tx.transaction_number));
    const best = mine.filter((tx) => tx.transaction_number === first).sort((a, b) => b.route_score - a.route_score)[0]!;
    expect(carrier.forecast_destination_terminal_id).toBe(best.destination_terminal_id);
    expect(carrier.forecast_destination_timestamp).toBe(best.destination_timestamp);
  });

  it("filters by imos, vessel_types and statuses, by POST or GET", async () => {
    const two = [vessels[0]!.imo, vessels[5]!.imo];
    expect((await rows(`${sandbox.lngUrl}/v1/vessels`, { imos: two })).map((v) => v.imo)).toEqual(two);
    const fsrus = await rows(`${sandbox.lngUrl}/v1/vessels`, { vessel_types: ["fsru"] });
    expect(fsrus.length).toBe(vessels.filter((v) => v.vessel_type === "FSRU").length);
    const inactive = await rows(`${sandbox.lngUrl}/v1/vessels`, { statuses: "INACTIVE" });
    expect(inactive.length).toBe(vessels.filter((v) => v.status === "INACTIVE").length);
    expect(inactive.length).toBeGreaterThan(0);
    const viaGet = await get<Row[]>(`${sandbox.lngUrl}/v1/vessels?imos=${two.join(",")}`);
    expect(viaGet.body.map((v) => v.imo)).toEqual(two);
    expect((await get(`${sandbox.lngUrl}/v1/vessels?color=red`)).status).toBe(400);
  });
});

describe("/v1/vessels/details", () => {
  it("adds build data and the last observed transaction to the vessel record", async () => {
    const imo = vessels[0]!.imo;
    const [detail] = await rows(`${sandbox.lngUrl}/v1/vessels/details`, { imos: [imo] });
    expect(detail!.imo).toBe(imo);
    expect(detail!.name).toBe(vessels[0]!.name);
    const txs = await rows(`${sandbox.lngUrl}/v1/transactions/history`, { imos: [imo] });
    expect(detail!.observed_transaction_count).toBe(txs.length);
    expect(detail!.last_transaction_number).toBe(txs[txs.length - 1]!.transaction_number);
    expect(detail!.build_year).toBeGreaterThanOrEqual(2004);
    expect(typeof detail!.owner).toBe("string");
  });
});

describe("determinism", () => {
  it("builds identical data twice from scratch for one (seed, asOf)", () => {
    const asOf = Date.UTC(2024, 9, 15);
    const snapshot = (seed: number) => {
      const d = buildLngDataset(seed, asOf);
      return JSON.stringify([d.vessels, d.observed, d.forecast(d.runs[40]!), d.forecast(d.runs[89]!)]);
    };
    const first = snapshot(3);
    expect(snapshot(3)).toBe(first);
    expect(snapshot(4)).not.toBe(first);
  });

  it("gives the same bytes for the same seed and asOf, and other data for another seed", async () => {
    const twin = await (await import("./lng-sandbox-fixture")).startLngSandbox();
    const other = await (await import("./lng-sandbox-fixture")).startLngSandbox(8);
    try {
      for (const path of ["/v1/transactions", "/v1/volume_flows", "/v1/vessels", "/v1/transactions/forecast"]) {
        const a = await post(`${sandbox.lngUrl}${path}`, {});
        const b = await post(`${twin.lngUrl}${path}`, {});
        const c = await post(`${other.lngUrl}${path}`, {});
        expect(a.text, path).toBe(b.text);
        expect(a.text, path).not.toBe(c.text);
      }
    } finally {
      await twin.close();
      await other.close();
    }
  });
});
