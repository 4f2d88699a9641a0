/**
 * Field activity: rigs, frac crews and completions per week as bars, fracked feet per day as a line,
 * drawn from the table `weeklyActivity` (analysis) computes.
 */
import { DataError } from "../errors";
import { notesOf } from "../frame/notes";
import { chartData, optionError, requireColumns, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { isoUtc, keyText, numberAt, timeAt } from "./values";

/** What an activity chart shows (the `kind` of `weeklyActivity`). */
export type ActivityKind = "rigs" | "fraccrews" | "completions" | "fracked_feet";

/** Options of {@link activityChart}. */
export interface ActivityChartOptions extends ChartOptions {
  /**
   * Column that splits bars (stacked) or lines by colour: the `by` column of `weeklyActivity`. Default:
   * that column when the table has one, else none.
   */
  color?: string;
  /**
   * The weeks `weeklyActivity` marked `partial` (cut by the query window or the data's first or last
   * day): a partial week's completions would read as a collapse, and its rig average rests on fewer
   * days. `"drop"` leaves them out and says so in the subtitle; `"show"` draws them faded, with
   * `partial week` in the tooltip. When every week is partial they are shown. Default `"drop"`.
   */
  partial?: "drop" | "show";
}

const CHART = "activityChart";
/** The schema name of `weeklyActivity`'s table (analysis/weekly-activity.ts). */
const WEEKLY_ACTIVITY = "gasframes.weeklyActivity";
const OWN_COLUMNS = new Set(["week_start", "week_end", "date", "rigs", "frac_crews", "completions", "fracked_feet", "days_with_data", "partial"]);

const KIND_SPECS: Record<ActivityKind, { measure: string; yTitle: string; title: string }> = {
  rigs: { measure: "rigs", yTitle: "Rigs (average daily count)", title: "Rigs per week" },
  fraccrews: { measure: "frac_crews", yTitle: "Frac crews (average daily count)", title: "Frac crews per week" },
  completions: { measure: "completions", yTitle: "Completions (wells per week)", title: "Completions per week" },
  fracked_feet: { measure: "fracked_feet", yTitle: "Fracked feet per day (ft)", title: "Fracked feet per day" },
};

/**
 * Activity chart of `weeklyActivity`'s table: weekly bars (stacked by `color`) for rigs, frac crews and
 * completions, a daily line for fracked feet. Weeks start on Monday 00:00 UTC. The subtitle says which
 * rows `weeklyActivity` left out and which partial weeks are not drawn.
 * @param input the table `weeklyActivity(rows, options)` returns.
 * @param options colour, partial weeks, title and size; default: the table's `by` column, partial weeks dropped.
 * @throws DataError when the input is not a `weeklyActivity` table (it names the function to call).
 * @example
 * const rigs = await natgas.v3.rigs({ start_date: "2024-01-01", end_date: "2024-03-31" });
 * show(activityChart(weeklyActivity(rigs, { by: "region" })));
 */
export function activityChart(input: ChartInput, options: ActivityChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  if (data.schemaName !== WEEKLY_ACTIVITY) {
    throw new DataError(
      `${CHART}: draws the table weeklyActivity(rows) returns (weekly means and counts are computed by analysis); ` +
        `got columns ${data.names.join(", ") || "none"}: pass activityChart(weeklyActivity(rows, { kind, by, window }))`,
    );
  }
  const partialOption = options.partial ?? "drop";
  if (partialOption !== "drop" && partialOption !== "show") throw optionError(CHART, "partial", options.partial, '"drop" or "show"', "drop");
  const notes = notesOf(input as object);
  const kind = notes.kind as ActivityKind;
  const spec = KIND_SPECS[kind];
  const color = options.color ?? data.names.find((n) => !OWN_COLUMNS.has(n));
  requireColumns(data, [spec.measure, ...(color ? [color] : [])], CHART);
  const text = options.title ?? spec.title;
  const subtitle: string[] = [];
  const withoutDate = Number(notes.rows_without_date ?? 0);
  const outside = Number(notes.rows_outside_window ?? 0);
  if (withoutDate > 0) subtitle.push(`${withoutDate} row${withoutDate > 1 ? "s" : ""} without ${String(notes.date_column)} not shown`);
  if (outside > 0) subtitle.push(`${outside} row${outside > 1 ? "s" : ""} outside the window not shown`);
  const title = (): string | { text: string; subtitle: string } => (subtitle.length === 0 ? text : { text, subtitle: subtitle.join("; ") });
  const size = chartSize(options);
  const colorEnc = color === undefined ? undefined : { field: color, type: "nominal", title: color, scale: { scheme: "tableau10" } };
  const groups = color === undefined ? undefined : data.column(color);
  const amounts = data.column(spec.measure);

  if (kind === "fracked_feet") {
    const dates = data.column("date");
    const values = Array.from({ length: data.length }, (_, i) => ({
      date: isoUtc(timeAt(dates, i, "date", CHART)!),
      ...(color ? { [color]: keyText(groups![i]) } : {}),
      fracked_feet: numberAt(amounts, i, spec.measure, CHART),
    }));
    const out = baseSpec(title(), size, values);
    const dateTip = utcTooltip("date", "Date (UTC)");
    out.transform = [dateTip.transform];
    out.mark = { type: "line", strokeWidth: 1.6, ...(color ? {} : { color: PALETTE.observed }) };
    out.encoding = {
      x: utcTimeChannel("date", "Date (UTC)"),
      y: { field: "fracked_feet", type: "quantitative", title: spec.yTitle },
      ...(colorEnc ? { color: colorEnc } : {}),
      tooltip: [
        dateTip.tooltip,
        ...(color ? [{ field: color, type: "nominal", title: color }] : []),
        { field: "fracked_feet", type: "quantitative", format: ",.0f", title: spec.yTitle },
      ],
    };
    return out;
  }

  const starts = data.column("week_start");
  const days = data.column("days_with_data");
  const partialFlags = data.column("partial");
  const rows = Array.from({ length: data.length }, (_, i) => ({
    week: timeAt(starts, i, "week_start", CHART)!,
    group: color === undefined ? "all" : keyText(groups![i]),
    value: numberAt(amounts, i, spec.measure, CHART),
    days: numberAt(days, i, "days_with_data", CHART),
    partial: partialFlags[i] === true,
  }));
  const weeks = [...new Set(rows.map((r) => r.week))];
  const partialWeeks = new Set(rows.filter((r) => r.partial).map((r) => r.week));
  // Data shorter than a week: every week is partial, and an empty chart would say less than faded bars.
  const partialMode = weeks.every((w) => partialWeeks.has(w)) ? "show" : partialOption;
  const shownWeeks = weeks.filter((w) => partialMode === "show" || !partialWeeks.has(w)).sort((a, b) => a - b);
  const dropped = weeks.length - shownWeeks.length;
  if (dropped > 0) subtitle.push(`${dropped} partial week${dropped > 1 ? "s" : ""} (cut by the ${String(notes.partial_cause)}) not shown`);
  else if (partialMode === "show" && partialWeeks.size > 0) subtitle.push("faded: partial weeks");
  // Stacked here rather than by Vega-Lite: a bar spanning x..x2 in time is not stacked by Vega-Lite.
  const base = new Map<number, number>();
  const values = rows
    .filter((r) => partialMode === "show" || !r.partial)
    .map(({ week, group, value, days: d, partial }) => {
      const below = base.get(week) ?? 0;
      base.set(week, below + (value ?? 0));
      return {
        week_start: isoUtc(week),
        week_end: isoUtc(week + 7 * 86_400_000),
        ...(color ? { [color]: group } : {}),
        [spec.measure]: value,
        days_with_data: d,
        partial,
        stack_base: below,
        stack_top: below + (value ?? 0),
      };
    });
  const out = baseSpec(title(), size, values);
  const weekTip = utcTooltip("week_start", "Week starting (UTC)");
  out.transform = [weekTip.transform];
  out.mark = { type: "bar", stroke: "white", strokeWidth: 0.5, ...(color ? {} : { color: PALETTE.observed }) };
  out.encoding = {
    x: weekAxis(shownWeeks),
    x2: { field: "week_end" },
    y: { field: "stack_top", type: "quantitative", title: spec.yTitle },
    y2: { field: "stack_base" },
    ...(colorEnc ? { color: colorEnc } : {}),
    ...(partialMode === "show" ? { opacity: { condition: { test: "datum.partial", value: 0.35 }, value: 1 } } : {}),
    tooltip: [
      weekTip.tooltip,
      ...(color ? [{ field: color, type: "nominal", title: color }] : []),
      { field: spec.measure, type: "quantitative", format: ",.1f", title: spec.yTitle },
      { field: "days_with_data", type: "quantitative", title: "days with data" },
      ...(partialMode === "show" ? [{ field: "partial", type: "nominal", title: "partial week" }] : []),
    ],
  };
  return out;
}

/** A time axis whose ticks sit on week starts (Mondays), thinned to at most 10 labels. */
function weekAxis(weeks: readonly number[]): Record<string, unknown> {
  const step = Math.max(1, Math.ceil(weeks.length / 10));
  const channel = utcTimeChannel("week_start", "Week starting (UTC, Monday)");
  return { ...channel, axis: { ...(channel.axis as object), values: weeks.filter((_, i) => i % step === 0) } };
}
