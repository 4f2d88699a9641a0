import { describe, expect, it } from "vitest";
import { sumByKeys } from "../../src/analysis/key-sums";

describe("sumByKeys", () => {
  it("sums per distinct key tuple in first-seen order, keeping no value apart from zero", () => {
    const s = sumByKeys(
      [
        [2, 1, 2, 1, 3, 3],
        ["a", "a", "a", "b", null, null],
      ],
      [1, 2, 3, NaN, 0, NaN],
    );
    expect(s.groups).toBe(4);
    expect(s.keys).toEqual([
      [2, 1, 1, 3],
      ["a", "a", "b", null],
    ]);
    expect([...s.sums]).toEqual([4, 2, NaN, 0]);
  });

  it("adds in row order (the same floating-point sum as a loop over the rows)", () => {
    const xs = [0.1, 0.2, 0.3, 1e16, -1e16, 0.7];
    const s = sumByKeys([xs.map(() => "k")], xs);
    expect(s.sums[0]).toBe(xs.reduce((a, x) => a + x, 0));
  });

  it("no rows: no groups", () => {
    expect(sumByKeys([[]], []).groups).toBe(0);
  });
});
