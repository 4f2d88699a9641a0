/**
 * What reads a few rows of a frame whose rows are deferred (head, tail, iloc, loc, print, toString, a
 * notebook's display) gives what it gives on danfo's own frame, and leaves the rows unbuilt; what
 * follows (operations, in-place changes) gives what danfo gives.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataFrame } from "danfojs-node";
import { frameOverColumns, frameWithRows, rowsPending } from "../../src/frame/frame-over-columns";
import { withUnits } from "../../src/frame/frame-units";
import { loadDanfo } from "../../src/frame/load-danfo";
import { builders, danfoFrame, N, NAMES } from "./frame-over-columns-fixture";

const DISPLAY = Symbol.for("Jupyter.display");

/** What a frame is, as compared here. */
const seen = (f: DataFrame): unknown => [f.shape, f.columns, f.dtypes, f.index, f.values];

/** The outcome of `read`: its value, or the message it threw. */
function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (e) {
    return { threw: (e as Error).message };
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

const fewRowReads: Record<string, (f: DataFrame) => unknown> = {
  head: (f) => seen(f.head()),
  head7: (f) => seen(f.head(7)),
  tail: (f) => seen(f.tail()),
  tail3: (f) => seen(f.tail(3)),
  ilocPositions: (f) => seen(f.iloc({ rows: [3, 0, 17], columns: [1, 3] })),
  ilocSlice: (f) => seen(f.iloc({ rows: ["10:20"], columns: ["2:5"] })),
  ilocMask: (f) => seen(f.iloc({ rows: Array.from({ length: N }, (_, i) => i % 9 === 1) })),
  ilocAll: (f) => seen(f.iloc({ columns: [0, 4] })),
  ilocOutOfRange: (f) => outcome(() => f.iloc({ rows: [`0:${N + 5}`] })),
  locLabels: (f) => seen(f.loc({ rows: [4, 9, 200], columns: ["gas", "county"] })),
  locSlice: (f) => seen(f.loc({ rows: ["3:8"] })),
  locMissing: (f) => outcome(() => f.loc({ rows: [N + 3] })),
  toString: (f: DataFrame) => f.toString(),
  concatenated: (f: DataFrame) => `${f as unknown as string}`,
};

describe.each(Object.entries(builders))("%s: reading a few rows", (_, build) => {
  it.each(Object.keys(fewRowReads))("%s gives what danfo's frame gives and builds no rows", (name) => {
    const read = fewRowReads[name]!;
    const df = build();
    expect(read(df)).toEqual(read(danfoFrame()));
    expect(rowsPending(df)).toBe(true);
    // Read again, then with the rows built: the same.
    expect(read(df)).toEqual(read(danfoFrame()));
    expect(df.values.length).toBe(N);
    expect(rowsPending(df)).toBe(false);
    expect(read(df)).toEqual(read(danfoFrame()));
  });

  it("prints what danfo's frame prints", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const df = build();
    df.print();
    danfoFrame().print();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]).toEqual(log.mock.calls[1]);
    expect(String(log.mock.calls[0]![0])).toContain("Permian");
    expect(rowsPending(df)).toBe(true);
  });

  it("shows in a notebook as danfo's frame with the same units shows", () => {
    const df = build();
    const ref = withUnits(danfoFrame(), { gas: "MCF" });
    const show = (f: DataFrame): unknown => (f as unknown as Record<symbol, () => unknown>)[DISPLAY]!();
    expect(show(df)).toEqual(show(ref));
    expect(rowsPending(df)).toBe(true);
  });

  it("keeps the frame danfo's after a head(): operations and in-place changes give what danfo gives", () => {
    const gas2 = Array.from({ length: N }, (_, i) => i / 4);
    const steps: Record<string, (f: DataFrame) => unknown> = {
      sortValues: (f) => seen(f.sortValues("wells", { ascending: false })),
      query: (f) => seen(f.query(f.column("wells").gt(25))),
      groupby: (f) => seen(f.groupby(["region"]).agg({ gas: "sum", wells: "count" })),
      values: (f) => f.values,
      addColumn: (f) => f.addColumn("extra", Array.from({ length: N }, (_, i) => `e${i}`), { inplace: true }),
      drop: (f) => f.drop({ columns: ["county"], inplace: true }),
      setIndex: (f) => f.setIndex({ index: Array.from({ length: N }, (_, i) => `r${i}`), inplace: true }),
      setColumn: (f) => void ((f as unknown as Record<string, unknown>).gas = gas2),
      sortInPlace: (f) => f.sortValues("gas", { inplace: true }),
      queryInPlace: (f) => f.query(f.column("wells").lt(20), { inplace: true }),
      fillNa: (f) => f.fillNa([0], { columns: ["gas"], inplace: true }),
      rename: (f) => f.rename({ wells: "n" }, { inplace: true }),
    };
    for (const [name, step] of Object.entries(steps)) {
      const df = build();
      const ref = danfoFrame();
      expect(seen(df.head()), name).toEqual(seen(ref.head()));
      expect(step(df), name).toEqual(step(ref));
      expect([seen(df), seen(df.head()), seen(df.tail(2))], name).toEqual([seen(ref), seen(ref.head()), seen(ref.tail(2))]);
      for (const c of ref.columns) expect(df.column(c).values, `${name} ${c}`).toEqual(ref.column(c).values);
      expect(df.toString(), name).toBe(ref.toString());
    }
  });

  it("reads rows as danfo's frame holds them after a column was changed in place", () => {
    const df = build();
    const ref = danfoFrame();
    // dropDuplicates({ keep: "last" }) reverses the frame's own column array in place (danfo 1.x); the
    // rows danfo's constructor made are a copy that change does not reach.
    for (const f of [df, ref]) (f["county"] as unknown as { dropDuplicates(o: object): unknown }).dropDuplicates({ keep: "last" });
    expect([seen(df.head()), seen(df.tail()), df.toString()]).toEqual([seen(ref.head()), seen(ref.tail()), ref.toString()]);
    expect(rowsPending(df)).toBe(true);
  });
});

/** A frame of `n` rows and `k` numeric columns, with its rows deferred and as danfo's own. */
function numericFrames(n: number, k: number, extra: Record<string, unknown[]> = {}): { lazy: DataFrame; eager: DataFrame } {
  const names = [...Array.from({ length: k }, (_, j) => `c${j}`), ...Object.keys(extra)];
  const numbers = Array.from({ length: k }, (_, j) => Float64Array.from({ length: n }, (_, i) => (i * (j + 1)) % 97));
  const cols = [...numbers, ...Object.values(extra)];
  const dtypes = names.map((_, j) => (j < k ? "float32" : "string"));
  const plainCols = cols.map((c) => Array.from(c as ArrayLike<unknown>));
  return { lazy: frameOverColumns(names, cols, dtypes, n), eager: frameWithRows(names, plainCols, dtypes, n) };
}

describe("other frames: wide, read in many rows, with a column named like a method", () => {
  it("prints a frame wider than the console as danfo does, building no rows", () => {
    const { lazy, eager } = numericFrames(40, 14);
    expect(lazy.toString()).toBe(eager.toString());
    expect(lazy.toString()).toContain("...");
    expect(rowsPending(lazy)).toBe(true);
  });

  it("builds the rows once, as danfo's own, when many are read", () => {
    const { lazy, eager } = numericFrames(6000, 3);
    expect(seen(lazy.head(5000))).toEqual(seen(eager.head(5000)));
    expect(rowsPending(lazy)).toBe(false);
    expect(Object.getOwnPropertyDescriptor(lazy, "$data")).toMatchObject({ writable: true, enumerable: true });
    expect(Object.prototype.hasOwnProperty.call(lazy, "iloc")).toBe(false);
    expect(seen(lazy)).toEqual(seen(eager));
  });

  it("builds the rows at once for a selection of many rows (loc of columns, a long mask)", () => {
    const selections: Record<string, (f: DataFrame) => DataFrame> = {
      locColumns: (f) => f.loc({ columns: ["c1", "c0"] }),
      selectDtypes: (f) => f.selectDtypes(["float32"]),
      longMask: (f) => f.iloc({ rows: Array.from({ length: 6000 }, (_, i) => i % 4 !== 0) }),
    };
    for (const [name, select] of Object.entries(selections)) {
      const { lazy, eager } = numericFrames(6000, 3);
      expect(seen(select(lazy)), name).toEqual(seen(select(eager)));
      expect(rowsPending(lazy), name).toBe(false);
      expect(seen(lazy), name).toEqual(seen(eager));
    }
  });

  it("builds the rows when a display reads them whole (a volume_unit column), showing what danfo's frame shows", () => {
    const units = Array.from({ length: 30 }, () => "bcf");
    const { lazy, eager } = numericFrames(30, 2, { volume_unit: units });
    const show = (f: DataFrame): unknown => (f as unknown as Record<symbol, () => unknown>)[DISPLAY]!();
    expect(show(lazy)).toEqual(show(eager));
    expect(rowsPending(lazy)).toBe(false);
    expect(seen(lazy)).toEqual(seen(eager));
  });

  it("keeps danfo's accessor of a column named like a method (loc)", () => {
    const loc = Array.from({ length: 30 }, (_, i) => `L${i}`);
    const { lazy, eager } = numericFrames(30, 2, { loc });
    expect(seen(lazy.head(3))).toEqual(seen(eager.head(3)));
    expect(rowsPending(lazy)).toBe(true);
    expect((lazy as unknown as { loc: { values: unknown[] } }).loc.values).toEqual(loc);
    expect(seen(lazy)).toEqual(seen(eager));
    expect((lazy as unknown as { loc: { values: unknown[] } }).loc.values).toEqual(loc);
  });

  it("is danfo's DataFrame: the methods answered from the columns are the frame's only while its rows are not built", () => {
    const { lazy } = numericFrames(20, 2);
    const proto = Object.getPrototypeOf(lazy) as object;
    expect(lazy).toBeInstanceOf(loadDanfo().DataFrame);
    expect(Object.keys(lazy)).not.toContain("iloc");
    void lazy.values;
    for (const name of ["iloc", "loc", "toString"]) expect(Reflect.get(lazy, name), name).toBe(Reflect.get(proto, name));
  });
});
