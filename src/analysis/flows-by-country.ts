/**
 * LNG volume flows of several countries in one table, each row tagged with its country: one call of
 * the v1 service per country (the service's flows carry no country field), concatenated.
 */
import { InvalidParamsError } from "../errors";
import type { LngApi } from "../lng/lng-client";
import type { FieldSpec } from "../table/schema";
import type { Table } from "../table/table";
import { recordsTable } from "./output-table";

/** Which end of the flows the countries are: the v1 filter `<side>_countries`, the tag `<side>_country`. */
export type FlowSide = "destination" | "origin";

/** The parameters of `lng.volumeFlows` other than the countries, which `flowsByCountry` sets. */
export type CountryFlowsParams = Omit<NonNullable<Parameters<LngApi["volumeFlows"]>[0]>, "destination_countries" | "origin_countries">;

/** Options of `flowsByCountry`. */
export interface FlowsByCountryOptions {
  /** `"destination"` (default): flows into each country, tagged `destination_country`; `"origin"`: out of it, tagged `origin_country`. */
  side?: FlowSide;
  /** `"volumeFlows"` (default) or `"volumeFlowsHistory"` (every forecast run's version of the flows). */
  endpoint?: "volumeFlows" | "volumeFlowsHistory";
  /** Cancels the calls. Default: none. */
  signal?: AbortSignal;
}

/** One row of `flowsByCountry`: the country tag, then the flow record's fields. */
export type CountryFlowRow = Record<string, unknown>;

/** The client methods `flowsByCountry` calls (an `LngClient` has them). */
export type CountryFlowsClient = Pick<LngApi, "volumeFlows" | "volumeFlowsHistory">;

const SIDES: readonly FlowSide[] = ["destination", "origin"];
const ENDPOINTS = ["volumeFlows", "volumeFlowsHistory"] as const;

/**
 * Daily LNG flows of each country, tagged: one `lng.volumeFlows` call per country with
 * `destination_countries: [country]` (or `origin_countries` with `side: "origin"`) and the other
 * `params`, one after the other (the service rate-limits), and their rows concatenated in the order of
 * `countries`, each call's rows in the service's order, with a first column `destination_country`
 * (`origin_country`) holding the country as given. Ready for
 * `resampleFlows(table, { freq, by: "destination_country" })`. A failed call fails the whole (no
 * partial table); a country the service has no flows for adds no row.
 * @param lng the LNG client (`connect().lng`, or `new LngClient(...)`).
 * @param countries country names as the service spells them (`"Japan"`), each once.
 * @param params the other filters of the calls (`from_timestamp`, `to_timestamp`, origin filters...). Default none.
 * @returns a Table of the tagged rows; units (`volume_unit`) as each call gave them.
 * @throws InvalidParamsError before any request for an empty or repeated country, a country filter
 *   in `params`, or a bad option; the client's own errors (bad names, HTTP) otherwise.
  * @example
  * const flows = await flowsByCountry(lng, ["Spain", "France"], { start_date: "2024-01-01" });
 */
export async function flowsByCountry(
  lng: CountryFlowsClient,
  countries: readonly string[],
  params: CountryFlowsParams = {},
  options: FlowsByCountryOptions = {},
): Promise<Table<CountryFlowRow>> {
  const fn = "flowsByCountry";
  const side = options.side ?? "destination";
  if (!SIDES.includes(side)) {
    throw new InvalidParamsError(fn, [{ param: "side", value: side, expected: `"destination" or "origin"`, suggestion: SIDES.find((s) => String(side).toLowerCase().startsWith(s[0]!)) ?? "destination" }]);
  }
  const endpoint = options.endpoint ?? "volumeFlows";
  if (!ENDPOINTS.includes(endpoint)) {
    throw new InvalidParamsError(fn, [{ param: "endpoint", value: endpoint, expected: `"volumeFlows" or "volumeFlowsHistory"`, suggestion: String(endpoint).toLowerCase().includes("hist") ? "volumeFlowsHistory" : "volumeFlows" }]);
  }
  checkCountries(fn, countries);
  const given = Object.keys(params ?? {}).filter((k) => /^(destination|origin)_(countries|country_codes)$/.test(k) && (params as Record<string, unknown>)[k] != null);
  const clash = given.find((k) => k.startsWith(side));
  if (clash !== undefined) {
    throw new InvalidParamsError(fn, [{ param: `params.${clash}`, value: (params as Record<string, unknown>)[clash], expected: `no ${side} country filter: flowsByCountry sets ${side}_countries from its countries argument` }]);
  }
  const tag = `${side}_country`;
  const rows: CountryFlowRow[] = [];
  let fields: readonly FieldSpec[] = [];
  for (const country of countries) {
    const call = lng[endpoint] as (p: Record<string, unknown>, o?: { signal?: AbortSignal }) => Promise<Table<Record<string, unknown>>>;
    const result = await call({ ...params, [`${side}_countries`]: [country] }, options.signal ? { signal: options.signal } : undefined);
    if (fields.length === 0 && result.schema !== undefined) fields = result.schema.fields;
    for (const r of result.rows()) rows.push({ [tag]: country, ...r });
  }
  const tagField: FieldSpec = { name: tag, type: "string" };
  return recordsTable<CountryFlowRow>(`gasframes.flowsByCountry.${endpoint}`, rows, [tagField, ...fields.filter((f) => f.name !== tag)]);
}

function checkCountries(fn: string, countries: readonly string[]): void {
  if (!Array.isArray(countries) || countries.length === 0) {
    throw new InvalidParamsError(fn, [{ param: "countries", value: countries, expected: `a non-empty list of country names (["Japan", "China"])` }]);
  }
  countries.forEach((c, i) => {
    if (typeof c !== "string" || c.trim() === "") {
      throw new InvalidParamsError(fn, [{ param: `countries[${i}]`, value: c, expected: "a country name" }]);
    }
    if (countries.indexOf(c) !== i) {
      throw new InvalidParamsError(fn, [{ param: `countries[${i}]`, value: c, expected: "each country once (its flows would be counted twice)" }]);
    }
  });
}
