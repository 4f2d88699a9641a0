/**
 * Field activity: rigs, frac crews and completions per week as bars, fracked feet per day as a line.
 */
import { groupRows } from "../analysis/group-keys";
import { DataError } from "../errors";
import { chartData, optionError, requireColumns, type ChartData, type ChartInput } from "./chart-input";
import { baseSpec, chartSize, PALETTE, utcTimeChannel, utcTooltip, type ChartOptions, type VegaLiteSpec } from "./spec";
import { groupSums, isoUtc, keyText, numberAt, timeAt, weekStarts } from "./values";

/** What an activity chart shows. */
export type ActivityKind = "rigs" | "fraccrews" | "completions" | "fracked_feet";

/** Options of {@link activityChart}. */
export interface ActivityChartOptions extends ChartOptions {
  /**
   * What the rows are. Default: inferred from the columns (`rigs_count`/`rig_class` -> rigs,
   * `frac_crews_count`/`frac_class` -> fraccrews, `completions_count`/`completion_class`/`end_date` ->
   * completions, `fracked_feet` -> fracked_feet); a DataError asks for it when the columns do not tell.
   */
  kind?: ActivityKind;
  /** Column that splits bars (stacked) or lines by colour, e.g. `"region"` or `"rig_class"`. Default: none. */
  color?: string;
  /**
   * The first and last week when the data cover only part of them (the data start after the week's
   * Monday or end before its Sunday, as a query window cut mid-week does): a partial week's completions
   * would read as a collapse, and its rig average rests on fewer days. `"drop"` leaves them out and says
   * so in the subtitle; `"show"` draws them faded, with `partial week` in the tooltip. Default `"drop"`.
   */
  partial?: "drop" | "show";
  /**
   * The query's window (`start_date`, `end_date`: YYYY-MM-DD, UTC days, both included), the object the
   * activity endpoints take: the weeks it cuts are the partial ones, and rows outside it are not drawn
   * (the subtitle counts them): completions' `start_date` bounds the start of fracking, so ask them from
   * weeks earlier and give the window here, else its first weeks lack the wells fracked across its start.
   * Without it, rigs and frac crews (a count every day) take the data's first and last day as the
   * window; completions take none, as a week whose edge days have no completion is not therefore cut, so
   * every week is drawn. Default: none.
   */
  window?: { readonly start_date: string; readonly end_date: string };
}

const CHART = "activityChart";
const KINDS: readonly ActivityKind[] = ["rigs", "fraccrews", "completions", "fracked_feet"];

interface KindSpec {
  date: string;
  count?: string;
  yTitle: string;
  title: string;
}

const KIND_SPECS: Record<ActivityKind, KindSpec> = {
  rigs: { date: "date", count: "rigs_count", yTitle: "Rigs (average daily count)", title: "Rigs per week" },
  fraccrews: { date: "date", count: "frac_crews_count", yTitle: "Frac crews (average daily count)", title: "Frac crews per week" },
  completions: { date: "end_date", count: "completions_count", yTitle: "Completions (wells per week)", title: "Completions per week" },
  fracked_feet: { date: "date", yTitle: "Fracked feet per day (ft)", title: "Fracked feet per day" },
};

/**
 * Activity chart. Weeks start on Monday 00:00 UTC. Rigs and frac crews: the average daily count over the
 * days of the week that have data (one row per rig or crew, or the `*_count` of aggregated rows).
 * Completions: wells whose fracking ended (`end_date`) in the week. Fracked feet: a daily line, summed
 * over sub-regions unless `color` splits it.
 */
export function activityChart(input: ChartInput, options: ActivityChartOptions = {}): VegaLiteSpec {
  const data = chartData(input, CHART);
  if (options.kind !== undefined && !KINDS.includes(options.kind)) {
    throw optionError(CHART, "kind", options.kind, KINDS.map((k) => `"${k}"`).join(", "));
  }
  const kind = options.kind ?? inferKind(data);
  const partialOption = options.partial ?? "drop";
  if (partialOption !== "drop" && partialOption !== "show") throw optionError(CHART, "partial", options.partial, '"drop" or "show"', "drop");
  const window = options.window === undefined ? undefined : windowDays(options.window);
  const spec = KIND_SPECS[kind];
  const color = options.color;
  requireColumns(data, [spec.date, ...(kind === "fracked_feet" ? ["fracked_feet"] : []), ...(color ? [color] : [])], CHART);
  const countCol = spec.count !== undefined && data.names.includes(spec.count) ? spec.count : undefined;
  // Rows without a date (a completion still in progress) are counted, not drawn.
  let skipped = 0;
  const amountCol = kind === "fracked_feet" ? "fracked_feet" : countCol;
  const date = data.column(spec.date);
  const colorValues = color === undefined ? undefined : data.column(color);
  const amount = amountCol === undefined ? undefined : data.column(amountCol);
  const times: number[] = [];
  const groups: string[] = [];
  const amounts: number[] = [];
  let outside = 0;
  for (let i = 0; i < data.length; i++) {
    const t = timeAt(date, i, spec.date, CHART);
    if (t === null) {
      skipped++;
      continue;
    }
    // Rows of a lead-in (completions asked from before the window, as start_date bounds the start of fracking).
    if (window !== undefined && (t < window[0] || t >= window[1] + 86_400_000)) {
      outside++;
      continue;
    }
    times.push(t);
    groups.push(colorValues === undefined ? "all" : keyText(colorValues[i]));
    amounts.push(amount === undefined ? 1 : (numberAt(amount, i, amountCol!, CHART) ?? NaN));
  }
  const text = options.title ?? spec.title;
  const notes = skipped === 0 ? [] : [`${skipped} row${skipped > 1 ? "s" : ""} without ${spec.date} not shown`];
  if (outside > 0) notes.push(`${outside} row${outside > 1 ? "s" : ""} outside the window not shown`);
  const title = (): string | { text: string; subtitle: string } => (notes.length === 0 ? text : { text, subtitle: notes.join("; ") });
  const size = chartSize(options);
  const colorEnc = color === undefined ? undefined : { field: color, type: "nominal", title: color, scale: { scheme: "tableau10" } };

  if (kind === "fracked_feet") {
    const values = groupSums<[number, string]>([times, groups], amounts)
      .sort((a, b) => a.key[0] - b.key[0])
      .map(({ key: [t, group], sum }) => ({ date: isoUtc(t), ...(color ? { [color]: group } : {}), fracked_feet: sum }));
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

  // Per (day, group): how many rigs/crews/wells; per (week, group): the sum of those; per week: the days with data.
  const daily = groupSums<[number, string]>([times, groups], amounts);
  const dailyWeeks = weekStarts(daily.map((g) => g.key[0]));
  const weekly = groupSums<[number, string]>([dailyWeeks, daily.map((g) => g.key[1])], daily.map((g) => g.sum ?? NaN));
  const distinctDays = groupRows([times], times.length).keys[0]! as number[];
  const daysInWeek = new Map(groupSums<[number]>([weekStarts(distinctDays)], distinctDays.map(() => 1)).map((g) => [g.key[0], g.sum!]));
  const measure = kind === "completions" ? "completions" : kind === "rigs" ? "rigs" : "frac_crews";
  const partialWeeks = window !== undefined ? edgeWeeks(window) : kind === "completions" ? new Set<number>() : edgeWeeks(times);
  // Data shorter than a week: every week is partial, and an empty chart would say less than faded bars.
  const partialMode = [...daysInWeek.keys()].every((w) => partialWeeks.has(w)) ? "show" : partialOption;
  // Stacked here rather than by Vega-Lite: a bar spanning x..x2 in time is not stacked by Vega-Lite.
  const base = new Map<number, number>();
  const shownWeeks = [...daysInWeek.keys()].filter((w) => partialMode === "show" || !partialWeeks.has(w)).sort((a, b) => a - b);
  const dropped = daysInWeek.size - shownWeeks.length;
  if (dropped > 0) notes.push(`${dropped} partial week${dropped > 1 ? "s" : ""} (cut by the ${window !== undefined ? "query window" : "data's first or last day"}) not shown`);
  else if (partialMode === "show" && [...daysInWeek.keys()].some((w) => partialWeeks.has(w))) notes.push("faded: partial weeks");
  const values = weekly
    .filter(({ key: [week] }) => partialMode === "show" || !partialWeeks.has(week))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1].localeCompare(b.key[1]))
    .map(({ key: [week, group], sum }) => {
      const days = daysInWeek.get(week)!;
      const v = sum === null ? null : kind === "completions" ? sum : sum / days;
      const below = base.get(week) ?? 0;
      base.set(week, below + (v ?? 0));
      return {
        week_start: isoUtc(week),
        week_end: isoUtc(week + 7 * 86_400_000),
        ...(color ? { [color]: group } : {}),
        [measure]: v,
        days_with_data: days,
        partial: partialWeeks.has(week),
        stack_base: below,
        stack_top: below + (v ?? 0),
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
      { field: measure, type: "quantitative", format: ",.1f", title: spec.yTitle },
      { field: "days_with_data", type: "quantitative", title: "days with data" },
      ...(partialMode === "show" ? [{ field: "partial", type: "nominal", title: "partial week" }] : []),
    ],
  };
  return out;
}

/** The window's first and last day (epoch ms, UTC midnight), checked. */
function windowDays(window: { readonly start_date: string; readonly end_date: string }): [number, number] {
  const day = (param: "start_date" | "end_date"): number => {
    const v = (window as Record<string, unknown> | null)?.[param];
    const t = typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
    if (Number.isNaN(t)) throw optionError(CHART, `window.${param}`, v, "a day as YYYY-MM-DD (the query's window)");
    return t;
  };
  const [start, end] = [day("start_date"), day("end_date")];
  if (end < start) throw optionError(CHART, "window.end_date", window.end_date, `a day on or after window.start_date (${window.start_date})`, window.start_date);
  return [start, end];
}

/** The first and last week (Monday starts, epoch ms) when the first day is after its Monday or the last day before its Sunday. */
function edgeWeeks(times: readonly number[]): Set<number> {
  const out = new Set<number>();
  if (times.length === 0) return out;
  let first = Infinity;
  let last = -Infinity;
  for (const t of times) [first, last] = [Math.min(first, t), Math.max(last, t)];
  const [firstWeek, lastWeek] = weekStarts([first, last]) as [number, number];
  const day = 86_400_000;
  if (Math.floor(first / day) * day > firstWeek) out.add(firstWeek);
  if (Math.floor(last / day) * day < lastWeek + 6 * day) out.add(lastWeek);
  return out;
}

function inferKind(data: ChartData): ActivityKind {
  const has = (c: string): boolean => data.names.includes(c);
  if (has("fracked_feet")) return "fracked_feet";
  if (has("rigs_count") || has("rig_class")) return "rigs";
  if (has("frac_crews_count") || has("frac_class") || has("service_company")) return "fraccrews";
  if (has("completions_count") || has("completion_class") || has("end_date")) return "completions";
  throw new DataError(
    `${CHART}: cannot tell rigs, frac crews, completions or fracked feet from the columns ` +
      `(${data.names.join(", ") || "none"}); pass options.kind`,
  );
}

/** A time axis whose ticks sit on week starts (Mondays), thinned to at most 10 labels. */
function weekAxis(weeks: readonly number[]): Record<string, unknown> {
  const step = Math.max(1, Math.ceil(weeks.length / 10));
  const channel = utcTimeChannel("week_start", "Week starting (UTC, Monday)");
  return { ...channel, axis: { ...(channel.axis as object), values: weeks.filter((_, i) => i % step === 0) } };
}
