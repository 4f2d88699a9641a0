/**
 * Units known without looking at a frame: the unit of a service field by its name, and the spellings
 * of one unit. A leaf of the table module: the schema, the Table and the frame layer all read these.
 */

const FIXED: Record<string, string> = {
  gas_daily: "BCF/day",
  gas_monthly: "MCF",
  oil_daily: "BBL/day",
  oil_monthly: "BBL",
  water_daily: "BBL/day",
  water_monthly: "BBL",
  bcfd: "BCF/day",
  // v4 wet gas under v3-style names (client.v4.asV3): wet basis, unlike v3's dry gas_daily / gas_monthly.
  wet_gas_daily: "BCF/day",
  wet_gas_monthly: "MCF",
  fracked_feet: "ft",
  horizontal_length: "ft",
  measured_depth: "ft",
  total_vertical_depth: "ft",
  id1_pct: "%",
  id2_pct: "%",
  id3_pct: "%",
  other_pct: "%",
  points_reporting_pct: "%",
  timely_pct: "%",
};

/**
 * The unit a column has by its name alone, or undefined. Knows the v3 measures (`gas_daily` BCF/day,
 * `gas_monthly` MCF, `oil_daily`/`water_daily` BBL/day, `oil_monthly`/`water_monthly` BBL, depths and
 * lengths in ft, scrape shares in %) and the v4 pattern `prod_<what>_<mcf|bcf|bbl>_<day|month>`.
 */
export function unitForField(name: string): string | undefined {
  const fixed = FIXED[name];
  if (fixed !== undefined) return fixed;
  const m = /^prod_[a-z_]+?_(bcf|mmcf|mcf|bbl)_(day|month)$/.exec(name);
  if (m !== null) {
    const base = m[1]!.toUpperCase();
    return m[2] === "day" ? `${base}/day` : base;
  }
  return undefined;
}

/**
 * The gas basis a column has by its name alone: `"dry"` for the v4 `prod_dry_gas_*` measures, `"wet"`
 * for `prod_wet_gas_*` and the v3-shaped `wet_gas_daily` / `wet_gas_monthly` (wet gas includes the
 * natural gas liquids); undefined otherwise. Catalog schemas state it too (`FieldSpec.basis`).
 */
export function basisForField(name: string): "dry" | "wet" | undefined {
  if (/^prod_dry_gas_/.test(name)) return "dry";
  if (/^prod_wet_gas_/.test(name) || name === "wet_gas_daily" || name === "wet_gas_monthly") return "wet";
  return undefined;
}

/**
 * Whether a unit is a rate per day (`BCF/day`, `MCF/day`, `BBL/day`): a quantity per day, which adds
 * up across wells or regions on one day but not across days (`rollup` averages it over periods).
 * A volume (`MCF`, `BBL`), a count or a length is not.
 */
export function isDailyRateUnit(unit: string | undefined): boolean {
  return unit !== undefined && /\/\s*(day|d)$/i.test(unit.trim());
}

/** A unit `convertUnits` knows (aliases in any letter case are accepted too, see docs/results-and-frames.md). */
export type GasUnit =
  | "BCF" | "MMCF" | "MCF" | "MCF/month" | "MMCF/month" | "BCF/month"
  | "BCF/day" | "MMCF/day" | "MCF/day"
  | "bcm" | "mcm" | "bcm/month" | "mcm/month" | "bcm/day" | "mcm/day"
  | "m3" | "tonnes" | "Mt" | "Mt/month" | "MMBtu";

/** Every spelling of a gas or LNG unit (trimmed, lower case) and the unit it names. */
const ALIASES: Readonly<Record<string, GasUnit>> = {
  bcf: "BCF", gas_bcf: "BCF", "bcf of gas": "BCF",
  mmcf: "MMCF", gas_mmcf: "MMCF",
  mcf: "MCF", gas_mcf: "MCF",
  "mcf/month": "MCF/month", "mcf/mo": "MCF/month",
  "mmcf/month": "MMCF/month", "mmcf/mo": "MMCF/month",
  "bcf/month": "BCF/month", "bcf/mo": "BCF/month",
  bcm: "bcm", "bcm of gas": "bcm", gas_bcm: "bcm",
  mcm: "mcm", mmcm: "mcm", "mcm of gas": "mcm", gas_mcm: "mcm",
  "bcm/month": "bcm/month", "bcm/mo": "bcm/month",
  "mcm/month": "mcm/month", "mcm/mo": "mcm/month",
  "bcm/day": "bcm/day", "bcm/d": "bcm/day",
  "mcm/day": "mcm/day", "mcm/d": "mcm/day", "mmcm/d": "mcm/day",
  "bcf/day": "BCF/day", "bcf/d": "BCF/day", bcfd: "BCF/day",
  "mmcf/day": "MMCF/day", "mmcf/d": "MMCF/day", mmcfd: "MMCF/day",
  "mcf/day": "MCF/day", "mcf/d": "MCF/day", mcfd: "MCF/day",
  m3: "m3", "m3 lng": "m3", m3_lng: "m3", cubic_meter: "m3", cubic_metre: "m3",
  tonnes: "tonnes", tonne: "tonnes", t: "tonnes", "tonnes lng": "tonnes", tonnes_lng: "tonnes",
  mt: "Mt", "mt lng": "Mt", mt_lng: "Mt", "million tonnes": "Mt",
  "mt/month": "Mt/month", "mt/mo": "Mt/month",
  mmbtu: "MMBtu",
};

/** The canonical name of a unit `convertUnits` knows (`"gas_Bcf"` -> `"BCF"`), or undefined. */
export function canonicalUnit(unit: string): GasUnit | undefined {
  const key = unit.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key] : undefined;
}

/** The unit of a measure whose rows name more than one unit (`volume` with both `bcf` and `m3` rows). */
export const MIXED_UNITS = "mixed";
