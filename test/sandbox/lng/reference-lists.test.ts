/**
 * The endpoints of the vendor's OpenAPI document that the sandbox lacked: the reference lists
 * (countries, terminals), the health check, the forecast runs at their documented path, vessel
 * history, and the forecast details and history. Their data agree with what the other endpoints
 * answer: the same terminals, countries, vessels and runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { AS_OF_MS, DAY, get, ms, post, rows, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let url: (path: string) => string;
let history: Row[];

beforeAll(async () => {
  sandbox = await startLngSandbox();
  url = (path) => `${sandbox.lngUrl}${path}`;
  history = await rows(url("/v1/transactions/history"), {});
});
afterAll(() => sandbox.close());

describe("/v1/terminals and /v1/countries", () => {
  it("list every terminal and country the transactions name, with the OpenAPI fields", async () => {
    const terminals = await rows(url("/v1/terminals"), {});
    expect(Object.keys(terminals[0]!)).toEqual([
      "terminal_id", "name", "unrefcode", "category", "country_code", "country", "longitude", "latitude", "berth_count",
      "captains_destination_names", "first_operation_year", "nameplate_capacity", "nameplate_capacity_unit",
      "storage_capacity", "storage_capacity_unit", "polygon", "modified_at",
    ]);
    const byId = new Map(terminals.map((t) => [t.terminal_id, t]));
    for (const tx of history) {
      for (const role of ["origin", "destination"]) {
        const t = byId.get(tx[`${role}_terminal_id`]);
        expect(t, tx[`${role}_terminal_id`]).toBeDefined();
        expect([t!.name, t!.country, t!.country_code]).toEqual([tx[`${role}_terminal`], tx[`${role}_country`], tx[`${role}_country_code`]]);
      }
    }
    expect(new Set(terminals.map((t) => t.unrefcode)).size).toBe(terminals.length);
    expect(terminals.every((t) => /^[A-Z]{5}$/.test(t.unrefcode) && t.unrefcode.startsWith(t.country_code))).toBe(true);
    expect(new Set(terminals.map((t) => t.category))).toEqual(new Set(["Liquefaction", "Regasification"]));

    const countries = await rows(url("/v1/countries"), {});
    expect(Object.keys(countries[0]!)).toEqual(["country_id", "name", "code", "polygon", "modified_at"]);
    expect(new Set(countries.map((c) => c.code))).toEqual(new Set(terminals.map((t) => t.country_code)));
    const named = new Map(countries.map((c) => [c.code, c.name]));
    expect(terminals.every((t) => named.get(t.country_code) === t.country)).toBe(true);
  });

  it("filter as the OpenAPI queries say: category, countries, names, unrefcodes, polygons", async () => {
    const liq = await rows(url("/v1/terminals"), { category: "Liquefaction", countries: ["united states"] });
    expect(liq.length).toBeGreaterThan(3);
    expect(liq.every((t) => t.category === "Liquefaction" && t.country === "United States")).toBe(true);
    const one = await rows(url("/v1/terminals"), { unrefcodes: [liq[0]!.unrefcode] });
    expect(one.map((t) => t.name)).toEqual([liq[0]!.name]);
    // A box around the Gulf coast of Texas and Louisiana.
    const gulf = [[[-98, 27], [-93, 27], [-93, 31], [-98, 31], [-98, 27]]];
    const inGulf = await rows(url("/v1/terminals"), { polygons: [gulf] });
    expect(inGulf.map((t) => t.name).sort()).toEqual(["Calcasieu Pass", "Cameron", "Corpus Christi", "Freeport", "Sabine Pass"]);
    const countries = await rows(url("/v1/countries"), { polygons: [gulf] });
    expect(countries.map((c) => c.code)).toEqual(["US"]);
    const bad = await post(url("/v1/terminals"), { category: "Storage" });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/category expects .*Liquefaction.* or .*Regasification/);
  });
});

describe("/v1/healthcheck and /v1/forecast_run_at_timestamps", () => {
  it("healthcheck answers one object by GET", async () => {
    const a = await get<Row>(url("/v1/healthcheck"));
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ status: "healthy" });
  });

  it("lists the runs by GET with ids, the same runs the old paths list", async () => {
    const a = await get(url("/v1/forecast_run_at_timestamps"));
    expect(a.status).toBe(200);
    const old = await rows(url("/v1/transactions/forecast/forecast_run_at_timestamps"), {});
    expect(a.body.map((r) => r.forecast_run_at_timestamp)).toEqual(old.map((r) => r.forecast_run_at));
    expect(Object.keys(a.body[0]!)).toEqual(["forecast_run_at_timestamp", "forecast_run_uuid", "forecast_model_package_version", "modified_at"]);
    const refused = await post(url("/v1/forecast_run_at_timestamps"), { from_timestamp: "2025-01-01" });
    expect(refused.status).toBe(400);
  });
});

describe("/v1/transactions/forecast/details and /history", () => {
  it("details of the latest run equal the spec's history details of that run; history of a run is its forecast", async () => {
    const runs = (await get(url("/v1/forecast_run_at_timestamps"))).body;
    const latest = runs[runs.length - 1]!.forecast_run_at_timestamp;
    const details = await rows(url("/v1/transactions/forecast/details"), { destination_country_codes: ["JP"] });
    expect(details.length).toBeGreaterThan(0);
    expect(details).toEqual(await rows(url("/v1/transactions/forecast/history/details"), { destination_country_codes: ["JP"], forecast_run_at: latest }));
    const latestForecast = await rows(url("/v1/transactions/forecast"), {});
    expect(await rows(url("/v1/transactions/forecast/history"), { forecast_run_at: latest })).toEqual(latestForecast);
    const older = runs[runs.length - 3]!.forecast_run_at_timestamp;
    const past = await rows(url("/v1/transactions/forecast/history"), { forecast_run_at: older });
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((r) => r.forecast_run_at === older && typeof r.route_score === "number")).toBe(true);
    expect((await post(url("/v1/transactions/forecast/history"), {})).text).toMatch(/forecast_run_at is required/);
    expect((await post(url("/v1/transactions/forecast/details"), { from_timestamp: "2025-01-01" })).status).toBe(400);
  });
});

describe("/v1/vessels/history", () => {
  it("answers one record per vessel and day of the window, the fleet's vessels, never after asOf", async () => {
    const fleet = await rows(url("/v1/vessels"), {});
    const imo = fleet[3]!.imo;
    const week = await rows(url("/v1/vessels/history"), { imos: [imo] });
    expect(week.length).toBe(7);
    expect(week.every((r) => r.imo === imo && r.mmsi === fleet[3]!.mmsi && r.name === fleet[3]!.name)).toBe(true);
    expect(Object.keys(week[0]!)).toEqual(Object.keys(fleet[0]!));
    // Each position is the vessel's at 00:00 UTC of a day, its last AIS signal minutes before.
    const days = week.map((r) => Math.ceil(ms(`${r.last_ais_signal_timestamp}+00`) / DAY) * DAY);
    expect(days[6]).toBe(AS_OF_MS - DAY);
    expect(new Set(days).size).toBe(7);
    const window = await rows(url("/v1/vessels/history"), {
      mmsis: [fleet[3]!.mmsi],
      from_timestamp: new Date(AS_OF_MS - 30 * DAY).toISOString(),
      to_timestamp: new Date(AS_OF_MS + 30 * DAY).toISOString(),
    });
    expect(window.length).toBe(30);
    const byName = await rows(url("/v1/vessels/history"), { names: [fleet[3]!.name.toLowerCase()] });
    expect(byName).toEqual(week);
  });

  it("polygons keep the positions inside them, on vessels and their history", async () => {
    const everywhere = [[[-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]]];
    const nowhere = [[[0, 0], [0.001, 0], [0.001, 0.001], [0, 0.001], [0, 0]]];
    const fleet = await rows(url("/v1/vessels"), {});
    expect(await rows(url("/v1/vessels"), { polygons: [everywhere] })).toEqual(fleet);
    expect(await rows(url("/v1/vessels/history"), { polygons: [nowhere] })).toEqual([]);
  });
});
