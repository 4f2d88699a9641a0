import { describe, expect, it } from "vitest";
import { weeklyActivity } from "../../src/analysis";
import { activityChart, flowsChart, forecastChart, mapChart, productionChart, toSvg, voyagesChart, type VegaLiteSpec } from "../../src/plot";
import { DataError, InvalidParamsError } from "../../src/errors";
import { toFrame } from "../../src/frame";
import { resampleFlows } from "../../src/analysis";
import * as d from "./support/sample-data";

const without = (rows: Record<string, unknown>[], column: string): Record<string, unknown>[] =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== column)));

function dataError(fn: () => unknown): DataError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return e as DataError;
  }
  throw new Error("expected a DataError");
}

const values = (spec: VegaLiteSpec): Record<string, unknown>[] => spec.data.values;

describe("missing columns are named", () => {
  const cases: [string, () => unknown, string][] = [
    ["flowsChart volume", () => flowsChart(without(d.flowRecords(), "volume")), '"volume"'],
    ["flowsChart time", () => flowsChart(without(d.flowRecords(), "timestamp")), '"period", "timestamp"'],
    ["flowsChart by", () => flowsChart(d.flowRecords(), { by: "destination_terminal" }), '"destination_terminal"'],
    ["productionChart gas_daily", () => productionChart(without(d.productionRecords(), "gas_daily")), '"gas_daily", "prod_dry_gas_bcf_day"'],
    ["productionChart by", () => productionChart(d.productionRecords(), { by: "state_ab" }), '"state_ab"'],
    ["forecastChart forecast_run_date", () => forecastChart({ backcast: without(d.forecastRecords().backcast, "forecast_run_date") }), '"forecast_run_date"'],
    ["forecastChart region filter", () => forecastChart({ actual: without(d.forecastRecords().actual, "region") }, { region: "Permian" }), '"region"'],
    ["weeklyActivity fracked_feet", () => weeklyActivity(without(d.frackedFeetRecords(), "fracked_feet"), { kind: "fracked_feet" }), '"fracked_feet"'],
    ["weeklyActivity by", () => weeklyActivity(d.rigRecords(), { by: "service_company" }), '"service_company"'],
    ["mapChart long", () => mapChart(without(d.fracCrewRecords(), "long")), '"long"'],
    ["voyagesChart voyage_status", () => voyagesChart(without(d.voyageRecords(), "voyage_status")), '"voyage_status"'],
    ["voyagesChart end_date", () => voyagesChart(without(d.voyageRecords(), "end_date")), '"end_date"'],
  ];
  for (const [name, fn, expected] of cases) {
    it(name, () => {
      const e = dataError(fn);
      expect(e.message).toContain(expected);
      expect(e.message).toMatch(/columns present: /);
      expect(e.code).toBe("DATA");
    });
  }

  it("an empty DataFrame still has its columns checked", () => {
    const frame = toFrame([], { name: "flows", fields: [{ name: "timestamp", type: "timestamp" }, { name: "count", type: "float" }] });
    expect(dataError(() => flowsChart(frame)).message).toContain('"volume"');
  });
});

describe("bad values and options", () => {
  it("an unreadable date or number names row, column and value", () => {
    const rows = d.productionRecords();
    rows[3] = { ...rows[3], date: "2023-13-01" };
    expect(dataError(() => productionChart(rows)).message).toContain('row 3: date = "2023-13-01"');
    const flows = d.flowRecords();
    flows[5] = { ...flows[5], volume: "lots" };
    expect(dataError(() => flowsChart(flows)).message).toContain('row 5: volume = "lots" is not a number');
  });

  it("mixed volume units are refused rather than drawn on one axis", () => {
    const flows = d.flowRecords();
    flows[0] = { ...flows[0], volume_unit: "mcf" };
    expect(dataError(() => flowsChart(flows)).message).toMatch(/mixed volume_unit/);
  });

  it("a coordinate out of range is an error; a missing one is counted in the subtitle", () => {
    const rows = d.fracCrewRecords();
    rows[2] = { ...rows[2], lat: "131.2" };
    expect(dataError(() => mapChart(rows)).message).toContain('row 2: lat = "131.2"');
    const some = d.fracCrewRecords();
    some[0] = { ...some[0], lat: null };
    some[1] = { ...some[1], long: "" };
    const spec = mapChart(some);
    expect(values(spec)).toHaveLength(58);
    expect(spec.title.subtitle).toBe("2 rows without coordinates not shown");
    expect(values(spec)[0]).toMatchObject({ lat: expect.any(Number), long: expect.any(Number) });
  });

  it("wrong option values are InvalidParamsErrors naming the option", () => {
    expect(() => weeklyActivity(d.rigRecords(), { kind: "rig" as never })).toThrow(InvalidParamsError);
    expect(() => flowsChart(d.flowRecords(), { asOf: "soon" })).toThrow(/asOf/);
    expect(() => forecastChart(d.forecastRecords(), { forecastRuns: "some" as never })).toThrow(InvalidParamsError);
    expect(() => mapChart(d.fracCrewRecords(), { size: -3 })).toThrow(/size/);
  });

  it("input that is not rows is a DataError, never a crash", () => {
    for (const bad of [null, 42, "rows", { a: 1 }, [1, 2], [null]]) {
      expect(() => flowsChart(bad as never)).toThrow(DataError);
    }
    expect(() => forecastChart({})).toThrow(DataError);
  });

  it("activityChart draws weeklyActivity's table and names it when given raw rows", () => {
    expect(dataError(() => activityChart(d.rigRecords() as never)).message).toContain("activityChart(weeklyActivity(rows");
  });

  it("activity columns that do not say what they are ask for options.kind", () => {
    expect(dataError(() => weeklyActivity([{ date: "2024-01-01", n: 1 }])).message).toContain("options.kind");
  });
});

describe("what the builders compute", () => {
  it("flows: forecast starts at the first volume_std > 0, joined to the last observed point", () => {
    const spec = flowsChart(d.flowRecords().filter((r) => r.destination_country === "Japan"));
    const rows = values(spec);
    const observed = rows.filter((r) => r.segment === "observed");
    const forecast = rows.filter((r) => r.segment === "forecast");
    expect(observed).toHaveLength(40);
    expect(forecast).toHaveLength(21);
    expect(forecast[0]).toMatchObject({ bridge: true, timestamp: observed[39]!.timestamp });
    expect(spec.layer[0].encoding.y.title).toBe("LNG volume (Bcf/d)");
  });

  it("flows: resampled periods say per week or per month, and a period starting on asOf is forecast", () => {
    const weeks = ["2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09"].map((period, i) => ({ period, volume: 10 + i, volume_unit: "gas_Bcf" }));
    const weekly = flowsChart(weeks, { asOf: "2026-11-02" });
    expect(weekly.layer[0].encoding.y.title).toBe("LNG volume (Bcf/week)");
    // Ticks on the weeks' own first days (Mondays here), not on month starts.
    const ticks = (weekly.layer[0].encoding.x as { axis: { values: number[] } }).axis.values;
    expect(ticks.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual(["2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09"]);
    const many = Array.from({ length: 30 }, (_, i) => ({ period: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10), volume: 1, volume_unit: "bcf" }));
    const manyTicks = (flowsChart(many).layer[0].encoding.x as { axis: { values: number[] } }).axis.values;
    expect(manyTicks.length).toBeLessThanOrEqual(8);
    expect(manyTicks.every((t) => new Date(t).getUTCDay() === 1)).toBe(true);
    const segments = values(weekly).filter((r) => r.bridge !== true).map((r) => [r.period, r.segment]);
    expect(segments).toEqual([
      ["2026-10-19T00:00:00.000Z", "observed"],
      ["2026-10-26T00:00:00.000Z", "observed"],
      ["2026-11-02T00:00:00.000Z", "forecast"],
      ["2026-11-09T00:00:00.000Z", "forecast"],
    ]);
    const months = ["2026-09-01", "2026-10-01", "2026-11-01"].map((period) => ({ period, volume: 1, volume_unit: "bcf" }));
    const monthly = flowsChart(months, { asOf: "2026-11-01" });
    expect(monthly.layer[0].encoding.y.title).toBe("LNG volume (Bcf/month)");
    expect(values(monthly).filter((r) => r.bridge !== true).map((r) => r.segment)).toEqual(["observed", "observed", "forecast"]);
  });

  it("flows: asOf wins over volume_std, and a forecast flag column is honoured", () => {
    const rows = d.flowRecords().filter((r) => r.destination_country === "China");
    const byAsOf = values(flowsChart(rows, { asOf: "2024-04-20" })).filter((r) => r.segment === "observed" && !r.bridge);
    expect(byAsOf).toHaveLength(20);
    const flagged = rows.map((r, i) => ({ ...r, volume_std: 0, forecast: i >= 50 }));
    expect(values(flowsChart(flagged)).filter((r) => r.segment === "forecast" && !r.bridge)).toHaveLength(10);
  });

  it("flows: resampleFlows output (period) and a danfo DataFrame are accepted", () => {
    const weekly = [
      { period: "2024-04-01", volume: 1.2, count: 4, volume_std: 0, count_std: 0, volume_unit: "gas_Bcf", days: 7, complete: true },
      { period: "2024-04-08", volume: 1.4, count: 5, volume_std: 0.2, count_std: 0.5, volume_unit: "gas_Bcf", days: 7, complete: true },
    ];
    const spec = flowsChart(toFrame(weekly));
    expect(spec.layer[1].encoding.x.title).toBe("Week starting (UTC)");
    expect(values(spec).map((r) => r.period)).toEqual(["2024-04-01T00:00:00.000Z", "2024-04-01T00:00:00.000Z", "2024-04-08T00:00:00.000Z"]);
  });

  it("flows: a Table (what resampleFlows returns) is accepted like its records", () => {
    const weekly = resampleFlows(d.flowRecords(), { freq: "week", by: "destination_country" });
    expect(values(flowsChart(weekly, { by: "destination_country" }))).toEqual(values(flowsChart(weekly.rows(), { by: "destination_country" })));
    const complete = weekly.filter((r) => r.complete);
    expect(complete.length).toBeLessThan(weekly.length);
    expect(values(flowsChart(complete, { by: "destination_country" })).length).toBeGreaterThan(0);
    // An empty table still names its columns: a missing one is reported, not a crash.
    expect(dataError(() => flowsChart(weekly.filter(() => false), { by: "terminal" })).message).toContain('"terminal"');
  });

  it("production: county rows are summed per date and region", () => {
    const spec = productionChart(d.productionRecords());
    const rows = values(spec);
    expect(rows).toHaveLength(18 * 3);
    const source = d.productionRecords().filter((r) => r.date === "2023-01-01" && r.region === "Permian");
    const sum = source.reduce((a, r) => a + (r.gas_daily as number), 0);
    expect(rows.find((r) => r.date === "2023-01-01T00:00:00.000Z" && r.region === "Permian")!.gas_daily).toBeCloseTo(sum, 9);
  });

  it("forecast: only the latest run is drawn by default; all runs on request", () => {
    const latest = values(forecastChart(d.forecastRecords()));
    expect(new Set(latest.filter((r) => r.series === "forecast").map((r) => r.forecast_run_date))).toEqual(new Set(["2023-12-15"]));
    const all = values(forecastChart(d.forecastRecords(), { forecastRuns: "all" }));
    expect(all.filter((r) => r.series === "forecast")).toHaveLength(8);
    expect(() => forecastChart(d.forecastRecords(), { region: "Bakken" })).toThrow(/no rows for region = "Bakken" \(present: Permian\)/);
  });

  it("activity: rigs are the average daily count per week; completions read M/D/YYYY and sum per week", () => {
    const rigRows = [
      { date: "2024-04-01", rig_class: "gas" },
      { date: "2024-04-01", rig_class: "gas" },
      { date: "2024-04-02", rig_class: "gas" },
      { date: "2024-04-08", rig_class: "gas" },
    ];
    expect(values(activityChart(weeklyActivity(rigRows), { partial: "show" })).map((r) => [r.week_start, r.rigs])).toEqual([
      ["2024-04-01T00:00:00.000Z", 1.5],
      ["2024-04-08T00:00:00.000Z", 1],
    ]);
    const done = [
      { end_date: "5/5/2024", county: "A", completions_count: 2 },
      { end_date: "5/6/2024", county: "A", completions_count: 3 },
      { end_date: "5/12/2024", county: "B", completions_count: 4 },
      { end_date: null, county: "B", completions_count: 9 },
    ];
    const spec = activityChart(weeklyActivity(done, { window: { start_date: "2024-05-05", end_date: "2024-05-12" } }), { partial: "show" });
    expect(values(spec).map((r) => [r.week_start, r.completions])).toEqual([
      ["2024-04-29T00:00:00.000Z", 2],
      ["2024-05-06T00:00:00.000Z", 7],
    ]);
    expect(spec.title.subtitle).toBe("1 row without end_date not shown; faded: partial weeks");
  });

  it("voyages: an ongoing voyage is drawn to the latest time and marked", () => {
    const spec = voyagesChart(d.voyageRecords());
    const ongoing = values(spec).filter((r) => r.ongoing === true);
    expect(ongoing).toHaveLength(1);
    const latest = Math.max(...values(spec).map((r) => Date.parse(r.end_date as string)));
    expect(Date.parse(ongoing[0]!.end_date as string)).toBe(latest);
    expect(spec.encoding.y.title).toBe("Vessel (IMO)");
    const backwards = d.voyageRecords();
    backwards[1] = { ...backwards[1], end_date: "2020-01-01" };
    expect(dataError(() => voyagesChart(backwards)).message).toContain("row 1: end_date");
  });

  it("an empty frame with the right columns is an empty chart that still renders", async () => {
    const frame = toFrame([], { name: "p", fields: [{ name: "date", type: "date" }, { name: "region", type: "string" }, { name: "gas_daily", type: "float" }] });
    const spec = productionChart(frame);
    expect(values(spec)).toEqual([]);
    await expect(toSvg(spec)).resolves.toMatch(/^<svg/);
    const legs = voyagesChart(toFrame([], { name: "v", fields: ["imo", "start_date", "end_date", "voyage_status"].map((name) => ({ name, type: "string" as const })) }));
    await expect(toSvg(legs)).resolves.toMatch(/^<svg/);
  });

  it("options set title and size", () => {
    const spec = productionChart(d.productionRecords(), { title: "Lower 48", width: 900, height: 200 });
    expect([spec.title, spec.width, spec.height]).toEqual(["Lower 48", 900, 200]);
  });
});
