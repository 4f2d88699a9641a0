/**
 * Unit conversion for gas volumes, gas rates and LNG quantities. Every constant is stated here and in
 * docs/results-and-frames.md with its source; the LNG ones are conventions (real cargoes vary) and can be overridden.
 */
import { InvalidParamsError } from "../errors";
import { canonicalUnit, type GasUnit } from "../table/units";
import { daysInMonth, parseDateText } from "../table/dates";
import { civilFromDay } from "../table/dates";

export { canonicalUnit, type GasUnit };

/** Thousand cubic feet of gas per tonne of LNG: BP Statistical Review, approximate conversion factors (1 Mt LNG = 48.028 bcf). */
export const MCF_PER_TONNE_LNG = 48.028;
/** Tonnes per cubic metre of LNG: typical density 450 kg/m3 (GIIGNL / industry range 420-470 kg/m3). */
export const TONNES_PER_M3_LNG = 0.45;
/**
 * Thousand cubic feet per cubic metre of gas: 1 m3 = 35.3146667 ft3, the exact length conversion
 * (1 ft = 0.3048 m), so 1 bcm = 35.3147 BCF. Both volumes are taken at their markets' standard
 * conditions, as the IEA and the BP/Energy Institute Statistical Review do; the small difference between
 * 15 °C and 60 °F reference conditions is ignored.
 */
export const MCF_PER_CUBIC_METRE_GAS = 1 / (0.3048 ** 3 * 1000);
/** Btu per cubic foot of gas: EIA, heat content of natural gas consumed, U.S. average (1,036 Btu/ft3, 2022-2023). */
export const BTU_PER_CUBIC_FOOT = 1036;

/** Options of `convertUnits`. */
export interface ConvertUnitsOptions {
  /**
   * The month (YYYY-MM or any date in it) a volume belongs to, for conversions between a volume and a
   * daily rate: the days of that month are used (29 in a leap February). One per value when converting
   * an array. No default: required for rate <-> volume conversions unless `days` is given.
   */
  month?: string | readonly string[];
  /** Days the volume covers, for rate <-> volume conversions (instead of `month`). */
  days?: number | readonly number[];
  /** Tonnes per m3 of LNG; default 0.45 (`TONNES_PER_M3_LNG`). */
  lngDensity?: number;
  /** MCF of gas per tonne of LNG; default 48.028 (`MCF_PER_TONNE_LNG`). */
  mcfPerTonne?: number;
  /** Btu per cubic foot of gas; default 1036 (`BTU_PER_CUBIC_FOOT`). */
  btuPerCubicFoot?: number;
}

type Kind = "volume" | "rate";

interface UnitDef {
  readonly canonical: GasUnit;
  readonly kind: Kind;
  /** MCF (volume) or MCF/day (rate) per unit, or a function of the options for LNG units. */
  readonly factor: (o: Required<Pick<ConvertUnitsOptions, "lngDensity" | "mcfPerTonne" | "btuPerCubicFoot">>) => number;
}

const DEFS: UnitDef[] = [
  { canonical: "BCF", kind: "volume", factor: () => 1e6 },
  { canonical: "MMCF", kind: "volume", factor: () => 1e3 },
  { canonical: "MCF", kind: "volume", factor: () => 1 },
  { canonical: "MCF/month", kind: "volume", factor: () => 1 },
  { canonical: "MMCF/month", kind: "volume", factor: () => 1e3 },
  { canonical: "BCF/month", kind: "volume", factor: () => 1e6 },
  { canonical: "bcm", kind: "volume", factor: () => 1e9 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "mcm", kind: "volume", factor: () => 1e6 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "bcm/month", kind: "volume", factor: () => 1e9 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "mcm/month", kind: "volume", factor: () => 1e6 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "bcm/day", kind: "rate", factor: () => 1e9 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "mcm/day", kind: "rate", factor: () => 1e6 * MCF_PER_CUBIC_METRE_GAS },
  { canonical: "BCF/day", kind: "rate", factor: () => 1e6 },
  { canonical: "MMCF/day", kind: "rate", factor: () => 1e3 },
  { canonical: "MCF/day", kind: "rate", factor: () => 1 },
  { canonical: "tonnes", kind: "volume", factor: (o) => o.mcfPerTonne },
  { canonical: "Mt", kind: "volume", factor: (o) => 1e6 * o.mcfPerTonne },
  { canonical: "Mt/month", kind: "volume", factor: (o) => 1e6 * o.mcfPerTonne },
  { canonical: "m3", kind: "volume", factor: (o) => o.lngDensity * o.mcfPerTonne },
  // 1 MMBtu = 1e6 Btu = 1e6 / btuPerCubicFoot cubic feet = 1e3 / btuPerCubicFoot MCF.
  { canonical: "MMBtu", kind: "volume", factor: (o) => 1e3 / o.btuPerCubicFoot },
];

function lookup(unit: unknown, param: string): UnitDef {
  const canonical = typeof unit === "string" ? canonicalUnit(unit) : undefined;
  const def = DEFS.find((d) => d.canonical === canonical);
  if (def === undefined) {
    throw new InvalidParamsError("convertUnits", [
      { param, value: unit, expected: `one of ${DEFS.map((d) => d.canonical).join(", ")}` },
    ]);
  }
  return def;
}

function daysOf(options: ConvertUnitsOptions, i: number | undefined): number {
  const d = options.days;
  if (d !== undefined) {
    const v = typeof d === "number" ? d : i === undefined ? NaN : d[i];
    if (typeof v === "number" && v > 0) return v;
  }
  const m = options.month;
  if (m !== undefined) {
    const text = typeof m === "string" ? m : i === undefined ? undefined : m[i];
    if (typeof text === "string") {
      const day = parseDateText(text.length === 7 ? `${text}-01` : text.slice(0, 10));
      if (!Number.isNaN(day)) {
        const c = civilFromDay(day);
        return daysInMonth(c.year, c.month);
      }
    }
  }
  return NaN;
}

/**
 * Converts gas and LNG quantities. Volumes: BCF, MMCF, MCF, bcm and mcm (billion and million cubic
 * metres of gas), their per-month forms (`MCF/month`, `BCF/month`, `bcm/month`...: a month's volume),
 * tonnes, Mt (million tonnes) and m3 of LNG, MMBtu; rates: BCF/day, MMCF/day, MCF/day, bcm/day, mcm/day. Between a volume and a rate the
 * days of `options.month` (or `options.days`) are used. LNG and energy units go through gas volume
 * with the stated constants (overridable). Missing values (NaN) stay NaN.
 * @param value a number, or an array of numbers (then a Float64Array is returned).
 * @param from the unit of `value` (e.g. `"MCF/month"`, `"gas_Bcf"`, `"m3"`).
 * @param to the unit wanted.
  * @example
  * convertUnits(1, "BCF", "MMCF"); // 1000
 */
export function convertUnits(value: number, from: string, to: string, options?: ConvertUnitsOptions): number;
export function convertUnits(value: ArrayLike<number>, from: string, to: string, options?: ConvertUnitsOptions): Float64Array;
export function convertUnits(
  value: number | ArrayLike<number>,
  from: string,
  to: string,
  options: ConvertUnitsOptions = {},
): number | Float64Array {
  const a = lookup(from, "from");
  const b = lookup(to, "to");
  const consts = {
    lngDensity: options.lngDensity ?? TONNES_PER_M3_LNG,
    mcfPerTonne: options.mcfPerTonne ?? MCF_PER_TONNE_LNG,
    btuPerCubicFoot: options.btuPerCubicFoot ?? BTU_PER_CUBIC_FOOT,
  };
  const ratio = a.factor(consts) / b.factor(consts);
  const needsDays = a.kind !== b.kind;
  if (needsDays && options.month === undefined && options.days === undefined) {
    throw new InvalidParamsError("convertUnits", [
      { param: "month", expected: `the month (YYYY-MM) or days the value covers, to convert ${a.canonical} to ${b.canonical}` },
    ]);
  }
  const one = (v: number, i: number | undefined): number => {
    if (!needsDays) return v * ratio;
    const days = daysOf(options, i);
    if (Number.isNaN(days)) {
      throw new InvalidParamsError("convertUnits", [
        { param: i === undefined ? "month" : `month[${i}]`, value: pick(options, i), expected: "a month YYYY-MM (or a date in it) or a positive number of days" },
      ]);
    }
    return a.kind === "rate" ? v * ratio * days : (v * ratio) / days;
  };
  if (typeof value === "number") return one(value, undefined);
  const out = new Float64Array(value.length);
  const perElement = Array.isArray(options.month) || Array.isArray(options.days);
  for (let i = 0; i < value.length; i++) out[i] = one(value[i]!, perElement ? i : undefined);
  return out;
}

function pick(options: ConvertUnitsOptions, i: number | undefined): unknown {
  const m = options.month ?? options.days;
  return typeof m === "object" && m !== null && i !== undefined ? (m as readonly unknown[])[i] : m;
}
