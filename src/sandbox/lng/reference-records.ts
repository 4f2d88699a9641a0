/**
 * Wire records of the LNG v1 reference lists (`/v1/countries`, `/v1/terminals`), the forecast runs
 * (`/v1/forecast_run_at_timestamps`) and the vessel position history (`/v1/vessels/history`), in the
 * shapes of the vendor's OpenAPI document. Every name is one the other endpoints answer: the terminals
 * are the sandbox's, the countries those of its terminals, the vessels its fleet.
 */
import { SandboxHttpError } from "../core/types";
import type { LngDataset } from "./model/dataset";
import type { Vessel } from "./model/fleet";
import { pointInPolygon, type Polygon } from "./model/polygon";
import { hashKey } from "./model/random";
import { TERMINALS, type Terminal } from "./model/terminals";
import { DAY_MS, formatRecordTimestamp, startOfDay } from "./model/time";
import { vesselStateAt, type VesselState } from "./model/vessel-state";
import type { LngQuery } from "./query/params";
import { vesselRecord } from "./vessel-records";

/** The forecast service version the sandbox's runs claim. */
export const SANDBOX_FORECAST_VERSION = "sandbox-1";
/** Days of vessel history answered when the request gives no window. */
export const DEFAULT_VESSEL_HISTORY_DAYS = 7;

function unrefcodes(): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const t of TERMINALS) {
    const letters = t.name.toUpperCase().replace(/[^A-Z]/g, "");
    let code = `${t.countryCode}${letters.slice(0, 3)}`;
    for (let i = 3; used.has(code) && i < letters.length; i++) code = `${t.countryCode}${letters.slice(0, 2)}${letters[i]}`;
    used.add(code);
    out.set(t.id, code);
  }
  return out;
}

/** Each terminal's five-letter UNREF code: its country code and letters of its name, unique. */
export const UNREFCODE_BY_TERMINAL: ReadonlyMap<string, string> = unrefcodes();

function square(lon: number, lat: number, half: number): { type: "Polygon"; coordinates: number[][][] } {
  const r = (x: number) => Math.round(x * 1e4) / 1e4;
  const [w, e, s, n] = [r(lon - half), r(lon + half), r(lat - half), r(lat + half)];
  return { type: "Polygon", coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] };
}

function inAny(lon: number, lat: number, polygons: readonly Polygon[] | undefined): boolean {
  return !polygons || polygons.some((p) => pointInPolygon(lon, lat, p));
}

function listHas(query: LngQuery, name: keyof NonNullable<LngQuery["lists"]>, value: string): boolean {
  const set = query.lists?.[name];
  return !set || set.has(value.toLowerCase());
}

function modifiedAt(dataset: LngDataset, key: string): string {
  return formatRecordTimestamp(startOfDay(dataset.asOfMs) - (hashKey(dataset.seed, `modified:${key}`) % (30 * 24)) * 3_600_000);
}

/** A `/v1/terminals` record. */
export function terminalRecord(dataset: LngDataset, t: Terminal): Record<string, unknown> {
  const h = hashKey(dataset.seed, `terminal:${t.id}`);
  return {
    terminal_id: t.id,
    name: t.name,
    unrefcode: UNREFCODE_BY_TERMINAL.get(t.id),
    category: t.kind === "liquefaction" ? "Liquefaction" : "Regasification",
    country_code: t.countryCode,
    country: t.country,
    longitude: t.longitude,
    latitude: t.latitude,
    berth_count: 1 + (h % 3),
    captains_destination_names: [t.name, t.name.toUpperCase()],
    first_operation_year: 1970 + (h % 50),
    nameplate_capacity: Math.round(t.weight * 1.5 * 10) / 10,
    nameplate_capacity_unit: "LNG_mt",
    storage_capacity: 160_000 * (1 + ((h >>> 8) % 4)),
    storage_capacity_unit: "cubic_meter",
    polygon: square(t.longitude, t.latitude, 0.02),
    modified_at: modifiedAt(dataset, t.id),
  };
}

/** The terminals a `/v1/terminals` query matches, liquefaction first. */
export function terminalRecords(dataset: LngDataset, query: LngQuery): Record<string, unknown>[] {
  const category = query.lists?.category;
  for (const c of category ?? []) {
    if (c !== "liquefaction" && c !== "regasification") throw new SandboxHttpError(400, `category expects "Liquefaction" or "Regasification"; got ${JSON.stringify(c)}`);
  }
  return TERMINALS.filter(
    (t) =>
      listHas(query, "category", t.kind) &&
      listHas(query, "countries", t.country) &&
      listHas(query, "ids", t.id) &&
      listHas(query, "names", t.name) &&
      listHas(query, "regions", t.region) &&
      listHas(query, "unrefcodes", UNREFCODE_BY_TERMINAL.get(t.id) as string) &&
      inAny(t.longitude, t.latitude, query.polygons),
  ).map((t) => terminalRecord(dataset, t));
}

interface Country {
  readonly name: string;
  readonly code: string;
  readonly terminals: readonly Terminal[];
}

const COUNTRIES: readonly Country[] = (() => {
  const byCode = new Map<string, { name: string; code: string; terminals: Terminal[] }>();
  for (const t of TERMINALS) {
    const c = byCode.get(t.countryCode) ?? { name: t.country, code: t.countryCode, terminals: [] };
    c.terminals.push(t);
    byCode.set(t.countryCode, c);
  }
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
})();

/**
 * The countries a `/v1/countries` query matches, by name. A country's polygon is a box around its
 * terminals, 3 degrees wider on each side (its "EEZ"); `polygons` matches a country with a terminal
 * inside one of them, `unrefcodes` a country with a terminal of that code.
 */
export function countryRecords(dataset: LngDataset, query: LngQuery): Record<string, unknown>[] {
  return COUNTRIES.filter(
    (c) =>
      listHas(query, "ids", `country_${c.code.toLowerCase()}`) &&
      listHas(query, "names", c.name) &&
      (!query.lists?.unrefcodes || c.terminals.some((t) => listHas(query, "unrefcodes", UNREFCODE_BY_TERMINAL.get(t.id) as string))) &&
      (!query.polygons || c.terminals.some((t) => inAny(t.longitude, t.latitude, query.polygons))),
  ).map((c) => {
    const lons = c.terminals.map((t) => t.longitude);
    const lats = c.terminals.map((t) => t.latitude);
    const [w, e, s, n] = [Math.min(...lons) - 3, Math.max(...lons) + 3, Math.max(-90, Math.min(...lats) - 3), Math.min(90, Math.max(...lats) + 3)];
    return {
      country_id: `country_${c.code.toLowerCase()}`,
      name: c.name,
      code: c.code,
      polygon: { type: "Polygon", coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] },
      modified_at: modifiedAt(dataset, `country:${c.code}`),
    };
  });
}

/** `/v1/forecast_run_at_timestamps`: every run, oldest first, with a stable id per (seed, run). */
export function forecastRunRecords(dataset: LngDataset): Record<string, unknown>[] {
  return dataset.runs.map((run) => {
    const hex = (k: string) => hashKey(dataset.seed, `run:${run}:${k}`).toString(16).padStart(8, "0");
    const a = hex("a");
    const b = hex("b");
    const c = hex("c");
    const d = hex("d");
    return {
      forecast_run_at_timestamp: formatRecordTimestamp(run),
      forecast_run_uuid: `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-a${c.slice(1, 4)}-${c.slice(4)}${d}`,
      forecast_model_package_version: SANDBOX_FORECAST_VERSION,
      modified_at: formatRecordTimestamp(run + 5 * 60_000),
    };
  });
}

/** True when a vessel passes the OpenAPI VesselQuery's identity filters (imos, mmsis, names). */
export function vesselMatches(query: LngQuery, v: Vessel): boolean {
  return (!query.imos || query.imos.has(v.imo)) && (!query.mmsis || query.mmsis.has(v.mmsi)) && listHas(query, "names", v.name);
}

/** True when a vessel's position passes the `polygons` filter. */
export function positionMatches(query: LngQuery, state: VesselState): boolean {
  return inAny(state.longitude, state.latitude, query.polygons);
}

/**
 * `/v1/vessels/history`: each matching vessel's record at 00:00 UTC of every day of the window, day
 * by day. The window is [from, to) clipped to the observed data (no position after asOf); without one,
 * the last {@link DEFAULT_VESSEL_HISTORY_DAYS} days before asOf. Forecast fields are null: a past
 * position carries no forecast of the day.
 */
export function* vesselHistoryRecords(dataset: LngDataset, query: LngQuery): Generator<Record<string, unknown>> {
  const to = Math.min(query.toMs ?? dataset.asOfMs, dataset.asOfMs);
  const from = Math.max(query.fromMs ?? dataset.asOfMs - DEFAULT_VESSEL_HISTORY_DAYS * DAY_MS, dataset.dataStartMs);
  const vessels = dataset.vessels.filter((v) => vesselMatches(query, v));
  for (let day = Math.ceil(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    for (const v of vessels) {
      const state = vesselStateAt(dataset, v, day);
      if (positionMatches(query, state)) yield vesselRecord(dataset, state, undefined);
    }
  }
}
