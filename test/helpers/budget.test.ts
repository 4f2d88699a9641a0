import { afterEach, describe, expect, it } from "vitest";
import { BUDGET_FLOOR_MS, budget, loadFactor } from "./budget";

const saved = process.env.GASFRAMES_TEST_LOAD_FACTOR;
afterEach(() => {
  if (saved === undefined) delete process.env.GASFRAMES_TEST_LOAD_FACTOR;
  else process.env.GASFRAMES_TEST_LOAD_FACTOR = saved;
});

describe("budget (time-outs of process-spawning tests grow with the load)", () => {
  it("measures a factor between 1 (quiet) and 8", () => {
    delete process.env.GASFRAMES_TEST_LOAD_FACTOR;
    const f = loadFactor();
    expect(f).toBeGreaterThanOrEqual(1);
    expect(f).toBeLessThanOrEqual(8);
    expect(budget(180_000)).toBe(Math.round(180_000 * f));
  });

  it("multiplies the quiet budget by the factor, never going under the floor", () => {
    process.env.GASFRAMES_TEST_LOAD_FACTOR = "5";
    expect(budget(180_000)).toBe(900_000);
    expect(budget(1_000)).toBe(BUDGET_FLOOR_MS);
    process.env.GASFRAMES_TEST_LOAD_FACTOR = "1";
    expect(budget(240_000)).toBe(240_000);
  });

  it("ignores an override that is not a positive number", () => {
    process.env.GASFRAMES_TEST_LOAD_FACTOR = "fast";
    expect(loadFactor()).toBeGreaterThanOrEqual(1);
    process.env.GASFRAMES_TEST_LOAD_FACTOR = "0";
    expect(loadFactor()).toBeGreaterThanOrEqual(1);
  });
});
