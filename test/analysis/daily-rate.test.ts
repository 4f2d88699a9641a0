import { describe, expect, it } from "vitest";
import { addDailyRate, addMonthlyVolume } from "../../src/analysis/daily-rate";
import { unitsOf } from "../../src/frame/units";
import { toFrame } from "../../src/frame/to-frame";
import { DataError } from "../../src/errors";
import { frameColumns } from "../helpers/frame-columns";

describe("monthly volume <-> daily rate", () => {
  const rows = [
    { date: "2024-02-01", gas_monthly: 29_000_000, gas_daily: 1, oil_monthly: 2900 },
    { date: "2023-02-01", gas_monthly: 28_000_000, gas_daily: 1, oil_monthly: null },
    { date: "2024-04-01", gas_monthly: null, gas_daily: 0.5, oil_monthly: 300 },
  ];
  it("divides by the days of each month (leap February 29)", () => {
    const df = addDailyRate(rows, { column: "gas_monthly", unit: "BCF/day", as: "gas_daily_calc" }).toFrame();
    const c = frameColumns(df);
    expect(c.gas_daily_calc!.slice(0, 2)).toEqual([1, 1]);
    expect(Number.isNaN(c.gas_daily_calc![2])).toBe(true);
    expect(unitsOf(df).gas_daily_calc).toBe("BCF/day");
    expect(df.columns.slice(0, 4)).toEqual(["date", "gas_monthly", "gas_daily", "oil_monthly"]);
    const oil = frameColumns(addDailyRate(rows, { column: "oil_monthly" }).toFrame());
    expect(oil.oil_monthly_per_day![0]).toBe(100);
    expect(oil.oil_monthly_per_day![2]).toBe(10);
  });
  it("defaults to MCF/day for gas_monthly", () => {
    const df = addDailyRate(toFrame(rows), { column: "gas_monthly" }).toFrame();
    expect(frameColumns(df).gas_monthly_per_day![0]).toBe(1_000_000);
    expect(unitsOf(df).gas_monthly_per_day).toBe("MCF/day");
  });
  it("multiplies a daily rate back into a monthly volume", () => {
    const c = frameColumns(addMonthlyVolume(rows, { column: "gas_daily" }).toFrame());
    expect(c.gas_daily_per_month).toEqual([29_000_000, 28_000_000, 15_000_000]);
  });
  it("refuses a column whose unit it cannot know", () => {
    expect(() => addDailyRate([{ date: "2024-01-01", x: 1 }], { column: "x" })).toThrow(DataError);
    expect(frameColumns(addDailyRate([{ date: "2024-01-01", x: 31 }], { column: "x", from: "MCF" }).toFrame()).x_per_day).toEqual([1]);
  });
});
