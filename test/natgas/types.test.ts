import { describe, expect, expectTypeOf, it } from "vitest";
import type { AggregateByOf, ParamsOf, RecordOf } from "../../src/catalog/derive-types";
import { NATGAS_V3, type NatGasClient, type NatGasV3Catalog, type NatGasV4Catalog } from "../../src/natgas";
import type { Result } from "../../src/table/result";

// These checks run in `npm run typecheck`: a @ts-expect-error that stops erroring fails the build.
type RigsParams = ParamsOf<NatGasV3Catalog["rigs"]>;

describe("types derived from the catalog", () => {
  it("complete aggregate_by and class values and refuse what rigs does not take", () => {
    expectTypeOf<AggregateByOf<NatGasV3Catalog["rigs"]>>().toEqualTypeOf<
      "county" | "date" | "operator" | "region" | "state_code" | "sub_region" | readonly ("county" | "date" | "operator" | "region" | "state_code" | "sub_region")[]
    >();
    expectTypeOf<RigsParams["rig_class"]>().toEqualTypeOf<"oil" | "gas" | readonly ("oil" | "gas")[] | null | undefined>();
    const ok: RigsParams = { region: "west", aggregate_by: ["county", "date"], rig_class: "gas", start_date: "2024-01-01" };
    // @ts-expect-error rigs takes no frac_class
    const unknown: RigsParams = { frac_class: "oil" };
    // @ts-expect-error "basin" is not an aggregate_by value of rigs
    const badValue: RigsParams = { aggregate_by: "basin" };
    expect([ok, unknown, badValue]).toHaveLength(3);
  });

  it("make required parameters required", () => {
    // @ts-expect-error filter_type is required
    const missing: ParamsOf<NatGasV4Catalog["glossary"]> = { search: "Permian" };
    // forecast_run_date is optional (the page: the closest run; absent, the latest run)
    const optional: ParamsOf<NatGasV3Catalog["shortTermForecastHistory"]> = { county: "Reeves", operator: "EOG RESOURCES", api: ["42123456780000", 4212345678] };
    expect([missing, optional]).toHaveLength(2);
  });

  it("type records from the schema, every value nullable", () => {
    type Rig = RecordOf<NatGasV3Catalog["rigs"]>;
    expectTypeOf<Rig["wellpad_id"]>().toEqualTypeOf<number | null>();
    expectTypeOf<Rig["date"]>().toEqualTypeOf<string | null>();
    expect(NATGAS_V3.rigs.record.fields.map((f) => f.name)).toContain("wellpad_id");
  });

  it("give methods the aggregated record type when aggregate_by is set", () => {
    const call = (c: NatGasClient) => c.v3.rigs({ aggregate_by: "date" });
    // Rows aggregated by date alone carry no county (see test/natgas/aggregated-columns.test.ts).
    expectTypeOf<Awaited<ReturnType<typeof call>>>().toEqualTypeOf<Result<{ date: string | null; rigs_count: number | null }>>();
    const plain = (c: NatGasClient) => c.v3.rigs({ region: "west" });
    expectTypeOf<Awaited<ReturnType<typeof plain>>>().toEqualTypeOf<Result<RecordOf<NatGasV3Catalog["rigs"]>>>();
    // @ts-expect-error glossary needs its params
    const noParams = (c: NatGasClient) => c.v4.glossary();
    expect([call, plain, noParams]).toHaveLength(3);
  });
});
