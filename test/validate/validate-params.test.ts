import { describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { validateParams } from "../../src/validate/validate-params";
import { v4 } from "../../src/natgas/catalog/v4";
import { everyKind, needsRun, square } from "./fixtures";

function issuesOf(params: unknown, spec = everyKind as never) {
  try {
    validateParams(spec, params);
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidParamsError);
    return (err as InvalidParamsError).issues;
  }
  throw new Error("expected InvalidParamsError");
}

describe("validateParams: accepted values and their wire form", () => {
  it("sends only what was given, normalised per kind", () => {
    const { body, warnings } = validateParams(everyKind, {
      aggregate_by: "county",
      county: "Reeves",
      frac_class: "gas",
      service_company: "Acme",
      start_date: "2024-02-29",
      end_date: "2024-03-01",
      from_timestamp: "2024-05-01",
      to_timestamp: "2024-05-01T02:30:00+02:00",
      api: [42123456780000, "4212345678"],
      imos: 9074729,
      ids: [1, 2],
      origin_country_codes: ["us", "GB"],
      origin_polygons: [[square]],
      limit: 10,
      latest: false,
      end_unused: null,
    });
    expect(body).toEqual({
      aggregate_by: ["county"],
      county: ["Reeves"],
      frac_class: "gas",
      service_company: "Acme",
      start_date: "2024-02-29",
      end_date: "2024-03-01",
      from_timestamp: "2024-05-01T00:00:00Z",
      to_timestamp: "2024-05-01T00:30:00Z",
      api: ["42123456780000", "4212345678"],
      imos: [9074729],
      ids: [1, 2],
      origin_country_codes: ["US", "GB"],
      origin_polygons: [[square]],
      limit: 10,
      latest: false,
    });
    expect(warnings).toEqual([]);
  });

  it("treats null and undefined as absent, and accepts no params at all", () => {
    expect(validateParams(everyKind, { county: null, start_date: undefined }).body).toEqual({});
    expect(validateParams(everyKind, undefined).body).toEqual({});
    expect(validateParams(everyKind, null).body).toEqual({});
  });

  it("warns, but sends, an IMO number whose check digit is wrong", () => {
    const { body, warnings } = validateParams(everyKind, { imos: [9074729, 9074728] });
    expect(body.imos).toEqual([9074729, 9074728]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("9074728");
  });
});

describe("validateParams: refusals", () => {
  it("names an unknown parameter and the closest valid name", () => {
    const [issue] = issuesOf({ sub_regoin: "west" }, { ...everyKind, params: [...everyKind.params, { name: "sub_region", type: { kind: "strArr" } }] } as never);
    expect(issue).toMatchObject({ param: "sub_regoin", value: "west", suggestion: "sub_region" });
    expect(issue!.expected).toContain("sub_region");
  });

  it("suggests the closest enum value", () => {
    expect(issuesOf({ frac_class: "gaz" })[0]).toMatchObject({ param: "frac_class", value: "gaz", suggestion: "gas", expected: "one of oil, gas" });
    expect(issuesOf({ aggregate_by: ["county", "opertor"] })[0]).toMatchObject({ param: "aggregate_by[1]", value: "opertor", suggestion: "operator" });
  });

  it("refuses dates that are not real calendar dates", () => {
    for (const bad of ["2023-02-29", "2024-13-01", "2024-1-5", "05/01/2024", "2024-04-31", 20240101]) {
      const [issue] = issuesOf({ start_date: bad });
      expect(issue).toMatchObject({ param: "start_date", value: bad });
      expect(issue!.expected).toContain("YYYY-MM-DD");
    }
    expect(issuesOf({ start_date: new Date() })[0]!.expected).toContain("time zone");
  });

  it("refuses a start after its end, for dates and timestamps", () => {
    expect(issuesOf({ start_date: "2024-03-02", end_date: "2024-03-01" })[0]!.param).toBe("start_date");
    const [issue] = issuesOf({ from_timestamp: "2024-05-01T01:00:00+00:00", to_timestamp: "2024-05-01T02:30:00+02:00" });
    expect(issue!.param).toBe("from_timestamp");
    expect(issue!.expected).toContain("to_timestamp");
  });

  it("refuses an integer range whose min is above its max (v4 production_month_min/max)", () => {
    const [issue] = issuesOf({ production_month_min: 12, production_month_max: 3 }, v4.productionByWell as never);
    expect(issue).toMatchObject({ param: "production_month_min", value: 12 });
    expect(issue!.expected).toContain("production_month_max");
    expect(validateParams(v4.productionByWell, { production_month_min: 3, production_month_max: 3 }).body).toEqual({ production_month_min: 3, production_month_max: 3 });
  });

  it("refuses malformed timestamps", () => {
    for (const bad of ["2024-05-01T25:00:00Z", "yesterday", "2024-05-01T00:00:00+25:00", 1714521600]) {
      expect(issuesOf({ from_timestamp: bad })[0]).toMatchObject({ param: "from_timestamp", value: bad });
    }
  });

  it("refuses wrong types", () => {
    expect(issuesOf({ county: 5 })[0]).toMatchObject({ param: "county", value: 5, expected: "a non-empty string" });
    expect(issuesOf({ county: ["Reeves", 7] })[0]).toMatchObject({ param: "county[1]", value: 7 });
    expect(issuesOf({ service_company: ["Acme"] })[0]!.param).toBe("service_company");
    expect(issuesOf({ limit: 1.5 })[0]).toMatchObject({ param: "limit", expected: "an integer" });
    expect(issuesOf({ latest: "yes" })[0]).toMatchObject({ param: "latest", expected: "true or false" });
    expect(issuesOf({ ids: ["1"] })[0]).toMatchObject({ param: "ids[0]", expected: "an integer" });
    expect(issuesOf({ api: ["42 123"] })[0]!.param).toBe("api[0]");
    expect(issuesOf({ api: -3 })[0]!.param).toBe("api");
  });

  it("refuses an empty list rather than guess what it means", () => {
    expect(issuesOf({ county: [] })[0]!.expected).toContain("leave the parameter out");
  });

  it("refuses unknown country codes and suggests the alpha-2 code for well-known mistakes", () => {
    expect(issuesOf({ origin_country_codes: ["UK"] })[0]).toMatchObject({ param: "origin_country_codes[0]", suggestion: "GB" });
    expect(issuesOf({ origin_country_codes: "USA" })[0]).toMatchObject({ param: "origin_country_codes", suggestion: "US" });
    expect(issuesOf({ origin_country_codes: ["XX"] })[0]!.suggestion).toBeUndefined();
  });

  it("names the polygon, ring and pair that is wrong", () => {
    const open = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
    const issues = issuesOf({ origin_polygons: [[square], [square, open]] });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.param).toBe("origin_polygons[1][1]");
    expect(issues[0]!.expected).toMatch(/closed ring/);
    const far = [[-1, -1], [1, -1], [1, 95], [-1, -1]];
    expect(issuesOf({ origin_polygons: [[far]] })[0]).toMatchObject({ param: "origin_polygons[0][0][2]" });
    expect(issuesOf({ origin_polygons: [[[[-1, -1], [1, 1], [-1, -1]]]] })[0]!.expected).toMatch(/at least 4 pairs/);
    expect(issuesOf({ origin_polygons: [[[[200, 0], [1, 1], [0, 1], [200, 0]]]] })[0]!.expected).toMatch(/longitude/);
    expect(issuesOf({ origin_polygons: square })[0]!.param).toBe("origin_polygons[0]");
  });

  it("takes the vendor's form too, a list of closed rings (one polygon each), as its pages' examples write it", () => {
    // The transactions pages' and the OpenAPI document's destination_polygons example: two boxes.
    const pageExample = [
      [[-125.0, 24.5], [-125.0, 49.5], [-66.9, 49.5], [-66.9, 24.5], [-125.0, 24.5]],
      [[122.9, 24.0], [122.9, 45.5], [146.0, 45.5], [146.0, 24.0], [122.9, 24.0]],
    ];
    expect(() => validateParams(everyKind as never, { origin_polygons: pageExample })).not.toThrow();
    const open = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
    expect(issuesOf({ origin_polygons: [pageExample[0]!, open] })[0]).toMatchObject({ param: "origin_polygons[1]" });
  });

  it("reports a missing required parameter with its hint", () => {
    const [issue] = issuesOf({}, needsRun as never);
    expect(issue!.param).toBe("forecast_run_at");
    expect(issue!.expected).toContain("forecastRunAtTimestamps");
  });

  it("collects every problem in one error", () => {
    const issues = issuesOf({ frac_class: "coal", start_date: "2024-02-30", nope: 1, limit: "x" });
    expect(issues.map((i) => i.param).sort()).toEqual(["frac_class", "limit", "nope", "start_date"]);
  });

  it("refuses params that are not an object", () => {
    expect(issuesOf("rigs")[0]!.param).toBe("(params)");
    expect(issuesOf([1])[0]!.param).toBe("(params)");
  });

  it("puts endpoint, parameter, value, expectation and suggestion in the message", () => {
    try {
      validateParams(everyKind, { frac_class: "gaz" });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toBe('lng.v1.everyKind: frac_class = "gaz": expected one of oil, gas (did you mean "gas"?)');
      expect((err as InvalidParamsError).code).toBe("INVALID_PARAMS");
    }
  });
});

describe("validateParams: v4 well identifiers", () => {
  it("zero-pads integer and all-digit well ids to 10 digits, as v4 records carry them", () => {
    const { body } = validateParams(v4.productionByWell, { well_id: [512345678, "4212345678", "05123"] });
    expect(body.well_id).toEqual(["0512345678", "4212345678", "0000005123"]);
  });
});
