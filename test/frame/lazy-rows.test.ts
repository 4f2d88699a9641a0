/** An array of rows made as each is read, made whole when asked anything else. */
import { describe, expect, it } from "vitest";
import { lazyRows } from "../../src/frame/lazy-rows";

/** Rows of 10,000 x 2 with counters of what was made. */
function counted(n = 10_000): { rows: unknown[]; made: number[]; wholes: () => number; whole: unknown[][] } {
  const made: number[] = [];
  const whole = Array.from({ length: n }, (_, i) => [i, `r${i}`]);
  let wholes = 0;
  const rows = lazyRows(
    n,
    (i) => {
      made.push(i);
      return [i, `r${i}`];
    },
    () => {
      wholes++;
      return whole;
    },
  );
  return { rows, made, wholes: () => wholes, whole };
}

describe("lazyRows", () => {
  it("is an array of n rows, making only the rows read", () => {
    const { rows, made, wholes } = counted();
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBe(10_000);
    expect(rows[0]).toEqual([0, "r0"]);
    expect(rows[9_999]).toEqual([9_999, "r9999"]);
    expect(rows[10_000]).toBeUndefined();
    expect(made).toEqual([0, 9_999]);
    expect(wholes()).toBe(1);
  });

  it("answers keys that are not positions from the whole rows, asked once", () => {
    for (const key of ["01", "-1", "1.5", " 1", "1e3", "NaN"]) {
      const { rows, made, wholes, whole } = counted();
      expect(Reflect.get(rows, key), key).toBe(Reflect.get(whole, key));
      expect(made, key).toEqual([]);
      expect(wholes(), key).toBe(1);
    }
  });

  it("runs methods and iteration on the whole rows, asked once", () => {
    const { rows, wholes, whole, made } = counted();
    expect(rows.map((r) => (r as number[])[0]).slice(0, 3)).toEqual([0, 1, 2]);
    expect([...rows].length).toBe(10_000);
    expect(rows.slice(5, 6)).toEqual([whole[5]]);
    expect(Object.keys(rows).length).toBe(10_000);
    expect(rows[4]).toBe(whole[4]);
    expect(made).toEqual([]);
    expect(wholes()).toBe(1);
  });

  it("changes the whole rows", () => {
    const { rows, whole } = counted(10);
    rows[3] = ["x"];
    rows.push(["y"]);
    expect(whole[3]).toEqual(["x"]);
    expect(whole.length).toBe(11);
    expect(rows.length).toBe(11);
    expect(3 in rows).toBe(true);
  });

  it("makes the rows whole after a few thousand reads by position", () => {
    const { rows, made, wholes, whole } = counted();
    for (let i = 0; i < 5_000; i++) void rows[i];
    expect(made.length).toBe(4096);
    expect(wholes()).toBe(1);
    expect(rows[4_500]).toBe(whole[4_500]);
  });
});
