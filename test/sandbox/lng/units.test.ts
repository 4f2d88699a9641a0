import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { imoCheckDigit, imoFromPrefix, isValidImo } from "../../../src/sandbox/lng/model/imo";
import { pointInPolygon, readPolygons } from "../../../src/sandbox/lng/model/polygon";
import { parseTimestamp, formatRecordTimestamp, formatIso } from "../../../src/sandbox/lng/model/time";
import { normalCdf } from "../../../src/sandbox/lng/query/volume-flows";
import { periodLabel } from "../../../src/sandbox/lng/legacy/flow-timeseries";

describe("IMO numbers", () => {
  it("computes the check digit of known ships", () => {
    // IMO 9074729 is the textbook example: 9*7+0*6+7*5+4*4+7*3+2*2 = 139 -> 9
    expect(imoCheckDigit(907472)).toBe(9);
    expect(isValidImo(9074729)).toBe(true);
    expect(isValidImo(9074728)).toBe(false);
    expect(isValidImo(123)).toBe(false);
  });
  it("builds valid numbers from any 6-digit prefix", () => {
    fc.assert(fc.property(fc.integer({ min: 100_000, max: 999_999 }), (p) => isValidImo(imoFromPrefix(p))));
  });
});

describe("timestamps", () => {
  it("accepts ISO 8601 with T or space, Z, +00, +00:00 or no zone, and bare dates", () => {
    const t = Date.UTC(2024, 4, 1, 6, 30, 0);
    expect(parseTimestamp("2024-05-01T06:30:00Z")).toBe(t);
    expect(parseTimestamp("2024-05-01 06:30:00+00")).toBe(t);
    expect(parseTimestamp("2024-05-01T08:30:00+02:00")).toBe(t);
    expect(parseTimestamp("2024-05-01T06:30")).toBe(t);
    expect(parseTimestamp("2024-05-01T06:30:00.250Z")).toBe(t + 250);
    expect(parseTimestamp("2024-05-01")).toBe(Date.UTC(2024, 4, 1));
    expect(parseTimestamp("0001-01-01T00:00:00Z")).toBe(Date.parse("0001-01-01T00:00:00Z"));
    expect(parseTimestamp("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
  });
  it("refuses impossible or malformed values", () => {
    for (const bad of ["2023-02-29", "2024-02-30", "2024-13-01", "yesterday", "2024-05-01T25:00:00Z", "", "2024-5-1"]) {
      expect(parseTimestamp(bad)).toBeUndefined();
    }
  });
  it("formats in UTC whatever the process time zone (tests run in America/New_York)", () => {
    const t = Date.UTC(2024, 2, 10, 7, 5, 9); // the US DST switch day
    expect(formatRecordTimestamp(t)).toBe("2024-03-10 07:05:09+00");
    expect(formatIso(t)).toBe("2024-03-10T07:05:09Z");
  });
});

describe("polygons", () => {
  const square = [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]];
  const withHole = [square[0]!, [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]];
  it("tests points by the even-odd rule, holes included", () => {
    const [p] = readPolygons([withHole]) as any[];
    expect(pointInPolygon(2, 2, p)).toBe(true);
    expect(pointInPolygon(5, 5, p)).toBe(false);
    expect(pointInPolygon(11, 5, p)).toBe(false);
  });
  it("takes a single polygon where a list is expected", () => {
    const polys = readPolygons(square);
    expect(Array.isArray(polys) && polys.length).toBe(1);
  });
  it("reads a list of closed rings (the vendor's form) as one polygon per ring", () => {
    const apart = [square[0]!, [[20, 0], [30, 0], [30, 10], [20, 10], [20, 0]]];
    const overlapping = [square[0]!, [[5, 5], [15, 5], [15, 15], [5, 15], [5, 5]]];
    expect((readPolygons(apart) as unknown[]).length).toBe(2);
    // Two polygons, not one with a hole: the overlap is inside.
    expect((readPolygons(overlapping) as any[]).some((p) => pointInPolygon(7, 7, p))).toBe(true);
  });
  it("explains what is wrong with a bad polygon", () => {
    expect(readPolygons([[[[0, 0], [1, 0], [1, 1], [0, 1]]]])).toMatch(/not closed/);
    expect(readPolygons([[[[0, 0], [1, 0], [0, 0]]]])).toMatch(/at least 4 points/);
    expect(readPolygons([[[[0, 0], [1, "x"], [1, 1], [0, 0]]]])).toMatch(/not a \[longitude, latitude\]/);
    expect(readPolygons([[[[0, 0], [200, 0], [1, 1], [0, 0]]]])).toMatch(/outside/);
    expect(readPolygons("Japan")).toMatch(/expected a list of polygons/);
  });
});

describe("helpers", () => {
  it("normal CDF is accurate at a few points", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
  it("labels weeks by their Monday and months by their first day", () => {
    const day = Date.UTC(2025, 2, 1) / 86_400_000; // Saturday 2025-03-01
    expect(periodLabel(day, "weekly")).toBe("2025-02-24");
    expect(periodLabel(day + 2, "weekly")).toBe("2025-03-03");
    expect(periodLabel(day + 20, "monthly")).toBe("2025-03-01");
    expect(periodLabel(day, "daily")).toBe("2025-03-01");
  });
});
