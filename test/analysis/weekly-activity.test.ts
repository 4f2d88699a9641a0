// weeklyActivity: the weekly means and counts activityChart draws, computed by analysis (issue 29).
import { describe, expect, it } from "vitest";
import { weeklyActivity } from "../../src/analysis";
import { notesOf } from "../../src/frame/notes";
import { InvalidParamsError } from "../../src/errors";

describe("weeklyActivity", () => {
  it("averages daily rig counts over the days of each Monday week that have data, and marks partial weeks", () => {
    // Wed 2024-01-03 .. Sun 2024-01-14: the first week is cut (starts on a Wednesday), the second whole.
    const rows: Record<string, unknown>[] = [];
    for (let day = 3; day <= 14; day++) for (let rig = 0; rig < (day <= 7 ? 2 : 4); rig++) rows.push({ date: `2024-01-${String(day).padStart(2, "0")}`, rig_class: "oil" });
    rows.push({ date: null, rig_class: "oil" });
    const t = weeklyActivity(rows);
    expect(t.names).toEqual(["week_start", "week_end", "rigs", "days_with_data", "partial"]);
    expect(t.rows()).toEqual([
      { week_start: "2024-01-01T00:00:00.000Z", week_end: "2024-01-08T00:00:00.000Z", rigs: 2, days_with_data: 5, partial: true },
      { week_start: "2024-01-08T00:00:00.000Z", week_end: "2024-01-15T00:00:00.000Z", rigs: 4, days_with_data: 7, partial: false },
    ]);
    expect(notesOf(t)).toMatchObject({ kind: "rigs", rows_without_date: 1, rows_outside_window: 0 });
  });

  it("sums fracked feet per day, split by `by`, in ft", () => {
    const t = weeklyActivity([
      { date: "2024-01-01", sub_region: "a", fracked_feet: 10 },
      { date: "1/1/2024", sub_region: "a", fracked_feet: 5 },
      { date: "2024-01-01", sub_region: "b", fracked_feet: 1 },
    ], { by: "sub_region" });
    expect(t.rows()).toEqual([
      { date: "2024-01-01T00:00:00.000Z", sub_region: "a", fracked_feet: 15 },
      { date: "2024-01-01T00:00:00.000Z", sub_region: "b", fracked_feet: 1 },
    ]);
    expect(t.units.fracked_feet).toBe("ft");
  });

  it("refuses a window that is not two YYYY-MM-DD days, naming the parameter", () => {
    expect(() => weeklyActivity([{ date: "2024-01-01", rig_class: "oil" }], { window: { start_date: "2024-1-1", end_date: "2024-01-31" } })).toThrow(InvalidParamsError);
    expect(() => weeklyActivity([{ date: "2024-01-01", rig_class: "oil" }], { window: { start_date: "2024-02-30", end_date: "2024-03-31" } })).toThrow(/window\.start_date/);
  });
});
