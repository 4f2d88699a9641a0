/**
 * The one spelling of a unit that gasframes shows to people: table displays, printed tables, chart axes.
 */
import { canonicalUnit } from "./units";

/** Units as analysts write them, by the canonical name `canonicalUnit` gives (`gas_Bcf`, `bcf`, `BCF` are all `Bcf`). */
const ANALYST_UNITS: Readonly<Record<string, string>> = {
  BCF: "Bcf", MMCF: "MMcf", MCF: "Mcf",
  "BCF/day": "Bcf/d", "MMCF/day": "MMcf/d", "MCF/day": "Mcf/d",
  "BCF/month": "Bcf/month", "MMCF/month": "MMcf/month", "MCF/month": "Mcf/month",
  bcm: "bcm", mcm: "mcm", "bcm/day": "bcm/d", "mcm/day": "mcm/d", "bcm/month": "bcm/month", "mcm/month": "mcm/month",
  m3: "m³", tonnes: "t", Mt: "Mt", "Mt/month": "Mt/month", MMBtu: "MMBtu",
};

/**
 * The one spelling of a unit that gasframes shows to people (table headers, chart axes, tooltips):
 * `BCF/day` and `bcfd` as `Bcf/d`, `gas_Bcf` and `bcf` as `Bcf`, `MCF` as `Mcf`, `BBL/day` as `bbl/d`,
 * `m3` as `m³`. A unit it does not know (`ft`, `%`) is returned as given. Data keep the services' own
 * spellings; only what is displayed changes.
 */
export function unitLabel(unit: string): string {
  const canonical = canonicalUnit(unit);
  if (canonical !== undefined) return ANALYST_UNITS[canonical] ?? canonical;
  const oil = /^bbl(?:\s*\/\s*(day|d|month))?$/i.exec(unit.trim());
  if (oil !== null) return oil[1] === undefined ? "bbl" : oil[1].toLowerCase() === "month" ? "bbl/month" : "bbl/d";
  return unit;
}
