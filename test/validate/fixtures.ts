import type { EndpointSpec } from "../../src/catalog/types";

/** An endpoint taking one parameter of every kind, for the engine's tests. */
export const everyKind = {
  service: "lng",
  version: "v1",
  method: "everyKind",
  httpMethod: "POST",
  path: "/v1/every_kind",
  decoder: "array",
  params: [
    { name: "aggregate_by", type: { kind: "strArr", values: ["county", "date", "operator", "sub_region"] } },
    { name: "county", type: { kind: "strArr" } },
    { name: "frac_class", type: { kind: "str", values: ["oil", "gas"] } },
    { name: "service_company", type: { kind: "str" } },
    { name: "start_date", type: { kind: "date" } },
    { name: "end_date", type: { kind: "date" } },
    { name: "from_timestamp", type: { kind: "timestamp" } },
    { name: "to_timestamp", type: { kind: "timestamp" } },
    { name: "api", type: { kind: "idArr" } },
    { name: "imos", type: { kind: "intArr", check: "imo" } },
    { name: "ids", type: { kind: "intArr" } },
    { name: "origin_country_codes", type: { kind: "countryCodes" } },
    { name: "origin_polygons", type: { kind: "polygons" } },
    { name: "limit", type: { kind: "int" } },
    { name: "latest", type: { kind: "bool" } },
  ],
  ranges: [
    { start: "start_date", end: "end_date" },
    { start: "from_timestamp", end: "to_timestamp" },
  ],
  record: { name: "test.everyKind", fields: [{ name: "date", type: "date" }] },
} as const satisfies EndpointSpec;

/** An endpoint with a required parameter. */
export const needsRun = {
  service: "lng",
  version: "v1",
  method: "details",
  httpMethod: "POST",
  path: "/v1/details",
  decoder: "array",
  params: [
    { name: "forecast_run_at", type: { kind: "timestamp" }, required: true, requiredHint: "get one from client.forecastRunAtTimestamps()" },
    { name: "imos", type: { kind: "intArr", check: "imo" } },
  ],
  record: { name: "test.details", fields: [] },
} as const satisfies EndpointSpec;

/** A square ring around (0, 0). */
export const square = [
  [-1, -1],
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
];
