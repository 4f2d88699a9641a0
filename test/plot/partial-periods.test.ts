/**
 * Partial periods (a week or month cut by the data's window, or holding both observed and forecast days)
 * are left out by default or drawn apart, never as an observed point or a collapse; and gas measures are
 * drawn in the unit analysts write, scaled so the ticks are not in the billions.
 */
import { describe, expect, it } from "vitest";
import { weeklyActivity } from "../../src/analysis";
import { activityChart, flowsChart, forecastChart, productionChart, type VegaLiteSpec } from "../../src/plot";
import { resampleFlows } from "../../src/analysis";
import { InvalidParamsError } from "../../src/errors";
import { unitLabel } from "../../src/table/unit-label";
import * as d from "./support/sample-data";

const values = (spec: VegaLiteSpec): Record<string, unknown>[] => spec.data.values as Record<string, unknown>[];
const week = (start: string, volume: number, complete = true) => ({ period: start, volume, volume_unit: "gas_Bcf", complete });

describe("flowsChart: partial periods", () => {
  // April 1 2024 (a Monday) to May 30 (a Thursday): the last week holds 4 days.
  const weekly = () => resampleFlows(d.flowRecords(), { freq: "week", by: "destination_country" });

  it("leaves the weeks resampleFlows marks incomplete out by default, and says so", () => {
    const table = weekly();
    const partialStarts = new Set(table.filter((w) => !w.complete).rows().map((w) => `${w.period}T00:00:00.000Z`));
    expect([...partialStarts]).toEqual(["2024-05-27T00:00:00.000Z"]);
    const spec = flowsChart(table, { by: "destination_country" });
    expect(values(spec).filter((r) => partialStarts.has(String(r.period)))).toEqual([]);
    expect(values(spec).length).toBeGreaterThan(0);
    expect(spec.title.subtitle).toContain("1 partial week not shown");
  });

  it("shows them as hollow points off the lines with partial: 'show'", () => {
    const spec = flowsChart(weekly(), { by: "destination_country", partial: "show" });
    const partial = values(spec).filter((r) => r.segment === "partial");
    expect(partial.map((r) => [r.period, r.series]).sort()).toEqual([["2024-05-27T00:00:00.000Z", "China"], ["2024-05-27T00:00:00.000Z", "Japan"]]);
    expect(partial.every((r) => r.partial === "not every day of it is in the data")).toBe(true);
    const line = spec.layer.find((l: { mark: { type: string } }) => l.mark.type === "line");
    expect(line.transform).toEqual([{ filter: "datum.segment !== 'partial'" }]);
    const points = spec.layer.find((l: { mark: { type: string } }) => l.mark.type === "point");
    expect(points.mark.filled).toBe(false);
    expect(spec.title.subtitle).toContain("hollow points: partial weeks");
  });

  it("a week straddling asOf is partial (part observed, part forecast); one starting on asOf is forecast", () => {
    const rows = [week("2026-10-19", 10), week("2026-10-26", 11), week("2026-11-02", 4), week("2026-11-09", 12)];
    const spec = flowsChart(rows, { asOf: "2026-11-04" });
    const drawn = values(spec).filter((r) => r.bridge !== true).map((r) => r.period);
    expect(drawn).toEqual(["2026-10-19T00:00:00.000Z", "2026-10-26T00:00:00.000Z", "2026-11-09T00:00:00.000Z"]);
    const shown = values(flowsChart(rows, { asOf: "2026-11-04", partial: "show" })).filter((r) => r.segment === "partial");
    expect(shown.map((r) => [r.period, r.partial])).toEqual([["2026-11-02T00:00:00.000Z", "part observed, part forecast"]]);
    const onAsOf = values(flowsChart(rows, { asOf: "2026-11-02" })).filter((r) => r.bridge !== true).map((r) => r.segment);
    expect(onAsOf).toEqual(["observed", "observed", "forecast", "forecast"]);
  });

  it("a month straddling asOf is partial too; daily rows never are", () => {
    const months = ["2026-09-01", "2026-10-01", "2026-11-01"].map((period) => ({ period, volume: 30, volume_unit: "bcf" }));
    // September observed, October (half and half) left out, November forecast joined to September.
    const drawn = values(flowsChart(months, { asOf: "2026-10-15" })).map((r) => [r.period, r.segment]);
    expect(drawn).toEqual([["2026-09-01T00:00:00.000Z", "observed"], ["2026-09-01T00:00:00.000Z", "forecast"], ["2026-11-01T00:00:00.000Z", "forecast"]]);
    const daily = d.flowRecords().filter((r) => r.destination_country === "Japan");
    expect(values(flowsChart(daily, { asOf: "2024-04-20" })).some((r) => r.segment === "partial")).toBe(false);
  });

  it("data shorter than one period: its partial points are shown rather than an empty chart", () => {
    const spec = flowsChart([week("2026-11-02", 3, false)]);
    expect(values(spec).map((r) => r.segment)).toEqual(["partial"]);
  });

  it("a chart with no forecast has no forecast key in its legend or subtitle", () => {
    const spec = flowsChart([week("2026-10-19", 10), week("2026-10-26", 11)]);
    expect(spec.layer[0].encoding.color.scale.domain).toEqual(["observed"]);
    expect(spec.layer[0].encoding.strokeDash.scale.range).toEqual([[1, 0]]);
    expect(spec.title).toBe("LNG flows");
  });

  it("a wrong partial option is refused, naming it", () => {
    expect(() => flowsChart([week("2026-11-02", 3)], { partial: "hide" as never })).toThrow(InvalidParamsError);
    expect(() => flowsChart([week("2026-11-02", 3)], { partial: "hide" as never })).toThrow(/partial/);
  });
});

describe("activityChart: partial weeks", () => {
  it("the first and last week cut by the query window are left out by default and faded on request", () => {
    // May 1 2024 is a Wednesday, May 28 a Tuesday.
    const window = { start_date: "2024-05-01", end_date: "2024-05-28" };
    const dropped = activityChart(weeklyActivity(d.completionRecords(), { window }));
    expect(values(dropped).map((r) => r.week_start)).toEqual(["2024-05-06T00:00:00.000Z", "2024-05-13T00:00:00.000Z", "2024-05-20T00:00:00.000Z"]);
    expect(dropped.title.subtitle).toBe("2 partial weeks (cut by the query window) not shown");
    const shown = activityChart(weeklyActivity(d.completionRecords(), { window }), { partial: "show" });
    expect(values(shown).filter((r) => r.partial).map((r) => r.week_start)).toEqual(["2024-04-29T00:00:00.000Z", "2024-05-27T00:00:00.000Z"]);
    expect(shown.encoding.opacity).toEqual({ condition: { test: "datum.partial", value: 0.35 }, value: 1 });
  });

  it("completions (events) without a window: no week is judged partial by its edge days", () => {
    // Four whole weeks, 2025-01-06 (Monday) to 2025-02-02 (Sunday), with completions Tuesday to Friday only.
    const rows: Record<string, unknown>[] = [];
    for (let day = 0; day < 28; day++) {
      if (day % 7 >= 1 && day % 7 <= 4) rows.push({ end_date: new Date(Date.UTC(2025, 0, 6 + day)).toISOString().slice(0, 10), completions_count: 2 });
    }
    const spec = activityChart(weeklyActivity(rows));
    expect(values(spec).map((r) => r.week_start)).toEqual(["2025-01-06", "2025-01-13", "2025-01-20", "2025-01-27"].map((w) => `${w}T00:00:00.000Z`));
    expect(values(spec).every((r) => r.completions === 8 && r.partial === false)).toBe(true);
    expect(spec.title.subtitle ?? "").not.toMatch(/partial/);
    // The window says the weeks are whole: the same four.
    expect(values(activityChart(weeklyActivity(rows, { window: { start_date: "2025-01-06", end_date: "2025-02-02" } }))).length).toBe(4);
  });

  it("rigs (a count every day) without a window: the data's first and last day stand for it", () => {
    // Five whole weeks from Monday 2024-04-01; without their first day the first week is cut.
    const rows = d.rigRecords();
    const first = rows.map((r) => String(r.date)).sort()[0]!;
    const spec = activityChart(weeklyActivity(rows.filter((r) => String(r.date) !== first)));
    expect(spec.title.subtitle ?? "").toMatch(/1 partial week \(cut by the data's first or last day\) not shown/);
  });

  it("rows outside the window (a lead-in asked for completions) are not drawn, and the subtitle counts them", () => {
    const rows = [
      { end_date: "2025-01-02", completions_count: 5 },
      { end_date: "2025-01-07", completions_count: 2 },
      { end_date: "2025-01-14", completions_count: 3 },
      { end_date: "2025-01-20", completions_count: 4 },
    ];
    const spec = activityChart(weeklyActivity(rows, { window: { start_date: "2025-01-06", end_date: "2025-01-19" } }));
    expect(values(spec).map((r) => [r.week_start, r.completions])).toEqual([
      ["2025-01-06T00:00:00.000Z", 2],
      ["2025-01-13T00:00:00.000Z", 3],
    ]);
    expect(spec.title.subtitle).toBe("2 rows outside the window not shown");
  });

  it("a window that is not two days in order is refused, naming it", () => {
    expect(() => weeklyActivity(d.completionRecords(), { window: { start_date: "2024-5-1", end_date: "2024-05-28" } })).toThrow(InvalidParamsError);
    expect(() => weeklyActivity(d.completionRecords(), { window: { start_date: "2024-05-28", end_date: "2024-05-01" } })).toThrow(/window\.end_date/);
  });

  it("whole weeks (Monday to Sunday) are kept", () => {
    expect(values(activityChart(weeklyActivity(d.rigRecords()))).some((r) => r.partial)).toBe(false);
    expect(activityChart(weeklyActivity(d.rigRecords())).title).toBe("Rigs per week");
  });
});

describe("units on the axes, in analysts' words", () => {
  it("one spelling of each unit", () => {
    expect(["BCF/day", "bcfd", "gas_Bcf", "bcf", "MCF", "MMCF/day", "BBL/day", "BBL", "m3", "bcm/d", "Mt", "ft", "%"].map(unitLabel)).toEqual(
      ["Bcf/d", "Bcf/d", "Bcf", "Bcf", "Mcf", "MMcf/d", "bbl/d", "bbl", "m³", "bcm/d", "Mt", "ft", "%"],
    );
  });

  it("gas_monthly (MCF) in the hundreds of millions is drawn as Bcf/month, values scaled to match", () => {
    const rows = [
      { date: "2026-01-01", region: "Permian", gas_monthly: 612_000_000 },
      { date: "2026-01-01", region: "Haynesville", gas_monthly: 450_000_000 },
    ];
    const spec = productionChart(rows, { value: "gas_monthly" });
    expect(spec.encoding.y.title).toBe("Gas production (Bcf/month)");
    expect(values(spec).map((r) => r.gas_monthly)).toEqual([450, 612]);
  });

  it("gas_daily under 1 Bcf/d is drawn in MMcf/d; a region's total in Bcf/d", () => {
    const county = productionChart([{ date: "2026-01-01", region: "Reeves", gas_daily: 0.45 }]);
    expect(county.encoding.y.title).toBe("Gas production (MMcf/d)");
    expect(values(county)[0]!.gas_daily).toBeCloseTo(450, 9);
    expect(productionChart(d.productionRecords()).encoding.y.title).toBe("Gas production (Bcf/d)");
  });

  it("the forecast chart scales all three families alike", () => {
    const spec = forecastChart(d.forecastRecords(), { region: "Permian" });
    expect(spec.encoding.y.title).toBe("Gas production (Bcf/d)");
    const actual = d.forecastRecords().actual[0]!.gas_daily;
    expect(values(spec).find((r) => r.series === "actual")!.gas_daily).toBe(actual);
  });

  it("activity and flows axes say what is counted and per what", () => {
    expect(activityChart(weeklyActivity(d.rigRecords())).encoding.y.title).toBe("Rigs (average daily count)");
    expect(activityChart(weeklyActivity(d.completionRecords())).encoding.y.title).toBe("Completions (wells per week)");
    expect(flowsChart(d.flowRecords(), { by: "destination_country" }).layer[0].encoding.y.title).toBe("LNG volume (Bcf/d)");
  });
});

describe("forecastChart: actuals beside forecasts and backcasts", () => {
  it("reads actuals aggregated by region (aggregate_by_filter_value) as region rows", () => {
    const actual = [
      { aggregate_by: "region", aggregate_by_filter_value: "Permian", date: "2023-01-01", gas_daily: 25 },
      { aggregate_by: "region", aggregate_by_filter_value: "Appalachia", date: "2023-01-01", gas_daily: 36 },
    ];
    const spec = forecastChart({ actual, backcast: d.forecastRecords().backcast }, { region: "Permian" });
    expect(values(spec).filter((r) => r.series === "actual").map((r) => r.gas_daily)).toEqual([25]);
    expect(spec.title.subtitle).toBe("solid: actual; dotted: backcast runs; darker: later run");
  });
});

describe("v4 measures on the axis", () => {
  it("name their basis once and are scaled like v3's", () => {
    const wet = productionChart([{ date_prod: "2026-01-01", region_natgas: "Permian", prod_wet_gas_mcf_day: 25_000_000 }], { value: "prod_wet_gas_mcf_day" });
    expect(wet.encoding.y.title).toBe("Wet gas production (Bcf/d)");
    expect(values(wet)[0]!.prod_wet_gas_mcf_day).toBe(25);
    const dry = productionChart([{ date_prod: "2026-01-01", region_natgas: "Permian", prod_dry_gas_bcf_day: 21.5 }]);
    expect(dry.encoding.y.title).toBe("Gas production (Bcf/d, dry)");
  });
});
