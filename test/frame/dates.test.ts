import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { civilFromDay, dayFromCivil, isoFromDay, parseTimestampMs, toDayNumber, weekdayOfDay, daysInMonth } from "../../src/table/dates";

describe("UTC day arithmetic", () => {
  it("round-trips day numbers and agrees with Date.UTC", () => {
    fc.assert(
      fc.property(fc.integer({ min: -50_000, max: 80_000 }), (d) => {
        const c = civilFromDay(d);
        expect(dayFromCivil(c.year, c.month, c.day)).toBe(d);
        expect(isoFromDay(d)).toBe(new Date(d * 86_400_000).toISOString().slice(0, 10));
        expect(weekdayOfDay(d)).toBe(new Date(d * 86_400_000).getUTCDay());
      }),
    );
  });
  it("knows leap years and month lengths", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2024, 4)).toBe(30);
  });
  it("parses the services' date and timestamp forms to UTC", () => {
    expect(toDayNumber("2024-03-10")).toBe(dayFromCivil(2024, 3, 10));
    expect(toDayNumber("3/10/2024")).toBe(dayFromCivil(2024, 3, 10));
    expect(toDayNumber("2024-03-10T23:59:59Z")).toBe(dayFromCivil(2024, 3, 10));
    expect(toDayNumber("2024-03-10 22:00:00+00")).toBe(dayFromCivil(2024, 3, 10));
    expect(toDayNumber("2024-03-10T22:00:00-05:00")).toBe(dayFromCivil(2024, 3, 11));
    expect(toDayNumber("2024-03-10T01:00:00+02:00")).toBe(dayFromCivil(2024, 3, 9));
    expect(parseTimestampMs("2024-05-01 06:00:00.123456+00")).toBe(Date.UTC(2024, 4, 1, 6, 0, 0, 123));
    expect(parseTimestampMs("2024-05-01T06:00")).toBe(Date.UTC(2024, 4, 1, 6));
    expect(Number.isNaN(toDayNumber("2024-02-30"))).toBe(true);
    expect(Number.isNaN(toDayNumber("not a date"))).toBe(true);
    expect(Number.isNaN(toDayNumber(null))).toBe(true);
  });
});

describe("timestamp fast path", () => {
  it("agrees with the full parse on valid forms and refuses malformed times", () => {
    for (const s of ["2024-02-29T23:59:59Z", "2024-02-29 23:59:59+00", "2024-02-29T23:59:59.5+00:00", "2024-02-29T23:59", "2024-02-29 23:59:59.123456+0000"]) {
      expect(toDayNumber(s)).toBe(Math.floor(parseTimestampMs(s) / 86_400_000));
    }
    expect(toDayNumber("2024-02-29T24:00:00Z")).toBe(dayFromCivil(2024, 3, 1));
    expect(Number.isNaN(toDayNumber("2024-02-29Tab:cd:00Z"))).toBe(true);
    expect(Number.isNaN(toDayNumber("2024-02-29T10:00:00 UTC"))).toBe(true);
  });
});

describe("parseTimestampMs", () => {
  it("agrees with Date.parse on ISO forms, with and without the fast path", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom("Z", "+00:00", "+00", "-05:00", "+05:30"), (ms, zone) => {
        const iso = new Date(ms).toISOString(); // ...Z
        const text = zone === "Z" ? iso : iso.replace("Z", zone);
        const expected = zone === "+00" ? ms : Date.parse(text);
        expect(parseTimestampMs(text)).toBe(expected);
        expect(parseTimestampMs(text.replace("T", " "))).toBe(expected);
      }),
    );
    expect(parseTimestampMs("2024-05-01 06:07:08.9+00")).toBe(Date.UTC(2024, 4, 1, 6, 7, 8, 900));
    expect(Number.isNaN(parseTimestampMs("2024-05-01T06:61:00Z"))).toBe(true);
  });
});

describe("isoFromMs", () => {
  it("matches Date#toISOString", async () => {
    const { isoFromMs } = await import("../../src/table/dates");
    fc.assert(
      fc.property(fc.integer({ min: -62_000_000_000_000, max: 253_000_000_000_000 }), (ms) => {
        expect(isoFromMs(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 500 },
    );
  });
});
