/**
 * Which request parameters carry names (of regions, counties, countries, terminals...), and of which
 * kind: the kind picks the list a value is checked against.
 */

/** A service whose name filters are checked. */
export type NameService = "natgas" | "lng";

/** A kind of name that has a list. */
export type NameKind = "region" | "sub_region" | "state" | "county" | "country" | "country_code" | "terminal" | "terminal_id";

/** How a kind is named in messages. */
export const NAME_KIND_LABEL: Readonly<Record<NameKind, string>> = {
  region: "region",
  sub_region: "sub-region",
  state: "state code",
  county: "county",
  country: "country",
  country_code: "country code",
  terminal: "terminal",
  terminal_id: "terminal id",
};

/** A name filter no list covers: its values are sent as given, and an empty answer warns. */
export const UNLISTED = "unlisted";

const NATGAS: Readonly<Record<string, NameKind | typeof UNLISTED>> = {
  region: "region",
  region_natgas: "region",
  sub_region: "sub_region",
  sub_region_natgas: "sub_region",
  state_code: "state",
  county: "county",
  operator: UNLISTED,
  service_company: UNLISTED,
};

const LNG_PLACE = /^(?:origin|destination|loading_origin)_(countries|country_codes|regions|terminals|terminal_ids)$/;
const LNG_PLACE_KIND: Readonly<Record<string, NameKind>> = {
  countries: "country",
  country_codes: "country_code",
  regions: "region",
  terminals: "terminal",
  terminal_ids: "terminal_id",
};
const LNG_UNLISTED = new Set(["vessel_types", "statuses"]);

/**
 * The kind of names parameter `param` of `service` takes: a {@link NameKind}, {@link UNLISTED} for a
 * name filter that no list covers (natgas operator and service_company, LNG vessel_types and
 * statuses), or `undefined` for a parameter that is not a name filter (dates, ids, polygons...).
 */
export function nameKindOf(service: string, param: string): NameKind | typeof UNLISTED | undefined {
  if (service === "natgas") return NATGAS[param];
  if (service === "lng") {
    const m = LNG_PLACE.exec(param);
    if (m) return LNG_PLACE_KIND[m[1]!];
    return LNG_UNLISTED.has(param) ? UNLISTED : undefined;
  }
  return undefined;
}
