// rollup's date keys are recognised by the table's one date codec (issue 29: no date parsing of
// analysis's own): the aggregated v3 M/D/YYYY merges with YYYY-MM-DD, any timestamp the codec reads is an
// instant, and text that only looks like a date is a key like any other.
import { describe, expect, it } from "vitest";
import { rollup } from "../../src/analysis";

describe("rollup date keys, read by the date codec", () => {
  it("merges 1/5/2024 and 2024-01-05 into one day", () => {
    const t = rollup([{ date: "1/5/2024", n: 1 }, { date: "2024-01-05", n: 2 }, { date: "01/06/2024", n: 4 }], { by: ["date"], measures: ["n"] });
    expect(t.rows()).toMatchObject([{ date: "2024-01-05", n: 3, count: 2 }, { date: "2024-01-06", n: 4, count: 1 }]);
  });

  it("groups timestamps by week, whatever their spelling", () => {
    const rows = [{ t: "2024-01-01 06:00:00+00", n: 1 }, { t: "2024-01-03T12:00:00.000Z", n: 2 }];
    expect(rollup(rows, { by: [{ column: "t", freq: "week" }], measures: ["n"] }).column("n")).toEqual([3]);
  });
});
