import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { LngClient } from "../../src/lng/lng-client";
import { BadRequestError } from "../../src/errors";
import type { TransactionRecord } from "../../src/lng/types";

let sandbox: SandboxHandle;
let lng: LngClient;
const warnings: string[] = [];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z$/;
const FROM = "2024-03-01";
const TO = "2024-05-01";

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-01" });
  lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "sandbox-token", progress: false, maxRetries: 0, warn: (m) => warnings.push(m) });
});

afterAll(async () => {
  await sandbox.close();
});

function everyTimestamp(records: readonly Record<string, unknown>[], fields: readonly string[]): void {
  for (const r of records) {
    for (const f of fields) {
      const v = r[f];
      if (v !== null) expect(v, `${f} = ${String(v)}`).toMatch(ISO);
    }
  }
}

describe("LngClient against the sandbox: every endpoint", () => {
  it("volumeFlows: one daily record per day, ISO timestamps, gas_Bcf, std 0 before asOf and > 0 after", async () => {
    const r = await lng.volumeFlows({ from_timestamp: "2024-05-25", to_timestamp: "2024-06-05" });
    expect(r.records.length).toBe(11);
    expect(r.records[0]!.timestamp).toBe("2024-05-25T00:00:00.000Z");
    expect(new Set(r.records.map((x) => x.volume_unit))).toEqual(new Set(["gas_Bcf"]));
    const before = r.records.filter((x) => x.timestamp! < "2024-06-01");
    const after = r.records.filter((x) => x.timestamp! >= "2024-06-01");
    expect(before.every((x) => x.volume_std === 0)).toBe(true);
    expect(after.every((x) => (x.volume_std ?? 0) > 0)).toBe(true);
    expect(r.meta).toMatchObject({ service: "lng", apiVersion: "v1", endpoint: "volumeFlows", method: "POST", rows: 11 });
    expect(r.meta.url).toBe(`${sandbox.lngUrl}/v1/volume_flows`);
    const frame = r.toFrame();
    expect(frame.shape[0]).toBe(11);
    expect(frame.columns.slice(0, 6)).toEqual(["timestamp", "volume", "count", "volume_unit", "volume_std", "count_std"]);
  });

  it("volumeFlowsHistory: versions carry their forecast run", async () => {
    const r = await lng.volumeFlowsHistory({ from_timestamp: "2024-06-10", to_timestamp: "2024-06-11", destination_country_codes: ["JP"] });
    expect(r.records.length).toBeGreaterThan(1);
    expect(new Set(r.records.map((x) => x.forecast_run_at)).size).toBe(r.records.length);
    everyTimestamp(r.records, ["timestamp", "forecast_run_at"]);
  });

  it("transactionsHistory: observed only, bcf, detail timestamps parsed from +00 form", async () => {
    const r = await lng.transactionsHistory({ from_timestamp: FROM, to_timestamp: TO });
    expect(r.meta.url).toBe(`${sandbox.lngUrl}/v1/transactions/history`);
    expect(r.records.length).toBeGreaterThan(50);
    expect(r.records.every((x) => x.forecasted_transaction === false && x.volume_unit === "bcf")).toBe(true);
    everyTimestamp(r.records, ["origin_timestamp", "destination_timestamp", "loading_origin_timestamp", "modified_at"]);
    expect(r.records.every((x) => x.destination_timestamp! >= "2024-03-01" && x.destination_timestamp! < "2024-05-01")).toBe(true);
  });

  it("transactionsForecast: forecast transactions with scores after asOf", async () => {
    const r = await lng.transactionsForecast({ destination_country_codes: ["KR"] });
    expect(r.records.length).toBeGreaterThan(0);
    expect(r.records.every((x) => x.forecasted_transaction === true && x.destination_country_code === "KR")).toBe(true);
    expect(r.records.every((x) => typeof x.route_score === "number" && x.route_score! <= 1)).toBe(true);
    everyTimestamp(r.records, ["forecast_run_at", "destination_timestamp"]);
  });

  it("forecastRunAtTimestamps (GET /v1/forecast_run_at_timestamps), then transactionsForecastHistoryDetails for one run (mcf)", async () => {
    const runs = await lng.forecastRunAtTimestamps();
    expect(runs.records.length).toBeGreaterThan(10);
    everyTimestamp(runs.records, ["forecast_run_at_timestamp", "modified_at"]);
    expect(runs.records.every((x) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/.test(x.forecast_run_uuid!))).toBe(true);
    expect(new Set(runs.records.map((x) => x.forecast_run_uuid)).size).toBe(runs.records.length);
    const run = runs.records[runs.records.length - 5]!.forecast_run_at_timestamp!;
    const details = await lng.transactionsForecastHistoryDetails({ forecast_run_at: run, origin_country_codes: ["US"] });
    expect(details.records.length).toBeGreaterThan(0);
    expect(details.records.every((x) => x.forecast_run_at === run && x.volume_unit === "mcf" && x.origin_country_code === "US")).toBe(true);
    expect(details.records.every((x) => typeof x.vessel_name === "string")).toBe(true);
  });

  it("a forecast_run_at that is no run is the service's 400, as a BadRequestError", async () => {
    await expect(lng.transactionsForecastHistoryDetails({ forecast_run_at: "1999-01-01" })).rejects.toBeInstanceOf(BadRequestError);
  });

  it("vessels and vesselsDetails: one record per vessel, vessel timestamps without zone read as UTC", async () => {
    const all = await lng.vessels();
    expect(all.records.length).toBeGreaterThan(100);
    everyTimestamp(all.records, ["last_ais_signal_timestamp", "captains_eta", "modified_at", "forecast_destination_timestamp"]);
    const fsru = await lng.vessels({ vessel_types: ["FSRU"] });
    expect(fsru.records.length).toBeGreaterThan(0);
    expect(fsru.records.every((v) => v.vessel_type === "FSRU")).toBe(true);
    const imo = all.records[0]!.imo!;
    const details = await lng.vesselsDetails({ imos: [imo] });
    expect(details.records).toHaveLength(1);
    expect(details.records[0]).toMatchObject({ imo, name: all.records[0]!.name });
    expect(details.records[0]!.owner).toEqual(expect.any(String));
  });
});

describe("every filter family narrows the answer to what it names", () => {
  let all: TransactionRecord[];
  beforeAll(async () => {
    all = (await lng.transactions({ from_timestamp: FROM, to_timestamp: TO })).records;
  });

  const cases: [string, Record<string, unknown>, (t: TransactionRecord) => boolean][] = [
    ["destination_terminals", { destination_terminals: ["Zeebrugge"] }, (t) => t.destination_terminal === "Zeebrugge"],
    ["origin_terminals", { origin_terminals: "Sabine Pass" }, (t) => t.origin_terminal === "Sabine Pass"],
    ["destination_countries", { destination_countries: ["Japan"] }, (t) => t.destination_country === "Japan"],
    ["destination_country_codes", { destination_country_codes: ["FR", "BE"] }, (t) => ["FR", "BE"].includes(t.destination_country_code!)],
    ["origin_country_codes", { origin_country_codes: ["QA"] }, (t) => t.origin_country_code === "QA"],
    ["loading_origin_country_codes", { loading_origin_country_codes: ["AU"] }, (t) => t.loading_origin_country_code === "AU"],
    ["destination_regions", { destination_regions: ["Europe"] }, (t) => ["NL", "BE", "FR", "GB", "DE", "IT", "ES", "PL", "LT", "NO"].includes(t.destination_country_code!)],
    ["origin_terminal_ids", { origin_terminal_ids: ["liq-us-sabine-pass"] }, (t) => t.origin_terminal_id === "liq-us-sabine-pass"],
    ["transaction_type", { transaction_type: "loading" }, (t) => t.transaction_type === "loading"],
    [
      "destination_polygons (a box around Japan)",
      { destination_polygons: [[[[130, 33], [146, 33], [146, 46], [130, 46], [130, 33]]]] },
      (t) => t.destination_country_code === "JP",
    ],
  ];

  for (const [name, filter, holds] of cases) {
    it(name, async () => {
      const r = await lng.transactions({ from_timestamp: FROM, to_timestamp: TO, ...filter } as never);
      const expected = all.filter(holds);
      expect(expected.length, "the sandbox has rows for this filter").toBeGreaterThan(0);
      expect(r.records.length).toBeLessThan(all.length);
      expect(r.records.map((t) => t.transaction_number).sort()).toEqual(expected.map((t) => t.transaction_number).sort());
    });
  }

  it("imos", async () => {
    const imo = all[0]!.imo!;
    const r = await lng.transactions({ from_timestamp: FROM, to_timestamp: TO, imos: [imo] });
    expect(r.records.length).toBe(all.filter((t) => t.imo === imo).length);
  });

  it("volume flows with a destination filter equal the offloading volumes there, per day", async () => {
    const flows = await lng.volumeFlows({ from_timestamp: FROM, to_timestamp: TO, destination_country_codes: ["BE"] });
    const byDay = new Map<string, number>();
    for (const t of all) {
      if (t.destination_country_code !== "BE" || t.transaction_type !== "offloading") continue;
      const day = t.destination_timestamp!.slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + t.volume!);
    }
    for (const f of flows.records) expect(f.volume!).toBeCloseTo(byDay.get(f.timestamp!.slice(0, 10)) ?? 0, 5);
  });
});

describe("streams and NDJSON", () => {
  it("stream.transactions yields batches that add up to the whole answer", async () => {
    const params = { from_timestamp: FROM, to_timestamp: TO };
    const whole = await lng.transactions(params);
    const gen = lng.stream.transactions(params, { batchSize: 25 });
    const batches: number[] = [];
    let meta;
    for (;;) {
      const step = await gen.next();
      if (step.done) {
        meta = step.value;
        break;
      }
      batches.push(step.value.length);
      for (const t of step.value) expect(t.modified_at).toMatch(ISO);
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(whole.records.length);
    expect(meta.rows).toBe(whole.records.length);
  });

  it("ndjson: true gives the same records as a JSON array", async () => {
    const a = await lng.vessels({ statuses: ["ACTIVE"] });
    const b = await lng.vessels({ statuses: ["ACTIVE"] }, { ndjson: true });
    expect(b.records).toEqual(a.records);
  });
});

describe("LngClient: the endpoints of the vendor's OpenAPI document that no page documents", () => {
  it("terminals and countries: typed records, filters checked before sending", async () => {
    const t = await lng.terminals({ category: "Regasification", countries: ["Japan"] });
    expect(t.records.map((x) => x.name).sort()).toEqual(["Futtsu", "Mizushima", "Sodegaura"]);
    expect(t.records.every((x) => x.category === "Regasification" && x.country_code === "JP" && typeof x.latitude === "number")).toBe(true);
    everyTimestamp(t.records, ["modified_at"]);
    expect(t.toFrame().shape[0]).toBe(3);
    const c = await lng.countries({ names: ["Japan", "Qatar"] });
    expect(c.records.map((x) => [x.name, x.code])).toEqual([["Japan", "JP"], ["Qatar", "QA"]]);
    expect((c.records[0]!.polygon as { type: string }).type).toBe("Polygon");
    await expect(lng.terminals({ category: "Storage" } as never)).rejects.toThrow(/category/);
  });

  it("healthcheck: one record", async () => {
    const h = await lng.healthcheck();
    expect(h.records).toEqual([{ status: "healthy" }]);
  });

  it("vesselsHistory: one record per day of the window for the vessel asked", async () => {
    const [v] = (await lng.vessels()).records;
    const h = await lng.vesselsHistory({ imos: [v!.imo!], from_timestamp: "2024-05-01", to_timestamp: "2024-05-11" });
    expect(h.records.length).toBe(10);
    expect(h.records.every((x) => x.imo === v!.imo)).toBe(true);
    everyTimestamp(h.records, ["last_ais_signal_timestamp", "modified_at"]);
    await expect(lng.vesselsHistory({ from_timestamp: "2024-05-11", to_timestamp: "2024-05-01" })).rejects.toThrow(/to_timestamp/);
  });

  it("transactionsForecastDetails (latest run) and transactionsForecastHistory (a past run, forecast_run_at required)", async () => {
    const runs = (await lng.forecastRunAtTimestamps()).records;
    const latest = runs[runs.length - 1]!.forecast_run_at_timestamp!;
    const d = await lng.transactionsForecastDetails({ destination_country_codes: ["KR"] });
    expect(d.records.length).toBeGreaterThan(0);
    expect(d.records.every((x) => x.forecast_run_at === latest && typeof x.score === "number")).toBe(true);
    const past = runs[runs.length - 4]!.forecast_run_at_timestamp!;
    const h = await lng.transactionsForecastHistory({ forecast_run_at: past, imos: [d.records[0]!.imo!] });
    expect(h.records.every((x) => x.forecast_run_at === past && x.imo === d.records[0]!.imo)).toBe(true);
    await expect(lng.transactionsForecastHistory({} as never)).rejects.toThrow(/forecast_run_at/);
    await expect(lng.forecastRunAtTimestamps({ from_timestamp: "2024-05-01" } as never)).rejects.toThrow(/from_timestamp/);
  });
});
