/**
 * The request parameters of the LNG v1 sandbox, as data: every known parameter with its kind, and
 * for each endpoint the parameters it takes (the spec's table, plus documented choices for the
 * endpoints the spec leaves open). A parameter that is absent or null is no filter; a non-null
 * parameter the endpoint does not take is refused with a 400 naming it.
 */
import { SandboxHttpError } from "../../core/types";
import { readPolygons, type Polygon } from "../model/polygon";
import type { TransactionType } from "../model/transaction-chain";
import { parseTimestamp } from "../model/time";

export type ParamKind = "strings" | "integers" | "polygons" | "timestamp" | "transactionType";

export const PLACE_ROLES = ["origin", "destination", "loading_origin"] as const;
export type PlaceRole = (typeof PLACE_ROLES)[number];
const PLACE_KEYS = ["countries", "country_codes", "polygons", "regions", "terminal_ids", "terminals"] as const;

/** Every parameter any LNG v1 endpoint knows, with its kind. */
export const LNG_PARAM_KINDS: Readonly<Record<string, ParamKind>> = {
  ...Object.fromEntries(PLACE_ROLES.flatMap((role) => PLACE_KEYS.map((key) => [`${role}_${key}`, key === "polygons" ? "polygons" : "strings"]))),
  forecast_run_at: "timestamp",
  from_timestamp: "timestamp",
  to_timestamp: "timestamp",
  imos: "integers",
  transaction_type: "transactionType",
  vessel_types: "strings",
  statuses: "strings",
  // The reference lists' and vessel history's filters (the vendor's OpenAPI document).
  mmsis: "integers",
  names: "strings",
  polygons: "polygons",
  ids: "strings",
  unrefcodes: "strings",
  countries: "strings",
  regions: "strings",
  category: "strings",
};

function place(role: PlaceRole, without: readonly string[] = []): string[] {
  return PLACE_KEYS.filter((k) => !without.includes(k)).map((k) => `${role}_${k}`);
}

const TRANSACTION_PARAMS = [
  ...place("destination", ["terminal_ids"]), ...place("origin"), ...place("loading_origin"), "from_timestamp", "to_timestamp", "imos", "transaction_type",
];

/** The vessel filters of the vendor's OpenAPI VesselQuery. */
const VESSEL_QUERY = ["imos", "mmsis", "names", "polygons"];

/** The vendor's OpenAPI TransactionsForecastQuery: no time window, no loading-origin filters. */
const FORECAST_QUERY = [...place("destination", ["terminal_ids"]), ...place("origin"), "forecast_run_at", "imos", "transaction_type"];

/** Parameters taken by each endpoint (paths below /v1). */
export const ENDPOINT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/v1/volume_flows": [...place("destination"), ...place("origin"), "forecast_run_at", "from_timestamp", "to_timestamp", "transaction_type"],
  "/v1/volume_flows/history": [...place("destination", ["terminal_ids"]), ...place("origin", ["terminal_ids"]), "from_timestamp", "to_timestamp", "transaction_type"],
  "/v1/transactions/forecast/history/details": [
    ...place("destination", ["terminal_ids"]), ...place("origin"), ...place("loading_origin"), "forecast_run_at", "imos", "transaction_type",
  ],
  // The published reference's parameter tables (no destination_terminal_ids on these three).
  "/v1/transactions": [...TRANSACTION_PARAMS],
  "/v1/transactions/history": [...TRANSACTION_PARAMS],
  "/v1/transactions/details": [...TRANSACTION_PARAMS, "forecast_run_at"],
  "/v1/transactions/forecast": [...place("destination"), ...place("origin"), ...place("loading_origin"), "from_timestamp", "to_timestamp", "imos", "transaction_type"],
  "/v1/vessels": [...VESSEL_QUERY, "vessel_types", "statuses"],
  "/v1/vessels/details": [...VESSEL_QUERY, "vessel_types", "statuses"],
  "/v1/vessels/history": [...VESSEL_QUERY, "from_timestamp", "to_timestamp"],
  "/v1/transactions/forecast/details": [...FORECAST_QUERY],
  "/v1/transactions/forecast/history": [...FORECAST_QUERY],
  "/v1/countries": ["ids", "names", "polygons", "unrefcodes"],
  "/v1/terminals": ["category", "countries", "ids", "names", "polygons", "regions", "unrefcodes"],
  "/v1/healthcheck": [],
  "/v1/forecast_run_at_timestamps": [],
  "/v1/transactions/forecast/forecast_run_at_timestamps": ["from_timestamp", "to_timestamp"],
  "/v1/volume_flows/forecast_run_at_timestamps": ["from_timestamp", "to_timestamp"],
};

export interface PlaceFilter {
  readonly countries?: ReadonlySet<string>;
  readonly country_codes?: ReadonlySet<string>;
  readonly regions?: ReadonlySet<string>;
  readonly terminals?: ReadonlySet<string>;
  readonly terminal_ids?: ReadonlySet<string>;
  readonly polygons?: readonly Polygon[];
}

/** A validated LNG query. Text filters are lower-cased: matching ignores case. */
export interface LngQuery {
  readonly places: Readonly<Record<PlaceRole, PlaceFilter>>;
  readonly fromMs?: number;
  readonly toMs?: number;
  readonly forecastRunAt?: number;
  readonly imos?: ReadonlySet<number>;
  readonly transactionTypes?: ReadonlySet<TransactionType>;
  readonly vesselTypes?: ReadonlySet<string>;
  readonly statuses?: ReadonlySet<string>;
  readonly mmsis?: ReadonlySet<number>;
  /** Reference-list and vessel filters, lower-cased: `names`, `ids`, `unrefcodes`, `countries`, `regions`, `category`. */
  readonly lists?: Readonly<Partial<Record<ListFilter, ReadonlySet<string>>>>;
  /** `polygons`: a vessel's or terminal's position inside one of them. */
  readonly polygons?: readonly Polygon[];
}

/** The plain string-list filters of the reference lists and the vessels. */
export type ListFilter = "names" | "ids" | "unrefcodes" | "countries" | "regions" | "category";
const LIST_FILTERS: readonly ListFilter[] = ["names", "ids", "unrefcodes", "countries", "regions", "category"];

function bad(message: string): SandboxHttpError {
  return new SandboxHttpError(400, message);
}

/** The kind of a parameter name from a request; undefined for anything that is not one (`constructor` included). */
export function paramKindOf(name: string): ParamKind | undefined {
  return Object.hasOwn(LNG_PARAM_KINDS, name) ? LNG_PARAM_KINDS[name] : undefined;
}

/** The parameters an endpoint takes; undefined for a path that is not an endpoint. */
export function endpointParamsOf(endpoint: string): readonly string[] | undefined {
  return Object.hasOwn(ENDPOINT_PARAMS, endpoint) ? ENDPOINT_PARAMS[endpoint] : undefined;
}

/**
 * Turns a GET query string into a body: list parameters may be comma-separated. The body has no
 * prototype, so `?__proto__=x` is an ordinary (unknown) parameter, not a prototype assignment.
 */
export function queryToBody(query: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = Object.create(null);
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
    const kind = paramKindOf(name);
    if (kind === "integers") body[name] = values.map((v) => (/^\d+$/.test(v) ? Number(v) : v));
    else if (kind === "timestamp" || kind === "transactionType") body[name] = values[0] ?? null;
    else body[name] = values;
  }
  return body;
}

/** Validates a request body for an endpoint; throws SandboxHttpError(400) naming the problem. */
export function parseLngQuery(endpoint: string, body: unknown): LngQuery {
  const accepted = endpointParamsOf(endpoint) ?? [];
  if (body === undefined || body === null) body = {};
  if (typeof body !== "object" || Array.isArray(body)) throw bad(`the request body must be a JSON object of parameters, got ${Array.isArray(body) ? "an array" : typeof body}`);
  const values = new Map<string, unknown>();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (paramKindOf(name) === undefined) {
      throw bad(`unknown parameter "${name}" for ${endpoint}; it takes: ${accepted.join(", ") || "no parameters"}`);
    }
    if (!accepted.includes(name)) throw bad(`parameter "${name}" is not accepted by ${endpoint}`);
    values.set(name, value);
  }
  const places = {} as Record<PlaceRole, PlaceFilter>;
  for (const role of PLACE_ROLES) {
    const filter: Record<string, unknown> = {};
    for (const key of PLACE_KEYS) {
      const name = `${role}_${key}`;
      if (!values.has(name)) continue;
      if (key === "polygons") {
        const polygons = readPolygons(values.get(name));
        if (typeof polygons === "string") throw bad(`${name}: ${polygons}`);
        if (polygons.length > 0) filter[key] = polygons;
      } else {
        const list = readStrings(name, values.get(name));
        if (list.length > 0) filter[key] = new Set(list.map((s) => s.toLowerCase()));
      }
    }
    places[role] = filter as PlaceFilter;
  }
  const query: { -readonly [K in keyof LngQuery]: LngQuery[K] } = { places };
  const ts = (name: string) => (values.has(name) ? readTimestamp(name, values.get(name)) : undefined);
  const fromMs = ts("from_timestamp");
  const toMs = ts("to_timestamp");
  const forecastRunAt = ts("forecast_run_at");
  if (fromMs !== undefined) query.fromMs = fromMs;
  if (toMs !== undefined) query.toMs = toMs;
  if (forecastRunAt !== undefined) query.forecastRunAt = forecastRunAt;
  if (fromMs !== undefined && toMs !== undefined && toMs < fromMs) {
    throw bad(`to_timestamp ${JSON.stringify(values.get("to_timestamp"))} is before from_timestamp ${JSON.stringify(values.get("from_timestamp"))}`);
  }
  if (values.has("imos")) {
    const imos = readIntegers("imos", values.get("imos"));
    if (imos.length > 0) query.imos = new Set(imos);
  }
  if (values.has("transaction_type")) {
    const types = readTransactionType(values.get("transaction_type"));
    if (types.size > 0) query.transactionTypes = types;
  }
  if (values.has("vessel_types")) {
    const list = readStrings("vessel_types", values.get("vessel_types"));
    if (list.length > 0) query.vesselTypes = new Set(list.map((s) => s.toUpperCase()));
  }
  if (values.has("mmsis")) {
    const mmsis = readIntegers("mmsis", values.get("mmsis"));
    if (mmsis.length > 0) query.mmsis = new Set(mmsis);
  }
  const lists: Partial<Record<ListFilter, ReadonlySet<string>>> = {};
  for (const name of LIST_FILTERS) {
    if (!values.has(name)) continue;
    const list = readStrings(name, values.get(name));
    if (list.length > 0) lists[name] = new Set(list.map((s) => s.toLowerCase()));
  }
  if (Object.keys(lists).length > 0) query.lists = lists;
  if (values.has("polygons")) {
    const polygons = readPolygons(values.get("polygons"));
    if (typeof polygons === "string") throw bad(`polygons: ${polygons}`);
    if (polygons.length > 0) query.polygons = polygons;
  }
  if (values.has("statuses")) {
    const list = readStrings("statuses", values.get("statuses"));
    if (list.length > 0) query.statuses = new Set(list.map((s) => s.toUpperCase()));
  }
  return query;
}

function readStrings(name: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== "string") throw bad(`${name} expects a list of strings; ${JSON.stringify(item)} is not a string`);
  }
  return list as string[];
}

function readIntegers(name: string, value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== "number" || !Number.isSafeInteger(item)) {
      throw bad(`${name} expects a list of integers; ${JSON.stringify(item)} is not an integer`);
    }
  }
  return list as number[];
}

function readTimestamp(name: string, value: unknown): number {
  const ms = typeof value === "string" ? parseTimestamp(value) : undefined;
  if (ms === undefined) {
    throw bad(`${name} expects a UTC ISO 8601 timestamp such as "2024-05-01T00:00:00Z"; got ${JSON.stringify(value)}`);
  }
  return ms;
}

function readTransactionType(value: unknown): ReadonlySet<TransactionType> {
  const list = Array.isArray(value) ? value : [value];
  const out = new Set<TransactionType>();
  for (const item of list) {
    const v = typeof item === "string" ? item.toLowerCase() : item;
    if (v !== "loading" && v !== "offloading") {
      throw bad(`transaction_type expects "loading" or "offloading"; got ${JSON.stringify(item)}`);
    }
    out.add(v);
  }
  return out;
}
