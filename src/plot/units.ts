/** Units of the natural gas measures a chart may plot (from the service's conventions), for axis titles. */
const MEASURE_UNITS: Readonly<Record<string, string>> = {
  gas_daily: "BCF/day",
  gas_monthly: "MCF",
  oil_daily: "BBL/day",
  oil_monthly: "BBL",
  water_daily: "BBL/day",
  water_monthly: "BBL",
  prod_dry_gas_bcf_day: "BCF/day",
  prod_wet_gas_mcf_day: "MCF/day",
  prod_oil_bbl_day: "BBL/day",
  fracked_feet: "ft",
};

/** Words for a measure on an axis: `Gas production (BCF/day)` for gas_daily, `name (unit)` otherwise. */
export function measureTitle(measure: string): string {
  const unit = MEASURE_UNITS[measure];
  const words = measure === "gas_daily" || measure === "prod_dry_gas_bcf_day" ? "Gas production" : measure;
  return unit === undefined ? words : `${words} (${unit})`;
}
