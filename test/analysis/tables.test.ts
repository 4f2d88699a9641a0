/**
 * What every analysis function returns: a gasframes Table of its own rows, typed, with units, whose
 * `toFrame()` is the danfo frame (and which never loads danfo by itself).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  addDailyRate,
  addMonthlyVolume,
  compareForecastVintages,
  deriveVoyages,
  legacyFlowTimeseries,
  legacyOverview,
  resampleFlows,
  rollup,
  type ForecastVintageRow,
  type LegacyFlowRow,
  type LegacyVoyageRecord,
  type ResampledFlowRow,
  type RollupRow,
  type VoyageRow,
} from "../../src/analysis";
import { withColumns } from "../../src/analysis/with-column";
import { DataError } from "../../src/errors";
import { notesOf } from "../../src/frame/notes";
import { toFrame } from "../../src/frame/to-frame";
import { unitsOf } from "../../src/frame/units";
import { Table } from "../../src/table/table";
import { budget } from "../helpers/budget";

const flows = [
  { timestamp: "2024-01-01T00:00:00Z", volume: 1, count: 2, volume_std: 0.3, count_std: 0.4, volume_unit: "gas_Bcf", country: "Spain" },
  { timestamp: "2024-01-02T00:00:00Z", volume: null, count: null, volume_std: null, count_std: null, volume_unit: "gas_Bcf", country: "Spain" },
  { timestamp: "2024-01-08T00:00:00Z", volume: 4, count: 1, volume_std: 0.4, count_std: 0.3, volume_unit: "gas_Bcf", country: "Spain" },
  { timestamp: "2024-01-01T00:00:00Z", volume: 2, count: 1, volume_std: 0.1, count_std: 0.1, volume_unit: "gas_Bcf", country: "France" },
];

const production = [
  { date: "2024-01-01", region: "Permian", gas_daily: 1, gas_monthly: 31 },
  { date: "2024-01-02", region: "Permian", gas_daily: 3, gas_monthly: null },
  { date: "2024-02-01", region: "Haynesville", gas_daily: null, gas_monthly: 29 },
];

let seq = 0;
function tx(imo: number | null, ts: string | null, type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    imo, destination_timestamp: ts, destination_terminal: `T${seq}`, destination_country: `C${seq}`, transaction_type: type,
    transaction_number: seq, volume: seq * 1.5, volume_unit: "gas_Bcf", forecasted_transaction: false, modified_at: "2024-01-01 00:00:00+00", ...extra,
  };
}
const transactions = [
  tx(9_000_001, "2024-01-01 10:00:00+00", "loading"),
  tx(9_000_001, "2024-01-20 10:00:00+00", "offloading"),
  tx(9_000_001, "2024-02-05 10:00:00+00", "loading"),
  tx(null, "2024-02-06 10:00:00+00", "loading"),
];

/** The Table's own view agrees with its frame: names, length, units, and (NaN as null) values. */
function agreesWithFrame(table: Table<object>): void {
  const frame = table.toFrame();
  expect([...table.names]).toEqual(frame.columns);
  expect(table.length).toBe(frame.shape[0]);
  expect({ ...table.units }).toEqual(unitsOf(frame));
  const values = (frame.values as unknown[][]).map((row) => row.map((v) => (typeof v === "number" && Number.isNaN(v) ? null : v)));
  expect(table.rows().map((r) => table.names.map((n) => (r as Record<string, unknown>)[n]))).toEqual(values);
}

describe("analysis functions return a Table of their rows", () => {
  it("resampleFlows: Table<ResampledFlowRow>, volume in the rows' unit, missing volume null", () => {
    const weekly = resampleFlows(flows, { freq: "week", by: "country" });
    expect(weekly).toBeInstanceOf(Table);
    expectTypeOf(weekly).toEqualTypeOf<Table<ResampledFlowRow>>();
    expectTypeOf(weekly.get(0).volume).toEqualTypeOf<number | null>();
    expectTypeOf(weekly.get(0).complete).toEqualTypeOf<boolean>();
    expect(weekly.names).toEqual(["country", "period", "volume", "volume_std", "count", "count_std", "volume_unit", "days", "complete", "volume_missing", "count_missing"]);
    expect(weekly.units).toEqual({ volume: "gas_Bcf", volume_std: "gas_Bcf" });
    expect(weekly.rows()).toEqual([
      { country: "France", period: "2024-01-01", volume: 2, volume_std: 0.1, count: 1, count_std: 0.1, volume_unit: "gas_Bcf", days: 1, complete: false, volume_missing: 0, count_missing: 0 },
      { country: "Spain", period: "2024-01-01", volume: 1, volume_std: 0.3, count: 2, count_std: 0.4, volume_unit: "gas_Bcf", days: 2, complete: false, volume_missing: 1, count_missing: 1 },
      { country: "Spain", period: "2024-01-08", volume: 4, volume_std: 0.4, count: 1, count_std: 0.3, volume_unit: "gas_Bcf", days: 1, complete: false, volume_missing: 0, count_missing: 0 },
    ]);
    expect(weekly.column("volume")).toEqual([2, 1, 4]);
    expect([...weekly].map((r) => r.period)).toEqual(["2024-01-01", "2024-01-01", "2024-01-08"]);
    // Row access keeps units: a filtered table still knows them, and so does its frame.
    const spain = weekly.filter((r) => r.country === "Spain");
    expect(spain.length).toBe(2);
    expect(unitsOf(spain.toFrame()).volume).toBe("gas_Bcf");
    agreesWithFrame(weekly);
    // A week with no value is null in the rows and NaN in the frame (never 0).
    const empty = resampleFlows([{ timestamp: "2024-01-01T00:00:00Z", volume: null, volume_unit: "gas_Bcf" }], { freq: "week" });
    expect(empty.get(0).volume).toBeNull();
    expect(Number.isNaN(empty.toFrame().column("volume").values[0])).toBe(true);
    expect(() => weekly.get(3)).toThrow(DataError);
    expect(() => weekly.column("volum")).toThrow(/did you mean "volume"/);
  });

  it("resampleFlows: the empty result keeps its columns and dtypes", () => {
    const none = resampleFlows([], { freq: "month" });
    expect(none.length).toBe(0);
    expect(none.names).toContain("volume_std");
    expect(none.toFrame().columns).toEqual([...none.names]);
    expect(none.toFrame().dtypes).toEqual(["string", "float32", "float32", "float32", "float32", "string", "int32", "boolean", "int32", "int32"]);
  });

  it("rollup: Table<RollupRow> with the measures' units, and the averaging note on the table and its frame", () => {
    const monthly = rollup(production, { by: [{ column: "date", freq: "month" }, "region"], measures: ["gas_daily", "gas_monthly"] });
    expectTypeOf(monthly).toEqualTypeOf<Table<RollupRow>>();
    expect(monthly.names).toEqual(["date", "region", "gas_daily", "gas_monthly", "count"]);
    expect(monthly.units).toEqual({ gas_daily: "BCF/day", gas_monthly: "MCF" });
    expect(monthly.rows()).toEqual([
      { date: "2024-01-01", region: "Permian", gas_daily: 2, gas_monthly: 31, count: 2 },
      { date: "2024-02-01", region: "Haynesville", gas_daily: null, gas_monthly: 29, count: 1 },
    ]);
    expect(Object.keys(notesOf(monthly).daily_rates_averaged as object)).toEqual(["gas_daily"]);
    expect(notesOf(monthly.toFrame())).toEqual(notesOf(monthly));
    expect(monthly.toFrame().dtypes).toEqual(["string", "string", "float32", "float32", "int32"]);
    agreesWithFrame(monthly);
    // From a frame, too: the same rows.
    expect(rollup(toFrame(production), { by: ["region"], measures: ["gas_monthly"] }).rows()).toEqual([
      { region: "Haynesville", gas_monthly: 29, count: 1 },
      { region: "Permian", gas_monthly: 31, count: 2 },
    ]);
    // A rollup without a period key leaves no note.
    expect(notesOf(rollup(production, { by: ["date"], measures: ["gas_daily"] }))).toEqual({});
  });

  it("deriveVoyages: Table<VoyageRow> with the volume unit and the drop report as notes", () => {
    const legs = deriveVoyages(transactions);
    expectTypeOf(legs).toEqualTypeOf<Table<VoyageRow>>();
    expectTypeOf(legs.get(0).start_date).toEqualTypeOf<string>();
    expect(legs.names).toEqual(["imo", "tx", "start_date", "end_date", "start_terminal", "start_country", "end_terminal", "end_country", "type", "voyage_tx", "voyage_status", "volume", "volume_unit", "forecasted"]);
    expect(legs.units).toEqual({ volume: "gas_Bcf" });
    expect(legs.rows().map((l) => [l.tx, l.voyage_tx, l.voyage_status, l.start_date])).toEqual([
      [1, "L to R", "Laden", "2024-01-01T10:00:00.000Z"],
      [2, "R to L", "Ballast", "2024-01-20T10:00:00.000Z"],
    ]);
    expect(notesOf(legs)).toEqual({ dropped_no_imo: 1, dropped_no_destination_timestamp: 0, duplicates_removed: 0, transactions_used: 3 });
    expect(notesOf(legs.toFrame())).toEqual(notesOf(legs));
    expect(legs.toFrame().dtypes).toEqual(["int32", "int32", "string", "string", "string", "string", "string", "string", "string", "string", "string", "float32", "string", "boolean"]);
    agreesWithFrame(legs);
  });

  it("compareForecastVintages: Table<ForecastVintageRow> with the measure's unit on every figure", () => {
    const backcasts = [
      { region: "Permian", date: "2024-01-01", forecast_run_date: "2024-02-01", gas_daily: 1 },
      { region: "Permian", date: "2024-03-01", forecast_run_date: "2024-02-01", gas_daily: 4 },
    ];
    const actuals = [{ region: "Permian", date: "2024-01-01", gas_daily: 2 }];
    const current = [{ region: "Permian", date: "2024-03-01", forecast_run_date: "2024-03-04", gas_daily: 5 }];
    const v = compareForecastVintages({ backcasts, actuals, current });
    expectTypeOf(v).toEqualTypeOf<Table<ForecastVintageRow>>();
    expect(v.names).toEqual(["region", "date", "forecast_run_date", "horizon_months", "backcast", "actual", "error", "pct_error", "current", "current_run_date", "revision"]);
    expect(v.units).toEqual({ backcast: "BCF/day", actual: "BCF/day", error: "BCF/day", pct_error: "%", current: "BCF/day", revision: "BCF/day" });
    expect(v.rows()).toEqual([
      { region: "Permian", date: "2024-01-01", forecast_run_date: "2024-02-01", horizon_months: -1, backcast: 1, actual: 2, error: -1, pct_error: -50, current: null, current_run_date: null, revision: null },
      { region: "Permian", date: "2024-03-01", forecast_run_date: "2024-02-01", horizon_months: 1, backcast: 4, actual: null, error: null, pct_error: null, current: 5, current_run_date: "2024-03-04", revision: 1 },
    ]);
    agreesWithFrame(v);
  });

  it("addDailyRate, addMonthlyVolume and withColumns: the input's columns plus the new one, with its unit", () => {
    const rows = [
      { date: "2024-02-01", gas_monthly: 29_000_000, gas_daily: 1 },
      { date: "2024-04-01", gas_monthly: null, gas_daily: 0.5 },
    ];
    const rate = addDailyRate(rows, { column: "gas_monthly" });
    expectTypeOf(rate).toEqualTypeOf<Table<Record<string, unknown>>>();
    expect(rate.names).toEqual(["date", "gas_monthly", "gas_daily", "gas_monthly_per_day"]);
    expect(rate.units).toEqual({ gas_monthly: "MCF", gas_daily: "BCF/day", gas_monthly_per_day: "MCF/day" });
    expect(rate.column("gas_monthly_per_day")).toEqual([1_000_000, null]);
    agreesWithFrame(rate);
    // The next function reads the new column's unit from the table (no name implies it).
    expect(unitsOf(rate).gas_monthly_per_day).toBe("MCF/day");
    expect(addMonthlyVolume(rate, { column: "gas_monthly_per_day" }).column("gas_monthly_per_day_per_month")).toEqual([29_000_000, null]);
    const volume = addMonthlyVolume(toFrame(rows), { column: "gas_daily" });
    expect(volume.units.gas_daily_per_month).toBe("MCF");
    expect(volume.column("gas_daily_per_month")).toEqual([29_000_000, 15_000_000]);
    agreesWithFrame(volume);
    const added = withColumns(rows, [{ name: "depth", values: [1, 2], type: "int", unit: "ft" }]);
    expect(added.units.depth).toBe("ft");
    // gas_monthly has a missing value: float32 (NaN), as toFrame types it.
    expect(added.toFrame().dtypes).toEqual(["string", "float32", "float32", "int32"]);
    agreesWithFrame(added);
  });

  it("legacyOverview and legacyFlowTimeseries: the old records as a Table, the same JSON as before", () => {
    const overview = legacyOverview(transactions);
    expectTypeOf(overview).toEqualTypeOf<Table<LegacyVoyageRecord>>();
    expect(overview.names).toEqual(["imo", "tx", "start_date", "end_date", "start_country", "start_terminal", "end_country", "end_terminal", "voyage_status", "type", "voyage_tx", "volume", "units"]);
    expect(overview.get(0)).toMatchObject({ imo: 9_000_001, tx: 1, start_date: "2024-01-01 10:00:00+00", voyage_tx: "L to R", units: "gas_Bcf" });
    expect(overview.units).toEqual({ volume: "gas_Bcf" });
    expect(JSON.parse(JSON.stringify(overview))).toEqual(overview.rows());
    agreesWithFrame(overview);
    const report = legacyFlowTimeseries(flows.filter((r) => r.country === "Spain"), { aggregation: "weekly" });
    expectTypeOf(report.data).toEqualTypeOf<Table<LegacyFlowRow>>();
    expect(report.data.rows()).toEqual([{ date: "2024-01-01", Global: 1 }, { date: "2024-01-08", Global: 4 }]);
    expect(report.data.units).toEqual({ Global: "bcf" });
    // Serialised, the report is the old API's report_result.
    expect(JSON.parse(JSON.stringify(report)).data).toEqual([{ date: "2024-01-01", Global: 1 }, { date: "2024-01-08", Global: 4 }]);
    agreesWithFrame(report.data);
  });
});

describe("danfo is loaded only for a frame", () => {
  // The built package, as a user's process loads it (npm test builds before it runs the tests).
  const dist = join(__dirname, "../../dist/index.js");
  const script = (body: string): string => `
    const gf = require(${JSON.stringify(dist)});
    const loaded = () => Object.keys(require.cache).filter((k) => k.includes("danfojs")).length;
    ${body}`;
  const run = (body: string): Record<string, unknown> => JSON.parse(execFileSync(process.execPath, ["-e", script(body)], { encoding: "utf8" })) as Record<string, unknown>;

  it("every analysis function on records leaves danfojs-node unloaded; toFrame() loads it", () => {
    expect(existsSync(dist)).toBe(true);
    const out = run(`
      const flows = ${JSON.stringify(flows)};
      const production = ${JSON.stringify(production)};
      const txs = ${JSON.stringify(transactions)};
      const steps = [["require", loaded()]];
      const step = (name, f) => { const x = f(); steps.push([name, loaded()]); return x; };
      const sum = step("rollup", () => gf.rollup([{ a: "x", b: 1 }], { by: ["a"], measures: ["b"] }));
      step("rollup by month", () => gf.rollup(production, { by: [{ column: "date", freq: "month" }], measures: ["gas_daily"] }));
      const weekly = step("resampleFlows", () => gf.resampleFlows(flows, { freq: "week", by: "country" }));
      const legs = step("deriveVoyages", () => gf.deriveVoyages(txs));
      step("compareForecastVintages", () => gf.compareForecastVintages({ backcasts: production.map((r) => ({ ...r, forecast_run_date: "2024-01-01" })) }));
      const rate = step("addDailyRate", () => gf.addDailyRate(production, { column: "gas_monthly" }));
      step("addMonthlyVolume", () => gf.addMonthlyVolume(rate, { column: "gas_monthly_per_day" }));
      step("legacyOverview", () => gf.legacyOverview(txs));
      step("legacyFlowTimeseries", () => gf.legacyFlowTimeseries(flows.filter((r) => r.country === "Spain"), { aggregation: "weekly" }));
      step("fleetSummary", () => gf.fleetSummary([{ imo: 1, is_loaded: true }]));
      step("rows", () => weekly.rows().length + legs.rows().length + sum.rows().length);
      const frame = step("toFrame", () => sum.toFrame());
      console.log(JSON.stringify({ steps, shape: frame.shape }));`);
    const steps = out.steps as [string, number][];
    // Nothing loads danfo until a frame is asked for...
    expect(steps.slice(0, -1)).toEqual(steps.slice(0, -1).map(([name]) => [name, 0]));
    expect(steps.map(([name]) => name)).toContain("legacyFlowTimeseries");
    // ...and asking for one does (so the check above can fail).
    expect(steps.at(-1)![0]).toBe("toFrame");
    expect(steps.at(-1)![1]).toBeGreaterThan(0);
    expect(out.shape).toEqual([1, 3]);
  }, budget(120_000));
});
