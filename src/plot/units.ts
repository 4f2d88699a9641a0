import { unitForField } from "../frame/units";

/** Words for a measure on an axis: `Gas production (BCF/day)` for gas_daily, `name (unit)` otherwise; units from the frame layer. */
export function measureTitle(measure: string): string {
  const unit = unitForField(measure);
  const words = measure === "gas_daily" || measure === "prod_dry_gas_bcf_day" ? "Gas production" : measure;
  return unit === undefined ? words : `${words} (${unit})`;
}
