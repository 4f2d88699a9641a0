/**
 * What the charts read, now that they read through the layers below (the frame layer's columns, the one
 * date codec, the analysis grouping and the frame's units): every input kind the analysis functions take,
 * every date and number spelling the charts' own parser read before, and the week arithmetic.
 */
import { describe, expect, it } from "vitest";
import { weeklyActivity } from "../../src/analysis";
import { activityChart, flowsChart, forecastChart, mapChart, productionChart, voyagesChart, type VegaLiteSpec } from "../../src/plot";
import { DataError } from "../../src/errors";
import { toFrame, withUnits } from "../../src/frame";
import { columnsFromRecords, Result, type ResultMeta } from "../../src/table";
import * as d from "./support/sample-data";

const meta = { service: "natgas", apiVersion: "v3", endpoint: "t", method: "POST", url: "", params: {}, fetchedAt: "", pages: 1, rows: 0, bytes: 0, attempts: 1, durationMs: 0, fromCache: false, source: "live" as const, synthetic: false, requestIds: [] } as ResultMeta;
const columnar = (records: Record<string, unknown>[]): Result => Result.fromColumns(columnsFromRecords(records)!, meta);
const values = (spec: VegaLiteSpec): Record<string, unknown>[] => spec.data.values;

type Input = Parameters<typeof flowsChart>[0];
const charts: [string, (wrap: (r: Record<string, unknown>[]) => Input) => VegaLiteSpec][] = [
  ["flows", (w) => flowsChart(w(d.flowRecords()), { by: "destination_country" })],
  ["production", (w) => productionChart(w(d.productionRecords()), { by: "sub_region" })],
  ["forecast", (w) => forecastChart({ actual: w(d.forecastRecords().actual), forecast: w(d.forecastRecords().forecast), backcast: w(d.forecastRecords().backcast) }, { region: "Permian", forecastRuns: "all" })],
  ["rigs", (w) => activityChart(weeklyActivity(w(d.rigRecords()), { by: "rig_class" }))],
  ["completions", (w) => activityChart(weeklyActivity(w(d.completionRecords()), { by: "county" }))],
  ["fracked feet", (w) => activityChart(weeklyActivity(w(d.frackedFeetRecords())))],
  ["map", (w) => mapChart(w(d.fracCrewRecords()), { color: "frac_class", size: "wellpad_id" })],
  ["voyages", (w) => voyagesChart(w(d.voyageRecords()), { color: "start_terminal" })],
];

describe("charts take what the analysis functions take", () => {
  for (const [name, draw] of charts) {
    it(`${name}: records, a danfo frame and a Result draw the same spec`, () => {
      const fromRecords = draw((r) => r);
      expect(values(fromRecords).length).toBeGreaterThan(0);
      expect(draw((r) => toFrame(r))).toEqual(fromRecords);
      expect(draw((r) => new Result(r, meta))).toEqual(fromRecords);
      const results: Result[] = [];
      expect(draw((r) => (results.push(columnar(r)), results.at(-1)!))).toEqual(fromRecords);
      // Read as columns: the Result never had to build its row objects.
      expect(results.every((r) => r.isColumnar)).toBe(true);
    });
  }

  it("missing cells of a frame (NaN, null) read as missing, like null in records", () => {
    const rows = [
      { date: "2024-01-01", region: null, gas_daily: 1 },
      { date: "2024-01-01", region: "P", gas_daily: null },
      { date: "2024-02-01", region: "P", gas_daily: 2 },
    ];
    const spec = productionChart(toFrame(rows));
    expect(spec).toEqual(productionChart(rows));
    expect(values(spec)).toEqual([
      { date: "2024-01-01T00:00:00.000Z", region: "(none)", gas_daily: 1 },
      { date: "2024-01-01T00:00:00.000Z", region: "P", gas_daily: null },
      { date: "2024-02-01T00:00:00.000Z", region: "P", gas_daily: 2 },
    ]);
  });
});

describe("date and timestamp spellings (one codec for every chart)", () => {
  const start = (v: unknown): unknown => values(voyagesChart([{ imo: 1, start_date: v, end_date: null, voyage_status: "Laden" }]))[0]!.start_date;
  const forms: [unknown, string][] = [
    ["2024-05-01", "2024-05-01T00:00:00.000Z"],
    ["5/1/2024", "2024-05-01T00:00:00.000Z"],
    ["05/01/2024", "2024-05-01T00:00:00.000Z"],
    ["12/25/2024", "2024-12-25T00:00:00.000Z"],
    [" 2024-05-01 ", "2024-05-01T00:00:00.000Z"],
    ["2024-05-01T06:00:00Z", "2024-05-01T06:00:00.000Z"],
    ["2024-05-01T06:00:00.25Z", "2024-05-01T06:00:00.250Z"],
    ["2024-05-01 06:00:00.123456+00", "2024-05-01T06:00:00.123Z"],
    ["2024-05-01 06:00:00", "2024-05-01T06:00:00.000Z"],
    ["2024-05-01 06:00", "2024-05-01T06:00:00.000Z"],
    ["2024-05-01T06:00:00+02:00", "2024-05-01T04:00:00.000Z"],
    ["2024-05-01T06:00:00.5-0130", "2024-05-01T07:30:00.500Z"],
    ["2024-05-01T06:00:00+05", "2024-05-01T01:00:00.000Z"],
    ["2024-01-01T24:00:00Z", "2024-01-02T00:00:00.000Z"],
    [new Date(Date.UTC(2024, 4, 1, 6)), "2024-05-01T06:00:00.000Z"],
    [Date.UTC(2024, 4, 1, 7), "2024-05-01T07:00:00.000Z"],
    // Read right where the charts' own parser went wrong: Date.UTC maps years 0-99 to 1900-1999.
    ["0099-01-01", "0099-01-01T00:00:00.000Z"],
  ];
  for (const [v, iso] of forms) {
    it(`${v instanceof Date ? "a Date" : JSON.stringify(v)} is ${iso}`, () => expect(start(v)).toBe(iso));
  }

  it("a value that is no date is a DataError naming the chart, row, column and value", () => {
    // 2024-02-30T06:00:00Z was read as March 1 by the charts' own parser (Date.parse rolls the day over).
    for (const v of ["2023-13-01", "2024-02-30", "2/30/2024", "2024-02-30T06:00:00Z", "soon", "2024-05-01T06:61:00Z", true, {}]) {
      const rows = [{ date: "2024-01-01", region: "a", gas_daily: 1 }, { date: v, region: "a", gas_daily: 1 }];
      expect(() => productionChart(rows)).toThrow(DataError);
      expect(() => productionChart(rows)).toThrow(`productionChart: row 1: date = ${JSON.stringify(v)} is not a date`);
    }
  });

  it("a missing date (null, empty, absent) is a row not drawn where the chart allows it", () => {
    const rows = [{ date: null }, { date: "" }, {}, { date: "2024-01-03" }].map((r) => ({ ...r, rig_class: "gas" }));
    const spec = activityChart(weeklyActivity(rows));
    // One day of data: its week is partial, shown faded rather than left out (the chart would be empty).
    expect(spec.title.subtitle).toBe("3 rows without date not shown; faded: partial weeks");
    expect(values(spec).map((r) => [r.week_start, r.rigs])).toEqual([["2024-01-01T00:00:00.000Z", 1]]);
  });
});

describe("numbers", () => {
  const read = (v: unknown): unknown => values(productionChart([{ date: "2024-01-01", region: "a", gas_daily: v }]))[0]!.gas_daily;

  it("numbers, numeric strings and bigints are read; missing ones are null", () => {
    expect([1.5, "2.5", " 3 ", "-4", 10n].map(read)).toEqual([1.5, 2.5, 3, -4, 10]);
    expect([null, undefined, "", NaN].map(read)).toEqual([null, null, null, null]);
  });

  it("anything else, infinities included, is a DataError naming the row, column and value", () => {
    for (const v of ["lots", true, {}, Infinity, "Infinity", "1e400"]) {
      expect(() => read(v)).toThrow(DataError);
      expect(() => read(v)).toThrow(/^productionChart: row 0: gas_daily = .* is not a number$/);
    }
  });

  it("map coordinates: numeric strings are read, a bad size value is drawn as no size", () => {
    const spec = mapChart([{ lat: " 31.5", long: "-103", pad: "x" }, { lat: 32, long: -104, pad: "12" }], { size: "pad" });
    expect(values(spec)).toEqual([
      { lat: 31.5, long: -103, pad: NaN },
      { lat: 32, long: -104, pad: 12 },
    ]);
  });
});

describe("weeks start on Monday 00:00 UTC", () => {
  it("whatever the time of day, the year or the side of 1970", () => {
    const rows = ["2024-04-07T23:59:59Z", "2024-04-08T00:00:00Z", "2024-04-14 12:00:00+00", "1969-12-31", "1970-01-04"].map((date) => ({ date, rig_class: "gas" }));
    expect(values(activityChart(weeklyActivity(rows), { partial: "show" })).map((r) => [r.week_start, r.days_with_data])).toEqual([
      ["1969-12-29T00:00:00.000Z", 2],
      ["2024-04-01T00:00:00.000Z", 1],
      ["2024-04-08T00:00:00.000Z", 2],
    ]);
  });
});

describe("units come from the frame layer", () => {
  it("a frame's registered unit titles the axis; two spellings of one volume unit are one unit", () => {
    const rows = [{ date: "2024-01-01", region: "a", output: 1 }];
    expect(productionChart(rows, { value: "output" }).encoding.y.title).toBe("output");
    expect(productionChart(withUnits(toFrame(rows), { output: "MMcf" }), { value: "output" }).encoding.y.title).toBe("output (MMcf)");
    const flows = [{ timestamp: "2024-01-01", volume: 1 }];
    expect(flowsChart(withUnits(toFrame(flows), { volume: "Mt" })).layer[0].encoding.y.title).toBe("LNG volume (Mt/d)");
    const spelt = [{ ...flows[0], volume_unit: "bcf" }, { timestamp: "2024-01-02", volume: 2, volume_unit: "gas_Bcf" }];
    expect(flowsChart(spelt).layer[0].encoding.y.title).toBe("LNG volume (Bcf/d)");
  });

  it("mixed volume units are refused, naming them", () => {
    const rows = [{ timestamp: "2024-01-01", volume: 1, volume_unit: "mcf" }, { timestamp: "2024-01-02", volume: 1, volume_unit: "gas_Bcf" }];
    expect(() => flowsChart(columnar(rows))).toThrow("flowsChart: mixed volume_unit values (mcf, gas_Bcf)");
  });
});

describe("known gaps of the shared readers (the charts' own parser refused these; fix them there)", () => {
  it("an hour past 24 is no time", () => {
    expect(() => productionChart([{ date: "2024-05-01T25:00:00Z", region: "a", gas_daily: 1 }])).toThrow(DataError);
  });

  it("a blank number string is no number (not read as 0)", () => {
    expect(() => productionChart([{ date: "2024-05-01", region: "a", gas_daily: "  " }])).toThrow(DataError);
  });
});
