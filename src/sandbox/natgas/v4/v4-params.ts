import type { Well } from "../model/wells";
import type { ParamDef, ParsedParams } from "../shared/params";
import { CLASS, DATE, LIST } from "../v3/shared-params";

export { CLASS, DATE, LIST };

/** Non-negative integer parameter (production_month_min/max). */
export const MONTH_INDEX: ParamDef = { kind: "int", min: 0 };

/** v4 names of the location / operator filters. */
export const V4_NAMES = { county: "county", operator: "operator", region: "region_natgas", state: "state_code", subRegion: "sub_region_natgas" } as const;

/** The location / operator filters every v4 well-level endpoint takes. */
export const V4_LOCATION: Record<string, ParamDef> = {
  county: LIST,
  operator: LIST,
  region_natgas: LIST,
  state_code: LIST,
  sub_region_natgas: LIST,
};

/** v4 well id: the API number as a 10-digit string, zero-padded (`"0512312345"` for Colorado's 05). */
export function wellIdOf(api: number): string {
  return String(api).padStart(10, "0");
}

/** True when the `well_id` filter is absent or names the well (leading zeros and dashes ignored). */
export function acceptsWellId(params: ParsedParams, well: Well): boolean {
  const set = params.lists.get("well_id");
  if (!set) return true;
  for (const id of set) if (Number(id.replace(/-/g, "")) === well.api) return true;
  return false;
}

/** MCF per BCF. */
export const MCF_PER_BCF = 1e6;
/** Wet gas over dry gas (NGL shrink), for the v4 `prod_wet_gas_*` fields. */
export const WET_OVER_DRY = 1.08;
