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

describe("the one date codec: every form the services and users write", () => {
  const ms = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, milli = 0) => Date.UTC(y, mo - 1, d, h, mi, s, milli);

  it("reads ISO 8601, the service's +00 and microsecond forms, and zones, to one instant", async () => {
    const { parseTimestamp } = await import("../../src/table/dates");
    const cases: [string, number, string][] = [
      ["2024-05-01", ms(2024, 5, 1), ""],
      ["2024-05-01T06:07", ms(2024, 5, 1, 6, 7), ""],
      ["2024-05-01 06:07:08", ms(2024, 5, 1, 6, 7, 8), ""],
      ["2024-05-01t06:07:08Z", ms(2024, 5, 1, 6, 7, 8), ""],
      ["2024-05-01 06:07:08.123456+00", ms(2024, 5, 1, 6, 7, 8, 123), "123456"],
      ["2024-05-01 06:07:08,5 +00:00", ms(2024, 5, 1, 6, 7, 8, 500), "5"],
      ["2024-05-01T06:07:08.123456789+0000", ms(2024, 5, 1, 6, 7, 8, 123), "123456789"],
      ["2024-05-01T01:00:00+02:00", ms(2024, 4, 30, 23), ""],
      ["2024-12-31T23:30:00-0100", ms(2025, 1, 1, 0, 30), ""],
      ["2024-03-10T02:30:00-05", ms(2024, 3, 10, 7, 30), ""],
      ["  2024-05-01T00:00:00Z  ", ms(2024, 5, 1), ""],
    ];
    for (const [text, want, fraction] of cases) expect(parseTimestamp(text), text).toEqual({ ms: want, fraction });
  });

  it("refuses what is not a real calendar time, and takes 24:00 only as a data reader's end of day", async () => {
    const { parseTimestamp, parseTimestampMs, toDayNumber } = await import("../../src/table/dates");
    for (const bad of [
      "2023-02-29", "2024-13-01", "2024-04-31", "2024-05-01 25:00:00", "2024-05-01T23:60", "2024-05-01T23:59:60Z",
      "2024-05-01T24:00:00Z", "2024-05-01T06:00:00+24:00", "2024-05-01T06:00:00+05:60", "2024-05-01T06:00:00.Z",
      "2024-05-01T06:00:00.1234567890Z", "2024-05-01T06:00:00 UTC", "2024/05/01", "2024-5-1", "yesterday", "", "2024-05-01T06",
    ]) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
    }
    expect(parseTimestamp("2024-05-01T24:00:00Z", { endOfDay: true })).toEqual({ ms: ms(2024, 5, 2), fraction: "" });
    expect(parseTimestamp("2024-05-01T24:00:01Z", { endOfDay: true })).toBeUndefined();
    expect(parseTimestampMs("2024-05-01T24:00")).toBe(ms(2024, 5, 2));
    expect(toDayNumber("2024-05-01T24:00:00.000+00")).toBe(dayFromCivil(2024, 5, 2));
  });

  it("reads M/D/YYYY (the aggregated v3 form) as a date, not inside a timestamp", async () => {
    const { parseDateText, parseTimestampMs, toTimeMs, isCalendarDate } = await import("../../src/table/dates");
    expect(parseDateText("1/3/2024")).toBe(dayFromCivil(2024, 1, 3));
    expect(parseDateText("12/31/2024")).toBe(dayFromCivil(2024, 12, 31));
    expect(Number.isNaN(parseDateText("2/30/2024"))).toBe(true);
    expect(parseTimestampMs("1/3/2024")).toBe(ms(2024, 1, 3));
    expect(toTimeMs("12/31/2024")).toBe(ms(2024, 12, 31));
    expect(toTimeMs(new Date(ms(2024, 1, 3)))).toBe(ms(2024, 1, 3));
    expect(toTimeMs(5)).toBe(5);
    expect(Number.isNaN(toTimeMs(null))).toBe(true);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("1/3/2024")).toBe(false);
    expect(isCalendarDate("2024-02-29T00:00:00Z")).toBe(false);
  });

  it("writes a service timestamp with every digit it had (microseconds kept, zeros dropped)", async () => {
    const { preciseIsoTimestamp, toIsoTimestamp } = await import("../../src/table/dates");
    expect(preciseIsoTimestamp("2024-05-01 12:30:05.123456+00")).toBe("2024-05-01T12:30:05.123456Z");
    expect(preciseIsoTimestamp("2024-05-01 12:30:05.123000+00")).toBe("2024-05-01T12:30:05.123Z");
    expect(preciseIsoTimestamp("2024-05-01 12:30:05.1234+00")).toBe("2024-05-01T12:30:05.123400Z");
    expect(preciseIsoTimestamp("2024-05-01 12:30:05.1+00")).toBe("2024-05-01T12:30:05.100Z");
    expect(preciseIsoTimestamp("2024-05-01 12:30")).toBe("2024-05-01T12:30:00.000Z");
    expect(preciseIsoTimestamp("2024-05-01")).toBe("2024-05-01T00:00:00.000Z");
    expect(preciseIsoTimestamp("2024-01-01 00:00:00.000001+01")).toBe("2023-12-31T23:00:00.000001Z");
    expect(preciseIsoTimestamp("2024-05-01 24:00:00")).toBeUndefined();
    expect(toIsoTimestamp("2024-05-01 12:30:05.123456+00")).toBe("2024-05-01T12:30:05.123Z");
  });

  it("agrees with Date arithmetic for random instants in every form, fast path or not", async () => {
    const { parseTimestamp, preciseIsoTimestamp, toDayNumber } = await import("../../src/table/dates");
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.constantFrom("T", " "),
        fc.constantFrom("Z", "+00", "+00:00", "+0000", "", "+02:00", "-05", "+0530"),
        fc.constantFrom(0, 1, 3, 6),
        (t, sep, zone, digits) => {
          const d = new Date(t);
          const wall = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
          const fraction = (pad(d.getUTCMilliseconds(), 3) + "789").slice(0, digits);
          const offset = ({ "+02:00": 120, "-05": -300, "+0530": 330 } as Record<string, number>)[zone] ?? 0;
          const want = Math.floor(t / 1000) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3)) - offset * 60_000;
          const text = `${wall}${digits === 0 ? "" : `.${fraction}`}${zone}`;
          expect(parseTimestamp(text)).toEqual({ ms: want, fraction });
          expect(toDayNumber(text)).toBe(Math.floor(want / 86_400_000));
          const micro = digits === 6 && fraction.slice(3) !== "000" ? fraction.slice(3) : "";
          expect(preciseIsoTimestamp(text)).toBe(new Date(want).toISOString().replace("Z", `${micro}Z`));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
