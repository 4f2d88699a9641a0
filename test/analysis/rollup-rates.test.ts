/**
 * rollup of daily rates (BCF/day, MCF/day, BBL/day): summed across keys on one date, averaged over the
 * dates of a period bucket, refused when no key is a date; the unit label stays true. Checked on the
 * sandbox's v4 dailyProduction (HTTP on 127.0.0.1) and on hand-made frames.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollup } from "../../src/analysis/rollup";
import { InvalidParamsError } from "../../src/errors";
import { frameFromColumns } from "../../src/frame/frame-from-columns";
import { notesOf } from "../../src/frame/notes";
import { toFrame } from "../../src/frame/to-frame";
import { unitsOf, withUnits } from "../../src/frame/units";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { frameColumns, frameRows } from "../helpers/frame-columns";

let sandbox: SandboxHandle;
let client: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2025-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {} });
});
afterAll(async () => {
  await sandbox.close();
});

describe("rollup of a daily rate on the sandbox's v4 dailyProduction", () => {
  it("gives the month's average daily rate in BCF/day (Delaware, January 2025)", async () => {
    const res = await client.v4.dailyProduction({ date_prod_min: "2025-01-01", date_prod_max: "2025-02-28", region_natgas: ["west"] });
    const rows = res.records as unknown as Record<string, unknown>[];
    // Independently: per day, the sum over the rows of Delaware; then the mean over January's days.
    const perDay = new Map<string, number>();
    for (const r of rows) {
      if (r.sub_region_natgas !== "West - TX" || !String(r.date_prod).startsWith("2025-01")) continue;
      perDay.set(String(r.date_prod), (perDay.get(String(r.date_prod)) ?? 0) + (r.prod_dry_gas_bcf_day as number));
    }
    expect(perDay.size).toBe(31);
    const mean = [...perDay.values()].reduce((a, b) => a + b, 0) / perDay.size;
    for (const input of [res, res.toFrame(), rows]) {
      const df = rollup(input, { by: [{ column: "date_prod", freq: "month" }, "sub_region_natgas"], measures: ["prod_dry_gas_bcf_day"] }).toFrame();
      const jan = frameRows(df).find((r) => r.date_prod === "2025-01-01" && r.sub_region_natgas === "West - TX")!;
      expect(jan.prod_dry_gas_bcf_day as number).toBeCloseTo(mean, 9);
      expect(jan.prod_dry_gas_bcf_day as number).toBeLessThan(100); // a sum over the days would be ~31 times more
      expect(unitsOf(df).prod_dry_gas_bcf_day).toBe("BCF/day");
      expect(Object.keys(notesOf(df).daily_rates_averaged as object)).toEqual(["prod_dry_gas_bcf_day"]);
    }
  });

  it("sums a rate across keys on one date (by the date itself)", async () => {
    const res = await client.v4.dailyProduction({ date_prod_min: "2025-01-01", date_prod_max: "2025-01-03", region_natgas: ["west"] });
    const rows = res.records as unknown as Record<string, unknown>[];
    const df = rollup(res, { by: ["date_prod", "region_natgas"], measures: ["prod_dry_gas_bcf_day"] }).toFrame();
    const c = frameColumns(df);
    expect(c.date_prod).toEqual(["2025-01-01", "2025-01-02", "2025-01-03"]);
    const day1 = rows.filter((r) => r.date_prod === "2025-01-01").reduce((a, r) => a + (r.prod_dry_gas_bcf_day as number), 0);
    expect(c.prod_dry_gas_bcf_day![0]).toBeCloseTo(day1, 9);
    expect(unitsOf(df).prod_dry_gas_bcf_day).toBe("BCF/day");
  });
});

describe("rollup follows the measure's unit, not its name", () => {
  // Two wells, three days in January (no row for well b on the 3rd), one day in February.
  const rows = [
    { day: "2024-01-01", well: "a", rate: 10, vol: 100 },
    { day: "2024-01-01", well: "b", rate: 2, vol: 20 },
    { day: "2024-01-02", well: "a", rate: 12, vol: 120 },
    { day: "2024-01-02", well: "b", rate: null, vol: 30 },
    { day: "2024-01-03", well: "a", rate: 14, vol: 140 },
    { day: "2024-02-10", well: "a", rate: 7, vol: 70 },
  ];
  const withRate = (unit: string) => withUnits(toFrame(rows), { rate: unit, vol: "MCF" });

  it("averages a daily rate over the dates of a month bucket, and sums a volume", () => {
    for (const unit of ["MCF/day", "BBL/day", "BCF/day"]) {
      const df = rollup(withRate(unit), { by: [{ column: "day", freq: "month" }], measures: ["rate", "vol"] }).toFrame();
      const c = frameColumns(df);
      expect(c.day).toEqual(["2024-01-01", "2024-02-01"]);
      // January: per day 12, 12, 14 (a missing value is no data, not 0) -> mean 38 / 3.
      expect(c.rate![0]).toBeCloseTo(38 / 3, 12);
      expect(c.rate![1]).toBe(7);
      expect(c.vol).toEqual([410, 70]);
      expect(unitsOf(df)).toMatchObject({ rate: unit, vol: "MCF" });
    }
  });

  it("leaves out of the mean a date on which the group has no value", () => {
    const df = rollup(withRate("MCF/day"), { by: [{ column: "day", freq: "month" }, "well"], measures: ["rate"] }).toFrame();
    const r = frameRows(df);
    // Well b: a value on Jan 1 only (Jan 2 is null): 2, not (2 + 0) / 2.
    expect(r.find((x) => x.well === "b")!.rate).toBe(2);
    expect(r.find((x) => x.well === "a" && x.day === "2024-01-01")!.rate).toBe(12);
  });

  it("sums the same column when its unit is a volume", () => {
    const df = rollup(withUnits(toFrame(rows), { rate: "MCF" }), { by: [{ column: "day", freq: "month" }], measures: ["rate"] }).toFrame();
    expect(frameColumns(df).rate).toEqual([38, 7]);
    expect(notesOf(df).daily_rates_averaged).toBeUndefined();
  });

  it("treats the v3 rate by its known unit on records and frames alike (gas_daily BCF/day, gas_monthly MCF)", () => {
    const v3 = [
      { date: "2024-01-01", region: "west", gas_daily: 1.5, gas_monthly: 46 },
      { date: "2024-01-01", region: "gulf", gas_daily: 0.5, gas_monthly: 15 },
      { date: "2024-02-01", region: "west", gas_daily: 3, gas_monthly: 87 },
    ];
    for (const input of [v3, toFrame(v3)]) {
      const c = frameColumns(rollup(input, { by: [{ column: "date", freq: "month" }], measures: ["gas_daily", "gas_monthly"] }).toFrame());
      // One date per month: the month's rate is the sum across regions that day.
      expect(c.gas_daily).toEqual([2, 3]);
      expect(c.gas_monthly).toEqual([61, 87]);
    }
  });

  it("refuses to sum a rate over dates when no key is a date, before naming a wrong total", () => {
    const frame = frameFromColumns([
      { name: "well", values: ["a", "a"], type: "string" },
      { name: "day", values: ["2024-01-01", "2024-01-02"], type: "date" },
      { name: "rate", values: [1, 2], type: "float", unit: "MCF/day" },
    ]);
    expect(() => rollup(frame, { by: ["well"], measures: ["rate"] })).toThrow(InvalidParamsError);
    expect(() => rollup(frame, { by: [], measures: ["rate"] })).toThrow(/rate \(MCF\/day\) is a daily rate/);
    // Counting rows, or a rate with the date as a key, is fine.
    expect(frameColumns(rollup(frame, { by: ["well"] }).toFrame()).count).toEqual([2]);
    expect(frameColumns(rollup(frame, { by: ["day", "well"], measures: ["rate"] }).toFrame()).rate).toEqual([1, 2]);
    const stamped = [{ at: "2024-01-01T00:00:00.000Z", rate: 1 }, { at: "2024-01-01T00:00:00.000Z", rate: 2 }];
    expect(frameColumns(rollup(withUnits(toFrame(stamped), { rate: "BBL/day" }), { by: ["at"], measures: ["rate"] }).toFrame()).rate).toEqual([3]);
  });
});
