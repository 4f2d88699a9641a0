/**
 * Natural gas production by region or sub-region over time, as a stacked area.
 */
import { chartData, firstColumn, requireColumns, type ChartInput } from "./chart-input";
import { GroupSum } from "./group-sum";
import { baseSpec, chartSize, utcTimeChannel, type ChartOptions, type VegaLiteSpec } from "./spec";
import { measureTitle } from "./units";
import { axisDateFormat, isoUtc, keyText, numberAt, timeAt } from "./values";
import { DataError } from "../errors";

/** Options of {@link productionChart}. */
export interface ProductionChartOptions extends ChartOptions {
  /**
   * The column whose values are stacked (the colour field). Default: the first of `region`, `sub_region`,
   * `region_natgas`, `sub_region_natgas`, `aggregate_by_filter_value` the data has.
   */
  by?: string;
  /** The measure stacked. Default: `gas_daily` (BCF/day), or `prod_dry_gas_bcf_day` for v4 rows. */
  value?: string;
}

const CHART = "productionChart";

/**
 * Stacked-area production chart. Rows are summed per date and `by` value first, so county- or
 * operator-level rows stack correctly; a row whose `by` value is null is drawn as "(none)".
 */
export function productionChart(input: ChartInput, options: ProductionChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  const dateCol = firstColumn(data, ["date", "date_prod"], CHART, "the date");
  const value = options.value ?? firstColumn(data, ["gas_daily", "prod_dry_gas_bcf_day"], CHART, "the measure");
  const by =
    options.by ??
    firstColumn(data, ["region", "sub_region", "region_natgas", "sub_region_natgas", "aggregate_by_filter_value"], CHART, "the region");
  requireColumns(data, [dateCol, value, by], CHART);

  const sums = new GroupSum<{ t: number; group: string }>();
  data.records.forEach((r, i) => {
    const t = timeAt(r, dateCol, i, CHART);
    if (t === null) throw new DataError(`${CHART}: row ${i}: ${dateCol} is missing`);
    const group = keyText(r[by]);
    sums.add(`${t}|${group}`, { t, group }, numberAt(r, value, i, CHART));
  });
  const groups = sums.groups().sort((a, b) => a.key.t - b.key.t || a.key.group.localeCompare(b.key.group));
  const values = groups.map((g) => ({ [dateCol]: isoUtc(g.key.t), [by]: g.key.group, [value]: g.sum }));

  const format = axisDateFormat(groups.map((g) => g.key.t));
  // Aggregated v3 rows name their dimension in `aggregate_by` ("region"); say that rather than the column name.
  const byLabel = by === "aggregate_by_filter_value" ? String(data.records[0]?.aggregate_by ?? "group") : by;
  const spec = baseSpec(options.title ?? `Natural gas production by ${byLabel}`, chartSize(options), values);
  spec.mark = { type: "area", line: { strokeWidth: 0.6 }, opacity: 0.85 };
  spec.encoding = {
    x: utcTimeChannel(dateCol, format === "%b %Y" ? "Month" : "Date (UTC)", format),
    y: { field: value, type: "quantitative", stack: "zero", title: measureTitle(value) },
    color: { field: by, type: "nominal", title: byLabel, scale: { scheme: "tableau10" } },
    order: { field: by, sort: "ascending" },
    tooltip: [
      { field: dateCol, type: "temporal", format: "%Y-%m-%d" },
      { field: by, type: "nominal" },
      { field: value, type: "quantitative", format: ",.3f" },
    ],
  };
  return spec;
}
