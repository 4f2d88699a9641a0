/**
 * rollup's means: `agg: "mean"` (over the rows of a group with a value) and `countPer: "day"` (the
 * daily row count averaged over a period's days), against hand computations and against the sandbox's
 * own aggregate_by over HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawPost } from "../helpers/raw-post";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { rollup } from "../../src/analysis/rollup";
import { InvalidParamsError } from "../../src/errors";
import { notesOf } from "../../src/frame/notes";
import { unitsOf } from "../../src/frame/units";
import { isoFromDay, toDayNumber } from "../../src/table/dates";

const rows = [
  { date: "2024-01-01", region: "A", gas_daily: 2, oil: 10 },
  { date: "2024-01-01", region: "A", gas_daily: 4, oil: null },
  { date: "2024-01-02", region: "A", gas_daily: null, oil: 20 },
  { date: "2024-01-02", region: "B", gas_daily: 9, oil: 1 },
  { date: "2024-02-01", region: "A", gas_daily: 1, oil: 5 },
];

describe("rollup agg: mean", () => {
  it("averages over the rows of each group that have a value, keeping the unit", () => {
    const t = rollup(rows, { by: "region", measures: ["gas_daily", "oil"], agg: "mean" });
    // A: gas (2 + 4 + 1) / 3 rows with a value; oil (10 + 20 + 5) / 3. B: 9 and 1.
    expect(t.rows()).toEqual([
      { region: "A", gas_daily: 7 / 3, oil: 35 / 3, count: 4 },
      { region: "B", gas_daily: 9, oil: 1, count: 1 },
    ]);
    expect(t.units.gas_daily).toBe("BCF/day");
    expect(unitsOf(t.toFrame()).gas_daily).toBe("BCF/day");
    expect(notesOf(t)).toMatchObject({ means: { gas_daily: expect.stringContaining("rows") } });
  });

  it("per measure: the others are summed", () => {
    const t = rollup(rows, { by: ["date", "region"], measures: ["gas_daily", "oil"], agg: { gas_daily: "mean" } });
    expect(t.get(0)).toEqual({ date: "2024-01-01", region: "A", gas_daily: 3, oil: 10, count: 2 });
    expect(t.get(1)).toEqual({ date: "2024-01-02", region: "A", gas_daily: null, oil: 20, count: 1 });
  });

  it("a group with no value has no mean (NaN in the frame), never 0", () => {
    const t = rollup(rows, { by: ["date", "region"], measures: ["gas_daily"], agg: "mean" });
    expect(t.column("gas_daily")).toEqual([3, null, 9, 1]);
  });

  it("a rate with no date key is fine as a mean (a mean of rates is a rate), and a frame gives the same", () => {
    const t = rollup(rows, { by: "region", measures: ["gas_daily"], agg: "mean" });
    const f = rollup(rollup(rows, { by: ["date", "region"], measures: ["oil"] }).toFrame(), { by: "region", measures: ["oil"], agg: "mean" });
    expect(t.column("gas_daily")).toEqual([7 / 3, 9]);
    expect(f.column("oil")).toEqual([(10 + 20 + 5) / 3, 1]);
    expect(() => rollup(rows, { by: "region", measures: ["gas_daily"] })).toThrow(InvalidParamsError);
  });

  it("refuses a bad agg before reading, naming it and the closest value", () => {
    const err = (() => {
      try {
        rollup(rows, { by: "region", measures: ["oil"], agg: "avg" as never });
      } catch (e) {
        return e as InvalidParamsError;
      }
    })();
    expect(err).toBeInstanceOf(InvalidParamsError);
    expect(err!.issues[0]).toMatchObject({ param: "agg", value: "avg" });
    expect(() => rollup(rows, { by: "region", measures: ["oil"], agg: { gas: "mean" } })).toThrow(/agg\.gas/);
    expect(() => rollup(rows, { by: "region", measures: ["oil"], agg: { oil: "median" as never } })).toThrow(/agg\.oil/);
  });
});

describe("rollup countPer: day", () => {
  // Region A has rows on 3 of January's 3 input days (2 on the 1st, 1 on the 2nd, 0 on the 3rd); B on 1.
  const rigs = [
    { date: "2024-01-01", region: "A" },
    { date: "2024-01-01", region: "A" },
    { date: "2024-01-02", region: "A" },
    { date: "2024-01-02", region: "B" },
    { date: "2024-01-03", region: "B" },
    { date: "2024-02-05", region: "A" },
  ];

  it("averages the daily count over the period's days of the input, a day without rows counting 0", () => {
    const t = rollup(rigs, { by: [{ column: "date", freq: "month" }, "region"], countAs: "rigs", countPer: "day", countUnit: "rigs" });
    expect(t.rows()).toEqual([
      { date: "2024-01-01", region: "A", rigs: 3 / 3 },
      { date: "2024-01-01", region: "B", rigs: 2 / 3 },
      { date: "2024-02-01", region: "A", rigs: 1 },
    ]);
    expect(t.units.rigs).toBe("rigs");
    expect(notesOf(t)).toMatchObject({ count_per_day: expect.stringContaining("counts as 0") });
  });

  it("gives the same from a danfo frame, and by week", async () => {
    const { Table } = await import("../../src/table/table");
    const frame = Table.fromRecords(rigs).toFrame();
    const fromFrame = rollup(frame, { by: [{ column: "date", freq: "month" }, "region"], countAs: "rigs", countPer: "day" });
    expect(fromFrame.column("rigs")).toEqual([1, 2 / 3, 1]);
    // Week of Monday 2024-01-01: the input has 3 days in it; the week of 2024-02-05 has 1.
    const weekly = rollup(rigs, { by: [{ column: "date", freq: "week" }], countAs: "rigs", countPer: "day" });
    expect(weekly.rows()).toEqual([
      { date: "2024-01-01", rigs: 5 / 3 },
      { date: "2024-02-05", rigs: 1 },
    ]);
  });

  it("needs a period key", () => {
    expect(() => rollup(rigs, { by: ["date", "region"], countPer: "day" })).toThrow(/countPer/);
    expect(() => rollup(rigs, { by: [{ column: "date", freq: "month" }], countPer: "month" as never })).toThrow(/countPer/);
  });
});

describe("against the sandbox's aggregate_by", () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 5, asOf: "2024-06-15", pageSize: 5000 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function allRows(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (;;) {
      const page = await rawPost<{ data: Record<string, unknown>[]; pagination: { total_count: number } }>(`${sandbox.natgasUrl}${path}`, { ...body, pagination: { start: out.length } });
      out.push(...page.data);
      if (page.data.length === 0 || out.length >= page.pagination.total_count) return out;
    }
  }

  it("monthly average rigs per region = the mean over the month's dates of the service's daily rigs_count", async () => {
    const window = { start_date: "2024-02-01", end_date: "2024-03-31" };
    const raw = await allRows("/v3/rigs", window);
    const server = await allRows("/v3/rigs", { ...window, aggregate_by: ["region"] });
    expect(raw.length).toBeGreaterThan(100);
    const ours = rollup(raw, { by: [{ column: "date", freq: "month" }, "region"], countAs: "rigs", countPer: "day", countUnit: "rigs" });
    // By hand from the service's daily counts: sum per month and region, over the month's dates the service answered.
    const days = new Map<string, Set<string>>();
    const sums = new Map<string, number>();
    for (const r of server) {
      const iso = isoFromDay(toDayNumber(r.date));
      const month = `${iso.slice(0, 7)}-01`;
      if (!days.has(month)) days.set(month, new Set());
      days.get(month)!.add(iso);
      sums.set(`${month}|${String(r.region)}`, (sums.get(`${month}|${String(r.region)}`) ?? 0) + (r.rigs_count as number));
    }
    const expected = new Map([...sums].map(([k, s]) => [k, s / days.get(k.split("|")[0]!)!.size]));
    expect(days.get("2024-02-01")!.size).toBe(29);
    const got = new Map(ours.rows().map((r) => [`${String(r.date)}|${String(r.region)}`, r.rigs as number]));
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [k, v] of expected) expect(got.get(k)).toBeCloseTo(v, 10);
  });

  it("mean gas_daily per region and month = the service's region sums divided by the rows with a value", async () => {
    const window = { start_date: "2023-11-01", end_date: "2024-01-31", state_code: ["TX"] };
    const raw = await allRows("/v3/productionbycountyandoperator", window);
    const server = await allRows("/v3/productionbycountyandoperator", { ...window, aggregate_by: ["region"] });
    const ours = rollup(raw, { by: ["date", "region"], measures: ["gas_daily"], agg: "mean" });
    const withValue = rollup(
      raw.filter((r) => r.gas_daily !== null),
      { by: ["date", "region"] },
    );
    const n = new Map(withValue.rows().map((r) => [`${String(r.date)}|${String(r.region)}`, r.count as number]));
    expect(server.length).toBeGreaterThan(2);
    for (const s of server) {
      const key = `${isoFromDay(toDayNumber(s.date))}|${String(s.aggregate_by_filter_value)}`;
      const mine = ours.rows().find((r) => `${String(r.date)}|${String(r.region)}` === key)!;
      expect(mine.gas_daily).toBeCloseTo((s.gas_daily as number) / n.get(key)!, 6);
    }
  });
});
