import { describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { NATGAS_V3, NATGAS_V4, V3_TO_V4 } from "../../src/natgas";
import { v3ParamsToV4, v3RecordToV4, v4ParamsToV3, v4RecordToV3 } from "../../src/natgas/migrate/convert";

/**
 * v3 parameters the vendor's published v3 pages add (now in the v3 catalog) that the migration table
 * (src/natgas/migrate/renames.ts) does not map yet: converting them is left to that table's owner.
 */

describe("v3 -> v4 parameters", () => {
  it("renames regions, dates and aggregate_by values, lists stay lists", () => {
    expect(v3ParamsToV4("rigs", { region: "west", sub_region: ["West - TX"], start_date: "2024-01-01", end_date: "2024-03-31", aggregate_by: ["date", "region"], rig_class: "gas" })).toEqual({
      region_natgas: ["west"],
      sub_region_natgas: ["West - TX"],
      date_observed_min: "2024-01-01",
      date_observed_max: "2024-03-31",
      aggregate_by: ["date_observed", "region_natgas"],
      rig_class: ["gas"],
    });
  });

  it("sends api numbers as well_id strings and the forecast run as date_forecast_run", () => {
    expect(v3ParamsToV4("shortTermForecastHistory", { api: [42123456780000], forecast_run_date: "2024-02-01" })).toEqual({
      well_id: ["42123456780000"],
      date_forecast_run: "2024-02-01",
    });
  });

  it("maps completions' start and end to the start minimum and end maximum", () => {
    expect(v3ParamsToV4("completions", { start_date: "2024-01-01", end_date: "2024-02-01", aggregate_by: ["date", "end_date", "county"] })).toEqual({
      date_completion_start_min: "2024-01-01",
      date_completion_end_max: "2024-02-01",
      aggregate_by: ["date_completion_end", "county"],
    });
  });

  it("validates with v3 names before converting", () => {
    expect(() => v3ParamsToV4("rigs", { sub_regoin: "West - TX" })).toThrow(/did you mean "sub_region"/);
    expect(() => v3ParamsToV4("wells" as never, {})).toThrow(InvalidParamsError);
  });

  it("every v4 parameter produced is one the v4 endpoint takes, and comes back unchanged", () => {
    for (const [name, m] of Object.entries(V3_TO_V4)) {
      const v3Spec = (NATGAS_V3 as Record<string, { params: readonly { name: string; type: { kind: string; values?: readonly string[] } }[] }>)[name];
      if (!v3Spec) continue;
      const v4Spec = (NATGAS_V4 as Record<string, { params: readonly { name: string; type: { values?: readonly string[] } }[] }>)[m.v4]!;
      const v4Names = new Set(v4Spec.params.map((p) => p.name));
      const params: Record<string, unknown> = {};
      const v4TakesAggregate = v4Spec.params.some((p) => p.name === "aggregate_by");
      for (const p of v3Spec.params) {
        if (p.name === "aggregate_by" && !v4TakesAggregate) continue;
        if (p.name === "aggregate_by" && name === "completions") {
          params.aggregate_by = p.type.values!.filter((v) => v !== "date");
          continue;
        }
        params[p.name] = p.type.kind === "pyBool" ? "True" : p.type.kind === "date" ? "2024-01-01" : p.type.kind === "idArr" ? ["4200100001"] : p.type.kind === "intArr" ? [1] : p.type.values ? (p.type.kind === "str" ? p.type.values[0] : [...p.type.values]) : p.type.kind === "str" ? "x" : ["x"];
      }
      const v4Params = v3ParamsToV4(name as never, params);
      for (const k of Object.keys(v4Params)) expect(v4Names.has(k), `${name}: v4 ${m.v4} takes ${k}`).toBe(true);
      const aggValues = v4Spec.params.find((p) => p.name === "aggregate_by")?.type.values;
      for (const v of (v4Params.aggregate_by as string[] | undefined) ?? []) expect(aggValues, `${name} aggregate_by ${v}`).toContain(v);
      expect(v4ParamsToV3(name as never, v4Params), name).toEqual(params);
    }
  });

  it("refuses a v4 parameter with no v3 counterpart instead of dropping it", () => {
    expect(() => v4ParamsToV3("completions", { date_completion_start_max: "2024-01-01" })).toThrow(InvalidParamsError);
  });
});

describe("records", () => {
  const v4Rig = { county: "Reeves", date_observed: "2024-03-07", lat: "31.4", long: "-103.5", operator: "Acme", region_natgas: "west", rig_class: "oil", state_code: "TX", sub_region_natgas: "West - TX", wellpad_id: 7 };
  const v3Rig = { county: "Reeves", date: "2024-03-07", lat: "31.4", long: "-103.5", operator_name: "Acme", region: "west", rig_class: "oil", state_ab: "TX", sub_region: "West - TX", wellpad_id: 7 };

  it("renames v4 fields to v3 and back", () => {
    expect(v4RecordToV3("rigs", v4Rig)).toEqual(v3Rig);
    expect(v3RecordToV4("rigs", v3Rig)).toEqual(v4Rig);
    expect(v4RecordToV3("rigs", { county: "Reeves", date_observed: "2024-03-07", count: 3 })).toEqual({ county: "Reeves", date: "2024-03-07", rigs_count: 3 });
  });

  it("turns well_id strings into api integers and MCF/day into BCF/day, keeping nulls", () => {
    const v4 = { well_id: "42389012340000", county: "Reeves", date_prod: "2024-03-01", date_forecast_run: "2024-02-27", prod_dry_gas_mcf_day: 12.34, prod_dry_gas_mcf_month: 383, prod_oil_bbl_day: null, prod_oil_bbl_month: null, operator: "Acme", region_natgas: "west", state_code: "TX", sub_region_natgas: "West - TX" };
    const v3 = v4RecordToV3("shortTermForecast", v4);
    expect(v3).toMatchObject({ api: 42389012340000, gas_daily: 0.00001234, gas_monthly: 383, oil_daily: null, forecast_run_date: "2024-02-27", state_ab: "TX" });
    expect(v3RecordToV4("shortTermForecast", v3)).toEqual(v4);
    expect(v3RecordToV4("shortTermForecast", { county_name: "Reeves" })).toEqual({ county: "Reeves" });
  });

  it("keeps a well_id that is not an integer as it is", () => {
    expect(v4RecordToV3("rigs", { well_id: "42-389-01234" } as never)).toEqual({ api: "42-389-01234" });
  });

  it("rebuilds monthly totals v4 no longer returns, and drops them on the way back", () => {
    const v4 = { well_id: "0512312345", date_prod: "2024-02-01", date_forecast_run: "2024-01-15", prod_wet_gas_mcf_day: 10, prod_oil_bbl_day: 2.5 };
    const v3 = v4RecordToV3("shortTermForecastHistory", v4);
    // v4 gas is wet gas: under wet names, never as v3's dry gas_daily / gas_monthly.
    expect(v3).toMatchObject({ api: 512312345, wet_gas_daily: 0.00001, wet_gas_monthly: 290, oil_daily: 2.5, oil_monthly: 73 });
    expect("gas_daily" in v3 || "gas_monthly" in v3).toBe(false);
    expect(v3RecordToV4("shortTermForecastHistory", v3)).toEqual(v4);
  });

  it("copies ducs_count to the v3 count", () => {
    expect(v4RecordToV3("ducsByOperator", { ducs_count: 4, date_observed: "2024-01-01" })).toEqual({ ducs_count: 4, date: "2024-01-01", count: 4 });
  });
});

describe("v3 api numbers become v4 well ids in the records' form", () => {
  it("pads an API number that lost its state code's leading zero", () => {
    const v4 = v3ParamsToV4("shortTermForecastHistory", { api: [512345678], forecast_run_date: "2024-03-01" } as never);
    expect(v4.well_id).toEqual(["0512345678"]);
  });
});
