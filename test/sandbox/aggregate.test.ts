/**
 * The sandbox's grouping (aggregateRows) groups as the JSON text of the key values does: its nested maps
 * must not split or merge groups that a JSON key would not (null, undefined, NaN; "1" and 1; objects).
 */
import { describe, expect, it } from "vitest";
import { aggregateRows } from "../../src/sandbox/natgas/shared/aggregate";

const spec = { dateField: "date", groupFields: ["region"], sumFields: ["gas"], countField: "n" };

/** The grouping as it was before the nested maps: one JSON key per row (the reference). */
function byJsonKey(rows: Record<string, unknown>[], s: { dateField: string; groupFields: string[]; sumFields: string[]; countField?: string }) {
  const groups = new Map<string, { row: Record<string, unknown>; sums: (number | null)[]; count: number; sortKey: unknown[] }>();
  for (const row of rows) {
    const keyValues = [row[s.dateField], ...s.groupFields.map((f) => row[f])];
    const key = JSON.stringify(keyValues);
    let group = groups.get(key);
    if (!group) {
      const out: Record<string, unknown> = {};
      for (const f of s.groupFields) out[f] = row[f];
      out[s.dateField] = row[s.dateField];
      group = { row: out, sums: s.sumFields.map(() => null), count: 0, sortKey: keyValues };
      groups.set(key, group);
    }
    group.count++;
    s.sumFields.forEach((f, i) => {
      const v = row[f];
      if (typeof v === "number") group.sums[i] = (group.sums[i] ?? 0) + v;
    });
  }
  const compare = (a: unknown[], b: unknown[]) => {
    for (let i = 0; i < a.length; i++) {
      const [x, y] = [a[i] ?? "", b[i] ?? ""];
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
  return [...groups.values()].sort((a, b) => compare(a.sortKey, b.sortKey)).map((g) => {
    s.sumFields.forEach((f, i) => {
      const v = g.sums[i]!;
      g.row[f] = v === null ? null : Number.isInteger(v) ? v : Number(v.toPrecision(10));
    });
    if (s.countField) g.row[s.countField] = g.count;
    return g.row;
  });
}

describe("aggregateRows", () => {
  it("groups by the key values' JSON text, sums in row order, and orders by date then group", () => {
    const rows = [
      { date: "2026-02-01", region: "west", gas: 0.1 },
      { date: "2026-01-01", region: "west", gas: 1 },
      { date: "2026-02-01", region: "west", gas: 0.2 },
      { date: "2026-02-01", region: "gulf", gas: null },
      { date: "2026-02-01", region: null, gas: 1 },
      { date: "2026-02-01", region: undefined, gas: 2 },
      { date: "2026-02-01", region: Number.NaN, gas: 4 },
      { date: "2026-02-01", region: 1, gas: 8 },
      { date: "2026-02-01", region: "1", gas: 16 },
      { date: "2026-02-01", region: { id: 1 }, gas: 32 },
      { date: "2026-02-01", region: { id: 1 }, gas: 64 },
    ];
    expect(aggregateRows(rows, spec)).toEqual(byJsonKey(rows, spec));
    expect(aggregateRows(rows, spec).filter((r) => r.date === "2026-02-01").map((r) => [r.region, r.gas, r.n])).toEqual(
      expect.arrayContaining([[null, 7, 3], [1, 8, 1], ["1", 16, 1], [{ id: 1 }, 96, 2], ["west", 0.3, 2], ["gulf", null, 1]]),
    );
  });

  it("gives what a JSON key per row gives on many rows of several key columns", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const rows = Array.from({ length: 5000 }, () => ({
      date: pick(["2026-01-01", "2026-02-01", "2026-03-01"]),
      region: pick(["west", "gulf", null, undefined, "", 0, "0"]),
      operator: pick(["A", "B", "C"]),
      gas: pick([random(), null, 1, undefined]),
      oil: random() * 100,
    }));
    const several = { dateField: "date", groupFields: ["region", "operator"], sumFields: ["gas", "oil"], countField: "n" };
    expect(aggregateRows(rows, several)).toEqual(byJsonKey(rows, several));
  });

  it("keeps carried fields from each group's first row", () => {
    const out = aggregateRows(
      [
        { date: "d", region: "r", run: "first", gas: 1 },
        { date: "d", region: "r", run: "second", gas: 2 },
      ],
      { dateField: "date", groupFields: ["region"], sumFields: ["gas"], carryFields: ["run"] },
    );
    expect(out).toEqual([{ region: "r", date: "d", run: "first", gas: 3 }]);
  });
});
