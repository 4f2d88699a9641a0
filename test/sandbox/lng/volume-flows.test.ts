import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { arrivalSigmaHours } from "../../../src/sandbox/lng/model/forecasts";
import { normalCdf } from "../../../src/sandbox/lng/query/volume-flows";
import { AS_OF_MS, DAY, dayOf, get, ms, post, rows, startLngSandbox, sumBy, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let observed: Row[];
let forecast: Row[];
let runs: string[];
const asOfDay = AS_OF_MS / DAY;

beforeAll(async () => {
  sandbox = await startLngSandbox();
  observed = await rows(`${sandbox.lngUrl}/v1/transactions/history`, {});
  forecast = await rows(`${sandbox.lngUrl}/v1/transactions/forecast`, {});
  runs = (await rows(`${sandbox.lngUrl}/v1/volume_flows/forecast_run_at_timestamps`, {})).map((r) => r.forecast_run_at);
});
afterAll(() => sandbox.close());

function close(a: number, b: number): boolean {
  return Math.abs(a - b) < 2e-6 * Math.max(1, Math.abs(b));
}

/** Observed per-day sums of the transactions a filter keeps. */
function observedByDay(keep: (tx: Row) => boolean) {
  const kept = observed.filter(keep);
  return {
    volume: sumBy(kept, (tx) => dayOf(tx.destination_timestamp), (tx) => tx.volume),
    count: sumBy(kept, (tx) => dayOf(tx.destination_timestamp), () => 1),
  };
}

function checkObserved(flows: Row[], keep: (tx: Row) => boolean, beforeDay: number): number {
  const sums = observedByDay(keep);
  let checked = 0;
  for (const f of flows) {
    const day = dayOf(f.timestamp);
    if (day >= beforeDay) continue;
    expect(close(f.volume, sums.volume.get(day) ?? 0), f.timestamp).toBe(true);
    expect(f.count).toBe(sums.count.get(day) ?? 0);
    expect(f.volume_std).toBe(0);
    expect(f.count_std).toBe(0);
    checked++;
  }
  return checked;
}

describe("/v1/volume_flows", () => {
  it("answers one record per day, 365 days before asOf to 90 days after by default", async () => {
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, {});
    expect(flows.length).toBe(455);
    expect(flows[0]!.timestamp).toBe("2024-03-01T00:00:00Z");
    expect(flows.every((f, i) => dayOf(f.timestamp) === asOfDay - 365 + i)).toBe(true);
    expect(Object.keys(flows[0]!)).toEqual(["timestamp", "volume", "count", "volume_unit", "volume_std", "count_std"]);
    expect(flows.every((f) => f.volume_unit === "gas_Bcf")).toBe(true);
  });

  it("observed days equal the sums of observed offloadings (the default transaction_type), std 0", async () => {
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, {});
    expect(checkObserved(flows, (tx) => tx.transaction_type === "offloading", asOfDay)).toBe(365);
    const mean = flows.slice(0, 365).reduce((s, f) => s + f.volume, 0) / 365;
    expect(mean).toBeGreaterThan(5);
    expect(mean).toBeLessThan(30);
  });

  it("observed days follow destination, origin and type filters", async () => {
    const url = `${sandbox.lngUrl}/v1/volume_flows`;
    const cases: Array<[Row, (tx: Row) => boolean]> = [
      [{ destination_countries: ["Japan"] }, (tx) => tx.transaction_type === "offloading" && tx.destination_country === "Japan"],
      [{ destination_country_codes: ["US"], transaction_type: "loading" }, (tx) => tx.transaction_type === "loading" && tx.destination_country_code === "US"],
      [{ destination_regions: ["Europe"], origin_country_codes: ["US"] }, (tx) => tx.transaction_type === "offloading" && tx.origin_country_code === "US" && ["BE", "NL", "FR", "GB", "DE", "IT", "ES", "PL", "LT"].includes(tx.destination_country_code)],
      [{ destination_terminal_ids: ["reg-nl-gate"], origin_terminal_ids: ["liq-us-sabine-pass"] }, (tx) => tx.transaction_type === "offloading" && tx.destination_terminal === "Gate" && tx.origin_terminal === "Sabine Pass"],
    ];
    for (const [body, keep] of cases) {
      const flows = await rows(url, { ...body, from_timestamp: "2024-01-01T00:00:00Z", to_timestamp: "2025-03-01T00:00:00Z" });
      expect(flows.length).toBe(425);
      checkObserved(flows, keep, asOfDay);
      expect(flows.some((f) => f.volume > 0), JSON.stringify(body)).toBe(true);
    }
  });

  it("forecast days equal the sums of route_score_weighted_volume and route_score, with std > 0", async () => {
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2025-03-01T00:00:00Z" });
    expect(flows.length).toBe(90);
    const offloadings = forecast.filter((tx) => tx.transaction_type === "offloading");
    const volume = sumBy(offloadings, (tx) => dayOf(tx.destination_timestamp), (tx) => tx.route_score_weighted_volume);
    const count = sumBy(offloadings, (tx) => dayOf(tx.destination_timestamp), (tx) => tx.route_score);
    for (const f of flows) {
      const day = dayOf(f.timestamp);
      expect(close(f.volume, volume.get(day) ?? 0), f.timestamp).toBe(true);
      expect(close(f.count, count.get(day) ?? 0), f.timestamp).toBe(true);
      expect(f.volume_std).toBeGreaterThan(0);
      expect(f.count_std).toBeGreaterThan(0);
    }
    // Uncertainty grows with the lead time: the last month is less certain than the first week.
    const relStd = (fs: Row[]) => fs.reduce((s, f) => s + f.volume_std, 0) / fs.reduce((s, f) => s + f.volume + 1e-9, 0);
    expect(relStd(flows.slice(60))).toBeGreaterThan(relStd(flows.slice(0, 7)));
  });

  it("clips a range to the data: nothing before the first observed day or past the horizon", async () => {
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2015-01-01", to_timestamp: "2030-01-01" });
    expect(flows[0]!.timestamp).toBe("2022-03-01T00:00:00Z");
    expect(dayOf(flows[flows.length - 1]!.timestamp)).toBe(asOfDay + 89);
    const empty = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2024-06-01T00:00:00Z", to_timestamp: "2024-06-01T00:00:00Z" });
    expect(empty).toEqual([]);
  });

  it("with a past forecast_run_at: observed before the run's day, that run's forecast after", async () => {
    const run = runs[runs.length - 31]!;
    const runDay = dayOf(run);
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { forecast_run_at: run, from_timestamp: "2025-01-01T00:00:00Z" });
    expect(dayOf(flows[flows.length - 1]!.timestamp)).toBe(runDay + 89);
    expect(checkObserved(flows, (tx) => tx.transaction_type === "offloading", runDay)).toBe(runDay - dayOf("2025-01-01 00:00:00+00"));
    const details = await rows(`${sandbox.lngUrl}/v1/transactions/forecast/history/details`, { forecast_run_at: run, transaction_type: "offloading" });
    const volume = sumBy(details, (tx) => dayOf(tx.destination_timestamp), (tx) => tx.route_score_weighted_volume / 1e6);
    for (const f of flows.filter((f) => dayOf(f.timestamp) >= runDay)) {
      expect(close(f.volume, volume.get(dayOf(f.timestamp)) ?? 0), f.timestamp).toBe(true);
      expect(f.volume_std).toBeGreaterThan(0);
    }
  });

  it("refuses a forecast_run_at that is not a run, naming the nearest", async () => {
    const a = await post<{ error: string }>(`${sandbox.lngUrl}/v1/volume_flows`, { forecast_run_at: "2025-02-10T05:00:00Z" });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain("forecast_run_at");
    expect(a.body.error).toContain("2025-02-10 00:00:00+00");
  });
});

describe("volume_std follows the arrival-time model", () => {
  /**
   * The variance of each forecast day recomputed from the public forecast transactions the filter
   * keeps: each may land on day k with probability P (normal arrival time, sigma from its lead time)
   * and adds w^2 P (1 - P), w = route_score_weighted_volume. Only arrivals within reach count.
   */
  function modelVariance(kept: readonly Row[], day: number): number {
    let variance = 0;
    for (const tx of kept) {
      const ts = ms(tx.destination_timestamp);
      const sigma = arrivalSigmaHours((ts - ms(tx.forecast_run_at)) / 3_600_000) * 3_600_000;
      const reach = Math.ceil((5 * sigma) / DAY) + 1;
      if (Math.abs(day - Math.floor(ts / DAY)) > reach) continue;
      const p = normalCdf(((day + 1) * DAY - ts) / sigma) - normalCdf((day * DAY - ts) / sigma);
      if (p > 0) variance += tx.route_score_weighted_volume ** 2 * p * (1 - p);
    }
    return variance;
  }

  it("a forecast day no potential arrival can reach has volume 0 and std 0 (no arrivals at all: every day)", async () => {
    // Sabine Pass is a liquefaction terminal: no cargo is offloaded there, so nothing is uncertain either.
    expect(forecast.filter((tx) => tx.transaction_type === "offloading" && tx.destination_terminal === "Sabine Pass")).toEqual([]);
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { from_timestamp: "2025-03-01T00:00:00Z", destination_terminals: ["Sabine Pass"] });
    expect(flows.length).toBe(90);
    for (const f of flows) expect([f.timestamp, f.volume, f.count, f.volume_std, f.count_std]).toEqual([f.timestamp, 0, 0, 0, 0]);
  });

  it("each forecast day's std is the model's, for filters with busy, sparse and unreachable days; std 0 only where nothing can land", async () => {
    const cases: Array<[Row, (tx: Row) => boolean]> = [
      [{}, (tx) => tx.transaction_type === "offloading"],
      [{ destination_terminals: ["Gate"] }, (tx) => tx.transaction_type === "offloading" && tx.destination_terminal === "Gate"],
      [{ origin_terminals: ["Sabine Pass"], destination_country_codes: ["IT"] }, (tx) => tx.transaction_type === "offloading" && tx.origin_terminal === "Sabine Pass" && tx.destination_country_code === "IT"],
    ];
    let zeroVolumePositiveStd = 0;
    let unreachable = 0;
    for (const [body, keep] of cases) {
      const kept = forecast.filter(keep);
      const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, { ...body, from_timestamp: "2025-03-01T00:00:00Z" });
      for (const f of flows) {
        const variance = modelVariance(kept, dayOf(f.timestamp));
        const expected = variance > 0 ? Math.max(1e-6, Math.sqrt(variance)) : 0;
        expect(Math.abs(f.volume_std - expected), `${JSON.stringify(body)} ${f.timestamp}`).toBeLessThan(2e-6);
        expect(f.volume_std === 0, `${JSON.stringify(body)} ${f.timestamp}`).toBe(variance === 0);
        if (f.volume > 0) expect(f.volume_std).toBeGreaterThan(0);
        if (f.volume === 0 && f.volume_std > 0) zeroVolumePositiveStd++;
        if (variance === 0) unreachable++;
      }
    }
    // Both kinds of empty day occur: next to likely arrivals (uncertain) and out of their reach (certain).
    expect(zeroVolumePositiveStd).toBeGreaterThan(0);
    expect(unreachable).toBeGreaterThan(0);
  });
});

describe("forecast runs", () => {
  it("are daily at 00:00 UTC, 90 of them, the last at asOf; both paths, GET or POST", async () => {
    expect(runs.length).toBe(90);
    expect(runs[runs.length - 1]).toBe("2025-03-01 00:00:00+00");
    expect(runs.every((r, i) => i === 0 || ms(r) - ms(runs[i - 1]!) === DAY)).toBe(true);
    const viaGet = await get<Row[]>(`${sandbox.lngUrl}/v1/transactions/forecast/forecast_run_at_timestamps`);
    expect(viaGet.body.map((r) => r.forecast_run_at)).toEqual(runs);
    const ranged = await rows(`${sandbox.lngUrl}/v1/transactions/forecast/forecast_run_at_timestamps`, { from_timestamp: "2025-02-20", to_timestamp: "2025-02-25" });
    expect(ranged.length).toBe(5);
  });
});

describe("/v1/volume_flows/history", () => {
  it("returns one version per (day, run) covering the day, matching volume_flows of that run", async () => {
    const history = await rows(`${sandbox.lngUrl}/v1/volume_flows/history`, {
      from_timestamp: "2025-02-20T00:00:00Z", to_timestamp: "2025-02-23T00:00:00Z", destination_regions: ["Asia"],
    });
    expect(Object.keys(history[0]!)).toEqual(["timestamp", "forecast_run_at", "volume", "count", "volume_unit"]);
    for (const day of ["2025-02-20", "2025-02-21", "2025-02-22"]) {
      const versions = history.filter((h) => h.timestamp === `${day}T00:00:00Z`);
      const expectedRuns = runs.filter((r) => dayOf(r) <= dayOf(`${day} 00:00:00+00`));
      expect(versions.map((v) => v.forecast_run_at)).toEqual(expectedRuns);
    }
    const run = "2025-02-15 00:00:00+00";
    const flows = await rows(`${sandbox.lngUrl}/v1/volume_flows`, {
      forecast_run_at: run, from_timestamp: "2025-02-20T00:00:00Z", to_timestamp: "2025-02-23T00:00:00Z", destination_regions: ["Asia"],
    });
    const mine = history.filter((h) => h.forecast_run_at === run);
    expect(mine.map((h) => [h.timestamp, h.volume, h.count])).toEqual(flows.map((f) => [f.timestamp, f.volume, f.count]));
  });
});

describe("forecast transactions", () => {
  it("come from the latest run, after asOf, with scores whose product along the route is route_score", () => {
    expect(forecast.length).toBeGreaterThan(300);
    expect(forecast.every((tx) => tx.forecasted_transaction === true && tx.forecast_run_at === "2025-03-01 00:00:00+00")).toBe(true);
    expect(forecast.every((tx) => ms(tx.destination_timestamp) > AS_OF_MS)).toBe(true);
    expect(forecast.every((tx) => tx.score > 0 && tx.score <= 1 && tx.route_score <= tx.score + 1e-9)).toBe(true);
    expect(forecast.every((tx) => close(tx.route_score_weighted_volume, tx.volume * tx.route_score))).toBe(true);
  });

  it("chain per vessel along the most likely route; alternatives share the transaction number", () => {
    const byImo = new Map<number, Row[]>();
    for (const tx of forecast) {
      if (!byImo.has(tx.imo)) byImo.set(tx.imo, []);
      byImo.get(tx.imo)!.push(tx);
    }
    let alternatives = 0;
    for (const [, list] of byImo) {
      const legs = [...new Set(list.map((tx) => tx.transaction_number))].sort((a, b) => a - b);
      const primary = legs.map((n) => list.filter((tx) => tx.transaction_number === n).sort((a, b) => b.route_score - a.route_score)[0]!);
      alternatives += list.length - legs.length;
      let route = 1;
      for (let i = 0; i < primary.length; i++) {
        route *= primary[i]!.score;
        expect(Math.abs(primary[i]!.route_score - route)).toBeLessThan(1e-5);
        if (i > 0) expect(primary[i]!.origin_terminal_id).toBe(primary[i - 1]!.destination_terminal_id);
      }
    }
    expect(alternatives).toBeGreaterThan(50);
  });

  it("first forecast leg starts where the observed history ends", () => {
    const lastObserved = new Map<number, Row>();
    for (const tx of observed) lastObserved.set(tx.imo, tx);
    const firstForecast = new Map<number, Row>();
    for (const tx of forecast) if (!firstForecast.has(tx.imo) || tx.transaction_number < firstForecast.get(tx.imo)!.transaction_number) firstForecast.set(tx.imo, tx);
    let checked = 0;
    for (const [imo, tx] of firstForecast) {
      const last = lastObserved.get(imo);
      if (!last) continue;
      expect(tx.origin_terminal_id).toBe(last.destination_terminal_id);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
