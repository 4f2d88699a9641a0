import { describe, expect, it } from "vitest";
import { convertUnits, MCF_PER_CUBIC_METRE_GAS, MCF_PER_TONNE_LNG, TONNES_PER_M3_LNG, BTU_PER_CUBIC_FOOT, canonicalUnit } from "../../src/frame/convert-units";
import { InvalidParamsError } from "../../src/errors";

describe("convertUnits", () => {
  it("converts between gas rates and between gas volumes by fixed factors", () => {
    expect(convertUnits(1.5, "BCF/day", "MMCF/day")).toBe(1500);
    expect(convertUnits(2500, "MCF/day", "BCF/day")).toBeCloseTo(0.0025, 15);
    expect(convertUnits(3, "BCF", "MCF")).toBe(3e6);
    expect(convertUnits(1, "gas_Bcf", "MMCF")).toBe(1000);
  });
  it("uses the days of the month between a monthly volume and a daily rate", () => {
    expect(convertUnits(29_000, "MCF/month", "MCF/day", { month: "2024-02" })).toBe(1000);
    expect(convertUnits(28_000, "MCF/month", "MCF/day", { month: "2023-02-01" })).toBe(1000);
    expect(convertUnits(31_000, "MCF", "MCF/day", { month: "2024-01-15" })).toBe(1000);
    expect(convertUnits(0.001, "BCF/day", "MCF/month", { month: "2024-04" })).toBeCloseTo(30_000, 9);
    expect(convertUnits(10, "MCF/day", "MCF", { days: 7 })).toBe(70);
  });
  it("converts arrays with a month per element, keeping NaN missing", () => {
    const out = convertUnits([31, 29, NaN], "MCF/month", "MCF/day", { month: ["2024-01", "2024-02", "2024-03"] });
    expect(Array.from(out.slice(0, 2))).toEqual([1, 1]);
    expect(Number.isNaN(out[2])).toBe(true);
  });
  it("refuses a rate <-> volume conversion without a month, and unknown units", () => {
    expect(() => convertUnits(1, "MCF/month", "MCF/day")).toThrow(InvalidParamsError);
    expect(() => convertUnits(1, "MCF", "MCF/day", { month: "Feb" })).toThrow(/month/);
    expect(() => convertUnits(1, "furlongs", "MCF")).toThrow(/from/);
  });
  it("converts LNG units through gas volume with the stated constants", () => {
    expect(convertUnits(1, "tonnes", "MCF")).toBeCloseTo(MCF_PER_TONNE_LNG, 12);
    expect(convertUnits(1e6, "tonnes", "BCF")).toBeCloseTo(48.028, 9);
    expect(convertUnits(1, "m3", "tonnes")).toBeCloseTo(TONNES_PER_M3_LNG, 12);
    expect(convertUnits(1, "MCF", "MMBtu")).toBeCloseTo(BTU_PER_CUBIC_FOOT / 1000, 12);
    expect(convertUnits(convertUnits(3.2, "bcf", "m3"), "m3", "bcf")).toBeCloseTo(3.2, 12);
    expect(convertUnits(1, "m3", "MCF", { lngDensity: 0.5, mcfPerTonne: 50 })).toBe(25);
  });
  it("knows aliases", () => {
    expect(canonicalUnit("gas_Bcf")).toBe("BCF");
    expect(canonicalUnit("CUBIC_METER")).toBe("m3");
    expect(canonicalUnit("Bcf/d")).toBe("BCF/day");
  });
  it("converts cubic metres of gas (bcm, mcm) by the exact length conversion, and million tonnes of LNG", () => {
    // 1 ft = 0.3048 m exactly, so 1 m3 = 35.3146667 ft3 and 1 bcm = 35.3147 BCF.
    expect(MCF_PER_CUBIC_METRE_GAS).toBeCloseTo(0.0353146667, 10);
    expect(convertUnits(1, "bcm", "BCF")).toBeCloseTo(35.3146667, 6);
    expect(convertUnits(1, "mcm", "MMCF")).toBeCloseTo(35.3146667, 6);
    expect(convertUnits(1, "bcm", "mcm")).toBeCloseTo(1000, 9);
    expect(convertUnits(10, "bcm/day", "BCF/day")).toBeCloseTo(353.146667, 5);
    expect(convertUnits(100, "MMCF/day", "mcm/day")).toBeCloseTo(2.8316847, 6);
    expect(convertUnits(1, "Mt", "BCF")).toBeCloseTo(48.028, 9);
    expect(convertUnits(1, "Mt", "bcm")).toBeCloseTo(48.028 / 35.3146667, 6);
    expect(convertUnits(convertUnits(7.5, "Mt", "tonnes"), "tonnes", "Mt")).toBeCloseTo(7.5, 12);
  });
  it("treats per-month forms as a month's volume, divided by that month's days for a daily rate", () => {
    expect(convertUnits(2.9, "BCF/month", "BCF/day", { month: "2024-02" })).toBeCloseTo(0.1, 12);
    expect(convertUnits(3.1, "bcm/month", "bcm/day", { month: "2024-01" })).toBeCloseTo(0.1, 12);
    expect(convertUnits(30, "mcm/month", "mcm/day", { month: "2024-04" })).toBeCloseTo(1, 12);
    expect(convertUnits(1, "BCF/month", "MMCF/month")).toBe(1000);
    expect(convertUnits(1, "Mt/month", "Mt")).toBe(1);
    expect(() => convertUnits(1, "bcm/month", "bcm/day")).toThrow(InvalidParamsError);
  });
  it("knows the metric spellings", () => {
    expect(canonicalUnit("BCM")).toBe("bcm");
    expect(canonicalUnit("MMcm/d")).toBe("mcm/day");
    expect(canonicalUnit("MT")).toBe("Mt");
    expect(canonicalUnit("Bcf/mo")).toBe("BCF/month");
  });
});
