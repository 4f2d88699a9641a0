/**
 * Natural gas production by region or sub-region over time, as a stacked area.
 */
import { DataError } from "../errors";
import { chartData, firstColumn, requireColumns, type ChartInput } from "./chart-input";
import { measureAxisTitle, measureScale } from "./measure-axis";
import { baseSpec, chartSize, utcTimeChannel, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { axisDateFormat, cellValue, groupSums, isoUtc, keyText, numberAt, timeAt } from "./values";

/** Options of {@link productionChart}. */
export interface ProductionChartOptions extends ChartOptions {
  /**
   * The column whose values are stacked (the colour field). Default: the first of `region`, `sub_region`,
   * `region_natgas`, `sub_region_natgas`, `aggregate_by_filter_value` the data has.
   */
  by?: string;
  /**
   * The measure stacked. Default: `gas_daily` (BCF/day), or `prod_dry_gas_bcf_day` for v4 rows. A gas
   * measure is drawn in Bcf, MMcf or Mcf (per day or per month), the largest that keeps the biggest stack
   * at 1 or more; the spec's values are in the axis's unit.
   */
  value?: string;
}

const CHART = "productionChart";

/**
 * Stacked-area production chart. Rows are summed per date and `by` value first, so county- or
 * operator-level rows stack correctly; a row whose `by` value is null is drawn as "(none)".
  * @example
  * show(productionChart(await natgas.v3.productionByCountyAndOperator({ start_date: "2024-01-01", aggregate_by: ["region"] })));
 */
export function productionChart(input: ChartInput, options: ProductionChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const dateCol = firstColumn(data, ["date", "date_prod"], CHART, "the date");
  const value = options.value ?? firstColumn(data, ["gas_daily", "prod_dry_gas_bcf_day"], CHART, "the measure");
  const by =
    options.by ??
    firstColumn(data, ["region", "sub_region", "region_natgas", "sub_region_natgas", "aggregate_by_filter_value"], CHART, "the region");
  requireColumns(data, [dateCol, value, by], CHART);

  const date = data.column(dateCol);
  const group = data.column(by);
  const measure = data.column(value);
  const times: number[] = [];
  const groupText: string[] = [];
  const amounts = new Float64Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const t = timeAt(date, i, dateCol, CHART);
    if (t === null) throw new DataError(`${CHART}: row ${i}: ${dateCol} is missing`);
    times.push(t);
    groupText.push(keyText(group[i]));
    amounts[i] = numberAt(measure, i, value, CHART) ?? NaN;
  }
  const groups = groupSums<[number, string]>([times, groupText], amounts).sort((a, b) => a.key[0] - b.key[0] || a.key[1].localeCompare(b.key[1]));
  const totals = new Map<number, number>();
  for (const g of groups) totals.set(g.key[0], (totals.get(g.key[0]) ?? 0) + Math.abs(g.sum ?? 0));
  const scale = measureScale(value, data.units[value], totals.values());
  const values = groups.map(({ key: [t, group], sum }) => ({ [dateCol]: isoUtc(t), [by]: group, [value]: sum === null ? null : sum * scale.factor }));

  const format = axisDateFormat(groups.map((g) => g.key[0]));
  // Aggregated v3 rows name their dimension in `aggregate_by` ("region"); say that rather than the column name.
  const byLabel = by === "aggregate_by_filter_value" ? String(cellValue(data.column("aggregate_by")[0]) ?? "group") : by;
  const spec = baseSpec(options.title ?? `Natural gas production by ${byLabel}`, chartSize(options), values);
  const monthly = format === "%b %Y";
  const dateTip = utcTooltip(dateCol, monthly ? "Month" : "Date (UTC)", monthly ? "%b %Y" : "%Y-%m-%d");
  const yTitle = measureAxisTitle(value, scale.label);
  spec.transform = [dateTip.transform];
  spec.mark = { type: "area", line: { strokeWidth: 0.6 }, opacity: 0.85 };
  spec.encoding = {
    x: utcTimeChannel(dateCol, monthly ? "Month" : "Date (UTC)", format),
    y: { field: value, type: "quantitative", stack: "zero", title: yTitle },
    color: { field: by, type: "nominal", title: byLabel, scale: { scheme: "tableau10" } },
    order: { field: by, sort: "ascending" },
    tooltip: [
      dateTip.tooltip,
      { field: by, type: "nominal", title: byLabel },
      { field: value, type: "quantitative", format: ",.2f", title: yTitle },
    ],
  };
  return spec;
}
