import { describe, expect, it } from "vitest";
import { formatDay, parseDay } from "../../src/sandbox/core/dates";

describe("formatDay (its text is kept per day: the generators format the same days millions of times)", () => {
  it("gives the same text the first and the second time, inside and outside the kept range", () => {
    for (const day of [0, 1, 19_999, 20_089, 39_999, 40_000, -1, -719_162, 60_000]) {
      const text = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(formatDay(day)).toBe(text);
      expect(formatDay(day)).toBe(text);
    }
    expect(formatDay(parseDay("2025-03-31")!)).toBe("2025-03-31");
  });

  it("formats a fractional day as the day it falls in, without keeping it", () => {
    expect(formatDay(20_178.75)).toBe("2025-03-31");
    expect(formatDay(20_178)).toBe("2025-03-31");
  });
});
