/** Words for a measure on an axis: `Gas production (BCF/day)` for gas_daily, `name (unit)` otherwise; the unit comes from the frame layer (`unitsOf`). */
export function measureTitle(measure: string, unit: string | undefined): string {
  const words = measure === "gas_daily" || measure === "prod_dry_gas_bcf_day" ? "Gas production" : measure;
  return unit === undefined ? words : `${words} (${unit})`;
}
