import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resampleFlows } from "../../src/analysis/resample-flows";
import { unitsOf } from "../../src/frame/units";
import { DataError, InvalidParamsError } from "../../src/errors";
import { frameColumns } from "../helpers/frame-columns";

function day(date: string, volume: number | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { timestamp: `${date}T00:00:00Z`, volume, count: volume === null ? null : 1, volume_unit: "gas_Bcf", volume_std: 0.1, count_std: 0.2, ...extra };
}

function daysFrom(start: string, n: number, volume = (i: number): number | null => i + 1): Record<string, unknown>[] {
  const t0 = Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10)));
  return Array.from({ length: n }, (_, i) => day(new Date(t0 + i * 86_400_000).toISOString().slice(0, 10), volume(i)));
}

describe("resampleFlows weeks", () => {
  // 2024-01-01 is a Monday.
  const flows = daysFrom("2023-12-30", 10); // Sat 2023-12-30 .. Mon 2024-01-08
  it("starts weeks on Monday by default", () => {
    const c = frameColumns(resampleFlows(flows, { freq: "week" }).toFrame());
    expect(c.period).toEqual(["2023-12-25", "2024-01-01", "2024-01-08"]);
    expect(c.volume).toEqual([1 + 2, 3 + 4 + 5 + 6 + 7 + 8 + 9, 10]);
    expect(c.days).toEqual([2, 7, 1]);
    expect(c.complete).toEqual([false, true, false]);
  });
  it("starts weeks on Saturday (EIA weeks)", () => {
    const c = frameColumns(resampleFlows(flows, { freq: "week", weekStart: "saturday" }).toFrame());
    expect(c.period).toEqual(["2023-12-30", "2024-01-06"]);
    expect(c.volume).toEqual([28, 8 + 9 + 10]);
    expect(c.complete).toEqual([true, false]);
  });
  it("starts weeks on Sunday", () => {
    const c = frameColumns(resampleFlows(flows, { freq: "week", weekStart: "Sunday" }).toFrame());
    expect(c.period).toEqual(["2023-12-24", "2023-12-31", "2024-01-07"]);
    expect(c.volume).toEqual([1, 2 + 3 + 4 + 5 + 6 + 7 + 8, 9 + 10]);
  });
  it("takes the UTC day of timestamps with offsets", () => {
    const rows = [
      { timestamp: "2024-01-07T23:30:00-02:00", volume: 1, volume_unit: "gas_Bcf" }, // 2024-01-08 01:30 UTC, Monday
      { timestamp: "2024-01-07 12:00:00+00", volume: 2, volume_unit: "gas_Bcf" }, // Sunday
    ];
    const c = frameColumns(resampleFlows(rows, { freq: "week" }).toFrame());
    expect(c.period).toEqual(["2024-01-01", "2024-01-08"]);
    expect(c.volume).toEqual([2, 1]);
  });
  it("adds std as root of the sum of squares", () => {
    const c = frameColumns(resampleFlows(daysFrom("2024-01-01", 7), { freq: "week" }).toFrame());
    expect(c.volume_std![0]).toBeCloseTo(Math.sqrt(7 * 0.01), 12);
    expect(c.count_std![0]).toBeCloseTo(Math.sqrt(7 * 0.04), 12);
    expect(c.count).toEqual([7]);
  });
  it("runs across the US and UK daylight-saving changes without shifting days", () => {
    const c = frameColumns(resampleFlows(daysFrom("2024-03-04", 28), { freq: "week" }).toFrame());
    expect(c.period).toEqual(["2024-03-04", "2024-03-11", "2024-03-18", "2024-03-25"]);
    expect(c.days).toEqual([7, 7, 7, 7]);
    const fall = frameColumns(resampleFlows(daysFrom("2024-10-21", 21), { freq: "week" }).toFrame());
    expect(fall.period).toEqual(["2024-10-21", "2024-10-28", "2024-11-04"]);
    expect(fall.days).toEqual([7, 7, 7]);
  });
  it("refuses an unknown weekStart with a suggestion", () => {
    expect(() => resampleFlows(flows, { freq: "week", weekStart: "sat" as never })).toThrow(InvalidParamsError);
    try {
      resampleFlows(flows, { freq: "week", weekStart: "sat" as never });
    } catch (e) {
      expect((e as InvalidParamsError).issues[0]!.suggestion).toBe("saturday");
    }
    expect(() => resampleFlows(flows, { freq: "year" as never })).toThrow(InvalidParamsError);
  });
});

describe("resampleFlows months", () => {
  it("buckets by calendar month, leap February complete at 29 days", () => {
    const c = frameColumns(resampleFlows(daysFrom("2024-01-31", 31, () => 1), { freq: "month" }).toFrame());
    expect(c.period).toEqual(["2024-01-01", "2024-02-01", "2024-03-01"]);
    expect(c.days).toEqual([1, 29, 1]);
    expect(c.complete).toEqual([false, true, false]);
    expect(c.volume).toEqual([1, 29, 1]);
  });
  it("February 2023 is complete at 28 days; 30-day months at 30", () => {
    const c = frameColumns(resampleFlows(daysFrom("2023-02-01", 28 + 31 + 30), { freq: "month" }).toFrame());
    expect(c.period).toEqual(["2023-02-01", "2023-03-01", "2023-04-01"]);
    expect(c.complete).toEqual([true, true, true]);
  });
  it("a late-evening offset timestamp on a month end belongs to the next month in UTC", () => {
    const c = frameColumns(resampleFlows([{ timestamp: "2024-04-30T21:00:00-05:00", volume: 3, volume_unit: "bcf" }], { freq: "month" }).toFrame());
    expect(c.period).toEqual(["2024-05-01"]);
  });
});

describe("resampleFlows values", () => {
  it("skips and counts null daily values; an all-null period is missing, not 0", () => {
    const rows = [...daysFrom("2024-01-01", 3, (i) => (i === 1 ? null : 5)), ...daysFrom("2024-02-01", 2, () => null)];
    const c = frameColumns(resampleFlows(rows, { freq: "month" }).toFrame());
    expect(c.volume![0]).toBe(10);
    expect(c.volume_missing).toEqual([1, 2]);
    expect(c.count_missing).toEqual([1, 2]);
    expect(Number.isNaN(c.volume![1])).toBe(true);
    expect(c.days).toEqual([3, 2]);
  });
  it("refuses mixed units in one bucket and names them", () => {
    const rows = [day("2024-01-01", 1), day("2024-01-02", 1, { volume_unit: "mcf" })];
    expect(() => resampleFlows(rows, { freq: "week" })).toThrow(DataError);
    expect(() => resampleFlows(rows, { freq: "week" })).toThrow(/gas_Bcf.*mcf/);
  });
  it("allows different units in different series, and says the unit when single", () => {
    const rows = [day("2024-01-01", 1, { k: "a" }), day("2024-01-02", 1, { k: "b", volume_unit: "mcf" })];
    const c = frameColumns(resampleFlows(rows, { freq: "week", by: "k" }).toFrame());
    expect(c.volume_unit).toEqual(["gas_Bcf", "mcf"]);
    expect(unitsOf(resampleFlows(rows.slice(0, 1), { freq: "week" }).toFrame()).volume).toBe("gas_Bcf");
  });
  it("refuses the same day twice in one series", () => {
    const rows = [day("2024-01-01", 1), { ...day("2024-01-01", 2), timestamp: "2024-01-01T12:00:00Z" }];
    expect(() => resampleFlows(rows, { freq: "week" })).toThrow(/2024-01-01/);
  });
  it("splits by key columns, sorted by key then period", () => {
    const rows = [day("2024-01-08", 1, { c: "Spain" }), day("2024-01-01", 2, { c: "France" }), day("2024-01-01", 3, { c: "Spain" })];
    const c = frameColumns(resampleFlows(rows, { freq: "week", by: ["c"] }).toFrame());
    expect(c.c).toEqual(["France", "Spain", "Spain"]);
    expect(c.period).toEqual(["2024-01-01", "2024-01-01", "2024-01-08"]);
    expect(c.volume).toEqual([2, 3, 1]);
  });
  it("gives the right columns and zero rows for no flows", () => {
    const df = resampleFlows([], { freq: "month" }).toFrame();
    expect(df.shape[0]).toBe(0);
    expect(df.columns).toContain("period");
    expect(df.columns).toContain("volume");
  });
  it("names a bad timestamp and a missing column", () => {
    expect(() => resampleFlows([{ timestamp: "yesterday", volume: 1 }], { freq: "week" })).toThrow(/row 0.*yesterday/);
    expect(() => resampleFlows([{ time: "2024-01-01", volume: 1 }], { freq: "week" })).toThrow(/timestamp/);
  });
  it("accepts a frame as input", async () => {
    const { toFrame } = await import("../../src/frame/to-frame");
    const df = toFrame(daysFrom("2024-01-01", 14));
    const c = frameColumns(resampleFlows(df, { freq: "week" }).toFrame());
    expect(c.volume).toEqual([28, 77]);
  });
});

describe("resampleFlows property: sums equal daily totals", () => {
  it("weekly and monthly volume, count and days add up to the daily data", () => {
    const arb = fc.record({
      start: fc.integer({ min: 18_000, max: 21_000 }),
      values: fc.array(fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }), { minLength: 0, maxLength: 120 }),
      weekStart: fc.constantFrom("monday", "saturday", "sunday" as const),
    });
    fc.assert(
      fc.property(arb, ({ start, values, weekStart }) => {
        const rows = values.map((v, i) => ({
          timestamp: new Date((start + i) * 86_400_000).toISOString(),
          volume: v === null ? null : v / 1000,
          count: v === null ? null : v % 7,
          volume_unit: "gas_Bcf",
        }));
        const total = values.reduce<number>((s, v) => s + (v === null ? 0 : v / 1000), 0);
        const count = values.reduce<number>((s, v) => s + (v === null ? 0 : v % 7), 0);
        for (const freq of ["week", "month"] as const) {
          const c = frameColumns(resampleFlows(rows, { freq, weekStart: weekStart as "monday" }).toFrame());
          const sum = (c.volume as number[]).reduce((s, v) => s + (Number.isNaN(v) ? 0 : v), 0);
          const csum = (c.count as number[]).reduce((s, v) => s + (Number.isNaN(v) ? 0 : v), 0);
          expect(sum).toBeCloseTo(total, 6);
          expect(csum).toBe(count);
          expect((c.days as number[]).reduce((s, v) => s + v, 0)).toBe(values.length);
          for (let i = 1; i < (c.period as string[]).length; i++) expect((c.period as string[])[i]! > (c.period as string[])[i - 1]!).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
