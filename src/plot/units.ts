import { basisForField } from "../table/units";

/**
 * Words for a measure on an axis: `Gas production (BCF/day)` for gas_daily, `name (unit)` otherwise;
 * the unit comes from the frame layer (`unitsOf`). A gas measure whose name says its basis shows it
 * beside the unit: `Gas production (BCF/day, dry)`, `prod_wet_gas_mcf_day (MCF/day, wet)`.
 */
export function measureTitle(measure: string, unit: string | undefined): string {
  const words = measure === "gas_daily" || measure === "prod_dry_gas_bcf_day" ? "Gas production" : measure;
  const basis = basisForField(measure);
  if (unit === undefined) return basis === undefined ? words : `${words} (${basis})`;
  return basis === undefined ? `${words} (${unit})` : `${words} (${unit}, ${basis})`;
}
