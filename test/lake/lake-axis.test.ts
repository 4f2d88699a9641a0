/**
 * The date axis of every catalog entry, and the month filters: what docs/lake.md's table promises.
 */
import { describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { lakeAxis } from "../../src/lake";
import { monthFilter, monthsBetween } from "../../src/lake/lake-months";
import { LNG_V1 } from "../../src/lng";
import { NATGAS_V3, NATGAS_V4 } from "../../src/natgas";

function axisOrRefused(spec: EndpointSpec): string {
  try {
    const a = lakeAxis(spec);
    return `${a.field} ${a.minParam}..${a.maxParam}`;
  } catch (error) {
    return (error as Error).name;
  }
}

describe("lakeAxis", () => {
  it("finds each endpoint's date field and its two filters, and refuses endpoints without one", () => {
    const all = [...Object.values(NATGAS_V3), ...Object.values(NATGAS_V4), ...Object.values(LNG_V1)] as EndpointSpec[];
    const axes = Object.fromEntries(all.map((s) => [s.path, axisOrRefused(s)]));
    expect(axes).toMatchObject({
      "/v3/rigs": "date start_date..end_date",
      "/v3/productionbycountyandoperator": "date start_date..end_date",
      "/v3/shorttermforecast": "date start_date..end_date",
      "/v3/completions": "InvalidParamsError",
      "/v3/wells": "InvalidParamsError",
      "/v3/dtils": "InvalidParamsError",
      "/v4/rigs": "date_observed date_observed_min..date_observed_max",
      "/v4/productionbywell": "date_prod date_prod_min..date_prod_max",
      "/v4/fraccrews": "date_frac date_frac_min..date_frac_max",
      "/v4/completions": "date_completion_end date_completion_end_min..date_completion_end_max",
      "/v4/regions": "InvalidParamsError",
      "/v1/volume_flows": "timestamp from_timestamp..to_timestamp",
      "/v1/transactions": "destination_timestamp from_timestamp..to_timestamp",
      "/v1/vessels": "InvalidParamsError",
    });
  });
});

describe("month filters", () => {
  it("cover each month exactly: leap February, the year's end, and timestamps up to the last millisecond", () => {
    expect(monthsBetween("2023-11", "2024-02")).toEqual(["2023-11", "2023-12", "2024-01", "2024-02"]);
    expect(monthFilter(lakeAxis(NATGAS_V4.rigs), "2024-02")).toEqual({ date_observed_min: "2024-02-01", date_observed_max: "2024-02-29" });
    expect(monthFilter(lakeAxis(NATGAS_V3.rigs), "2023-12")).toEqual({ start_date: "2023-12-01", end_date: "2023-12-31" });
    expect(monthFilter(lakeAxis(LNG_V1.volumeFlows), "2023-12")).toEqual({ from_timestamp: "2023-12-01T00:00:00.000Z", to_timestamp: "2023-12-31T23:59:59.999Z" });
  });
});
