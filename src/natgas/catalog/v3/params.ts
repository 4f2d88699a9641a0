/**
 * Parameter specs, endpoint defaults and source helpers shared by the v3 catalog's groups.
 */
import type { EndpointSource, RateLimitSpec } from "../../../catalog/types";
import { kind } from "../shared/fields";

/** Rows the service answers at most for the endpoints whose pages state a row limit. */
export const ROW_LIMIT = 1_000_000;

export const county = { name: "county", type: kind.strArr } as const;
export const operator = { name: "operator", type: kind.strArr } as const;
export const region = { name: "region", type: kind.strArr } as const;
export const sub_region = { name: "sub_region", type: kind.strArr } as const;
export const state_code = { name: "state_code", type: kind.strArr } as const;
export const start_date = { name: "start_date", type: kind.date } as const;
export const end_date = { name: "end_date", type: kind.date } as const;
/**
 * api: well API numbers. The v3 pages type it "integer array" and the vendor's client sends integers: a
 * number or a string of digits is accepted and sent as a JSON integer (refused past 2^53 - 1, where an
 * integer would no longer be exact).
 */
export const api = { name: "api", type: { kind: "idArr", asIntegers: true }, description: "well API numbers, sent as JSON integers" } as const;
/** production_month: months since first production (1 = the first), one or a list; sent as a list of integers. */
export const production_month = { name: "production_month", type: { kind: "intArr" }, description: "months since first production, 1 = the first" } as const;
export const dateRange = [{ start: "start_date", end: "end_date" }] as const;
export const aggregateBy = <V extends readonly string[]>(values: V) => ({ name: "aggregate_by", type: { kind: "strArr", values } }) as const;

/**
 * rig_class, frac_class, completion_class: "oil" or "gas", or a list of them. Always sent as a list,
 * as the vendor's Python client does (it wraps a lone string in a list).
 */
export const oilOrGasList = { kind: "strArr", values: ["oil", "gas"] } as const;

export const post = { service: "natgas", version: "v3", httpMethod: "POST", decoder: "envelope-paged" } as const;
export const get = { service: "natgas", version: "v3", httpMethod: "GET", decoder: "envelope", params: [] } as const;

/** A documented limit of `n` requests a minute. */
export function perMinute(n: number): RateLimitSpec {
  return { requests: n, perMs: 60_000 };
}

/** The vendor's v3 reference page of an endpoint. */
export function page(name: string): string {
  return `https://apidocs.synmax.com/references/${name}.html`;
}

/** The vendor's Excel add-in page of a v3 function (it names aggregate_by values the API pages leave out). */
export function excelPage(name: string): string {
  return `http://exceldocs.synmax.com/functions/${name}.html`;
}

/** The section of the spec that lists the v3 endpoints. */
export const SPEC_ENDPOINTS = "natgas-service.md#endpoints";
/** The spec's v3 -> v4 table, which names v3 fields by their v4 renames ("was ..."). */
export const SPEC_V4_CHANGES = "natgas-service.md#v4-endpoint-changes";

/** The vendor's public Python client, where a path appears in no page. */
export const PYTHON_CLIENT = "the vendor's public Python client (synmax-api-python-client, hyperion_client.py)";

/** A source entry (typed, so the literal stays an `EndpointSource`). */
export function source(s: EndpointSource): EndpointSource {
  return s;
}
