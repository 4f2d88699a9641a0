/**
 * The unit a gas measure is drawn in, and the words on its axis.
 */
import { basisForField, canonicalUnit } from "../table/units";
import { unitLabel } from "../table/unit-label";
import { convertUnits } from "../frame/convert-units";

/** A gas measure's unit as drawn: the label and the factor that turns the data's values into it. */
export interface MeasureScale {
  /** The unit in analysts' words (`Bcf/d`, `MMcf/d`, `Bcf/month`), or undefined when the data has no unit. */
  label: string | undefined;
  /** Multiply the data's values by this to draw them in `label`. */
  factor: number;
}

/** Mcf in one unit of each gas volume, largest first, with its name in analysts' spelling. */
const GAS_STEPS: readonly [string, number][] = (["BCF", "MMCF", "MCF"] as const).map((u) => [unitLabel(u), convertUnits(1, u, "MCF")]);

/**
 * The unit a gas measure is drawn in: Mcf, MMcf or Bcf, the largest that keeps the biggest value at 1 or
 * more (a region's 21.4 Bcf/d stays Bcf/d, a county's 0.45 Bcf/d is drawn as 450 MMcf/d, a region's
 * 612,000,000 Mcf in a month as 612 Bcf/month), per day or per month as the unit or the measure's name
 * says (`gas_monthly` is MCF per month). Other units are kept, spelt as analysts write them.
 */
export function measureScale(measure: string, unit: string | undefined, values: Iterable<number | null>): MeasureScale {
  if (unit === undefined) return { label: undefined, factor: 1 };
  const canonical = canonicalUnit(unit);
  const m = canonical === undefined ? null : /^(BCF|MMCF|MCF)(?:\/(day|month))?$/.exec(canonical);
  if (m === null) return { label: unitLabel(unit), factor: 1 };
  const per = m[2] === "day" ? "/d" : m[2] === "month" || /_month(ly)?$/.test(measure) ? "/month" : "";
  const inMcf = convertUnits(1, m[1]!, "MCF");
  let max = 0;
  for (const v of values) if (v !== null && Number.isFinite(v)) max = Math.max(max, Math.abs(v) * inMcf);
  const [name, size] = GAS_STEPS.find(([, s]) => max >= s) ?? GAS_STEPS[GAS_STEPS.length - 1]!;
  return { label: `${name}${per}`, factor: inMcf / size };
}

/**
 * Words for a measure on an axis: `Gas production (Bcf/d)` for gas_daily (the analyst's spelling), `Gas production (Bcf/month)`
 * for gas_monthly, `name (unit)` otherwise, the unit as {@link measureScale} draws it. A gas measure whose
 * name says its basis shows it beside the unit: `Gas production (Bcf/d, dry)` for `prod_dry_gas_bcf_day`; `Wet gas production (MMcf/d)` for `prod_wet_gas_mcf_day`.
 */
export function measureAxisTitle(measure: string, label: string | undefined): string {
  const words = MEASURE_WORDS[measure] ?? (/_wet_gas_/.test(measure) ? "Wet gas production" : /_dry_gas_/.test(measure) ? "Dry gas production" : measure);
  // "Wet gas production (Bcf/d)" says its basis already.
  const basis = /^(Wet|Dry) /.test(words) ? undefined : basisForField(measure);
  if (label === undefined) return basis === undefined ? words : `${words} (${basis})`;
  return basis === undefined ? `${words} (${label})` : `${words} (${label}, ${basis})`;
}

const MEASURE_WORDS: Readonly<Record<string, string>> = {
  gas_daily: "Gas production",
  gas_monthly: "Gas production",
  prod_dry_gas_bcf_day: "Gas production",
  oil_daily: "Oil production",
  oil_monthly: "Oil production",
  water_daily: "Water production",
  water_monthly: "Water production",
};
