import { describe, expect, it } from "vitest";
import { parseServiceTimestamp, tryParseServiceTimestamp } from "../../src/table/dates";
import { DataError } from "../../src/errors";

describe("parseServiceTimestamp", () => {
  it("reads the detail-record form YYYY-MM-DD HH:MM:SS[.ffffff]+00", () => {
    expect(parseServiceTimestamp("2024-05-01 12:30:05+00")).toBe("2024-05-01T12:30:05.000Z");
    expect(parseServiceTimestamp("2024-05-01 12:30:05.250000+00")).toBe("2024-05-01T12:30:05.250Z");
    expect(parseServiceTimestamp("2024-05-01 12:30:05.123456+00")).toBe("2024-05-01T12:30:05.123456Z");
    expect(parseServiceTimestamp("2024-05-01 12:30:05.1+00:00")).toBe("2024-05-01T12:30:05.100Z");
  });

  it("reads the vessel form without a zone as UTC, whatever the process time zone", () => {
    expect(parseServiceTimestamp("2024-03-10 02:30:00")).toBe("2024-03-10T02:30:00.000Z");
    expect(parseServiceTimestamp("2024-11-03 01:30:00")).toBe("2024-11-03T01:30:00.000Z");
  });

  it("reads ISO 8601, plain dates, and converts other offsets to UTC", () => {
    expect(parseServiceTimestamp("2024-05-01T00:00:00Z")).toBe("2024-05-01T00:00:00.000Z");
    expect(parseServiceTimestamp("2024-05-01")).toBe("2024-05-01T00:00:00.000Z");
    expect(parseServiceTimestamp("2024-05-01T01:00:00+02:00")).toBe("2024-04-30T23:00:00.000Z");
    expect(parseServiceTimestamp("2024-12-31T23:30:00-0100")).toBe("2025-01-01T00:30:00.000Z");
    expect(parseServiceTimestamp("2024-02-29T10:00")).toBe("2024-02-29T10:00:00.000Z");
  });

  it("keeps sub-millisecond digits across an offset conversion", () => {
    expect(parseServiceTimestamp("2024-01-01 00:00:00.000001+01")).toBe("2023-12-31T23:00:00.000001Z");
  });

  it("refuses what is not a real calendar time with a DataError", () => {
    for (const bad of ["2023-02-29 00:00:00", "2024-13-01", "2024-05-01 24:00:00", "yesterday", "", "2024/05/01"]) {
      expect(() => parseServiceTimestamp(bad)).toThrow(DataError);
    }
  });

  it("tryParse keeps a bad value as sent and null as null", () => {
    expect(tryParseServiceTimestamp("soon")).toEqual({ value: "soon", ok: false });
    expect(tryParseServiceTimestamp(null)).toEqual({ value: null, ok: true });
    expect(tryParseServiceTimestamp(17)).toEqual({ value: 17, ok: false });
    expect(tryParseServiceTimestamp("2024-05-01 00:00:00+00")).toEqual({ value: "2024-05-01T00:00:00.000Z", ok: true });
  });
});

describe("parseServiceTimestamp, every service form against Date arithmetic", () => {
  it("agrees with Date.toISOString for random instants in each form the service writes", async () => {
    const fc = await import("fast-check");
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.constantFrom("T", " "),
        fc.constantFrom("Z", "+00", "+00:00", "+0000", "", "+02:00", "-05"),
        fc.constantFrom(0, 1, 3, 6),
        (ms, sep, zone, fracDigits) => {
          const d = new Date(ms);
          const wall = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
          const msText = pad(d.getUTCMilliseconds(), 3);
          const frac = fracDigits === 0 ? "" : `.${(msText + "000").slice(0, fracDigits)}`;
          const offsetMin = zone === "+02:00" ? 120 : zone === "-05" ? -300 : 0;
          const keptMs = fracDigits === 0 ? 0 : Number((msText + "000").slice(0, fracDigits).padEnd(3, "0").slice(0, 3));
          const expected = new Date(Math.floor(ms / 1000) * 1000 + keptMs - offsetMin * 60_000).toISOString();
          return parseServiceTimestamp(`${wall}${frac}${zone}`) === expected;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
