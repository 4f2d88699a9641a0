import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../src/validate/closest";
import { COUNTRY_CODES } from "../../src/validate/country-codes";
import { isCalendarDate, normaliseTimestamp } from "../../src/validate/dates";
import { isValidImo } from "../../src/validate/imo";

describe("closest", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("sub_regoin", "sub_region")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("suggests plausible typos only", () => {
    const names = ["sub_region", "region", "operator", "county"];
    expect(closest("sub_regoin", names)).toBe("sub_region");
    expect(closest("Operater", names)).toBe("operator");
    expect(closest("zzzzzz", names)).toBeUndefined();
  });

  it("falls back to a name that extends the input", () => {
    expect(closest("region", ["region_natgas", "sub_region_natgas", "county"])).toBe("region_natgas");
  });
});

describe("dates and timestamps", () => {
  it("knows leap years", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("2023-02-29")).toBe(false);
  });

  it("normalises timestamps to UTC and keeps fractions", () => {
    expect(normaliseTimestamp("2024-05-01")).toEqual({ ok: true, value: "2024-05-01T00:00:00Z" });
    expect(normaliseTimestamp("2024-05-01 12:34:56.123456+00")).toEqual({ ok: true, value: "2024-05-01T12:34:56.123456Z" });
    expect(normaliseTimestamp("2024-03-01T01:00-05:00")).toEqual({ ok: true, value: "2024-03-01T06:00:00Z" });
    expect(normaliseTimestamp("2024-01-01T00:30:00+01:00")).toEqual({ ok: true, value: "2023-12-31T23:30:00Z" });
    expect(normaliseTimestamp(new Date(Date.UTC(2024, 4, 1, 3)))).toEqual({ ok: true, value: "2024-05-01T03:00:00Z" });
    expect(normaliseTimestamp(new Date(Number.NaN)).ok).toBe(false);
    expect(normaliseTimestamp("2024-02-30T00:00:00Z").ok).toBe(false);
  });
});

describe("IMO check digits", () => {
  it("accepts real IMO numbers and refuses wrong check digits", () => {
    expect(isValidImo(9074729)).toBe(true);
    expect(isValidImo(9176187)).toBe(true);
    expect(isValidImo(9074728)).toBe(false);
    expect(isValidImo(123456)).toBe(false);
  });
});

describe("country codes", () => {
  it("holds the 249 assigned ISO 3166-1 alpha-2 codes, each a region Intl knows", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
    expect(COUNTRY_CODES.has("UK")).toBe(false);
  });
});
