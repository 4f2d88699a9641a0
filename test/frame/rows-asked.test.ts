/** How many rows danfo's iloc/loc arguments ask for, counted before the call. */
import { describe, expect, it } from "vitest";
import { rowsAsked } from "../../src/frame/rows-asked";
import { loadDanfo } from "../../src/frame/load-danfo";

describe("rowsAsked", () => {
  it("counts slices, positions and masks; all rows when none are given or they cannot be counted", () => {
    const n = 1_000;
    const cases: [unknown, number][] = [
      [{ rows: ["0:5"] }, 6],
      [{ rows: ["995:"] }, 6],
      [{ rows: [":3"] }, 4],
      [{ rows: ["10:2"] }, 0],
      [{ rows: ["-5:2000"] }, n + 1],
      [{ rows: [3, 7, 9] }, 3],
      [{ rows: [true, false, true, false] }, 2],
      [{ rows: new (loadDanfo().Series)([false, true, true]) }, 2],
      [{ columns: ["a"] }, n],
      [{ rows: ["a:b"] }, n],
      [{ rows: ["1:2:3"] }, n],
      [{ rows: "0:5" }, n],
      [undefined, n],
      [null, n],
    ];
    for (const [selection, want] of cases) expect(rowsAsked(selection, n), JSON.stringify(selection)).toBe(want);
  });
});
