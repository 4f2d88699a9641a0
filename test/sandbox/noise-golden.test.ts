/**
 * The report's first run spends most of its sandbox time drawing noise (core/hash.ts), so `hashInts`, `unit`,
 * `pick` and `normal` were rewritten without rest-parameter spreads and with `normal`'s three draws sharing
 * the keys' running hash. Every page of the report is drawn from these numbers: they must be the ones the
 * sandbox gave before. The values below were printed by the old implementation (commit 786de33).
 */
import { describe, expect, it } from "vitest";
import { daysInMonth, firstDayOfMonth, monthOfDay } from "../../src/sandbox/core/dates";
import { hashInts, normal, pick, unit } from "../../src/sandbox/core/hash";
import { normal4, unit4 } from "../../src/sandbox/natgas/model/keyed-noise";

describe("sandbox noise (core/hash.ts)", () => {
  it("gives the numbers of the implementation before the report's speed work", () => {
    expect(hashInts()).toBe(2462723854);
    expect(hashInts(1, 2, 3)).toBe(4058864495);
    expect(hashInts(42042012345678, 20000, 51)).toBe(3137375842);
    expect(unit(7, 4294967296, -1)).toBe(0.4588727073278278);
    expect(normal(1, 600, 20000, 52)).toBe(0.6980560524389148);
    expect(normal(3, 12, 2 ** 31, 24310, 53)).toBe(-1.8284402657300234);
    expect(pick(17, 5, 9)).toBe(12);
  });

  it("agrees with the four-key forms and with its own definitions for one to six keys", () => {
    for (let i = 0; i < 2000; i++) {
      const keys = Array.from({ length: 1 + (i % 6) }, (_, j) => (j % 2 === 0 ? (i * 2654435761 + j * 97) % 100003 : [0, -1, 4294967296, 42042012345678, 2 ** 31][(i + j) % 5]!));
      expect(normal(...keys)).toBe((unit(...keys, 1) + unit(...keys, 2) + unit(...keys, 3) - 1.5) * 2);
      expect(unit(...keys)).toBe(hashInts(...keys) / 4294967296);
      expect(pick(13, ...keys)).toBe(Math.floor(unit(...keys) * 13));
      if (keys.length === 4) {
        const [a, b, c, d] = keys as [number, number, number, number];
        expect(unit4(a, b, c, d)).toBe(unit(a, b, c, d));
        expect(normal4(a, b, c, d)).toBe(normal(a, b, c, d));
      }
    }
  });
});

describe("sandbox calendar (core/dates.ts), each day's month and each month's first day worked out once", () => {
  it("gives what Date gives, inside and outside the remembered ranges, asked twice", () => {
    // Every value is compared; the wrong ones are listed and asserted once (an expect() per value, 126,000
    // of them, was most of the file's CPU: issue 31).
    const wrong: string[] = [];
    for (const pass of [1, 2]) {
      for (let day = -40_000; day < 60_000; day += pass === 1 ? 1 : 7) {
        const d = new Date(day * 86_400_000);
        const want = d.getUTCFullYear() * 12 + d.getUTCMonth();
        if (monthOfDay(day) !== want) wrong.push(`pass ${pass}: monthOfDay(${day}) = ${monthOfDay(day)}, not ${want}`);
      }
      for (let month = 1800 * 12; month < 2300 * 12; month++) {
        const first = Math.round(Date.UTC(Math.floor(month / 12), month % 12, 1) / 86_400_000);
        if (firstDayOfMonth(month) !== first) wrong.push(`pass ${pass}: firstDayOfMonth(${month}) = ${firstDayOfMonth(month)}, not ${first}`);
        const days = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0)).getUTCDate();
        if (daysInMonth(month) !== days) wrong.push(`pass ${pass}: daysInMonth(${month}) = ${daysInMonth(month)}, not ${days}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(wrong.length).toBe(0);
  });
});
