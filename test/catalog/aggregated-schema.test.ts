/**
 * The aggregated record type (`AggregatedRecordOf`, checked by `npm run typecheck`) and the runtime
 * schema (`aggregatedSchema`) say the same thing: one literal field list per case, held to both. The
 * sandbox test (test/natgas/aggregated-schema.test.ts) holds the runtime schema to the rows.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { aggregatedSchema, dimensionField, groupedDateField } from "../../src/catalog/aggregated-schema";
import type { AggregatedRecordOf } from "../../src/catalog/derive-types";
import { NATGAS_V3, NATGAS_V4, type NatGasClient, type NatGasV3Catalog, type NatGasV4Catalog } from "../../src/natgas";
import type { Result } from "../../src/table/result";

const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"] as const;

/** Field lists, in the order the schema gives them. */
const CASES = {
  rigsByRegion: ["region", "date", "rigs_count"],
  rigsByDate: ["date", "rigs_count"],
  rigsByStateCode: ["state_ab", "date", "rigs_count"],
  completionsByDate: ["completions_count", "end_date"],
  historyBySubRegion: ["sub_region", "date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly"],
  productionByRegionOperator: ["region", "operator_name", "aggregate_by", "aggregate_by_filter_value", "date", ...MEASURES],
  declinesByModeled: ["modeled", "date_prod", "prod_wet_gas_mcf_day", "prod_oil_bbl_day", "count"],
} as const;

const names = (spec: Parameters<typeof aggregatedSchema>[0], aggregateBy: unknown): string[] => aggregatedSchema(spec, aggregateBy).fields.map((f) => f.name);

describe("the aggregated record type and the runtime schema agree", () => {
  it("list the same fields", () => {
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["rigs"], "region">>().toEqualTypeOf<(typeof CASES.rigsByRegion)[number]>();
    expect(names(NATGAS_V3.rigs, ["region"])).toEqual(CASES.rigsByRegion);
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["rigs"], "date">>().toEqualTypeOf<(typeof CASES.rigsByDate)[number]>();
    expect(names(NATGAS_V3.rigs, "date")).toEqual(CASES.rigsByDate);
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["rigs"], "state_code">>().toEqualTypeOf<(typeof CASES.rigsByStateCode)[number]>();
    expect(names(NATGAS_V3.rigs, ["state_code"])).toEqual(CASES.rigsByStateCode);
    // v3 completions group by their end date: `date` names it, and adds no column of its own.
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["completions"], "date">>().toEqualTypeOf<(typeof CASES.completionsByDate)[number]>();
    expect(names(NATGAS_V3.completions, ["date"])).toEqual(CASES.completionsByDate);
    // forecast_run_date is a dimension of stfAggregatedHistory: rows carry it only when grouped by it.
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["stfAggregatedHistory"], "sub_region">>().toEqualTypeOf<(typeof CASES.historyBySubRegion)[number]>();
    expect(names(NATGAS_V3.stfAggregatedHistory, ["sub_region"])).toEqual(CASES.historyBySubRegion);
    expectTypeOf<keyof AggregatedRecordOf<NatGasV3Catalog["productionByCountyAndOperator"], "region" | "operator">>().toEqualTypeOf<
      (typeof CASES.productionByRegionOperator)[number]
    >();
    expect(names(NATGAS_V3.productionByCountyAndOperator, ["region", "operator"])).toEqual(CASES.productionByRegionOperator);
    expectTypeOf<keyof AggregatedRecordOf<NatGasV4Catalog["shortTermForecastDeclines"], "modeled">>().toEqualTypeOf<(typeof CASES.declinesByModeled)[number]>();
    expect(names(NATGAS_V4.shortTermForecastDeclines, ["modeled"])).toEqual(CASES.declinesByModeled);
  });

  it("type the group columns as the schema does", () => {
    type Declines = AggregatedRecordOf<NatGasV4Catalog["shortTermForecastDeclines"], "modeled" | "production_month">;
    expectTypeOf<Declines["modeled"]>().toEqualTypeOf<boolean | null>();
    expectTypeOf<Declines["production_month"]>().toEqualTypeOf<number | null>();
    const schema = aggregatedSchema(NATGAS_V4.shortTermForecastDeclines, ["modeled", "production_month"]);
    expect(schema.fields.slice(0, 2).map((f) => [f.name, f.type])).toEqual([["modeled", "bool"], ["production_month", "int"]]);
    expect(aggregatedSchema(NATGAS_V3.rigs, "region").fields[0]).toMatchObject({ name: "region", type: "string", nullable: true });
  });

  it("leave out the group columns not asked for, in the type too", () => {
    const row = { region: "west", date: "2024-01-01", rigs_count: 3 } as AggregatedRecordOf<NatGasV3Catalog["rigs"], "region">;
    // @ts-expect-error rows aggregated by region carry no county
    const county: unknown = row.county;
    const byDate = (c: NatGasClient) => c.v3.completions({ aggregate_by: "date" });
    expectTypeOf<Awaited<ReturnType<typeof byDate>>>().toEqualTypeOf<Result<{ completions_count: number | null; end_date: string | null }>>();
    expect(names(NATGAS_V3.rigs, "region")).not.toContain("county");
    expect([county, byDate]).toHaveLength(2);
  });
});

describe("aggregatedSchema", () => {
  it("gives one schema object per aggregate_by, a string and a one-element list alike", () => {
    expect(aggregatedSchema(NATGAS_V3.rigs, "county")).toBe(aggregatedSchema(NATGAS_V3.rigs, ["county"]));
    expect(aggregatedSchema(NATGAS_V3.rigs, ["county", "date"])).not.toBe(aggregatedSchema(NATGAS_V3.rigs, ["date", "county"]));
    expect(aggregatedSchema(NATGAS_V3.rigs, ["county", "county"]).fields.map((f) => f.name)).toEqual(["county", "date", "rigs_count"]);
    expect(aggregatedSchema(NATGAS_V3.rigs, "county").name).toBe(NATGAS_V3.rigs.aggregatedRecord.name);
  });

  it("is the plain record for an endpoint without an aggregated one", () => {
    expect(aggregatedSchema(NATGAS_V3.wells, "county")).toBe(NATGAS_V3.wells.record);
  });

  it("names dimensions by the record's fields and finds the grouped date", () => {
    expect(dimensionField(NATGAS_V3.rigs, "operator")).toBe("operator_name");
    expect(dimensionField(NATGAS_V3.rigs, "state_code")).toBe("state_ab");
    expect(dimensionField(NATGAS_V3.productionByCountyAndOperator, "state_code")).toBe("state_code");
    expect(dimensionField(NATGAS_V3.completions, "date")).toBe("end_date");
    expect(dimensionField(NATGAS_V4.rigs, "region_natgas")).toBe("region_natgas");
    expect(groupedDateField(NATGAS_V3.completions)).toBe("end_date");
    expect(groupedDateField(NATGAS_V4.shortTermForecastHistory)).toBe("date_prod");
    expect(groupedDateField(NATGAS_V3.wells)).toBeUndefined();
  });
});
